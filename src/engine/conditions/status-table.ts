/**
 * The rules' eleven conditions (issue 10 item 3) as one table: each condition's id (the status id on
 * a token), its name as an i18n key, the rulesets whose rules name it, what it changes in the engine,
 * and which rulesets' schedulers set and clear it themselves (held-conditions.ts). The Foundry layer
 * registers one status effect per entry and reads them back from the token's actor.
 *
 * What sets each condition that no scheduler holds (`heldBy` empty, or a ruleset outside it):
 * - `unconscious`, `dying`: a damage card's Apply (damage-statuses.ts: a player character at 0, and
 *   below 0 also dying), else the GM by hand; in count rounds the token's `unconscious` becomes the
 *   scheduler's (host/status-toggles.ts);
 * - `concentrating`: casting a spell whose item has concentration (concentration-status.ts), cleared when
 *   the casting is lost, stopped or fails; the GM takes it off when a maintained effect ends;
 * - `slowed`, `hidden`, `flanked`, and `disengaged` in rotation: the GM (or a macro) by hand, from the
 *   token HUD; the engine reads them from the token when it computes (attack-conditions.ts).
 * Any condition toggled by hand that a scheduler keeps in its state becomes its command
 * (host/status-toggles.ts).
 *
 * Pure data: no Foundry, no sentences.
 */
import type { I18nKey } from "../core/result.ts";
import type { RulesetId } from "../initiative/contract.ts";

export type ConditionId =
  | "surprised"
  | "delayed"
  | "defending"
  | "disengaged"
  | "slowed"
  | "unconscious"
  | "dying"
  | "concentrating"
  | "hidden"
  | "casting"
  | "flanked"
  | "grappled"
  | "knockedDown";

/** In the order the token HUD lists them. */
export const CONDITION_IDS: readonly ConditionId[] = [
  "surprised",
  "delayed",
  "defending",
  "disengaged",
  "slowed",
  "unconscious",
  "dying",
  "concentrating",
  "hidden",
  "casting",
  "flanked",
  "grappled",
  "knockedDown",
];

/** What a condition changes in the engine (the rule it applies is in the entry's `rules`). */
export type ConditionEffect =
  /** CNT-4: no actions or reactions in the surprise round; SEG-16: no free or immediate attacks. */
  | "noSurpriseActions"
  /** STD delay, PHS-9, SEG-6/SEG-7: out of the order until it re-enters (segment: always LOW). */
  | "delayedTurn"
  /** PHS-10: attacks against it have 1 source of disadvantage. */
  | "attackedWithDisadvantage"
  /** PHS-11: its own attacks have 1 source of disadvantage. */
  | "attacksWithDisadvantage"
  /** PHS-6: its movement ends at once. */
  | "movementEnds"
  /** Cannot make opportunity attacks (it threatens no square, PHS-6, ROT-10). */
  | "threatensNothing"
  /** CNT-14: sits at count 20 and rolls death saving throws in the end step. */
  | "deathSaves"
  /**
   * SEG-10: damage, a failed save or being impeded ends it outright (no check is rolled). Named
   * `concentrationChecks` before session 15, when damage still called for a check; the id lives only in this
   * table (no document, flag or setting stores a condition effect), so nothing stored needs a migration.
   */
  | "endsOnDamageSaveOrImpeded"
  /** STL-3: creatures that have not seen it are attacked by it with advantage. */
  | "unseenAttacker"
  /** CNT-10, SEG-5: a spell in progress, lost when the caster is interrupted or spends its action. */
  | "spellInProgress"
  /** ATK-ROT-5: a second adjacent enemy: −2 Dodge and −2 Armor. */
  | "defenseLowered"
  /** ROT-8: cannot move and cannot avoid attacks (defends with Armor only) until it breaks free. */
  | "cannotAvoidAttacks"
  /** ROT-9: knocked down at the start of its turn; must spend an action to stand before it acts. */
  | "mustStand";

export interface ConditionSpec {
  readonly id: ConditionId;
  /** The status effect's name (the token HUD's tooltip). */
  readonly name: I18nKey;
  /** The RULES.md rules that name it. */
  readonly rules: readonly string[];
  /** The rulesets whose rules use it. */
  readonly rulesets: readonly RulesetId[];
  readonly effects: readonly ConditionEffect[];
  /** The rulesets whose scheduler sets and clears it on the tokens (held-conditions.ts). */
  readonly heldBy: readonly RulesetId[];
}

