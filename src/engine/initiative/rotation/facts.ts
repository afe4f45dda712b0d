/**
 * What the rotation tracker says about each creature beside its result (issue 9): the bonus a won tie
 * added (ROT-2), and where the no-three-in-a-row rule moved an entry and why (ROT-6). Read from the
 * state's order only, nothing decided here that the scheduler does not already keep. O(n) per call.
 */
import { own } from "../shared/round-order.ts";
import { rotationUnitKey, type RotationInitiator, type RotationState } from "./state.ts";

/** ROT-6: an entry moved up in front of `aheadOf`, since after `after` a third player character would have acted. */
export interface RotationOrderMove {
  /** The first member of the player entry it now acts before. */
  readonly aheadOf: string;
  /** The player characters acting in a row just before it (two). */
  readonly after: readonly string[];
}

export interface RotationRowFacts {
  /**
   * ROT-2: what won ties added to its result (+0.5, +0.25 …), or null. Results are whole numbers (1d20 +
   * whole modifiers), so the fraction is the tie bonus.
   */
  readonly tieBonus: number | null;
  /** ROT-6: set on every member of an entry the rule moved up. */
  readonly moved: RotationOrderMove | null;
}

export interface RotationTrackerFacts {
  /** ROT-7: the planning phase is under way, and which side plans. */
  readonly planning: boolean;
  readonly initiator: RotationInitiator;
  /** ROT-7: the encounter has a planning phase and it has not begun: who started it may still change. */
  readonly initiatorOpen: boolean;
  readonly rows: ReadonlyMap<string, RotationRowFacts>;
}

/** A state the host read as rotation (the scheme field says so), else null. */
function rotationState(value: unknown): RotationState | null {
  return typeof value === "object" && value !== null && (value as { scheme?: unknown }).scheme === "rotation"
    ? (value as RotationState)
    : null;
}

interface OrderUnit {
  readonly key: string;
  readonly value: number;
  readonly members: string[];
  readonly leadsWithPlayer: boolean;
}

/** The order as units (ROT-4, ROT-5): consecutive members of one unit. */
function orderUnits(state: RotationState): OrderUnit[] {
  const units: OrderUnit[] = [];
  for (const id of state.order) {
    const c = own(state.combatants, id);
    if (c === undefined) continue;
    const key = rotationUnitKey(c);
    const last = units[units.length - 1];
    if (last?.key === key) last.members.push(id);
    else units.push({ key, value: c.initiative ?? 0, members: [id], leadsWithPlayer: c.kind === "pc" });
  }
  return units;
}

/** The player characters acting in a row right before `units[u]` (the run ROT-6 counts). */
function playerRunBefore(state: RotationState, units: readonly OrderUnit[], u: number): string[] {
  const run: string[] = [];
  for (let i = u - 1; i >= 0; i--) {
    const members = units[i]?.members ?? [];
    for (let m = members.length - 1; m >= 0; m--) {
      const id = members[m] ?? "";
      if (own(state.combatants, id)?.kind !== "pc") return run;
      run.unshift(id);
    }
  }
  return run;
}

/**
 * ROT-6: an entry that leads with a non-player creature and stands right before a player entry with a
 * higher result was moved up by the rule (rotationNoThreePlayersInRow takes it out of turn only then). A
 * mid-rotation change that leaves the turns already taken out of order can look the same there; it is
 * sorted again at the next rotation.
 */
function moves(state: RotationState): Map<string, RotationOrderMove> {
  const moved = new Map<string, RotationOrderMove>();
  if (!state.options.noThreePlayersInRow || state.status !== "running") return moved;
  const units = orderUnits(state);
  units.forEach((unit, u) => {
    const next = units[u + 1];
    if (unit.leadsWithPlayer || next === undefined || !next.leadsWithPlayer) return;
    // A higher result behind it: only the rule puts an entry there (equal results are a tie still rolled off).
    if (next.value <= unit.value) return;
    const move: RotationOrderMove = { aheadOf: next.members[0] ?? "", after: playerRunBefore(state, units, u) };
    for (const id of unit.members) moved.set(id, move);
  });
  return moved;
}

/** ROT-2, ROT-6, ROT-7: the planning phase and each creature's facts by id. */
export function rotationTrackerFacts(value: unknown): RotationTrackerFacts | null {
  const state = rotationState(value);
  if (state === null) return null;
  const moved = moves(state);
  const rows = new Map<string, RotationRowFacts>();
  for (const c of Object.values(state.combatants)) {
    const fraction = c.initiative === null ? 0 : c.initiative - Math.floor(c.initiative);
    rows.set(c.id, { tieBonus: fraction > 0 ? fraction : null, moved: moved.get(c.id) ?? null });
  }
  const initiatorOpen = state.options.planningPhase && (state.status === "setup" || state.status === "rolling");
  return { planning: state.status === "planning", initiator: state.options.initiator, initiatorOpen, rows };
}
