import { err, ok, type I18nKey, type Message, type Result } from "../core/result.ts";
import { DEFAULT_DAMAGE_KINDS, drFamilyOf, type DamageKindTable, type DrFamily } from "./damage-kinds.ts";
import { DR_MODES, reduceByDr, validateDr, type DrMode, type DrValues } from "./damage-reduction.ts";
import { damageMultiplier } from "./multipliers.ts";
import { validateOvershield, type Overshield } from "./overshield.ts";
import { shown } from "../dice/checks.ts";

/** Part of one hit: an amount of one damage kind (a flaming sword hit is slashing + fire). */
export interface DamagePart {
  readonly amount: number;
  readonly kind: string;
}

/** One swing or one hit's damage, already rolled (the engine never rolls). */
export type DamageHit = readonly DamagePart[];

/** A status effect the attack carries (OSH-2). */
export interface AttackEffect {
  readonly id: string;
  /** True for effects that deal no damage or target willpower: an unbroken overshield does not stop them. */
  readonly bypassesOvershield: boolean;
}

/** What hit the target: a plain JSON snapshot built by the adapter from the chat card. */
export interface DamageAttack {
  /** Every hit that landed (AP-1: all swings of a hit attack; FEAT-CLEAVE: the one shared roll). */
  readonly hits: readonly DamageHit[];
  /** SEG-15: every multiplier in play; only the highest applies. */
  readonly multipliers: readonly number[];
  /** OSH-1: the attack ignores overshields and goes straight to hit points. */
  readonly ignoresOvershield: boolean;
  readonly effects: readonly AttackEffect[];
}

/** The creature being hit: a plain JSON snapshot of the parts of its actor the rules read. */
export interface DamageTarget {
  readonly hp: number;
  readonly maxHp: number;
  /** DR-3 protects player characters only. */
  readonly playerCharacter: boolean;
  readonly dr: DrValues;
  readonly overshield: Overshield | null;
  /**
   * The hit points at or below which the creature dies, or null when hit points alone never kill it
   * (the ruleset or the GM decides). The adapter passes 0 for NPCs that die at 0.
   */
  readonly deathThreshold: number | null;
}

export interface DamageSettings {
  /** DR-2 *(setting)*. */
  readonly drMode: DrMode;
  /** DR-1: which kinds each DR reduces. */
  readonly kinds: DamageKindTable;
}

/** DR-1, DR-2: the defaults: DR per hit, the default damage-kind table. */
export const DEFAULT_DAMAGE_SETTINGS: DamageSettings = { drMode: "perHit", kinds: DEFAULT_DAMAGE_KINDS };

export interface DamageOutcome {
  readonly hp: number;
  /** The shield after the attack: null once broken; the very input object when untouched. */
  readonly overshield: Overshield | null;
  readonly unconscious: boolean;
  readonly dead: boolean;
  readonly hpLoss: number;
  readonly shieldLoss: number;
  /** True when this attack broke the overshield. */
  readonly shieldBroken: boolean;
  /** OSH-2: whether the attack's damaging status effects apply. */
  readonly statusEffectsApply: boolean;
  /** Ids of the attack's effects that apply (those that bypass an overshield always do). */
  readonly effectsApplied: readonly string[];
  /** What happened, in order, as localizable notes for the chat card. */
  readonly steps: readonly Message[];
}

type Packet = readonly (readonly [DrFamily, number])[];

const REDUCED_BY_CREATURE: Readonly<Record<DrFamily, I18nKey>> = {
  physical: "TEMPO.DAMAGE.Step.ReducedPhysical",
  elemental: "TEMPO.DAMAGE.Step.ReducedElemental",
  arcane: "TEMPO.DAMAGE.Step.ReducedArcane",
};

const REDUCED_BY_SHIELD: Readonly<Record<DrFamily, I18nKey>> = {
  physical: "TEMPO.DAMAGE.Step.ShieldReducedPhysical",
  elemental: "TEMPO.DAMAGE.Step.ShieldReducedElemental",
  arcane: "TEMPO.DAMAGE.Step.ShieldReducedArcane",
};

/** DR-3: the hit points and maximum every damage or healing target carries (`Damage.InvalidTarget` otherwise). */
export function validateHitPoints(target: { readonly hp: number; readonly maxHp: number }): Result<true> {
  if (typeof target !== "object" || target === null)
    return err("TEMPO.ERRORS.Damage.InvalidTarget", { field: "target" });
  if (!Number.isInteger(target.hp)) return err("TEMPO.ERRORS.Damage.InvalidTarget", { field: "hp" });
  if (!Number.isInteger(target.maxHp) || target.maxHp < 1)
    return err("TEMPO.ERRORS.Damage.InvalidTarget", { field: "maxHp" });
  return ok(true);
}