/** Each condition, keyed by id; names written out so the i18n audit finds every key. */
export const CONDITIONS: Readonly<Record<ConditionId, ConditionSpec>> = {
  surprised: {
    id: "surprised",
    name: "TEMPO.CONDITIONS.Status.surprised",
    rules: ["CNT-4", "SEG-16"],
    rulesets: ["count", "segment"],
    effects: ["noSurpriseActions", "threatensNothing"],
    heldBy: ["count", "segment"],
  },
  delayed: {
    id: "delayed",
    name: "TEMPO.CONDITIONS.Status.delayed",
    rules: ["PHS-9", "SEG-6", "SEG-7"],
    rulesets: ["standard", "phase", "segment"],
    effects: ["delayedTurn"],
    heldBy: ["standard", "phase", "segment"],
  },
  defending: {
    id: "defending",
    name: "TEMPO.CONDITIONS.Status.defending",
    rules: ["PHS-10"],
    rulesets: ["phase"],
    effects: ["attackedWithDisadvantage"],
    heldBy: ["phase"],
  },
  disengaged: {
    id: "disengaged",
    name: "TEMPO.CONDITIONS.Status.disengaged",
    rules: ["PHS-11", "ROT-11"],
    rulesets: ["phase", "rotation"],
    effects: ["attacksWithDisadvantage"],
    heldBy: ["phase"],
  },
  slowed: {
    id: "slowed",
    name: "TEMPO.CONDITIONS.Status.slowed",
    rules: ["PHS-6"],
    rulesets: ["phase"],
    effects: ["movementEnds"],
    heldBy: [],
  },
  unconscious: {
    id: "unconscious",
    name: "TEMPO.CONDITIONS.Status.unconscious",
    rules: ["CNT-14", "DR-3"],
    rulesets: ["count", "rotation"],
    effects: ["deathSaves", "threatensNothing"],
    heldBy: ["count"],
  },
  dying: {
    id: "dying",
    name: "TEMPO.CONDITIONS.Status.dying",
    rules: ["CNT-14"],
    rulesets: ["count"],
    effects: ["deathSaves", "threatensNothing"],
    heldBy: [],
  },
  concentrating: {
    id: "concentrating",
    name: "TEMPO.CONDITIONS.Status.concentrating",
    rules: ["SEG-10"],
    rulesets: ["segment"],
    effects: ["endsOnDamageSaveOrImpeded"],
    heldBy: [],
  },
  hidden: {
    id: "hidden",
    name: "TEMPO.CONDITIONS.Status.hidden",
    rules: ["STL-1", "STL-2", "STL-3"],
    rulesets: ["rotation"],
    effects: ["unseenAttacker"],
    heldBy: [],
  },
  casting: {
    id: "casting",
    name: "TEMPO.CONDITIONS.Status.casting",
    rules: ["CNT-10", "SEG-5", "SEG-10"],
    rulesets: ["count", "segment"],
    effects: ["spellInProgress"],
    heldBy: ["count", "segment"],
  },
  flanked: {
    id: "flanked",
    name: "TEMPO.CONDITIONS.Status.flanked",
    rules: ["ATK-ROT-5"],
    rulesets: ["rotation"],
    effects: ["defenseLowered"],
    heldBy: [],
  },
  // ROT-8: set by a won grapple (the sheet's Grapple, foundry/chat/rotation-contest.ts); the GM clears it
  // when the grappled creature wins its Vigor roll.
  grappled: {
    id: "grappled",
    name: "TEMPO.CONDITIONS.Status.grappled",
    rules: ["ROT-8"],
    rulesets: ["rotation"],
    effects: ["cannotAvoidAttacks"],
    heldBy: [],
  },
  // ROT-9: set by a won trip (the sheet's Trip); its Stand up (a Full action) is the creature's to spend.
  knockedDown: {
    id: "knockedDown",
    name: "TEMPO.CONDITIONS.Status.knockedDown",
    rules: ["ROT-9"],
    rulesets: ["rotation"],
    effects: ["mustStand"],
    heldBy: [],
  },
};

/** Core's defeated status id (`CONFIG.specialStatusEffects.DEFEATED` by default), which Tempo also reads and sets. */
export const DEFEATED_STATUS = "dead";

const IDS: ReadonlySet<string> = new Set(CONDITION_IDS);

export function isConditionId(value: unknown): value is ConditionId {
  return typeof value === "string" && IDS.has(value);
}

/** The conditions among a token's status ids (other statuses, such as core's "dead", are ignored). */
export function conditionsIn(statuses: Iterable<unknown>): ReadonlySet<ConditionId> {
  const out = new Set<ConditionId>();
  for (const status of statuses) if (isConditionId(status)) out.add(status);
  return out;
}

/** Whether a creature with these conditions has a condition with this effect. */
export function hasConditionEffect(conditions: ReadonlySet<ConditionId>, effect: ConditionEffect): boolean {
  for (const id of conditions) if (CONDITIONS[id].effects.includes(effect)) return true;
  return false;
}
