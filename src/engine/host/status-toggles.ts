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
 * - `unconscious` — count: `unconscious` / `regainConsciousness` (CNT-14).
 * - core's defeated status (`dead`) — any ruleset: `defeat` / `revive` (DEF-1).
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
  standard: [DEFEATED_STATUS],
  phase: [DEFEATED_STATUS],
  segment: ["surprised", DEFEATED_STATUS],
  rotation: [DEFEATED_STATUS],
};

function holds(host: AnyRulesetHost, state: unknown, combatantId: string, status: string): boolean {
  if (status === DEFEATED_STATUS) return host.defeated(state, combatantId);
  return (
    heldConditionsOf(host, state)
      .get(combatantId)
      ?.has(status as ConditionId) ?? false
  );
}

/**
 * The command that makes the engine hold `status` on (`active`) or off for this combatant, or null when
 * no command is needed: the status is not one the ruleset keeps, the combatant is not in the state, or
 * the engine holds it so already.
 */
export function statusToggleCommand(
  host: AnyRulesetHost,
  state: unknown,
  combatantId: string,
  status: string,
  active: boolean,
): HostCommand | null {
  if (state === null || state === undefined) return null;
  if (!COMMAND_STATUSES[host.id].includes(status)) return null;
  if (!host.order(state).includes(combatantId)) return null;
  if (holds(host, state, combatantId, status) === active) return null;
  if (status === DEFEATED_STATUS) return { type: active ? "defeat" : "revive", combatantId };
  if (status === "unconscious") return { type: active ? "unconscious" : "regainConsciousness", combatantId };
  // surprised
  return host.id === "count"
    ? { type: "markSurprised", combatantId, surprised: active }
    : { type: "surprise", combatantId, surprised: active };
}
