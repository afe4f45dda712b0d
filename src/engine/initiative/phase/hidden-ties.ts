/**
 * Issue 18 item 5, PHS-2: a d6 roll-off with a hidden creature gives nothing away.
 *
 * Ruling: a roll-off a visible creature makes only because a hidden creature is level with it (no
 * creature the players see shares its total and its roll-offs so far) is the GM's secret roll, rolled by
 * the GM's client with the other roll-offs and shown on no card (host/secret-ties.ts). The players were
 * not to know of a tie with a creature they cannot see; a roll they are shown, or asked for, would
 * tell them. The creature's owner is not asked either: roll-offs are the GM's rolls already
 * (host/roll-policy.ts), and its result only orders it against the hidden creature.
 *
 * The published state shows each visible creature's roll-offs as far as the encounter without the
 * hidden creatures rolls them: while another visible creature is level with it. Every visible pair is
 * told apart by roll-offs both made in public (at the first roll-off where they differ both were level
 * with each other), so the order among visible creatures is the same whether or not the secret ones are
 * shown; the secret ones are left out.
 */
import type { DiceRequest } from "../contract.ts";
import { vectorGet, vectorSet } from "../shared/persistent-vector.ts";
import { nextTieRollPublic, secretTieRequests } from "../shared/tie-prefix.ts";
import { publicTieDepths } from "../shared/tie-depths.ts";
import { phaseCombatants } from "./state.ts";
import { PHASE_ROLL_REASONS, type PhaseCombatant, type PhaseState } from "./types.ts";

/** The hidden creatures (a set, or a lookup the caller answers). */
export interface PhaseHidden {
  has(id: string): boolean;
  /** Issue 17: true when the caller knows no creature is hidden (nothing to look up, creature by creature). */
  readonly none?: boolean;
}

const contends = (c: PhaseCombatant, round: number): boolean =>
  !c.defeated && c.initiative !== null && c.initiativeRound === round;

/**
 * The visible contenders on each total a hidden contender holds this round (the only totals where a
 * roll-off can be secret); empty when no hidden creature contends. One pass over the roster.
 */
function visibleRivals(state: PhaseState, hidden: PhaseHidden): Map<number, PhaseCombatant[]> {
  const rivals = new Map<number, PhaseCombatant[]>();
  if (hidden.none === true) return rivals;
  // The hidden ones first, by id (no list of every creature is made when none of them contends).
  for (const id in state.index) {
    const slot = state.index[id];
    if (slot === undefined || !hidden.has(id)) continue;
    const c = vectorGet(state.combatants, slot);
    if (c !== null && c.initiative !== null && contends(c, state.round)) rivals.set(c.initiative, []);
  }
  if (rivals.size === 0) return rivals;
  for (const c of phaseCombatants(state)) {
    if (c.initiative === null || !contends(c, state.round) || hidden.has(c.id)) continue;
    rivals.get(c.initiative)?.push(c);
  }
  return rivals;
}

/** PHS-2: the ids of `requests` that are secret roll-offs (see the file comment). */
export function secretPhaseRollOffs(
  state: PhaseState,
  requests: readonly DiceRequest[],
  hidden: PhaseHidden,
): ReadonlySet<string> {
  const rivals = visibleRivals(state, hidden);
  if (rivals.size === 0) return new Set();
  return secretTieRequests(requests, PHASE_ROLL_REASONS.rollOff, hidden, (id) => {
    const slot = state.index[id];
    const c = slot === undefined ? null : vectorGet(state.combatants, slot);
    if (c === null || c.initiative === null || !c.rollingOff) return false;
    // Only a total a hidden creature holds can make a secret roll-off; elsewhere a visible rival asked it.
    const level = rivals.get(c.initiative);
    return level !== undefined && !sharesAll(c, level);
  });
}

/** Whether a visible rival has made every roll-off `c` has, with the same results (so they are level). */
function sharesAll(c: PhaseCombatant, rivals: readonly PhaseCombatant[]): boolean {
  return nextTieRollPublic(
    c.rollOff,
    rivals.filter((r) => r.id !== c.id).map((r) => r.rollOff),
  );
}

/**
 * `shown` (the published state so far) with each visible creature's secret roll-offs left out, read
 * against `whole` (the GM's state); `shown` itself when none is.
 */
export function withoutSecretRollOffs(shown: PhaseState, whole: PhaseState, hidden: PhaseHidden): PhaseState {
  const rivals = visibleRivals(whole, hidden);
  let combatants = shown.combatants;
  for (const level of rivals.values()) {
    // How many of each one's roll-offs the encounter without the hidden creatures has it make.
    const depths = publicTieDepths(level.map((c) => c.rollOff));
    for (const [i, c] of level.entries()) {
      const depth = depths[i] ?? 0;
      const slot = shown.index[c.id];
      const published = slot === undefined ? null : vectorGet(combatants, slot);
      if (slot === undefined || published === null || published.rollOff.length <= depth) continue;
      combatants = vectorSet(combatants, slot, { ...published, rollOff: published.rollOff.slice(0, depth) });
    }
  }
  return combatants === shown.combatants ? shown : { ...shown, combatants };
}

/**
 * The events of a step as the players' copy tells them: a `rollOffRolled` of a secret roll-off is left
 * out. A creature's roll-offs of the step are its last ones in `whole`; those past the published ones
 * (`shown`) are secret. `events` itself when none is left out.
 */
export function withoutSecretRollOffEvents<E extends { readonly type: string }>(
  events: readonly E[],
  whole: PhaseState,
  shown: PhaseState,
): readonly E[] {
  const made = new Map<string, number>();
  for (const e of events) {
    const id = rollOffOf(e);
    if (id !== null) made.set(id, (made.get(id) ?? 0) + 1);
  }
  if (made.size === 0) return events;
  const kept = new Map<string, number>();
  for (const [id, n] of made) {
    const all = rollOffsOf(whole, id);
    const seen = rollOffsOf(shown, id);
    kept.set(id, Math.max(0, seen - (all - n)));
  }
  const out: E[] = [];
  for (const e of events) {
    const id = rollOffOf(e);
    const left = id === null ? 1 : (kept.get(id) ?? 0);
    if (id !== null) kept.set(id, left - 1);
    if (left > 0) out.push(e);
  }
  return out.length === events.length ? events : out;
}

function rollOffOf(event: { readonly type: string }): string | null {
  const id = (event as { readonly combatantId?: unknown }).combatantId;
  return event.type === "rollOffRolled" && typeof id === "string" ? id : null;
}

function rollOffsOf(state: PhaseState, id: string): number {
  const slot = state.index[id];
  return slot === undefined ? 0 : (vectorGet(state.combatants, slot)?.rollOff.length ?? 0);
}