function validateTarget(target: DamageTarget): Result<DamageTarget> {
  const hitPoints = validateHitPoints(target);
  if (!hitPoints.ok) return hitPoints;
  if (typeof target.playerCharacter !== "boolean")
    return err("TEMPO.ERRORS.Damage.InvalidTarget", { field: "playerCharacter" });
  if (target.deathThreshold !== null && !Number.isInteger(target.deathThreshold)) {
    return err("TEMPO.ERRORS.Damage.InvalidTarget", { field: "deathThreshold" });
  }
  const dr = validateDr(target.dr);
  if (!dr.ok) return dr;
  if (target.overshield !== null) {
    const shield = validateOvershield(target.overshield);
    if (!shield.ok) return shield;
  }
  return ok(target);
}

/** The attack snapshot's shape: arrays of hits of parts, numbers, a flag and effects with ids. */
function validateAttack(attack: DamageAttack): Result<DamageAttack> {
  const bad = (field: string): Result<never> => err("TEMPO.ERRORS.Damage.InvalidAttack", { field });
  if (typeof attack !== "object" || attack === null) return bad("attack");
  if (!Array.isArray(attack.hits)) return bad("hits");
  for (const hit of attack.hits) {
    if (
      !Array.isArray(hit) ||
      !hit.every((part) => typeof part === "object" && part !== null && typeof part.kind === "string")
    )
      return bad("hits");
  }
  if (!Array.isArray(attack.multipliers)) return bad("multipliers");
  if (typeof attack.ignoresOvershield !== "boolean") return bad("ignoresOvershield");
  const effectOk = (e: AttackEffect): boolean =>
    typeof e === "object" && e !== null && typeof e.id === "string" && typeof e.bypassesOvershield === "boolean";
  if (!Array.isArray(attack.effects) || !attack.effects.every(effectOk)) return bad("effects");
  return ok(attack);
}

/** Groups each hit by DR family (first appearance first) and applies the SEG-15 multiplier per hit. */
function packets(attack: DamageAttack, settings: DamageSettings, multiplier: number): Result<Packet[]> {
  // Per hit each hit is a packet; per attack every hit adds into one (DR-2). SEG-15 then scales each
  // packet's total once, so per attack the multiplier meets the attack's summed damage.
  const sums: Map<DrFamily, number>[] = [];
  for (const hit of attack.hits) {
    const into = settings.drMode === "perAttack" && sums[0] !== undefined ? sums[0] : new Map<DrFamily, number>();
    if (into !== sums[0]) sums.push(into);
    for (const part of hit) {
      if (!Number.isInteger(part.amount) || part.amount < 0)
        return err("TEMPO.ERRORS.Damage.InvalidAmount", { amount: shown(part.amount) });
      const family = drFamilyOf(part.kind, settings.kinds);
      if (!family.ok) return family;
      into.set(family.value, (into.get(family.value) ?? 0) + part.amount);
    }
  }
  return ok(
    sums
      .filter((packet) => packet.size > 0)
      .map((packet) => [...packet].map(([family, amount]) => [family, Math.floor(amount * multiplier)] as const)),
  );
}

/**
 * The damage pipeline (DR-1, DR-2, DR-3, OSH-1, OSH-2, OSH-4, OSH-6, SEG-15). In order:
 * 1. DR-2: DR works per hit (each hit is a packet) or per attack (all hits summed into one packet).
 * 2. SEG-15: the highest multiplier scales each packet's damage of each DR family (fractions round down).
 * 3. OSH-1/OSH-4: while the overshield has hit points (and the attack does not ignore it), each
 *    packet is reduced by the *shield's* DR and absorbed; what is left when it breaks goes on to hit
 *    points, reduced there by the creature's DR. Later packets meet only the creature's DR.
 *    A shield without hit points (OSH-6) absorbs nothing but is still there.
 * 4. DR-3: a player character at full hit points that would drop below 0 is left at 0, unconscious.
 *    **Ruling:** hit points alone never kill it in that attack, also when they land exactly on a death
 *    threshold of 0; "full" means hit points at or above the maximum (overshields do not count).
 * 5. OSH-2: damaging status effects apply only when there was no overshield, the attack ignored it, or
 *    it broke; effects that bypass overshields always apply. **Ruling:** a shield without hit points
 *    (OSH-6) cannot be broken by damage, so it blocks them until its condition ends it.
 * SEG-15 **ruling:** the multiplier scales each packet's damage of each DR family, rounding down there:
 * per attack that is the attack's summed total (×0.5 on two hits of 3 gives 3); per hit, each hit's own
 * total (1 + 1), as DR-2 per hit treats every swing as its own damage.
 * Inside a hit, kinds are taken in the order they first appear, so the shield absorbs them in that order.
 */
