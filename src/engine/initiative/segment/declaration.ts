/**
 * Segment rounds: what a declaration may say (SEG-2 step 1, SEG-5, SEG-8, SEG-9, SEG-16).
 */
import { err, ok, type I18nKey, type Result } from "../../core/result.ts";
import { SEGMENT_SECONDS } from "../../conditions/round-time.ts";
import { SEGMENT_ACTIONS, type SegmentDeclaration, type SegmentMinor } from "./types.ts";

/** SEG-1: a round has 10 segments of 6 seconds. */
export const SEGMENTS_PER_ROUND = 10;

/** SEG-1: seconds from the start of the round to the start of a segment. */
export function segmentStartSeconds(segment: number): number {
  return (segment - 1) * SEGMENT_SECONDS;
}

/** What an undeclared creature does: no major action; its simple activities happen in D4 (SEG-3). */
export const SEGMENT_NO_DECLARATION: SegmentDeclaration = {
  action: "none",
  targetId: null,
  weaponSpeed: 0,
  castingTime: null,
  routines: 1,
  goesFirst: false,
  delay: false,
  inMelee: false,
  minors: [],
};

/**
 * SEG-3: the shooting weapons' proficiency groups (ATK-ROT-1's `group`, as the packs name them).
 *
 * **Ruling (SEG-3, D2 Missile):** a weapon attack is declared as a missile attack when the weapon is
 * thrown or shoots: its group is one of these (bows, crossbows, slings, firearms); any other weapon is
 * declared as a melee attack. A GM's own shooting weapon takes one of these groups.
 */
export const MISSILE_GROUPS: readonly string[] = ["bows", "crossbows", "slings", "firearms"];

/** SEG-3: the declaration a weapon attack makes: D2 missile for a thrown or shooting weapon, else D3 melee. */
export function weaponDeclaredAs(weapon: {
  readonly properties: { readonly thrown: boolean };
  readonly group: string;
}): "missile" | "melee" {
  const shoots = MISSILE_GROUPS.includes(weapon.group.trim().toLowerCase());
  return weapon.properties.thrown || shoots ? "missile" : "melee";
}

/** SEG-16 (ruling below): the weapon group of a creature's natural weapons (claws, bites, stings …). */
export const NATURAL_WEAPON_GROUP = "natural";

/**
 * SEG-16: the attacks one declared attack routine rolls ("a bear attacks in melee with a claw/claw/bite
 * routine"; "MELEE: 2 claws (1d8/1d8) and bite (2d6)").
 *
 * **Ruling (SEG-16, a routine of several attacks):** a creature's stat block routine is its natural weapons:
 * the weapon items of group `natural` it carries, one item per attack (a bear: Claw, Claw, Bite). An attack
 * declared with any of them is the whole routine: when its card comes, each of them is rolled once, in the
 * order the creature carries them, against the routine's one target, each with its own attack roll and its
 * own damage card (applied on its own). Any other weapon is a routine of one attack. A multi-attacker's
 * second routine (step 6) rolls the whole routine again.
 *
 * **Ruling (SEG-16, mixed routines, issue 19):** a stat block whose routine uses a manufactured weapon states
 * it on that weapon item as `routineAttacks`, the attacks it makes in the routine (a whole number of at least
 * 1; the weapon's `system.routineAttacks`, "Attacks in routine" on its sheet): "two arrows" is a bow with 2,
 * "sword and claw" a sword with 1 beside the natural Claw. Such a weapon joins the natural weapons' routine, and is
 * rolled that many times in it, one after the other where it is carried; a natural weapon with the number
 * is rolled that many times too. A declared weapon without the number that is not natural stays a routine of
 * one attack. The routine is still one routine: the stat block's `attackRoutines` counts routines, not the
 * attacks in one (`checkDeclaredRoutines`).
 */
export function routineWeapons<T extends { readonly group: string; readonly routineAttacks?: number | null }>(
  declared: T,
  carried: readonly T[],
): T[] {
  const natural = (w: T): boolean => w.group.trim().toLowerCase() === NATURAL_WEAPON_GROUP;
  const stated = (w: T): boolean =>
    typeof w.routineAttacks === "number" && Number.isSafeInteger(w.routineAttacks) && w.routineAttacks >= 1;
  const inRoutine = (w: T): boolean => natural(w) || stated(w);
  const times = (w: T): number => (stated(w) ? (w.routineAttacks ?? 1) : 1);
  if (!inRoutine(declared)) return [declared];
  const all = carried.filter(inRoutine);
  const list = all.includes(declared) ? all : [declared, ...all];
  return list.flatMap((w) => Array.from({ length: times(w) }, () => w));
}

const FAST = ["parley", "flee", "charge"] as const;
const MINOR_KINDS: readonly SegmentMinor["kind"][] = ["simple", "move", "delaying"];

const isFast = (action: SegmentDeclaration["action"]): boolean => (FAST as readonly string[]).includes(action);

/**
 * SEG-9: one major action plus minors; positioning movement is a minor action only after a major action
 * and never in melee. SEG-8: a complex activity allows nothing else. SEG-5: a spell's casting time is
 * 1–10 segments. SEG-16: multi-attack (more than one routine) is a melee ability.
 */
