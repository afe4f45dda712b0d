/**
 * Phase rounds: what the tracker shows. Four phase boundaries (position = phase index, PHS-1), the
 * movement lane and the battle lane in the order the turns happen, delayers after the creature they wait
 * for (PHS-9), and creatures still waiting on dice under the initiative phase.
 */
import type { Message } from "../../core/result.ts";
import type { TimelineEntry } from "../contract.ts";
import { phaseLane } from "./lanes.ts";
import { comparePhaseBattle, comparePhaseMovement } from "./order.ts";
import { phaseCombatant, phaseCombatants, roundInitiative } from "./state.ts";
import { PHASE_NAMES, type PhaseCombatant, type PhaseName, type PhaseState } from "./types.ts";

const LABELS: Readonly<Record<PhaseName, Message>> = {
  initiative: { key: "TEMPO.COMBAT.Phase.Initiative" },
  movement: { key: "TEMPO.COMBAT.Phase.Movement" },
  battle: { key: "TEMPO.COMBAT.Phase.Battle" },
  end: { key: "TEMPO.COMBAT.Phase.End" },
};

function boundary(state: PhaseState, phase: PhaseName): TimelineEntry {
  const at = PHASE_NAMES.indexOf(phase);
  const now = state.phase === null ? -1 : PHASE_NAMES.indexOf(state.phase);
  return {
    key: `phase:${phase}`,
    kind: "boundary",
    combatantId: null,
    round: state.round,
    position: at,
    label: LABELS[phase],
    groupId: null,
    active: now === at,
    done: now > at,
    defeated: false,
    detail: null,
  };
}

function battleDetail(state: PhaseState, c: PhaseCombatant, waitingFor: string | null): Message | null {
  if (waitingFor !== null) return { key: "TEMPO.COMBAT.Phase.Delaying", data: { afterId: waitingFor } };
  if (c.defending) return { key: "TEMPO.COMBAT.Phase.Defending" };
  if (c.disengagedRound > 0 && state.round - c.disengagedRound <= 1) return { key: "TEMPO.COMBAT.Phase.Disengaged" };
  if (state.round > 0 && c.seizedRound === state.round) return { key: "TEMPO.COMBAT.Phase.Seized" };
  return null;
}

/**
 * The battle lane in acting order: the battle order with every delayer moved to right after the creature
 * it waited for (PHS-9), whether it is still waiting, acting now or done.
 */
export function battleSequence(
  state: PhaseState,
  order: readonly string[],
): { id: string; waitingFor: string | null }[] {
  const target = new Map<string, string>();
  for (const w of state.delays) if (w.round === state.round) target.set(w.delayerId, w.afterId);
  const waitsOn = new Map<string, string[]>();
  for (const [delayer, after] of target) waitsOn.set(after, [...(waitsOn.get(after) ?? []), delayer]);
  const waiting = new Map<string, string>();
  for (const w of state.waits) waiting.set(w.delayerId, w.afterId);
  const out: { id: string; waitingFor: string | null }[] = [];
  const shown = new Set<string>();
  const withDelayers = (id: string): void => {
    if (shown.has(id)) return;
    shown.add(id);
    out.push({ id, waitingFor: waiting.get(id) ?? null });
    for (const delayer of waitsOn.get(id) ?? []) withDelayers(delayer);
  };
  for (const id of order) if (!target.has(id)) withDelayers(id);
  // A delayer whose awaited creature has left the combat still has its row.
  for (const id of order) withDelayers(id);
  return out;
}

/** PHS-3, PHS-7: the order a lane would have if the dice in now settled it (before the ranking is built). */
export function projected(state: PhaseState, compare: (a: PhaseCombatant, b: PhaseCombatant) => number): string[] {
  return phaseCombatants(state)
    .filter((c) => roundInitiative(c, state.round) !== null)
    .sort(compare)
    .map((c) => c.id);
}

/** PHS-1, PHS-3, PHS-7, PHS-9: what the tracker shows: four phase boundaries, both lanes in turn order, delayers after their target. */
export function phaseTimeline(state: PhaseState): readonly TimelineEntry[] {
  const round = state.round;
  const built = state.phase === "movement" || state.phase === "battle" || state.phase === "end";
  const moveOrder = built ? phaseLane(state, "movement") : projected(state, comparePhaseMovement(round));
  const battleOrder = built ? phaseLane(state, "battle") : projected(state, comparePhaseBattle(round));
  const shown = new Set(battleOrder);
  const rows: TimelineEntry[] = [boundary(state, "initiative")];
  for (const c of phaseCombatants(state)) {
    if (shown.has(c.id)) continue;
    // Not in this round's orders yet: waiting on its initiative or on a roll-off.
    rows.push({
      key: `phase:pending:${c.id}`,
      kind: "pending",
      combatantId: c.id,
      round,
      position: 0,
      label: LABELS.initiative,
      groupId: null,
      active: false,
      done: false,
      defeated: c.defeated,
      detail:
        c.rollingOff && c.initiativeRound === round
          ? { key: "TEMPO.COMBAT.Phase.RollOff" }
          : { key: "TEMPO.COMBAT.Phase.AwaitingInitiative" },
    });
  }
  rows.push(boundary(state, "movement"));
  for (const id of moveOrder) {
    const c = phaseCombatant(state, id);
    if (c === null) continue;
    const active = state.phase === "movement" && state.current === id;
    rows.push({
      key: `phase:movement:${id}`,
      kind: "turn",
      combatantId: id,
      round,
      position: 1,
      label: LABELS.movement,
      groupId: null,
      active,
      done: !active && round > 0 && c.movedRound === round,
      defeated: c.defeated,
      detail: round > 0 && c.seizedRound === round ? { key: "TEMPO.COMBAT.Phase.Seized" } : null,
    });
  }
  rows.push(boundary(state, "battle"));
  const upNext = new Set(state.upNext);
  for (const { id, waitingFor } of battleSequence(state, battleOrder)) {
    const c = phaseCombatant(state, id);
    if (c === null) continue;
    const active = state.phase === "battle" && state.current === id;
    rows.push({
      key: `phase:battle:${id}`,
      kind: "turn",
      combatantId: id,
      round,
      position: 2,
      label: LABELS.battle,
      groupId: null,
      active,
      done: !active && waitingFor === null && !upNext.has(id) && round > 0 && c.actedRound === round,
      defeated: c.defeated,
      detail: battleDetail(state, c, waitingFor),
    });
  }
  rows.push(boundary(state, "end"));
  return rows;
}
