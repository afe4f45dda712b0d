/**
 * The rotation tracker part (issue 9): the order with each result and the +0.5 a won tie added (ROT-2),
 * enemy groups as group rows with their members (ROT-4, ROT-5), the planning phase (ROT-7), each
 * creature's AP where the host knows it (AP-1), and a note wherever the no-three-in-a-row rule moved an
 * entry, saying why (ROT-6). Rows come in the engine's order; the notes come from rotationTrackerFacts.
 */
import {
  rotationTrackerFacts,
  type HostCommand,
  type I18nKey,
  type Message,
  type RotationInitiator,
  type RotationOrderMove,
  type RotationRowFacts,
  type RotationTrackerFacts,
  type TimelineEntry,
} from "../../engine/index.ts";
import { actionPips, note, type NoteContext } from "./row-extras.ts";
import { refusal, trackerControl, type ControlContext } from "./tracker-controls.ts";
import { initiativeVisibleTo, privateTo, visibleTo, type TrackerScope } from "./tracker-input.ts";
import { buildTrackerRow, formatPosition, type TrackerRowContext } from "./tracker-row.ts";

export interface RotationUnitContext {
  readonly key: string;
  /** The group's own row (ROT-4, ROT-5), or null for a creature on its own. */
  readonly group: TrackerRowContext | null;
  readonly rows: readonly TrackerRowContext[];
}

/** ROT-7, before the planning phase: which side started the encounter (and takes the planning turns). */
export interface RotationInitiatorContext {
  /** "The players started the encounter: …", for everyone. */
  readonly current: Message;
  /** The GM's three choices, the one in force pressed; none for a player. */
  readonly choices: readonly ControlContext[];
}

export interface RotationOrderContext {
  /** ROT-7: the planning phase's banner while it lasts, else null. */
  readonly planning: Message | null;
  /** ROT-7: who started the encounter, while it may still change; else null. */
  readonly initiator: RotationInitiatorContext | null;
  readonly units: readonly RotationUnitContext[];
  readonly empty: boolean;
  readonly emptyLabel: Message;
}

/** A creature's name for a note, or a stand-in where the viewer may not see it. */
function nameFor(scope: TrackerScope, id: string): string | null {
  const combatant = scope.byId.get(id);
  return combatant !== undefined && visibleTo(scope.input, combatant) ? combatant.name : null;
}

/** ROT-6: why this entry stands where it does. */
function movedNote(scope: TrackerScope, move: RotationOrderMove): NoteContext {
  const ahead = nameFor(scope, move.aheadOf);
  const after = move.after.map((id) => nameFor(scope, id)).filter((n): n is string => n !== null);
  if (ahead === null || after.length < move.after.length)
    return note("moved", "TEMPO.TRACKER.Rotation.MovedUnnamed", "fa-solid fa-arrow-up");
  return note("moved", "TEMPO.TRACKER.Rotation.Moved", "fa-solid fa-arrow-up", { ahead, after: after.join(", ") });
}

/** ROT-2 and ROT-6 notes for an entry (a group's row, or a creature on its own). */
function orderNotes(scope: TrackerScope, facts: RotationRowFacts | undefined, valueShown: boolean): NoteContext[] {
  const notes: NoteContext[] = [];
  if (facts?.tieBonus != null && valueShown)
    notes.push(
      note("tie", "TEMPO.TRACKER.Rotation.TieBonus", "fa-solid fa-scale-balanced", {
        bonus: `+${formatPosition(facts.tieBonus)}`,
      }),
    );
  if (facts?.moved != null) notes.push(movedNote(scope, facts.moved));
  return notes;
}

function withNotes(row: TrackerRowContext, notes: NoteContext[]): TrackerRowContext {
  return notes.length === 0 ? row : { ...row, notes };
}

/** AP-1: a creature's AP, for its owner and the GM. */
function apNote(scope: TrackerScope, id: string): NoteContext[] {
  const combatant = scope.byId.get(id);
  if (combatant?.ap === undefined || !privateTo(scope.input, combatant)) return [];
  return [note("ap", "TEMPO.TRACKER.Rotation.Ap", "fa-solid fa-gauge-high", { ap: combatant.ap })];
}

/**
 * ACT-ROT: the acting creature's actions left, in words (Full 2, Swift, Free …); on the other rows its
 * Reaction. Only for its owner and the GM.
 */
function withPips(scope: TrackerScope, row: TrackerRowContext, id: string): TrackerRowContext {
  const combatant = scope.byId.get(id);
  if (combatant?.economy === undefined || !privateTo(scope.input, combatant)) return row;
  const acting = scope.current === id;
  const pips = actionPips(combatant.economy, (kind) =>
    acting ? kind !== "twoFull" && kind !== "wholeTurn" : kind === "reaction",
  );
  return { ...row, pips };
}

function planningBanner(facts: RotationTrackerFacts | null): Message | null {
  if (facts === null || !facts.planning) return null;
  const key =
    facts.initiator === "players"
      ? "TEMPO.TRACKER.Rotation.PlanningPlayers"
      : facts.initiator === "enemies"
        ? "TEMPO.TRACKER.Rotation.PlanningEnemies"
        : "TEMPO.TRACKER.Rotation.PlanningBoth";
  return { key };
}

