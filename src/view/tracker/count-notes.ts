/**
 * What the count track tells in words where it happens (issue 9): who owns a pending action and where it
 * lands (CNT-6, CNT-9), a tie contest on a shared count (CNT-5), the idle drop (CNT-13), the surprise
 * round (CNT-4) and the end step (CNT-11, CNT-14). Every fact is the engine's (`countTrackerFactsOf`);
 * this only words it.
 */
import type { CountTrackerFacts, Message, TimelineEntry } from "../../engine/index.ts";
import { note, type NoteContext } from "./row-extras.ts";
import type { TrackerRowContext } from "./tracker-row.ts";

/** CNT-6, CNT-9: a pending action's owner and where it lands (a later round is named). */
export function pendingNote(entry: TimelineEntry, owner: string, thisRound: number): NoteContext {
  return entry.round > thisRound
    ? note("lands", "TEMPO.TRACKER.Count.LandsLater", "fa-solid fa-hourglass-half", {
        count: entry.position,
        round: entry.round,
        owner,
      })
    : note("lands", "TEMPO.TRACKER.Count.Lands", "fa-solid fa-hourglass-half", { count: entry.position, owner });
}

/** CNT-5: on a count with a tie contest, a creature's kept contest totals, or that it still rolls. */
export function contestNote(facts: CountTrackerFacts, combatantId: string): NoteContext | null {
  const c = facts.creature(combatantId);
  if (c === null) return null;
  const kept = c.contest.join(", ");
  return kept === ""
    ? note("tie", "TEMPO.TRACKER.Count.TieToRoll", "fa-solid fa-dice-d20")
    : note("tie", "TEMPO.TRACKER.Count.TieKept", "fa-solid fa-dice-d20", { totals: kept });
}

/** CNT-13, CNT-4: the notes of a creature's turn row. */
export function turnNotes(facts: CountTrackerFacts, combatantId: string): NoteContext[] {
  const c = facts.creature(combatantId);
  if (c === null) return [];
  const notes: NoteContext[] = [];
  if (c.idle?.when === "lowered")
    notes.push(
      note("idle", "TEMPO.TRACKER.Count.IdleLowered", "fa-solid fa-arrow-down", {
        bonus: c.idle.bonus,
        count: c.idle.count,
      }),
    );
  if (c.idle?.when === "next")
    notes.push(
      note("idle", "TEMPO.TRACKER.Count.IdleNext", "fa-solid fa-arrow-down", { from: c.idle.from, to: c.idle.to }),
    );
  if (facts.surpriseRound && c.hasSurprise && !c.surprised)
    notes.push(note("surprise", "TEMPO.TRACKER.Count.SurpriseActs", "fa-solid fa-bolt"));
  return notes;
}

/** CNT-5: a count where two or more creatures take their turn this round holds a tie contest. */
export function tieNote(rows: readonly TrackerRowContext[]): NoteContext | null {
  let turns = 0;
  for (const row of rows) if (row.kind === "turn") turns++;
  return turns > 1 ? note("tie", "TEMPO.TRACKER.Count.TieExplained", "fa-solid fa-scale-balanced") : null;
}

/** CNT-11, CNT-14: what happens in the end step. */
export const END_STEP_NOTE: NoteContext = note("end-step", "TEMPO.TRACKER.Count.EndStepExplained", "fa-solid fa-flag");

/** CNT-4, CNT-5: the sentence for the whole track now (the surprise round, contests to roll), or null. */
export function trackExplanation(facts: CountTrackerFacts | null): Message | null {
  if (facts === null) return null;
  if (facts.contestRound !== null)
    return { key: "TEMPO.TRACKER.Count.ContestWaiting", data: { round: facts.contestRound } };
  if (facts.surpriseRound) return { key: "TEMPO.TRACKER.Count.SurpriseExplained" };
  return null;
}
