/**
 * Segment rounds: HIGH and LOW (SEG-2, SEG-6, SEG-7, SEG-17) and where each declared action falls in the
 * round's sequence (SEG-2 steps 3–7, SEG-3, SEG-4, SEG-5, SEG-8).
 */
import {
  SEGMENT_NO_DECLARATION,
  segmentActsLow,
  segmentFastRank,
  segmentHasDelayingActivity,
  segmentIsMultiAttack,
  segmentTieSpeed,
} from "./declaration.ts";
import { sortedInsertIndex } from "../shared/round-order.ts";
import type {
  SegmentBand,
  SegmentCombatant,
  SegmentDeclaration,
  SegmentEntry,
  SegmentOrderStep,
  SegmentState,
} from "./types.ts";

/** The declaration in force this round (an undeclared creature has none, SEG-3 D4). */
export function segmentDeclarationOf(state: SegmentState, c: SegmentCombatant): SegmentDeclaration {
  return c.declaredRound === state.round && c.declaration !== null ? c.declaration : SEGMENT_NO_DECLARATION;
}

/** SEG-2: a group's d6 this round, if it has rolled (own keys only: a group may be called anything). */
export function segmentGroupRoll(state: SegmentState, groupId: string): number | undefined {
  return Object.hasOwn(state.groupRolls, groupId) ? state.groupRolls[groupId] : undefined;
}

/**
 * SEG-2: a group is HIGH when its d6 is at least every other group's (ties: every tied group is HIGH).
 * SEG-17 (setting): the creature's Dexterity reaction adjustment is added to its group's d6 for deciding
 * its own band; the group's roll is unchanged. A GM-set initiative replaces the group's roll for that
 * creature. The delayed condition is left to `segmentBand`. Ruling: a creature whose group has no roll this round (it joined after the roll) is LOW.
 */
export function segmentRollBand(
  state: SegmentState,
  c: SegmentCombatant,
  rivals: RivalRolls = segmentRivalRolls(state),
): SegmentBand {
  const own = segmentGroupRoll(state, c.groupId);
  const set = c.initiativeRound === state.round ? c.initiative : null;
  if (own === undefined && set === null) return "low";
  const best = rivals(c.groupId);
  const mine = set ?? (own ?? 0) + (state.settings.dexReaction ? c.dexReaction : 0);
  return mine >= best ? "high" : "low";
}

/** The best d6 among the groups other than the given one (-Infinity when there is none). */
export type RivalRolls = (groupId: string) => number;

/** SEG-2: works out every group's best rival roll once (a round has few groups, a schedule many creatures). */
export function segmentRivalRolls(state: SegmentState): RivalRolls {
  const rolls = Object.entries(state.groupRolls);
  const cache = new Map<string, number>();
  return (groupId) => {
    const known = cache.get(groupId);
    if (known !== undefined) return known;
    let best = Number.NEGATIVE_INFINITY;
    for (const [group, roll] of rolls) if (group !== groupId && roll > best) best = roll;
    cache.set(groupId, best);
    return best;
  };
}

/** SEG-6, SEG-7: a declared delay, a delaying activity or the delayed condition make a creature LOW. */
export function segmentBand(state: SegmentState, c: SegmentCombatant, rivals?: RivalRolls): SegmentBand {
  if (c.delayedRound === state.round) return "low";
  if (segmentActsLow(segmentDeclarationOf(state, c))) return "low";
  return segmentRollBand(state, c, rivals);
}

const PLACE: Readonly<Record<SegmentDeclaration["action"], SegmentOrderStep>> = {
  none: "other",
  parley: "other",
  flee: "other",
  charge: "other",
  innate: "innate",
  missile: "missile",
  melee: "melee",
  other: "other",
  move: "other",
  spell: "innate",
  complex: "other",
};

/** After D4: a creature that delayed during LOW acts once everyone else in LOW has (ruling, SEG-6). */
const AFTER_D4 = 9;
/** Step 5 band keys: HIGH, LOW, then complex activities (they go last, SEG-8). */
const HIGH = 0;
const LOW = 1;
const LAST = 2;

/**
 * The creature's turns this round, each with its sort key.
 * - Step 3 (fast): A Parley, B Flee, C Charge, then "goes first"; HIGH before LOW; lower weapon speed.
 *   Fast actions ignore the delayed condition (SEG-7).
 * - Steps 4 and 6: a multi-attacker's first routine, then the rest; HIGH before LOW; the delayed
 *   condition loses ties (SEG-7); then weapon speed (SEG-4).
 * - Step 5: HIGH then LOW; inside, D1–D4 in the setting's order (SEG-3); the delayed condition loses
 *   ties (SEG-7); then weapon speed (SEG-4). A caster names its target in D1 (SEG-11). Complex
 *   activities, and a delayed creature's delaying activities, go last (SEG-7, SEG-8).
 * - Step 7: spells by casting time, shortest first; equal times HIGH first (SEG-5).
 * The creature's join order breaks any remaining tie, so the order is total.
 */