export function applyDamage(
  target: DamageTarget,
  attack: DamageAttack,
  settings: DamageSettings = DEFAULT_DAMAGE_SETTINGS,
): Result<DamageOutcome> {
  const checked = validateTarget(target);
  if (!checked.ok) return checked;
  const shaped = validateAttack(attack);
  if (!shaped.ok) return shaped;
  if (!DR_MODES.includes(settings.drMode))
    return err("TEMPO.ERRORS.Damage.InvalidDrMode", { mode: shown(settings.drMode) });
  const multiplier = damageMultiplier(attack.multipliers);
  if (!multiplier.ok) return multiplier;
  const built = packets(attack, settings, multiplier.value);
  if (!built.ok) return built;

  const steps: Message[] = [];
  if (multiplier.value !== 1)
    steps.push({ key: "TEMPO.DAMAGE.Step.Multiplier", data: { multiplier: multiplier.value } });

  const shield = target.overshield !== null && target.overshield.hp === 0 ? null : target.overshield;
  if (shield !== null && attack.ignoresOvershield) steps.push({ key: "TEMPO.DAMAGE.Step.ShieldIgnored" });
  const absorbing = shield !== null && !attack.ignoresOvershield && shield.hp !== null ? shield : null;
  let shieldHp = absorbing?.hp ?? 0;
  let broken = false;
  let hpLoss = 0;

  const toHp = (family: DrFamily, amount: number): void => {
    const reduced = reduceByDr(amount, target.dr[family]);
    if (reduced < amount) {
      // Per-hit DR on eight swings reads as one line: consecutive reductions of one kind are summed.
      const key = REDUCED_BY_CREATURE[family];
      const last = steps.at(-1);
      const before = last?.key === key ? Number(last.data?.["amount"] ?? 0) : 0;
      if (before > 0) steps.pop();
      steps.push({ key, data: { amount: before + amount - reduced } });
    }
    hpLoss += reduced;
  };

  for (const packet of built.value) {
    for (const [family, amount] of packet) {
      if (absorbing === null || broken) {
        toHp(family, amount);
        continue;
      }
      const reduced = reduceByDr(amount, absorbing.dr[family]);
      if (reduced < amount) steps.push({ key: REDUCED_BY_SHIELD[family], data: { amount: amount - reduced } });
      const absorbed = Math.min(shieldHp, reduced);
      shieldHp -= absorbed;
      if (absorbed > 0)
        steps.push({ key: "TEMPO.DAMAGE.Step.ShieldAbsorbed", data: { amount: absorbed, left: shieldHp } });
      if (shieldHp === 0) {
        broken = true;
        steps.push({ key: "TEMPO.DAMAGE.Step.ShieldBroken" });
      }
      if (reduced > absorbed) toHp(family, reduced - absorbed);
    }
  }

  const raw = target.hp - hpLoss;
  if (hpLoss > 0) steps.push({ key: "TEMPO.DAMAGE.Step.HpLost", data: { amount: hpLoss, hp: raw } });
  // DR-3: one attack cannot kill a player character that was at full hit points.
  const fromFull = target.playerCharacter && target.hp >= target.maxHp;
  const spared = fromFull && raw < 0;
  const hp = spared ? 0 : raw;
  if (spared) steps.push({ key: "TEMPO.DAMAGE.Step.FullHealthProtection" });
  const dead = !fromFull && target.deathThreshold !== null && hp <= target.deathThreshold;
  const unconscious = !dead && hp <= 0;
  if (dead) steps.push({ key: "TEMPO.DAMAGE.Step.Dead" });
  else if (unconscious) steps.push({ key: "TEMPO.DAMAGE.Step.Unconscious" });

  const statusEffectsApply = shield === null || attack.ignoresOvershield || broken;
  const effectsApplied = attack.effects.filter((e) => statusEffectsApply || e.bypassesOvershield).map((e) => e.id);
  if (effectsApplied.length < attack.effects.length) {
    steps.push({
      key: "TEMPO.DAMAGE.Step.EffectsBlocked",
      data: { count: attack.effects.length - effectsApplied.length },
    });
  }

  let overshield: Overshield | null = shield;
  if (absorbing !== null)
    overshield = broken ? null : shieldHp === absorbing.hp ? absorbing : { ...absorbing, hp: shieldHp };
  const shieldLoss = absorbing === null ? 0 : (absorbing.hp ?? 0) - shieldHp;

  return ok({
    hp,
    overshield,
    unconscious,
    dead,
    hpLoss,
    shieldLoss,
    shieldBroken: broken,
    statusEffectsApply,
    effectsApplied,
    steps,
  });
}
