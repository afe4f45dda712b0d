/**
 * The standard tracker part (issue 9, "each scheme drawn its own way"): the order with each total and
 * how a shared one was broken (STD-2), the actions left this turn as labelled pips (STD-6), Delay and
 * Ready markers, and late joiners where they stand (STD-3). Rows come in the engine's order; what each
 * says comes from standardTrackerFacts, so no rule is worked out here.
 */
import {
  standardTrackerFacts,
  type Message,
  type StandardRowFacts,
  type StandardTieBreak,
  type TimelineEntry,
} from "../../engine/index.ts";
import { actionPips, note, signed, type NoteContext, type PipContext } from "./row-extras.ts";
import { standardOwnerActions } from "./standard-controls.ts";
import {
  initiativeVisibleTo,
  privateTo,
  visibleTo,
  type TrackerCombatant,
  type TrackerScope,
} from "./tracker-input.ts";
import { buildTrackerRow, type TrackerRowContext } from "./tracker-row.ts";

export interface StandardOrderContext {
  readonly rows: readonly TrackerRowContext[];
  readonly empty: boolean;
  readonly emptyLabel: Message;
}

/** STD-2: how a shared total was broken, in words. */
function tieNote(tie: StandardTieBreak): NoteContext {
  const icon = "fa-solid fa-scale-balanced";
  switch (tie.by) {
    case "dex":
      return note("tie", "TEMPO.TRACKER.Standard.TieDex", icon, { dex: signed(tie.dexBonus) });
    case "tieBreak":
      return note("tie", "TEMPO.TRACKER.Standard.TieRoll", icon, { rolls: tie.rolls.join(", ") });
    case "pending":
      return note("tie", "TEMPO.TRACKER.Standard.TiePending", icon);
    case "delay":
      // Rank 0 is the creature's own roll: the others on its total took it after a delay.
      return tie.rank === 0
        ? note("tie", "TEMPO.TRACKER.Standard.TieFollowed", icon)
        : note("tie", "TEMPO.TRACKER.Standard.TieDelay", icon);
  }
}

/** Delay, Ready, STD-3: the markers of one row; a readied action's trigger only for those who may know it. */
function markers(facts: StandardRowFacts, mayKnow: boolean): NoteContext[] {
  const notes: NoteContext[] = [];
  if (facts.delayed) notes.push(note("delayed", "TEMPO.TRACKER.Standard.Delayed", "fa-solid fa-hourglass-half"));
  if (facts.reentering)
    notes.push(note("reentering", "TEMPO.TRACKER.Standard.Reentering", "fa-solid fa-right-to-bracket"));
  if (facts.readied !== null) {
    notes.push(
      mayKnow
        ? note("readied", "TEMPO.TRACKER.Standard.Readied", "fa-solid fa-crosshairs", { trigger: facts.readied })
        : note("readied", "TEMPO.TRACKER.Standard.ReadiedSecret", "fa-solid fa-crosshairs"),
    );
  }
  if (facts.joining === "thisRound")
    notes.push(note("joining", "TEMPO.TRACKER.Standard.JoinsThisRound", "fa-solid fa-user-plus"));
  if (facts.joining === "nextRound")
    notes.push(note("joining", "TEMPO.TRACKER.Standard.JoinsNextRound", "fa-solid fa-user-clock"));
  return notes;
}

/** STD-6: the acting creature's actions left; on the other rows its Reaction. Only for its owner and the GM. */
function pipsOf(scope: TrackerScope, combatant: TrackerCombatant): readonly PipContext[] {
  if (combatant.economy === undefined || !privateTo(scope.input, combatant)) return [];
  const acting = scope.current === combatant.id;
  return actionPips(combatant.economy, (kind) => acting || kind === "reaction");
}

/**
 * How many turns this viewer sees on each total (STD-2 ties are told only among those): a hidden creature's
 * turn is not seen, nor an NPC's total the NPC-initiative setting keeps from players (issue 18).
 */
function visibleTotals(scope: TrackerScope, timeline: readonly TimelineEntry[]): ReadonlyMap<number, number> {
  const counts = new Map<number, number>();
  for (const e of timeline) {
    const c = e.combatantId === null ? undefined : scope.byId.get(e.combatantId);
    if (e.kind === "turn" && c !== undefined && visibleTo(scope.input, c) && initiativeVisibleTo(scope.input, c))
      counts.set(e.position, (counts.get(e.position) ?? 0) + 1);
  }
  return counts;
}

export function buildStandardOrderContext(scope: TrackerScope): StandardOrderContext {
  const { input } = scope;
  const facts = standardTrackerFacts(input.state);
  const rows: TrackerRowContext[] = [];
  const timeline = input.host.timeline(input.state);
  const sharing = visibleTotals(scope, timeline);
  for (const entry of timeline) {
    const row = buildTrackerRow(entry, scope);
    if (row === null) continue;
    const combatant = entry.combatantId === null ? undefined : scope.byId.get(entry.combatantId);
    const f = entry.combatantId === null ? undefined : facts?.get(entry.combatantId);
    if (combatant === undefined || f === undefined) {
      rows.push(row);
      continue;
    }
    const notes = markers(f, privateTo(input, combatant));
    // Issue 18: a tie is told only where another creature this viewer sees shares the total.
    if (
      f.tie !== null &&
      entry.kind === "turn" &&
      initiativeVisibleTo(input, combatant) &&
      (input.viewer.isGM || (sharing.get(entry.position) ?? 0) > 1)
    )
      notes.unshift(tieNote(f.tie));
    rows.push({
      ...row,
      // The notes say what the engine's detail says, with a readied trigger kept from those who may not know it.
      detail: null,
      notes,
      pips: pipsOf(scope, combatant),
      actions: [...row.actions, ...standardOwnerActions(scope, combatant.id, f)],
    });
  }
  return { rows, empty: rows.length === 0, emptyLabel: { key: "TEMPO.TRACKER.Empty" } };
}
