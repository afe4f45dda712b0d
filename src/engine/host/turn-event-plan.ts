/**
 * Core's turn events from the engine's events (issue: "turn events come from engine events, fired
 * once, by the active GM"). Core walks `turns` linearly to decide who ended and who started; the
 * count track, phases and segments are not linear, so the host calls core's `_onEndTurn`,
 * `_onEndRound`, `_onStartRound` and `_onStartTurn` in the order the engine reports.
 *
 * A delay in phase or segment starts a creature's turn twice with one end: each start and end is
 * reported as it happened, never invented or merged. An occurrence core was told of before an undo
 * (marked `repeat`, turn-event-ledger.ts) is not told again.
 */
import type { HostEvent } from "./ruleset-host.ts";
import { eventNumber, eventString } from "./host-events.ts";
import { isRepeatedTurnEvent } from "./turn-event-ledger.ts";

export type TurnEventCall =
  | { readonly call: "startTurn" | "endTurn"; readonly combatantId: string; readonly round: number }
  | { readonly call: "startRound" | "endRound"; readonly round: number };

export function turnEventPlan(events: readonly HostEvent[]): readonly TurnEventCall[] {
  const calls: TurnEventCall[] = [];
  for (const event of events) {
    if (isRepeatedTurnEvent(event)) continue;
    const round = eventNumber(event, "round") ?? 0;
    const combatantId = eventString(event, "combatantId");
    if (event.type === "turnStarted" && combatantId !== null) calls.push({ call: "startTurn", combatantId, round });
    else if (event.type === "turnEnded" && combatantId !== null) calls.push({ call: "endTurn", combatantId, round });
    else if (event.type === "roundStarted") calls.push({ call: "startRound", round });
    else if (event.type === "roundEnded") calls.push({ call: "endRound", round });
  }
  return calls;
}

/**
 * Tempo's own hooks for module and macro authors: `tempo.<event type>` for every engine event, in
 * order (phase started, segment started, pending action due, saves due, declarations revealed …, and
 * the turn and round events too, with the engine's fields).
 */
export function tempoHookNames(
  events: readonly HostEvent[],
): readonly { readonly hook: string; readonly event: HostEvent }[] {
  return events.map((event) => ({ hook: `tempo.${event.type}`, event }));
}
