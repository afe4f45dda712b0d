import { err, ok, type I18nKey, type Result } from "../core/result.ts";

/** DR-1: the three kinds of damage reduction. */
export type DrFamily = "physical" | "elemental" | "arcane";

/** DR-1: the three DR families, in sheet order. */
export const DR_FAMILIES: readonly DrFamily[] = ["physical", "elemental", "arcane"];

/** DR-1: the label of each DR family. */
export const DR_FAMILY_LABELS: Readonly<Record<DrFamily, I18nKey>> = {
  physical: "TEMPO.DAMAGE.Family.physical",
  elemental: "TEMPO.DAMAGE.Family.elemental",
  arcane: "TEMPO.DAMAGE.Family.arcane",
};

/** Which damage kinds each DR family reduces. Plain data, so a world can extend it. */
export type DamageKindTable = Readonly<Record<DrFamily, readonly string[]>>;

/**
 * DR-1 as the texts list them: DR covers physical ("Damage"), bleed and non-lethal damage; Elemental
 * DR fire, ice, acid; Arcane DR dissonance, blight, solar. Both "etc." lists end there in the source,
 * so more kinds come from a world's own table rather than guesses here. **Ruling:** bludgeoning,
 * piercing and slashing (the count ruleset's weapon damage, seeds/000) count as physical.
 */
export const DEFAULT_DAMAGE_KINDS: DamageKindTable = {
  physical: ["physical", "bleed", "nonlethal", "bludgeoning", "piercing", "slashing"],
  elemental: ["fire", "ice", "acid"],
  arcane: ["dissonance", "blight", "solar"],
};

/** DR-1: every default damage kind, family by family (the choices of an item's `damageKind`). */
export const DAMAGE_KINDS: readonly string[] = DR_FAMILIES.flatMap((family) => DEFAULT_DAMAGE_KINDS[family]);

/** DR-1: labels of the default damage kinds, for sheets and chat cards. */
export const DAMAGE_KIND_LABELS: Readonly<Record<string, I18nKey>> = {
  physical: "TEMPO.DAMAGE.Kind.physical",
  bleed: "TEMPO.DAMAGE.Kind.bleed",
  nonlethal: "TEMPO.DAMAGE.Kind.nonlethal",
  bludgeoning: "TEMPO.DAMAGE.Kind.bludgeoning",
  piercing: "TEMPO.DAMAGE.Kind.piercing",
  slashing: "TEMPO.DAMAGE.Kind.slashing",
  fire: "TEMPO.DAMAGE.Kind.fire",
  ice: "TEMPO.DAMAGE.Kind.ice",
  acid: "TEMPO.DAMAGE.Kind.acid",
  dissonance: "TEMPO.DAMAGE.Kind.dissonance",
  blight: "TEMPO.DAMAGE.Kind.blight",
  solar: "TEMPO.DAMAGE.Kind.solar",
};

/** DR-1: the DR family that reduces a damage kind. An unknown kind is a typed error. */
export function drFamilyOf(kind: string, table: DamageKindTable = DEFAULT_DAMAGE_KINDS): Result<DrFamily> {
  for (const family of DR_FAMILIES) {
    const kinds: unknown = table[family];
    if (Array.isArray(kinds) && kinds.includes(kind)) return ok(family);
  }
  return err("TEMPO.ERRORS.Damage.UnknownKind", { kind });
}
