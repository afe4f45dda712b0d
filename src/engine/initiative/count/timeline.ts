/**
 * What the tracker shows for the count track: this round's turns in track order with the pending
 * actions due on each count (before the turns on that count, as they resolve), the end step at 20,
 * creatures not on the track this round, then actions due in later rounds.
 */
import type { Message } from "../../core/result.ts";
import type { TimelineEntry } from "../contract.ts";
import { chargeSteps } from "../../damage/index.ts";
import { COUNT_END_STEP, COUNT_TRACK_LENGTH } from "./delay.ts";
import { compareCountOrder } from "./order.ts";
import { getCombatant, presentCombatants } from "./state.ts";
import type { CountCombatant, CountPendingAction, CountState } from "./types.ts";
import { roundTurns } from "./round-turns.ts";
import { hasSurprise } from "./walk.ts";
import { vectorValues } from "../shared/persistent-vector.ts";

/** CNT-3: the tracker's label for a count on the track. */
export function countPositionLabel(count: number): Message {
  return { key: "TEMPO.COMBAT.Count.Position", data: { count } };
}

/** The tracker's description of a pending action (CNT-6). */
export function countPendingDetail(action: CountPendingAction): Message {
  switch (action.kind) {
    case "attack":
      return { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: action.attack, attacks: action.attacks } };
    case "charged": {
      // FEAT-CHARGED: each full 2 counts of delay raise the damage die one ladder level (damage's rule).
      const steps = chargeSteps(action.delay);
      return {
        key: "TEMPO.COMBAT.Count.Pending.Charged",
        data: { delay: action.delay, steps: steps.ok ? steps.value : 0 },
      };
    }
    case "spell":
      return { key: "TEMPO.COMBAT.Count.Pending.Spell", data: { level: action.slotLevel ?? 0 } };
    default:
      return { key: "TEMPO.COMBAT.Count.Pending.Action" };
  }
}

function turnDetail(c: CountCombatant): Message | null {
  if (c.unconscious) return { key: "TEMPO.COMBAT.Count.Unconscious" };
  if (c.casting !== null) return { key: "TEMPO.COMBAT.Count.Casting" };
  return null;
}

function pendingEntry(action: CountPendingAction): TimelineEntry {
  return {
    key: `pending:${action.id}`,
    kind: "pending",
    combatantId: action.combatantId,
    round: action.round,
    position: action.count,
    label: countPositionLabel(action.count),
    groupId: null,
    active: false,
    done: false,
    defeated: false,
    detail: countPendingDetail(action),
  };
}

/** Pending actions grouped by absolute position, ascending. */
function pendingByPosition(state: CountState): [number, CountPendingAction[]][] {
  return Object.keys(state.pending)
    .map(Number)
    .sort((a, b) => a - b)
    .map((at): [number, CountPendingAction[]] => {
      const bucket = state.pending[String(at)];
      const actions = bucket === undefined ? [] : vectorValues(bucket);
      return [at, actions];
    })
    .filter(([, actions]) => actions.length > 0);
}

function waitingDetail(state: CountState, c: CountCombatant): Message {
  if (c.unconscious) return { key: "TEMPO.COMBAT.Count.Unconscious" };
  if (c.count === null) return { key: "TEMPO.COMBAT.Count.AwaitingRoll" };
  if (state.round === 0 && c.surprised) return { key: "TEMPO.COMBAT.Count.Surprised" };
  return { key: "TEMPO.COMBAT.Count.NextRound" };
}

/** CNT-3, CNT-6, CNT-9, CNT-14: the tracker rows: turns and pending actions in track order, the end step, then the rest. */
export function countTimeline(state: CountState): TimelineEntry[] {
  // While a round waits for its contests, its order is shown as it stands (ties still open).
  const round = Math.max(0, state.status === "contest" ? state.upcomingRound : state.round);
  const rows: TimelineEntry[] = [];
  if (state.round === -1) {
    // Before the first round: everyone by their rolled count, the unrolled last.
    const present = presentCombatants(state);
    const rolled = present
      .filter((c) => c.count !== null)
      .map((c) => ({ c, entry: { id: c.id, count: c.count ?? 0, contest: c.contest } }))
      .sort((a, b) => compareCountOrder(a.entry, b.entry));
    for (const { c } of rolled) {
      rows.push(
        turnRow(
          c,
          round,
          c.count ?? 0,
          false,
          false,
          hasSurprise(c) ? { key: "TEMPO.COMBAT.Count.HasSurprise" } : null,
        ),
      );
    }
    for (const c of present.filter((p) => p.count === null)) {
      rows.push(turnRow(c, round, 0, false, false, { key: "TEMPO.COMBAT.Count.AwaitingRoll" }, null));
    }
    return rows;
  }

  const inOrder = new Set<string>();
  const pending = pendingByPosition(state);
  const roundStart = round * COUNT_TRACK_LENGTH;
  const roundEnd = roundStart + COUNT_TRACK_LENGTH;
  let p = 0;
  const flushPending = (upTo: number): void => {
    for (
      let next = pending[p];
      next !== undefined && next[0] < roundEnd && next[0] - roundStart <= upTo;
      next = pending[++p]
    ) {
      for (const action of next[1]) rows.push(pendingEntry(action));
    }
  };
  for (const turn of roundTurns(state)) {
    const c = getCombatant(state, turn.id);
    if (c === null) continue;
    const active = state.status === "turns" && turn.id === state.current;
    inOrder.add(turn.id);
    flushPending(turn.count);
    rows.push(turnRow(c, round, turn.count, active, turn.done || state.status === "end", turnDetail(c)));
  }
  flushPending(COUNT_TRACK_LENGTH - 1);
  rows.push({
    key: `end:${round}`,
    kind: "boundary",
    combatantId: null,
    round,
    position: COUNT_END_STEP,
    label: { key: "TEMPO.COMBAT.Count.EndStep" },
    groupId: null,
    active: state.status === "end",
    done: false,
    defeated: false,
    detail: null,
  });
  const waiting = presentCombatants(state)
    .filter((c) => !inOrder.has(c.id))
    .map((c) => ({ c, entry: { id: c.id, count: c.count ?? COUNT_END_STEP, contest: c.contest } }))
    .sort((a, b) => compareCountOrder(a.entry, b.entry));
  for (const { c } of waiting) rows.push(turnRow(c, round, COUNT_END_STEP, false, false, waitingDetail(state, c)));
  for (; p < pending.length; p++) for (const action of pending[p]?.[1] ?? []) rows.push(pendingEntry(action));
  return rows;
}

function turnRow(
  c: CountCombatant,
  round: number,
  count: number,
  active: boolean,
  done: boolean,
  detail: Message | null,
  label: Message | null = countPositionLabel(count),
): TimelineEntry {
  return {
    key: `turn:${c.id}`,
    kind: "turn",
    combatantId: c.id,
    round,
    position: count,
    label,
    groupId: null,
    active,
    done,
    defeated: c.defeated,
    detail,
  };
}
