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
 *
 * **Ruling (DEF-1, issue 19 item 6):** only count has a rule for an unconscious creature (CNT-14: it sits at
 * count 20 and rolls death saves). In standard, phase, segment and rotation an unconscious creature can do
 * nothing on a turn and nobody should wait for it, so it is out of the fight as a defeated one is: skipped
 * in the turn order, keeping its place and data (DEF-1), and its turn ends at once when it falls
 * unconscious while acting. It comes back (`revive`) only when it shows neither unconscious nor core's
 * defeated status any more (waking does not raise the dead, and a dead creature taken off "dead" while
 * still unconscious stays out).
 *
 * No command when the engine already holds what the token now shows (Tempo's own writes, an undo), so
 * a toggle never answers itself. Pure.
 */
import { DEFEATED_STATUS, type ConditionId } from "../conditions/status-table.ts";
import { heldConditionsOf } from "./step-conditions.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";
import type { HostCommand } from "./ruleset-host.ts";

/** The statuses a toggle may turn into a command, per ruleset (the file comment says which command). */
export const COMMAND_STATUSES: Readonly<Record<AnyRulesetHost["id"], readonly string[]>> = {
  count: ["surprised", "unconscious", DEFEATED_STATUS],
  standard: [DEFEATED_STATUS, "unconscious"],
  phase: [DEFEATED_STATUS, "unconscious"],
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
  if (holds(host, state, combatantId, status) === active) return null;
  if (status === "unconscious") return { type: active ? "unconscious" : "regainConsciousness", combatantId };
  if (status === "delayed") return { type: "setDelayed", combatantId, delayed: active };
  // surprised
  return host.id === "count"
    ? { type: "markSurprised", combatantId, surprised: active }
    : { type: "surprise", combatantId, surprised: active };
}
