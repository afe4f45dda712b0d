/**
 * The active GM keeps the engine's groups with the documents' (ROT-4, ROT-5, SEG-2): after a change of
 * membership Tempo did not write itself — `combatant.update({ group })`, a group created, changed or
 * deleted (its members are then on their own, or with their side's group in segment rounds) — the
 * engine moves every creature whose group differs, in one Combat update that clears the undo history
 * (undo cannot take a document back), after one Combatant update clearing the members of a deleted
 * group and setting the initiative the moves changed. What the rules refuse now is set back on the
 * documents, in one Combatant update, and the user who made the change is told why.
 *
 * Tempo's own writes carry `tempoGroups` (the engine already holds them) and are not synced again.
 */
import { automaticRequests, engineGroupOf, groupSideOf, regroupCombatants, settle } from "../../../engine/index.ts";
import { hostCombatantOf } from "../../data/combatant/combatant-model.ts";
import { tellUser } from "../tell-user.ts";
import { rollRequested } from "../run-command.ts";
import { readableCombat, tempoModelOf } from "../tempo-model.ts";
import { groupDocumentOf, ownGroupOf, rosterMoves } from "./membership.ts";
import { isTempoWrite } from "../tempo-write.ts";
import { writeMembership } from "./membership-write.ts";

/**
 * Whether a descendant write of a combat is one the engine must follow: any write of its groups (a new
 * group may be a side's, SEG-2), and a combatant update that changes `group`. A new combatant joins
 * with its group through the roster (roster-sync.ts).
 */
export function groupSyncWanted(
  action: "create" | "update" | "delete",
  collection: unknown,
  changes: unknown,
  options: unknown,
): boolean {
  if (isTempoWrite(options)) return false;
  if (collection === "groups") return true;
  if (action !== "update" || collection !== "combatants" || !Array.isArray(changes)) return false;
  return changes.some((change) => typeof change === "object" && change !== null && "group" in change);
}

/** Every combatant the engine holds elsewhere than its document says → the engine's group. */
function setBackChanges(combat: Combat.Implementation): Map<string, string | null> {
  const changes = new Map<string, string | null>();
  const model = tempoModelOf(combat);
  if (model === null || model.state === null) return changes;
  const known = new Set(model.host.order(model.state));
  for (const combatant of combat.combatants) {
    const id = combatant.id;
    if (id === null || !known.has(id)) continue;
    const same = regroupCombatants(model.host, model.state, [hostCombatantOf(combatant)]);
    if (same.ok && same.value.events.length === 0) continue;
    const engine = engineGroupOf(model.host, model.state, id);
    // SEG-2: back in its own side's group (the side's name in the engine) is back without one of its own.
    const ownSide = engine === groupSideOf(hostCombatantOf(combatant).side);
    changes.set(id, engine === null || ownSide ? null : groupDocumentOf(combat, engine));
  }
  return changes;
}

/** Members still naming a deleted group (core may leave the old id) → on their own. */
function deletedGroupChanges(combat: Combat.Implementation): Map<string, string | null> {
  const changes = new Map<string, string | null>();
  for (const combatant of combat.combatants) {
    const own = ownGroupOf(combatant);
    if (combatant.id !== null && own !== null && !combat.groups.has(own)) changes.set(combatant.id, null);
  }
  return changes;
}

/** Brings the engine's groups in line with the documents, on the active GM's client. */
export async function syncGroups(combat: Combat.Implementation, userId: string): Promise<void> {
  const read = readableCombat(combat);
  if (!read.ok) return;
  const { model, stored, state } = read.value;
  const host = model.host;
  const moved = regroupCombatants(host, state, rosterMoves(combat, hostCombatantOf));
  if (!moved.ok) {
    await writeMembership(combat, host, null, setBackChanges(combat));
    tellUser(userId, moved.error);
    return;
  }
  const step = moved.value.events.length > 0 ? settle(host, stored, state, moved.value, "reset") : null;
  await writeMembership(combat, host, step, deletedGroupChanges(combat));
  await rollRequested(combat, host, automaticRequests(step?.requests ?? []));
}
