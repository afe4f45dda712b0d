/** ROT-2: tied units roll off while the fight goes on (see contest.ts for the ranking of one reroll). */
import { own } from "../shared/round-order.ts";
import { rotationContestRanks, rotationTiePlaces } from "./contest.ts";
import { rotationUnitKey, type RotationContest, type RotationRollOff, type RotationState } from "./state.ts";
import { membersOf, requestRoll, setCombatants, type RotationStep } from "./step.ts";
import { place, reposition } from "./placement.ts";

/** ROT-2: starts roll-offs for new ties and settles the rerolls whose results are all in. */
export function settleTies(step: RotationStep): void {
  const free = new Map<number, Set<string>>();
  const inContest = new Set(step.state.contests.flatMap((c) => c.units));
  for (const c of Object.values(step.state.combatants)) {
    const unit = rotationUnitKey(c);
    if (c.initiative === null || inContest.has(unit)) continue;
    const set = free.get(c.initiative) ?? new Set<string>();
    set.add(unit);
    free.set(c.initiative, set);
  }
  for (const [value, units] of free) {
    const existing = step.state.contests.find((c) => c.value === value);
    if (units.size + (existing?.units.length ?? 0) < 2) continue;
    // A newcomer tied with a roll-off in progress: the roll-off starts again with everyone still tied.
    let state = step.state;
    if (existing !== undefined) {
      for (const unit of existing.units) units.add(unit);
      state = { ...state, contests: state.contests.filter((c) => c !== existing) };
      state = { ...state, rolls: state.rolls.filter((r) => !(r.kind === "contest" && units.has(r.unit))) };
    }
    const all = [...units].sort();
    const places = rotationTiePlaces(value, all.length, heldResults(state));
    const contest: RotationContest = { value, units: all, rollOffs: [{ rolling: all, places, results: {} }] };
    step.state = { ...state, contests: [...state.contests, contest] };
    for (const unit of all) requestRoll(step, unit, "contest");
  }
  for (;;) {
    const contest = step.state.contests.find((c) => c.rollOffs.some(allRolled));
    const rollOff = contest?.rollOffs.find(allRolled);
    if (contest === undefined || rollOff === undefined) return;
    resolveRollOff(step, contest, rollOff);
  }
}

/** Every result held now (a tie's places are the free steps above its value). */
function heldResults(state: RotationState): number[] {
  return Object.values(state.combatants).flatMap((c) => (c.initiative === null ? [] : [c.initiative]));
}

const allRolled = (r: RotationRollOff): boolean => r.rolling.every((u) => Object.hasOwn(r.results, u));

/**
 * ROT-2: one reroll is in: it ranks its units at once. A unit alone on its reroll takes its place (the
 * lowest place of the tie keeps the tie's value); units whose rerolls tie each other roll again among
 * themselves for the places they share.
 */
function resolveRollOff(step: RotationStep, contest: RotationContest, done: RotationRollOff): void {
  const again: RotationRollOff[] = [];
  const placed: [string, number][] = [];
  let at = 0;
  for (const tier of rotationContestRanks(done.results, done.rolling)) {
    const places = done.places.slice(at, at + tier.length);
    at += tier.length;
    const [unit] = tier;
    const [value] = places;
    if (tier.length === 1 && unit !== undefined && value !== undefined) placed.push([unit, value]);
    else again.push({ rolling: tier, places, results: {} });
  }
  const rollOffs = [...contest.rollOffs.filter((r) => r !== done), ...again];
  const moved: string[] = [];
  for (const [unit, value] of placed) {
    // The last place keeps the tie's value: nothing changes for it.
    if (value === contest.value) continue;
    const members = membersOf(step.state, unit);
    step.state = setCombatants(
      step.state,
      members.map((c) => ({ ...c, initiative: value })),
    );
    for (const c of members) step.events.push({ type: "initiativeSet", combatantId: c.id, value });
    moved.push(unit);
  }
  const units = contest.units.filter((u) => !moved.includes(u));
  const others = step.state.contests.filter((c) => c !== contest);
  step.state = {
    ...step.state,
    contests: rollOffs.length === 0 ? others : [...others, { value: contest.value, units, rollOffs }],
  };
  for (const r of again) for (const unit of r.rolling) requestRoll(step, unit, "contest");
  for (const unit of moved) step.state = reposition(step.state, unit);
  // A newcomer stood by unit key while tied: the roll-off decides whether its slot has passed.
  for (const unit of done.rolling) step.state = slotNewcomersAgain(step.state, unit);
}

/**
 * Takes a unit's newcomers that joined this round and have not started a turn out of the order and
 * places them again. Only this round's: one that joined earlier has had this round's slot since the
 * round started, and moving it past the acting creature would cost it that turn.
 */
function slotNewcomersAgain(state: RotationState, unit: string): RotationState {
  const moving = new Set(
    membersOf(state, unit)
      .map((c) => c.id)
      .filter(
        (id) =>
          own(state.firstTurnDue, id) === state.round &&
          state.order.includes(id) &&
          state.order[state.turnIndex] !== id,
      ),
  );
  if (moving.size === 0) return state;
  const before = state.order.slice(0, Math.max(state.turnIndex, 0)).filter((id) => moving.has(id)).length;
  const order = state.order.filter((id) => !moving.has(id));
  return place({ ...state, order, turnIndex: state.turnIndex - before }, unit);
}
