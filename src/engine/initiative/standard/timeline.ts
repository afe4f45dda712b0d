/**
 * What the tracker shows for a standard combat: one row per creature in this round's order, the one
 * acting flagged `active`, the ones whose slot has passed flagged `done`, then the creatures still
 * waiting for their initiative roll (kind "pending"). A delayed creature is not done: it still takes its
 * turn this round; its row, a readied action's and a re-entering creature's say so in `detail`.
 */
import type { Message } from "../../core/result.ts";
import type { TimelineEntry } from "../contract.ts";
import { own } from "../shared/round-order.ts";
import { compareStandardOrder } from "./order.ts";
import type { StandardCombatant, StandardState } from "./state.ts";

/** Delay and Ready (scheduler.ts rulings): what a row says beside its total. */
function detailOf(state: StandardState, id: string, index: number): Message | null {
  if (own(state.delayed, id) !== undefined) return { key: "TEMPO.COMBAT.Standard.Delaying" };
  const readied = own(state.readied, id);
  if (readied !== undefined) return { key: "TEMPO.COMBAT.Standard.Readied", data: { trigger: readied.trigger } };
  if (own(state.reentered, id) === state.round && index > state.turnIndex) {
    return { key: "TEMPO.COMBAT.Standard.Reentering" };
  }
  return null;
}

function row(
  state: StandardState,
  c: StandardCombatant,
  active: boolean,
  done: boolean,
  detail: Message | null,
): TimelineEntry {
  const waiting = c.initiative === null;
  return {
    key: `turn:${c.id}`,
    kind: waiting ? "pending" : "turn",
    combatantId: c.id,
    round: state.round,
    // Rows still waiting for a roll have no position yet; they come last.
    position: c.initiative ?? 0,
    label: waiting
      ? { key: "TEMPO.COMBAT.Standard.AwaitingInitiative" }
      : { key: "TEMPO.COMBAT.Standard.Initiative", data: { value: c.initiative ?? 0 } },
    groupId: null,
    active,
    done,
    defeated: c.defeated,
    detail,
  };
}

/** STD-1, STD-3, DEF-1: the tracker rows of a standard combat (see the file comment). */
export function standardTimeline(state: StandardState): readonly TimelineEntry[] {
  const rows: TimelineEntry[] = [];
  if (state.status === "running") {
    state.order.forEach((id, index) => {
      const c = own(state.combatants, id);
      if (c === undefined) return;
      // A newcomer slotted behind the acting creature has not had a turn: it is not "done", nor is a delayed one.
      const done =
        index < state.turnIndex && !Object.hasOwn(state.firstTurnDue, id) && !Object.hasOwn(state.delayed, id);
      rows.push(row(state, c, index === state.turnIndex, done, detailOf(state, id, index)));
    });
    for (const c of Object.values(state.combatants))
      if (c.initiative === null) rows.push(row(state, c, false, false, null));
    return rows;
  }
  // Before the first round: everyone with a total in order, then those still to roll.
  const all = Object.values(state.combatants).sort((a, b) => compareStandardOrder(a, b, state.delayRank));
  for (const c of all) rows.push(row(state, c, false, false, null));
  return rows;
}
