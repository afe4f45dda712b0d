/**
 * A status toggled on a creature's token by hand (the token HUD, a macro, a damage card) after the
 * creature joined, as the engine command that makes the scheduler hold the same (issue 10 item 3: "a
 * condition toggled on the token changes what the engine computes"). Only statuses a scheduler keeps in
 * its own state need a command; every other condition (defending, flanked, hidden, slowed …) is read from
 * the token when the engine uses it (condition-sources.ts, attack-conditions.ts), so toggling it changes
 * the engine's answers with no command.
 *
 * - `surprised` — count: `markSurprised` (CNT-4, before the first round only: later the scheduler refuses
 *   it with its reason); segment: `surprise` (SEG-16).
 * - `delayed` — segment: `setDelayed` (SEG-7: the GM imposes or lifts the condition; it lasts the round,
 *   as the one SEG-6 gives). Standard and phase hold their delays as turn order, not as a condition a
 *   hand may set, so no command there.
 * - `unconscious` — count: `unconscious` / `regainConsciousness` (CNT-14); the other rulesets: `defeat` /
 *   `revive` (the ruling below).
 * - core's defeated status (`dead`) — any ruleset: `defeat` / `revive` (DEF-1).
 * - `slowed` — phase only, turned on for the creature whose movement slot it is: `endTurn` (PHS-6, the
 *   ruling below). Turning it off, or on at any other time, needs no command (it is read from the token).
 *
 * **Ruling (DEF-1, issue 19 item 6):** only count has a rule for an unconscious creature (CNT-14: it sits at
 * count 20 and rolls death saves). In standard, phase, segment and rotation an unconscious creature can do
 * nothing on a turn and nobody should wait for it, so it is out of the fight as a defeated one is: skipped
 * in the turn order, keeping its place and data (DEF-1), and its turn ends at once when it falls
 * unconscious while acting. It comes back (`revive`) only when it shows neither unconscious nor core's
 * defeated status any more (waking does not raise the dead, and a dead creature taken off "dead" while
 * still unconscious stays out).
 *
 * **Ruling (DEF-1, issue 19 item 8): unconscious is not dead.** Core's `defeated` flag, drawn struck through
 * in the tracker, is the creature's death or rout (core's defeated status, `dead`), so it shows for a creature
 * the engine holds out of the fight unless only unconscious keeps it out (`defeatedFlag`): an unconscious
 * creature is skipped, not struck through, as dnd5e marks only `dead` as the defeated status and gives
 * unconscious no defeat (dnd5e module/config.mjs, `statusEffects.dead.special: "DEFEATED"`;
 * `conditionTypes.unconscious` carries incapacitated and prone only). A written flag is a command only where it
 * changes what the engine holds (`defeatedFlagCommand`); taking the flag off an unconscious creature revives
 * nothing (it stays out while unconscious).
 *
 * **Ruling (PHS-6, issue 19):** the source says "If you are Slowed at any point during your movement, you lose
 * all remaining squares of movement and end your turn". A creature that becomes Slowed while its movement
 * slot runs (a hit of an opportunity attack, the GM's toggle) ends that slot at once: the engine moves on to
 * the next mover in the same step (`endTurn` naming it, so a late toggle ends nobody else's slot), and undo
 * gives the slot back (still Slowed, it moves nothing in it: host/move-access.ts). A creature already Slowed
 * when its slot comes is told so when it tries to move (`Movement.SlowedInSlot`) and ends its slot itself.
 *
 * No command when the engine already holds what the token now shows (Tempo's own writes, an undo), so
 * a toggle never answers itself. Pure.
 */
import { DEFEATED_STATUS, type ConditionId } from "../conditions/status-table.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { hasFields } from "./host-common.ts";
import { heldConditionsOf } from "./step-conditions.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";
import type { HostCommand } from "./ruleset-host.ts";

/** PHS-6: the status that ends a phase creature's movement slot. */
const SLOWED = "slowed";

/** The statuses a toggle may turn into a command, per ruleset (the file comment says which command). */
export const COMMAND_STATUSES: Readonly<Record<AnyRulesetHost["id"], readonly string[]>> = {
  count: ["surprised", "unconscious", DEFEATED_STATUS],
  standard: [DEFEATED_STATUS, "unconscious"],
  phase: [DEFEATED_STATUS, "unconscious", SLOWED],
  segment: ["surprised", "delayed", DEFEATED_STATUS, "unconscious"],
  rotation: [DEFEATED_STATUS, "unconscious"],
};

