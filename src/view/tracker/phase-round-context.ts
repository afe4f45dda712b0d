/**
 * The phase tracker's part (RULES §3): the four phases as lanes, Initiative, Movement, Battle, End (PHS-1),
 * the current one marked in words and an icon. Only the current lane is drawn row by row; the others say
 * in one line how many creatures they hold and who comes first (a lane of 300 is drawn once, not twice).
 * - Initiative: who still rolls (PHS-2) and the order so far, with Seize on the rows (PHS-4).
 * - Movement: lowest initiative first, the seizers before everyone (PHS-3, PHS-4).
 * - Battle: highest first, the seizers last, delayers after the creature they wait for (PHS-7, PHS-9), with
 *   Defend, Disengage and Delay after a named creature on the acting row (PHS-9 to PHS-11).
 * - End: every creature whose saves are due (PHS-12).
 * Everything comes from the engine's `phaseTrackerFacts`.
 */
import {
  PHASE_NAMES,
  phaseTrackerFactsOf,
  type I18nKey,
  type Message,
  type PhaseName,
  type PhaseTrackerCreature,
  type PhaseTrackerFacts,
  type PhaseTrackerTurn,
} from "../../engine/index.ts";
import { phaseActions } from "./phase-actions.ts";
import { phaseNamed, phaseRow, type PhaseRowContext } from "./phase-rows.ts";
import { visibleTo, type TrackerScope } from "./tracker-input.ts";

export type PhaseLaneState = "current" | "done" | "upcoming";

export interface PhaseLaneContext {
  readonly key: PhaseName;
  readonly label: Message;
  /** How the lane is ordered (PHS-3 lowest first, PHS-7 highest first), or null. */
  readonly order: Message | null;
  readonly state: PhaseLaneState;
  readonly stateLabel: Message;
  readonly stateIcon: string;
  readonly current: boolean;
  readonly cssClass: string;
  /** The lane row by row (the current lane only). */
  readonly rows: readonly PhaseRowContext[];
  /** The other lanes in one line: how many, and who comes first. */
  readonly summary: Message | null;
}

export interface PhaseRoundContext {
  readonly lanes: readonly PhaseLaneContext[];
}

const LANE_LABELS: Readonly<Record<PhaseName, I18nKey>> = {
  initiative: "TEMPO.COMBAT.Phase.Initiative",
  movement: "TEMPO.COMBAT.Phase.Movement",
  battle: "TEMPO.COMBAT.Phase.Battle",
  end: "TEMPO.COMBAT.Phase.End",
};

const LANE_ORDERS: Readonly<Record<PhaseName, I18nKey | null>> = {
  initiative: null,
  movement: "TEMPO.TRACKER.Phase.LowFirst",
  battle: "TEMPO.TRACKER.Phase.HighFirst",
  end: null,
};

const LANE_STATES: Readonly<Record<PhaseLaneState, { label: I18nKey; icon: string }>> = {
  current: { label: "TEMPO.TRACKER.Phase.Now", icon: "fa-solid fa-play" },
  done: { label: "TEMPO.TRACKER.Phase.Done", icon: "fa-solid fa-check" },
  upcoming: { label: "TEMPO.TRACKER.Phase.Upcoming", icon: "fa-regular fa-circle" },
};

function laneState(facts: PhaseTrackerFacts, lane: PhaseName): PhaseLaneState {
  // Before the start, the initiative lane is where everyone waits.
  const now = facts.phase === null ? 0 : PHASE_NAMES.indexOf(facts.phase);
  const at = PHASE_NAMES.indexOf(lane);
  if (now === at) return "current";
  return now > at ? "done" : "upcoming";
}

/**
 * The lane's turns in order. Initiative: the order so far (battle order), then the creatures not placed
 * yet; End: the battle order of those whose saves are due.
 */
function laneTurns(
  facts: PhaseTrackerFacts,
  lane: PhaseName,
  creatures: ReadonlyMap<string, PhaseTrackerCreature>,
): readonly PhaseTrackerTurn[] {
  switch (lane) {
    case "movement":
      return facts.movement;
    case "battle":
      return facts.battle;
    case "initiative":
      return [
        ...facts.battle.map((t) => ({ id: t.id, active: false, done: false })),
        ...facts.unranked.map((id) => ({ id, active: false, done: false })),
      ];
    case "end":
      return facts.battle
        .filter((t) => creatures.get(t.id)?.savesDue === true)
        .map((t) => ({ id: t.id, active: false, done: false }));
  }
}

/** A lane in one line: the creatures this viewer may see in it, and the first of them still to go. */
function summaryOf(
  lane: PhaseName,
  turns: readonly PhaseTrackerTurn[],
  state: PhaseLaneState,
  scope: TrackerScope,
): Message {
  // PHS-12: the end phase's saves are due only once it comes.
  if (lane === "end" && state === "upcoming") return { key: "TEMPO.TRACKER.Phase.SavesLater" };
  let count = 0;
  let first: string | null = null;
  for (const t of turns) {
    if (!visibleTo(scope.input, scope.byId.get(t.id))) continue;
    count++;
    if (first === null && !t.done) first = t.id;
  }
  if (count === 0) return { key: "TEMPO.TRACKER.Phase.EmptyLane" };
  if (state === "done" || first === null) return { key: "TEMPO.TRACKER.Phase.LaneDone", data: { count } };
  return phaseNamed(scope, first, "TEMPO.TRACKER.Phase.LaneNext", "TEMPO.TRACKER.Phase.LaneNextUnseen", { count });
}

function laneRows(
  facts: PhaseTrackerFacts,
  lane: PhaseName,
  turns: readonly PhaseTrackerTurn[],
  creatures: ReadonlyMap<string, PhaseTrackerCreature>,
  scope: TrackerScope,
): PhaseRowContext[] {
  const rows: PhaseRowContext[] = [];
  for (const turn of turns) {
    const c = creatures.get(turn.id);
    const row = c === undefined ? null : phaseRow(lane, turn, c, facts.round, scope);
    if (c === undefined || row === null) continue;
    const extra = phaseActions(scope, facts, c);
    rows.push(extra.length === 0 ? row : { ...row, actions: [...row.actions, ...extra] });
  }
  return rows;
}

/** The phase part for this viewer, or null when the host is not the phase host. */
export function buildPhaseRoundContext(scope: TrackerScope): PhaseRoundContext | null {
  const facts = phaseTrackerFactsOf(scope.input.host, scope.input.state);
  if (facts === null) return null;
  const creatures = new Map(facts.creatures.map((c) => [c.id, c]));
  const lanes = PHASE_NAMES.map((lane): PhaseLaneContext => {
    const state = laneState(facts, lane);
    const turns = laneTurns(facts, lane, creatures);
    const current = state === "current";
    const order = LANE_ORDERS[lane];
    const rows = current ? laneRows(facts, lane, turns, creatures, scope) : [];
    return {
      key: lane,
      label: { key: LANE_LABELS[lane] },
      order: order === null ? null : { key: order },
      state,
      stateLabel: { key: LANE_STATES[state].label },
      stateIcon: LANE_STATES[state].icon,
      current,
      cssClass: `is-${state}`,
      rows,
      summary: current
        ? rows.length === 0
          ? { key: "TEMPO.TRACKER.Phase.EmptyLane" }
          : null
        : summaryOf(lane, turns, state, scope),
    };
  });
  return { lanes };
}
