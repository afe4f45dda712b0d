/**
 * Issue 18 item 3: the rotation state every client may hold. A hidden creature's roll (ROT-1: its
 * 1d20 + modifiers; ROT-2: its tie rerolls) is the GM's secret, and so is its place: while it does not
 * act it is out of the published state (host/public-order.ts). Ruling, for a hidden creature still in
 * it (the one acting now): one that rolled shows a total of 0, and its own reroll in a tie shows 0; a
 * hidden member of a group shares the group's result (ROT-4, ROT-5), which its visible members tell.
 */
import { rotationUnitKey, type RotationCombatant, type RotationContest, type RotationState } from "./state.ts";

/** What a published rotation state may not tell: the hidden creatures. */
export interface RotationSecrecy {
  readonly hidden: {
    has(id: string): boolean;
    /** Issue 17: true when the caller knows no creature is hidden (no pass over every creature). */
    readonly none?: boolean;
  };
}

/** The total a hidden creature's published record shows for a roll it made. */
export const WITHHELD_ROTATION_TOTAL = 0;

function withheldContest(contest: RotationContest, units: ReadonlySet<string>): RotationContest {
  const rollOffs = contest.rollOffs.map((r) => {
    const hidden = Object.keys(r.results).filter((unit) => units.has(unit));
    if (hidden.length === 0) return r;
    const results = { ...r.results };
    for (const unit of hidden) results[unit] = WITHHELD_ROTATION_TOTAL;
    return { ...r, results };
  });
  return rollOffs.every((r, i) => r === contest.rollOffs[i]) ? contest : { ...contest, rollOffs };
}

/** The state with every hidden creature's rolls withheld; `state` itself when none tells one. */
export function publishedRotationState(state: RotationState, secrecy: RotationSecrecy): RotationState {
  if (secrecy.hidden.none === true) return state;
  const changed: Record<string, RotationCombatant> = {};
  const units = new Set<string>();
  for (const [id, c] of Object.entries(state.combatants)) {
    if (!secrecy.hidden.has(id)) continue;
    if (c.groupId === null) units.add(rotationUnitKey(c));
    if (c.initiative !== null && c.initiative !== WITHHELD_ROTATION_TOTAL)
      changed[id] = { ...c, initiative: WITHHELD_ROTATION_TOTAL };
  }
  const contests = units.size === 0 ? state.contests : state.contests.map((c) => withheldContest(c, units));
  const sameContests = contests.every((c, i) => c === state.contests[i]);
  if (Object.keys(changed).length === 0 && sameContests) return state;
  return {
    ...state,
    combatants: { ...state.combatants, ...changed },
    ...(sameContests ? {} : { contests }),
  };
}