/** Whether a hand may toggle `status` in this ruleset although its scheduler holds it (the engine is told). */
export function statusToggledByHand(ruleset: AnyRulesetHost["id"], status: string): boolean {
  return COMMAND_STATUSES[ruleset].includes(status);
}

/** The statuses that put a creature out of the fight (`defeat`) in this ruleset (the ruling above). */
export function outOfFightStatuses(ruleset: AnyRulesetHost["id"]): readonly string[] {
  return ruleset === "count" ? [DEFEATED_STATUS] : [DEFEATED_STATUS, "unconscious"];
}

/** PHS-6: whether `combatantId`'s movement slot is running in this phase state (the ruling above). */
function inMovementSlot(host: AnyRulesetHost, state: unknown, combatantId: string): boolean {
  if (host.id !== "phase" || !hasFields(state, ["phase", "current"])) return false;
  // The phase host's states are PhaseStates (move-access.ts takes them back the same way).
  const phase = state as unknown as PhaseState;
  return phase.phase === "movement" && phase.current === combatantId;
}

function holds(host: AnyRulesetHost, state: unknown, combatantId: string, status: string): boolean {
  return (
    heldConditionsOf(host, state)
      .get(combatantId)
      ?.has(status as ConditionId) ?? false
  );
}

/**
 * The command that makes the engine hold `status` on (`active`) or off for this combatant, or null when
 * no command is needed: the status is not one the ruleset keeps, the combatant is not in the state, or
 * the engine holds it so already. `shown` is every status the creature's token shows now, after the toggle
 * (a status that puts it out of the fight keeps it out while another such one is shown).
 */
export function statusToggleCommand(
  host: AnyRulesetHost,
  state: unknown,
  combatantId: string,
  status: string,
  active: boolean,
  shown: ReadonlySet<string>,
): HostCommand | null {
  if (state === null || state === undefined) return null;
  if (!COMMAND_STATUSES[host.id].includes(status)) return null;
  if (!host.order(state).includes(combatantId)) return null;
  const outOfFight = outOfFightStatuses(host.id);
  if (outOfFight.includes(status)) {
    const out = active || outOfFight.some((other) => other !== status && shown.has(other));
    if (host.defeated(state, combatantId) === out) return null;
    return { type: out ? "defeat" : "revive", combatantId };
  }
  if (status === SLOWED)
    return active && inMovementSlot(host, state, combatantId) ? { type: "endTurn", combatantId } : null;
  if (holds(host, state, combatantId, status) === active) return null;
  if (status === "unconscious") return { type: active ? "unconscious" : "regainConsciousness", combatantId };
  if (status === "delayed") return { type: "setDelayed", combatantId, delayed: active };
  // surprised
  return host.id === "count"
    ? { type: "markSurprised", combatantId, surprised: active }
    : { type: "surprise", combatantId, surprised: active };
}

/** DEF-1 (the ruling above): whether core's `defeated` flag shows for a creature, from what its token shows. */
export function defeatedFlag(
  ruleset: AnyRulesetHost["id"],
  engineDefeated: boolean,
  shown: ReadonlySet<string>,
): boolean {
  if (!engineDefeated || ruleset === "count") return engineDefeated;
  return shown.has(DEFEATED_STATUS) || !shown.has("unconscious");
}

/**
 * DEF-1: the command a `defeated` flag written by hand (core's tracker, a sheet, a macro) asks for, or null when
 * the engine already holds the creature so (the ruling above: unticking an unconscious creature revives nothing).
 */
export function defeatedFlagCommand(
  ruleset: AnyRulesetHost["id"],
  combatantId: string,
  engineDefeated: boolean,
  flag: boolean,
  shown: ReadonlySet<string>,
): HostCommand | null {
  if (flag) return engineDefeated ? null : { type: "defeat", combatantId };
  if (!engineDefeated) return null;
  return ruleset !== "count" && shown.has("unconscious") ? null : { type: "revive", combatantId };
}