const INITIATOR_CHOICES: readonly [RotationInitiator, I18nKey, I18nKey][] = [
  ["players", "TEMPO.TRACKER.Rotation.Initiator.Players", "TEMPO.TRACKER.Rotation.Initiator.PlayersStarted"],
  ["enemies", "TEMPO.TRACKER.Rotation.Initiator.Enemies", "TEMPO.TRACKER.Rotation.Initiator.EnemiesStarted"],
  ["both", "TEMPO.TRACKER.Rotation.Initiator.Both", "TEMPO.TRACKER.Rotation.Initiator.BothStarted"],
];

/** ROT-7: who started the encounter, and for the GM the choice of it, until the planning turns begin. */
function initiatorContext(scope: TrackerScope, facts: RotationTrackerFacts | null): RotationInitiatorContext | null {
  if (facts === null || !facts.initiatorOpen) return null;
  const now = INITIATOR_CHOICES.find(([id]) => id === facts.initiator) ?? INITIATOR_CHOICES[0];
  const current: Message = { key: now?.[2] ?? "TEMPO.TRACKER.Rotation.Initiator.PlayersStarted" };
  if (!scope.input.viewer.isGM) return { current, choices: [] };
  const choices = INITIATOR_CHOICES.map(([initiator, label]): ControlContext => {
    const command: HostCommand = { type: "setInitiator", initiator };
    const pressed = initiator === facts.initiator ? "true" : "false";
    return {
      ...trackerControl("tempoCommand", label, "fa-solid fa-flag", refusal(scope.input, command), { command }),
      pressed,
    };
  });
  return { current, choices };
}

/** How many entries this viewer sees on each whole result (ROT-2 ties are told only among those). */
function visibleResults(scope: TrackerScope, timeline: readonly TimelineEntry[]): ReadonlyMap<number, number> {
  const counts = new Map<number, number>();
  for (const e of timeline) {
    const seen =
      e.kind === "group" ||
      (e.kind === "turn" && e.combatantId !== null && visibleTo(scope.input, scope.byId.get(e.combatantId)));
    // A group's members sit under its own entry, which already counts for the result they share.
    const member =
      e.kind === "turn" && e.groupId !== null && timeline.some((g) => g.kind === "group" && g.groupId === e.groupId);
    if (seen && !member) counts.set(Math.floor(e.position), (counts.get(Math.floor(e.position)) ?? 0) + 1);
  }
  return counts;
}

/**
 * Issue 18, ROT-2: a tie won against a creature the viewer may not see is not told: the result is drawn
 * whole, as it would be without that creature (the order stays the engine's).
 */
function withoutUnseenTie(entry: TimelineEntry, results: ReadonlyMap<number, number>, isGM: boolean): TimelineEntry {
  const whole = Math.floor(entry.position);
  if (isGM || whole === entry.position || (results.get(whole) ?? 0) > 1) return entry;
  const label =
    entry.label?.key === "TEMPO.COMBAT.Rotation.Initiative" ? { ...entry.label, data: { value: whole } } : entry.label;
  return { ...entry, position: whole, label };
}

export function buildRotationOrderContext(scope: TrackerScope): RotationOrderContext {
  const { input } = scope;
  const facts = rotationTrackerFacts(input.state);
  const units: { key: string; group: TrackerRowContext | null; rows: TrackerRowContext[] }[] = [];
  let open: { key: string; group: TrackerRowContext | null; rows: TrackerRowContext[] } | null = null;
  const timeline = input.host.timeline(input.state);
  const results = visibleResults(scope, timeline);
  for (const drawn of timeline) {
    // ROT-7: the planning boundary is the part's banner, not a row.
    if (drawn.kind === "boundary") continue;
    const entry = withoutUnseenTie(drawn, results, input.viewer.isGM);
    const tieSeen = entry === drawn;
    const row = buildTrackerRow(entry, scope);
    if (row === null) continue;
    if (entry.kind === "group") {
      // Its notes are its first visible member's (they share one result and one place): added below.
      open = { key: entry.key, group: withNotes(row, []), rows: [] };
      units.push(open);
      continue;
    }
    const id = entry.combatantId ?? "";
    const combatant = scope.byId.get(id);
    const f = facts?.rows.get(id);
    const valueShown = tieSeen && combatant !== undefined && initiativeVisibleTo(input, combatant);
    if (open?.group != null && entry.groupId !== null && entry.groupId === open.group.groupId) {
      if (open.rows.length === 0) open.group = withNotes(open.group, orderNotes(scope, f, valueShown));
      open.rows.push(withPips(scope, withNotes(row, apNote(scope, id)), id));
      continue;
    }
    open = null;
    units.push({
      key: entry.key,
      group: null,
      rows: [withPips(scope, withNotes(row, [...orderNotes(scope, f, valueShown), ...apNote(scope, id)]), id)],
    });
  }
  // A group none of whose members the viewer may see is not drawn at all (its name would tell of them).
  const shown = units.filter((u) => u.group === null || u.rows.length > 0);
  return {
    planning: planningBanner(facts),
    initiator: initiatorContext(scope, facts),
    units: shown,
    empty: shown.length === 0,
    emptyLabel: { key: "TEMPO.TRACKER.Empty" },
  };
}