export function checkSegmentDeclaration(declaration: SegmentDeclaration): Result<SegmentDeclaration> {
  const d = declaration;
  const bad = (key: I18nKey): Result<SegmentDeclaration> => err(key, { action: String(d.action) });
  if (!SEGMENT_ACTIONS.includes(d.action)) return bad("TEMPO.ERRORS.Segment.InvalidDeclaration");
  if (d.targetId !== null && typeof d.targetId !== "string") return bad("TEMPO.ERRORS.Segment.InvalidDeclaration");
  if (
    typeof d.goesFirst !== "boolean" ||
    typeof d.delay !== "boolean" ||
    typeof d.inMelee !== "boolean" ||
    !Array.isArray(d.minors)
  ) {
    return bad("TEMPO.ERRORS.Segment.InvalidDeclaration");
  }
  if (!Number.isSafeInteger(d.weaponSpeed) || d.weaponSpeed < 0) return bad("TEMPO.ERRORS.Segment.InvalidWeaponSpeed");
  if (d.action === "spell") {
    const t = d.castingTime;
    if (t === null || !Number.isSafeInteger(t) || t < 1 || t > SEGMENTS_PER_ROUND)
      return bad("TEMPO.ERRORS.Segment.InvalidCastingTime");
  } else if (d.castingTime !== null) {
    return bad("TEMPO.ERRORS.Segment.InvalidCastingTime");
  }
  if (!Number.isSafeInteger(d.routines) || d.routines < 1) return bad("TEMPO.ERRORS.Segment.InvalidRoutines");
  if (d.routines > 1 && d.action !== "melee") return bad("TEMPO.ERRORS.Segment.InvalidRoutines");
  if (d.goesFirst && !["innate", "missile", "melee", "other"].includes(d.action))
    return bad("TEMPO.ERRORS.Segment.InvalidDeclaration");
  if (d.delay && (isFast(d.action) || d.goesFirst)) return bad("TEMPO.ERRORS.Segment.InvalidDeclaration");
  if (d.action === "complex" && (d.minors.length > 0 || d.goesFirst || d.delay))
    return bad("TEMPO.ERRORS.Segment.ComplexAlone");
  // SEG-4, SEG-9 Ruling: any number of minor actions, but a declaration lists at most as many as the round
  // has segments (each declared one takes a segment; a longer list is a typed error, not a huge array).
  if (d.minors.length > SEGMENTS_PER_ROUND)
    return err("TEMPO.ERRORS.Segment.InvalidMinors", { max: SEGMENTS_PER_ROUND });
  let moves = 0;
  for (const m of d.minors) {
    if (m === null || typeof m !== "object" || !MINOR_KINDS.includes(m.kind))
      return bad("TEMPO.ERRORS.Segment.InvalidDeclaration");
    if (typeof m.takesSegment !== "boolean" || typeof m.beforeMajor !== "boolean")
      return bad("TEMPO.ERRORS.Segment.InvalidDeclaration");
    if (m.kind === "move") {
      moves++;
      const majorFirst = d.action !== "none" && d.action !== "move" && !m.beforeMajor;
      if (!majorFirst || d.inMelee || moves > 1) return bad("TEMPO.ERRORS.Segment.MoveIsMajor");
    }
  }
  return ok(d);
}

/**
 * SEG-16 "normally one per round": a creature declares at most the attack routines its stat block gives it
 * (`actions.segment.attackRoutines`, 1 unless it has multi-attack; a value that is not a whole number of at
 * least 1 counts as 1, actors/actor-actions.ts). Errors: `Segment.TooManyRoutines`.
 */
export function checkDeclaredRoutines(declaration: SegmentDeclaration, allowed: number): Result<SegmentDeclaration> {
  const most = Number.isSafeInteger(allowed) && allowed >= 1 ? allowed : 1;
  // A count that is not a whole number is checkSegmentDeclaration's to refuse (`Segment.InvalidRoutines`).
  return !Number.isSafeInteger(declaration.routines) || declaration.routines <= most
    ? ok(declaration)
    : err("TEMPO.ERRORS.Segment.TooManyRoutines", { routines: declaration.routines, allowed: most });
}

/** SEG-4: weapon speed for ties, plus 1 for each 1-segment minor activity before the major action. */
export function segmentTieSpeed(declaration: SegmentDeclaration): number {
  let speed = declaration.weaponSpeed;
  for (const m of declaration.minors) if (m.takesSegment && m.beforeMajor) speed++;
  return speed;
}

/** SEG-2 steps 4 and 6: a multi-attacker in melee. */
export function segmentIsMultiAttack(declaration: SegmentDeclaration): boolean {
  return declaration.action === "melee" && declaration.routines > 1;
}

/** SEG-6: a declared delay, or a delaying activity, means acting in LOW. */
export function segmentActsLow(declaration: SegmentDeclaration): boolean {
  return declaration.delay || segmentHasDelayingActivity(declaration);
}

/** SEG-7: a delayed creature's delaying activities count as complex. */
export function segmentHasDelayingActivity(declaration: SegmentDeclaration): boolean {
  for (const m of declaration.minors) if (m.kind === "delaying") return true;
  return false;
}

/** SEG-2 step 3: the fast-action rank (A Parley, B Flee, C Charge, then "goes first"), or null. */
export function segmentFastRank(declaration: SegmentDeclaration): number | null {
  const at = (FAST as readonly string[]).indexOf(declaration.action);
  if (at >= 0) return at;
  return declaration.goesFirst ? FAST.length : null;
}
