/**
 * What the active GM's client makes of a write to combatants that Tempo did not make itself (core's
 * tracker, a sheet, a macro, a player's client), after the write:
 * - `defeated` (the GM's, or an owner's): the engine's `defeat` / `revive` (DEF-1) when the engine
 *   does not hold it so already (engine `defeatedFlagCommand`: unticking an unconscious creature revives
 *   nothing) and the writer may give that command now, by the same check as a
 *   command sent on the socket (issue 18, command-permission.ts: both are the GM's); when the check
 *   or the engine refuses, the flag goes back to the engine's, with the reason;
 * - `initiative` written by a GM (core's tracker lets the GM type it): the engine's `setInitiative`
 *   (for `count` the value is the count), at once, with any dice it asks for. A cleared value or one
 *   the ruleset refuses is not taken, with the reason;
 * - `initiative` written by a player: not taken (guard.ts).
 * Every client shows the engine's initiative whatever the source holds (combatant-model.ts derives
 * it, issue 17), so the typed value is then cleared from the source (Tempo keeps it null): a later
 * identical value typed again is a change Foundry sends, not an empty diff it drops.
 * Tempo's own writes (mirror, rollbacks, group membership) are the engine's already and start nothing, so no write
 * ever answers itself.
 */
import {
  defeatedFlag,
  defeatedFlagCommand,
  type AnyRulesetHost,
  type HostCommand,
  type Message,
} from "../../engine/index.ts";
import { shownStatuses } from "../conditions/status-effect-data.ts";
import { guardCombatantUpdate } from "./guard.ts";
import { changesHidden, republish } from "./republish.ts";
import { runCommand } from "./run-command.ts";
import { commandAccessFor } from "./command-permission.ts";
import { tellUser } from "./tell-user.ts";
import { isActiveGm } from "./active-gm.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { isTempoWrite, TEMPO_MIRROR, TEMPO_ROLLBACK } from "./tempo-write.ts";

type Change = Readonly<Record<string, unknown>>;

/** DEF-1: the `defeated` flag the engine's state draws for this combatant (engine `defeatedFlag`). */
function flagOf(host: AnyRulesetHost, state: unknown, combatant: Combatant.Implementation): boolean {
  const out = host.defeated(state, combatant.id ?? "");
  return out && defeatedFlag(host.id, out, shownStatuses(combatant.actor ?? {}));
}

/**
 * DEF-1: a status toggle that changes no engine state may still change which flag core draws (core's defeated
 * status put on or taken off an unconscious creature): the flag is written to match, as Tempo's own write.
 */
export async function mirrorDefeatedFlag(combat: Combat.Implementation, id: string): Promise<void> {
  const model = tempoModelOf(combat);
  const combatant = combat.combatants.get(id);
  if (model === null || model.state === null || combatant === undefined || !isActiveGm()) return;
  const value = flagOf(model.host, model.state, combatant);
  if (combatant.defeated === value) return;
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: id, defeated: value }], { [TEMPO_MIRROR]: true } as never);
}

/** Runs `command`; on a refusal puts the field back to the engine's and tells the writer why. */
async function toEngine(
  combat: Combat.Implementation,
  command: HostCommand,
  id: string,
  field: "defeated" | "initiative",
  userId: string,
): Promise<void> {
  const user = game.users.get(userId);
  const access = user === undefined ? null : commandAccessFor(combat, command, user);
  if (access !== null && !access.ok) {
    await restore(combat, id, field, userId, access.error);
    return;
  }
  const result = await runCommand(combat, command);
  if (result.ok) return;
  await restore(combat, id, field, userId, result.error);
}

async function restore(
  combat: Combat.Implementation,
  id: string,
  field: "defeated" | "initiative",
  userId: string,
  reason: Message,
): Promise<void> {
  const model = tempoModelOf(combat);
  const combatant = combat.combatants.get(id);
  // Issue 17: a GM another took over from writes nothing; the new active GM restores core's fields.
  if (model === null || model.state === null || combatant === undefined || !isActiveGm()) return;
  if (field === "initiative") {
    await clearStoredInitiative(combat, id);
    tellUser(userId, reason);
    return;
  }
  const value = flagOf(model.host, model.state, combatant);
  if (combatant.defeated === value) return;
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: id, defeated: value }], {
    [TEMPO_ROLLBACK]: true,
  } as never);
  tellUser(userId, reason);
}

/**
 * The source's `initiative` put back to null, Tempo's stored value (the shown one is derived from the
 * engine: combatant-model.ts). Marked as Tempo's own write, so it starts nothing.
 */
export async function clearStoredInitiative(combat: Combat.Implementation, id: string): Promise<void> {
  const combatant = combat.combatants.get(id);
  if (combatant === undefined || combatant._source.initiative === null) return;
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: id, initiative: null }], {
    [TEMPO_ROLLBACK]: true,
  } as never);
}

export async function answerCombatantWrites(
  combat: Combat.Implementation,
  changes: readonly Change[],
  options: unknown,
  userId: string,
): Promise<void> {
  if (isTempoWrite(options)) return;
  const byGm = game.users.get(userId)?.isGM ?? false;
  for (const change of changes) {
    const id = change._id;
    const model = tempoModelOf(combat);
    if (typeof id !== "string" || model === null || model.state === null) continue;
    const combatant = combat.combatants.get(id);
    // DEF-1 ruling (engine status-toggles.ts): unticking an unconscious creature revives nothing.
    const asked =
      typeof change.defeated !== "boolean" || combatant === undefined
        ? null
        : defeatedFlagCommand(
            model.host.id,
            id,
            model.host.defeated(model.state, id),
            change.defeated,
            shownStatuses(combatant.actor ?? {}),
          );
    if (asked !== null) await toEngine(combat, asked, id, "defeated", userId);
    if (!byGm || !("initiative" in change)) continue;
    const value = change.initiative;
    const after = tempoModelOf(combat);
    if (after === null || after.state === null) continue;
    if (value === after.host.initiative(after.state, id)) {
      await clearStoredInitiative(combat, id);
      continue;
    }
    if (typeof value !== "number") {
      await restore(combat, id, "initiative", userId, { key: "TEMPO.NOTICES.InitiativeRolledBack" });
      continue;
    }
    // The step's own Combatant batch puts the typed value back to null (mirror-combatants.ts).
    await toEngine(combat, { type: "setInitiative", combatantId: id, value }, id, "initiative", userId);
  }
  if (!byGm) await guardCombatantUpdate(combat, changes, userId);
  // Issue 18: a creature hidden or shown changes what the document may publish.
  if (changesHidden(changes)) await republish(combat);
}