export function segmentEntriesFor(
  state: SegmentState,
  c: SegmentCombatant,
  rivals: RivalRolls = segmentRivalRolls(state),
): SegmentEntry[] {
  // No closures in here: it runs once per creature per round (and bundlers wrap named closures).
  const round = state.round;
  if (
    (c.declaredRound !== round || c.declaration === null) &&
    c.delayedRound !== round &&
    c.majorSpentRound !== round
  ) {
    // Issue 17: a creature with no declaration in force (most of a large fight), not delayed, its major action
    // not spent: one group turn in D4's place at its roll's band, speed 0 (what the general path below gives
    // `SEGMENT_NO_DECLARATION`), worked out without it (a round's build runs this as cold code).
    const rolled = segmentRollBand(state, c, rivals);
    const rank = [5, rolled === "high" ? HIGH : LOW, state.settings.groupOrder.indexOf("other"), 0, 0, c.slot];
    return [entryOf(c, "group", 5, rank, 1, rolled)];
  }
  const decl = segmentDeclarationOf(state, c);
  const band = segmentBand(state, c, rivals);
  const b = band === "high" ? HIGH : LOW;
  const delayed = c.delayedRound === state.round ? 1 : 0;
  const speed = segmentTieSpeed(decl);
  const order = state.settings.groupOrder;
  if (c.majorSpentRound === state.round || (c.castingFailedRound === state.round && decl.action === "spell")) {
    // SEG-6, SEG-16: the major action is gone (SEG-10: a casting lost before the round ran, as if cast); what
    // is left is a turn for minor actions at the end of its band.
    return [entryOf(c, "group", 5, [5, b, AFTER_D4, delayed, speed, c.slot], 1, band)];
  }
  const fast = segmentFastRank(decl);
  if (fast !== null) {
    const rollBand = segmentRollBand(state, c, rivals);
    return [entryOf(c, "fast", 3, [3, fast, rollBand === "high" ? HIGH : LOW, speed, c.slot], 1, rollBand)];
  }
  if (segmentIsMultiAttack(decl)) {
    // SEG-7: the delayed condition loses ties here too (melee against melee), before weapon speed.
    return [
      entryOf(c, "firstRoutine", 4, [4, b, delayed, speed, c.slot], 1, band),
      entryOf(c, "restRoutines", 6, [6, b, delayed, speed, c.slot], 1, band),
    ];
  }
  if (decl.action === "spell") {
    const time = decl.castingTime ?? 1;
    return [
      entryOf(c, "target", 5, [5, b, order.indexOf("innate"), delayed, 0, c.slot], 1, band),
      entryOf(c, "spell", 7, [7, time, b, c.slot], time, band),
    ];
  }
  if (decl.action === "complex" || (delayed === 1 && segmentHasDelayingActivity(decl))) {
    return [entryOf(c, "complex", 5, [5, LAST, b, speed, c.slot], 1, band)];
  }
  return [entryOf(c, "group", 5, [5, b, order.indexOf(PLACE[decl.action]), delayed, speed, c.slot], 1, band)];
}

function entryOf(
  c: SegmentCombatant,
  part: SegmentEntry["part"],
  step: number,
  rank: number[],
  segment: number,
  band: SegmentBand,
): SegmentEntry {
  return { key: `${c.id}:${part}`, combatantId: c.id, step, part, segment, band, rank };
}

/** SEG-2 to SEG-5, SEG-8: rule order of two turns (their ranks element by element, lower first). */
export function compareSegmentEntries(a: SegmentEntry, b: SegmentEntry): number {
  const n = Math.min(a.rank.length, b.rank.length);
  for (let i = 0; i < n; i++) {
    const x = a.rank[i] ?? 0;
    const y = b.rank[i] ?? 0;
    if (x !== y) return x - y;
  }
  return a.rank.length - b.rank.length;
}

/**
 * SEG-2: the same order as `compareSegmentEntries` folded into two numbers (for sorting a whole round fast):
 * every rank element but the last (the join order) is below 1024 in practice, and a rank has at most
 * five of them, so they fit exactly in one double. Elements are clamped to 0–1023.
 */
export function segmentSortKey(entry: SegmentEntry): { readonly key: number; readonly slot: number } {
  return { key: segmentRankKey(entry), slot: segmentRankSlot(entry) };
}

/** `segmentSortKey`'s `key`: every rank element but the last, folded into one double. */
export function segmentRankKey(entry: SegmentEntry): number {
  const rank = entry.rank;
  const n = rank.length - 1;
  let key = 0;
  for (let i = 0; i < 5; i++) key = key * 1024 + (i < n ? Math.min(1023, Math.max(0, rank[i] ?? 0)) : 0);
  return key;
}

/** `segmentSortKey`'s `slot`: the rank's last element (the creature's join order). */
export function segmentRankSlot(entry: SegmentEntry): number {
  return entry.rank[entry.rank.length - 1] ?? 0;
}

/** SEG-2: where `entry` goes in `schedule[from..]` (kept in rule order), by binary search; after entries equal to it. */
export function segmentInsertAt(schedule: readonly SegmentEntry[], from: number, entry: SegmentEntry): number {
  return sortedInsertIndex(schedule, Math.max(0, from), schedule.length, entry, compareSegmentEntries);
}
