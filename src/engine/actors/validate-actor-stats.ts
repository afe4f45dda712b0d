/**
 * Checks a creature's statistics before they are stored: every problem found, each with the path of the
 * offending field and an i18n key, so a sheet can mark the field and the data model can refuse the
 * change with a localized message. The checks are the engine's own wherever a rule area has one (DR-1
 * `validateDr`, OSH-4 `validateOvershield`, SEG-14 `parseHitDice`, SEG-12 `aac0Needed` and
 * `descendingArmorClass`, STD-8 `checkSpeeds`, AP-1 `swingsPerAction`, DR-3 `validateHitPoints`).
 * A pool's value above its maximum (or an overshield or AP below 0) is not a problem here: the write
 * that overshoots is clamped (clamp-pools.ts), not refused.
 */
import { isWhole, shown } from "../dice/checks.ts";
import type { I18nKey, Message, Result } from "../core/result.ts";
import { validateDr } from "../damage/damage-reduction.ts";
import { validateHitPoints } from "../damage/apply-damage.ts";
import { swingsPerAction } from "../damage/action-points.ts";
import { parseHitDice } from "../attack/monster-hit-dice.ts";
import { aac0Needed, descendingArmorClass } from "../attack/segment-attack.ts";
import { checkSpeeds } from "../movement/movement-turn.ts";
import {
  ABILITY_IDS,
  ACTOR_SIDES,
  CRITICAL_THRESHOLD_MAX,
  CRITICAL_THRESHOLD_MIN,
  SKILL_IDS,
  TIER_MIN,
  type ActorStats,
} from "./actor-stats.ts";
import { overshieldOf } from "./actor-overshield.ts";

/** One thing wrong with a creature's statistics: where (a dotted path under `system`) and why. */
export interface ActorProblem extends Message {
  readonly path: string;
}

type Problems = ActorProblem[];

function add(problems: Problems, path: string, result: Result<unknown>): void {
  if (!result.ok) problems.push({ path, ...result.error });
}

function whole(problems: Problems, path: string, value: number): void {
  if (!isWhole(value))
    problems.push({ path, key: "TEMPO.ERRORS.Actor.NotWhole", data: { field: path, value: shown(value) } });
}

function inRange(problems: Problems, path: string, value: number, min: number, max: number, key: I18nKey): void {
  if (!isWhole(value) || value < min || value > max)
    problems.push({ path, key, data: { value: shown(value), min, max } });
}

function checkAbilitiesAndSkills(p: Problems, s: ActorStats): void {
  for (const id of ABILITY_IDS) whole(p, `abilities.${id}`, s.abilities[id]);
  if (!ABILITY_IDS.includes(s.primaryAbility))
    p.push({
      path: "primaryAbility",
      key: "TEMPO.ERRORS.Actor.PrimaryAbilityInvalid",
      data: { value: shown(s.primaryAbility) },
    });
  for (const id of SKILL_IDS) whole(p, `skills.${id}`, s.skills[id]);
  whole(p, "initiative.modifier", s.initiative.modifier);
  whole(p, "initiative.dexReaction", s.initiative.dexReaction);
  const groups = new Set<string>();
  s.weaponSkills.forEach((skill, i) => {
    const group = skill.group.trim();
    if (group === "" || groups.has(group.toLowerCase()))
      p.push({ path: `weaponSkills.${i}.group`, key: "TEMPO.ERRORS.Actor.WeaponGroupInvalid", data: { group } });
    groups.add(group.toLowerCase());
    whole(p, `weaponSkills.${i}.bonus`, skill.bonus);
  });
}

function checkHealth(p: Problems, s: ActorStats): void {
  // DR-3: the hit points every damage target must carry (max 1 or more).
  const hp = validateHitPoints({ hp: s.hp.value, maxHp: s.hp.max });
  if (!hp.ok) p.push({ path: hp.error.data?.field === "maxHp" ? "hp.max" : "hp.value", ...hp.error });
  add(p, "dr", validateDr(s.dr));
  whole(p, "overshield.value", s.overshield.value);
  whole(p, "overshield.max", s.overshield.max);
  if (isWhole(s.overshield.max) && s.overshield.max < 0)
    p.push({ path: "overshield.max", key: "TEMPO.ERRORS.Damage.InvalidOvershield", data: { field: "max" } });
  add(p, "overshield.dr", validateDr(s.overshield.dr));
  // OSH-4, OSH-6: the shield itself (its DR was checked just above, whether or not there is a shield).
  const shield = overshieldOf(s.overshield);
  if (shield.ok || shield.error.key === "TEMPO.ERRORS.Damage.InvalidDr") return;
  p.push({ path: `overshield.${shield.error.data?.field === "hp" ? "value" : "effect"}`, ...shield.error });
}

function checkCombat(p: Problems, s: ActorStats): void {
  // AP-1: AP of 0 or more (swingsPerAction checks it; any positive cost will do).
  const apMax = swingsPerAction(s.ap.max, 1);
  if (!apMax.ok) p.push({ path: "ap.max", ...apMax.error });
  const apValue = swingsPerAction(s.ap.value, 1);
  if (!apValue.ok) p.push({ path: "ap.value", ...apValue.error });
  inRange(
    p,
    "criticalThreshold",
    s.criticalThreshold,
    CRITICAL_THRESHOLD_MIN,
    CRITICAL_THRESHOLD_MAX,
    "TEMPO.ERRORS.Actor.CriticalThreshold",
  );
  if (!isWhole(s.tier) || s.tier < TIER_MIN)
    p.push({ path: "tier", key: "TEMPO.ERRORS.Actor.TierInvalid", data: { value: shown(s.tier), min: TIER_MIN } });
  whole(p, "atk", s.atk);
  if (!isWhole(s.level) || s.level < 0)
    p.push({ path: "level", key: "TEMPO.ERRORS.Attack.ClassLevelInvalid", data: { value: shown(s.level) } });
  if (s.hitDice.trim() !== "") add(p, "hitDice", parseHitDice(s.hitDice));
  if (s.aac0 !== null) add(p, "aac0", aac0Needed(s.aac0, 0));
  add(p, "defenses.descendingAc", descendingArmorClass(s.defenses.descendingAc, 0));
  whole(p, "defenses.ac", s.defenses.ac);
  whole(p, "defenses.def", s.defenses.def);
  whole(p, "defenses.dodge", s.defenses.dodge);
  whole(p, "defenses.armor", s.defenses.armor);
  const speeds = checkSpeeds(s.speeds);
  if (!speeds.ok) p.push({ path: `speeds.${String(speeds.error.data?.mode)}`, ...speeds.error });
  if (s.side !== null && !ACTOR_SIDES.includes(s.side))
    p.push({ path: "side", key: "TEMPO.ERRORS.Actor.SideInvalid", data: { value: shown(s.side) } });
}

/** Every problem with a creature's statistics, in sheet order; an empty list means they can be stored. */
export function validateActorStats(stats: ActorStats): readonly ActorProblem[] {
  const problems: Problems = [];
  checkAbilitiesAndSkills(problems, stats);
  checkHealth(problems, stats);
  checkCombat(problems, stats);
  return problems;
}
