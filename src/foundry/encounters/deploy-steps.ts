/**
 * The writes a deploy and a drop onto the tracker share (deploy.ts, drop-on-combat.ts): the tokens in
 * one batched creation, the encounter's groups in one creation, waiting for the active GM's roster sync
 * to join the new combatants (roster-sync.ts), and the initiative the new creatures wait for.
 */
import { automaticRequests, type EncounterData, type EncounterUnit } from "../../engine/index.ts";
import { TEMPO_GROUP_TYPE } from "../data/combatant-group/combatant-group-model.ts";
import { TEMPO_GROUPS_OPTION } from "../combat/groups/membership.ts";
import { rollRequested } from "../combat/run-command.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { tokenData } from "./place-tokens.ts";

export interface Placed {
  readonly unit: EncounterUnit;
  readonly token: TokenDocument.Implementation;
}

/** Waits until the engine lists every id (the active GM's roster sync writes the join); false if it never does. */
export async function untilJoined(combat: Combat.Implementation, ids: readonly string[]): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    const model = tempoModelOf(combat);
    const known = model?.state == null ? [] : model.host.order(model.state);
    if (ids.every((id) => known.includes(id))) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

export async function createTokens(
  scene: Scene.Implementation,
  units: readonly EncounterUnit[],
  placed: readonly { key: string; x: number; y: number }[],
  actors: ReadonlyMap<string, Actor.Implementation>,
): Promise<Placed[]> {
  const order: EncounterUnit[] = [];
  const data: object[] = [];
  for (const spot of placed) {
    const unit = units[Number(spot.key)];
    const actor = unit === undefined ? undefined : actors.get(unit.uuid);
    if (unit === undefined || actor === undefined) continue;
    order.push(unit);
    data.push(await tokenData(actor, spot.x, spot.y));
  }
  const tokens = (await scene.createEmbeddedDocuments(
    "Token",
    data as never,
  )) as readonly TokenDocument.Implementation[];
  return tokens.flatMap((token, i) => {
    const unit = order[i];
    return unit === undefined ? [] : [{ unit, token }];
  });
}

/** The encounter's groups as CombatantGroups (one creation); encounter group id → document id. */
export async function createGroups(
  combat: Combat.Implementation,
  encounter: EncounterData,
): Promise<Map<string, string>> {
  const ids = new Map(encounter.groups.map((g) => [g.id, foundry.utils.randomID()]));
  if (encounter.groups.length === 0) return ids;
  const groups = encounter.groups.map((g) => ({
    _id: ids.get(g.id),
    name: g.name,
    type: TEMPO_GROUP_TYPE,
    system: {},
  }));
  const options = { keepId: true, [TEMPO_GROUPS_OPTION]: true };
  await combat.createEmbeddedDocuments("CombatantGroup", groups as never, options as never);
  return ids;
}

/**
 * Rolls the initiative the new creatures wait for (the GM rolls for them, as core's "roll NPCs"), then
 * the dice nobody owns that their joining asked for: a group joining mid-round in segment rounds owes
 * its d6 (SEG-2) at once, which the roster sync's join step leaves waiting (roll-policy.ts: such dice are
 * rolled by the GM's client as soon as they are asked for).
 */
export async function rollWaiting(combat: Combat.Implementation, deployed: ReadonlySet<string>): Promise<void> {
  const model = tempoModelOf(combat);
  if (model?.state == null) return;
  const waiting = model.host
    .pending(model.state)
    .flatMap((r) => (r.combatantId !== null && deployed.has(r.combatantId) ? [r.combatantId] : []));
  if (waiting.length > 0) await combat.rollInitiative([...new Set(waiting)]);
  const after = tempoModelOf(combat);
  if (after?.state == null) return;
  await rollRequested(combat, after.host, automaticRequests(after.host.pending(after.state)));
}
