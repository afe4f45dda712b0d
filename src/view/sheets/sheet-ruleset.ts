/**
 * Which of a creature's statistics each ruleset's rules read, so a sheet shows what the world's ruleset
 * uses and nothing it ignores (issue 10 item 2). Every entry names the rule that reads the statistic.
 * Hit points, the overshield (OSH-1) and the three DR kinds (DR-1) are shown in every ruleset: the damage
 * pipeline is the same for all five.
 */
import type { AbilityId, Defenses, RulesetId } from "../../engine/index.ts";

export interface RulesetSheetSpec {
  readonly abilities: readonly AbilityId[];
  readonly defenses: readonly (keyof Defenses)[];
  /** ROT skills (STL-1, STL-2, ROT-8, ROT-9) and weapon skills (ATK-ROT-1). */
  readonly skills: boolean;
  /** AP-1: AP and swings per Full action. */
  readonly ap: boolean;
  /** ATK-ROT-4. */
  readonly criticalThreshold: boolean;
  /** SEG-12, SEG-13, SEG-14: level, hit dice, AAC0. */
  readonly hitDice: boolean;
  /** PHS-8. */
  readonly tier: boolean;
  /** PHS-8: the ATK the attack roll adds. */
  readonly atk: boolean;
  /** STD-8, PHS-5: speeds by movement mode. */
  readonly speeds: boolean;
  /** SEG-17: the Dexterity reaction adjustment. */
  readonly dexReaction: boolean;
  /** How a weapon is timed: CNT-7 delay, SEG-4 weapon speed, AP-1 swings, or not at all. */
  readonly weaponTiming: "delay" | "speed" | "swings" | null;
  /** How a spell is timed: CNT-8 delay (its slot level), SEG-5 casting time, or not at all. */
  readonly spellTiming: "delay" | "castingTime" | null;
  /** PHS-5, PHS-7: movement and battle powers. */
  readonly powers: boolean;
}

const NONE = {
  skills: false,
  ap: false,
  criticalThreshold: false,
  hitDice: false,
  tier: false,
  atk: false,
  speeds: false,
  dexReaction: false,
  weaponTiming: null,
  spellTiming: null,
  powers: false,
} as const;

export const RULESET_SHEETS: Readonly<Record<RulesetId, RulesetSheetSpec>> = {
  // CNT-1 (INT, DEX), FEAT-CHARGED (the primary weapon ability), CNT-7, CNT-8.
  count: { ...NONE, abilities: ["str", "dex", "int"], defenses: ["ac"], weaponTiming: "delay", spellTiming: "delay" },
  // STD-1 (DEX), STD-8.
  standard: { ...NONE, abilities: ["dex"], defenses: ["ac"], speeds: true },
  // PHS-2 (INT, AGI), PHS-8 (DEF, tier, ATK), PHS-5.
  phase: { ...NONE, abilities: ["int", "agi"], defenses: ["def"], tier: true, atk: true, speeds: true, powers: true },
  // SEG-12 (descending AC), SEG-13/14, SEG-17, SEG-4, SEG-5.
  segment: {
    ...NONE,
    abilities: ["str", "dex", "con", "int", "wis", "cha"],
    defenses: ["descendingAc"],
    hitDice: true,
    dexReaction: true,
    weaponTiming: "speed",
    spellTiming: "castingTime",
  },
  // ROT-1, ATK-ROT-1 (Dodge, Armor, weapon skills), ATK-ROT-4, AP-1.
  rotation: {
    ...NONE,
    abilities: [],
    defenses: ["dodge", "armor"],
    skills: true,
    ap: true,
    criticalThreshold: true,
    weaponTiming: "swings",
  },
};
