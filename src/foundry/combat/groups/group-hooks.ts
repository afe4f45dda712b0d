/**
 * Membership changes the rules refuse now are stopped before they are written, on the client that
 * makes them (Foundry's `preUpdateCombatant` and `preDeleteCombatantGroup` hooks: returning false
 * cancels the change): `combatant.update({ group })`, and deleting a group, whose members are then on
 * their own (or with their side's group in segment rounds). The user sees the reason; nothing changes.
 * The active GM checks again after the write (group-sync.ts), for clients that skipped this.
 */
import { regroupCombatants, type Result } from "../../../engine/index.ts";
import { hostCombatantOf } from "../../data/combatant/combatant-model.ts";
import { showNotice } from "../../notice.ts";
import { tempoModelOf } from "../tempo-model.ts";
import { rosterMoves, TEMPO_GROUPS_OPTION } from "./membership.ts";

function tempoWrite(options: unknown): boolean {
  return typeof options === "object" && options !== null && Reflect.get(options, TEMPO_GROUPS_OPTION) === true;
}

/** False (and the reason shown) when the engine refuses the documents as they would be. */
function allowed(
  combat: Combat.Implementation | null,
  overrides: ReadonlyMap<string, string | null>,
  gone: ReadonlySet<string>,
): boolean {
  const model = tempoModelOf(combat);
  if (combat === null || model === null || model.state === null) return true;
  const moved: Result<unknown> = regroupCombatants(
    model.host,
    model.state,
    rosterMoves(combat, hostCombatantOf, overrides, gone),
  );
  if (moved.ok) return true;
  showNotice(moved.error);
  return false;
}

/** `combatant.update({ group })`: the new group, checked before it is written. */
export function checkCombatantUpdate(combatant: Combatant.Implementation, changes: unknown, options: unknown): boolean {
  if (tempoWrite(options) || typeof changes !== "object" || changes === null || !("group" in changes)) return true;
  const group: unknown = Reflect.get(changes, "group");
  const id = combatant.id;
  if (id === null || (group !== null && typeof group !== "string")) return true;
  return allowed(combatant.parent, new Map([[id, group]]), new Set());
}

/** Deleting a group: its members leave it, checked before it is deleted. */
export function checkGroupDelete(group: CombatantGroup.Implementation, options: unknown): boolean {
  if (tempoWrite(options) || group.id === null) return true;
  return allowed(group.parent, new Map(), new Set([group.id]));
}

export function registerGroupHooks(): void {
  Hooks.on("preUpdateCombatant", (combatant, changes, options) => checkCombatantUpdate(combatant, changes, options));
  Hooks.on("preDeleteCombatantGroup", (group, options) => checkGroupDelete(group, options));
}
