/**
 * Foundry's roster changes become engine commands on the active GM's client: a created Combatant
 * joins, a deleted one leaves (`defeated` toggled on one is `defeat` / `revive`: combatant-writes.ts).
 * A hidden combatant stays in the engine and takes its turns, as in core; hiding
 * only hides it from players. Joins and leaves are written as one step that clears the undo history
 * (undo cannot take a document back).
 */
import { settle, type DiceRequest, type HostEvent } from "../../engine/index.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";
import { readableCombat, tempoModelOf } from "./tempo-model.ts";
import { writeStep } from "./write-step.ts";
import { showNotice } from "../notice.ts";
import { isJoinRequest } from "./join-requests.ts";

/** Ids the engine knows, from its order (which lists every combatant it holds). */
function engineIds(combat: Combat.Implementation): Set<string> {
  const model = tempoModelOf(combat);
  return model === null || model.state === null ? new Set() : new Set(model.host.order(model.state));
}

async function applyRoster(
  combat: Combat.Implementation,
  join: Combatant.Implementation[],
  leave: string[],
): Promise<void> {
  const read = readableCombat(combat);
  if (!read.ok || join.length + leave.length === 0) return;
  const { model, stored } = read.value;
  const host = model.host;
  let state: unknown = read.value.state;
  const events: HostEvent[] = [];
  const requests: DiceRequest[] = [];
  for (const combatant of join) {
    const joined = host.join(state, hostCombatantOf(combatant));
    if (!joined.ok) {
      showNotice(joined.error);
      continue;
    }
    state = joined.value.state;
    events.push(...joined.value.events);
    requests.push(...joined.value.requests);
  }
  for (const id of leave) {
    const left = host.apply(state, { type: "leave", combatantId: id });
    if (!left.ok) continue;
    state = left.value.state;
    events.push(...left.value.events);
    requests.push(...left.value.requests);
  }
  const step = settle(host, stored, model.state, { state, events, requests }, "reset");
  await writeStep(combat, host, step);
}

export async function syncRosterCreated(combat: Combat.Implementation): Promise<void> {
  const known = engineIds(combat);
  await applyRoster(
    combat,
    combat.combatants.filter((c) => c.id !== null && !known.has(c.id) && !isJoinRequest(c)),
    [],
  );
}

export async function syncRosterDeleted(combat: Combat.Implementation): Promise<void> {
  const present = new Set(combat.combatants.map((c) => c.id ?? ""));
  await applyRoster(
    combat,
    [],
    [...engineIds(combat)].filter((id) => !present.has(id)),
  );
}
