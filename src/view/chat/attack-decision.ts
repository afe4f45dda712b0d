/**
 * Which rule decided an attack, read from the engine's own outcome and notes (the engine already
 * applied the rules; this only names the one that settled hit or miss, for the card's sentence).
 */
import type { AttackOutcome, Message } from "../../engine/index.ts";

/** The rule that settled the attack (null: Tempo's d20 ruling, which has no ID) and the sentence saying so. */
export interface AttackDecision {
  readonly rule: string | null;
  readonly sentence: Message;
}

function noteData(outcome: AttackOutcome, key: string): Readonly<Record<string, string | number>> | null {
  const note = outcome.notes.find((n) => n.key === key);
  return note === undefined ? null : (note.data ?? {});
}

/** count/standard (the d20 ruling in d20-attack.ts): natural 1, natural 20 / critical range, or total against AC. */
export function d20Decision(outcome: AttackOutcome, armorClass: number, criticalFrom: number): AttackDecision {
  const data = { total: outcome.total, ac: armorClass, face: outcome.face, from: criticalFrom };
  if (outcome.face === 1) return { rule: null, sentence: { key: "TEMPO.CHAT.Attack.Rule.NaturalOneMisses", data } };
  if (outcome.face === 20) return { rule: null, sentence: { key: "TEMPO.CHAT.Attack.Rule.NaturalTwentyHits", data } };
  if (outcome.face >= criticalFrom)
    return { rule: null, sentence: { key: "TEMPO.CHAT.Attack.Rule.CriticalRange", data } };
  return {
    rule: null,
    sentence: { key: outcome.hit ? "TEMPO.CHAT.Attack.Rule.MeetsAc" : "TEMPO.CHAT.Attack.Rule.BelowAc", data },
  };
}

/** SEG-12: natural 1 and 20, the six-20s table, or the total against the AAC0 number. */
export function segmentDecision(outcome: AttackOutcome, aac0: number, armorClass: number): AttackDecision {
  const raw = aac0 - armorClass;
  const data = { total: outcome.total, needed: outcome.needed, aac0, ac: armorClass, raw };
  const rule = "SEG-12";
  if (outcome.face === 1) return { rule, sentence: { key: "TEMPO.CHAT.Attack.Rule.NaturalOneMisses", data } };
  if (outcome.face === 20 && outcome.total < outcome.needed)
    return { rule, sentence: { key: "TEMPO.CHAT.Attack.Rule.NaturalTwentyHits", data } };
  if (raw !== outcome.needed) {
    const key = outcome.hit ? "TEMPO.CHAT.Attack.Rule.SixTwentiesHit" : "TEMPO.CHAT.Attack.Rule.SixTwentiesMiss";
    return { rule, sentence: { key, data } };
  }
  const key = outcome.hit ? "TEMPO.CHAT.Attack.Rule.Aac0Hit" : "TEMPO.CHAT.Attack.Rule.Aac0Miss";
  return { rule, sentence: { key, data } };
}

/** ATK-ROT-2 ties, ATK-ROT-3 natural 20 as 25, ATK-ROT-5 flanking, else ATK-ROT-1 against the defence. */
export function rotationDecision(outcome: AttackOutcome): AttackDecision {
  const dodge = noteData(outcome, "TEMPO.ATTACK.Note.AgainstDodge");
  const armor = noteData(outcome, "TEMPO.ATTACK.Note.AgainstArmor");
  const defense = Number((dodge ?? armor ?? {}).value ?? outcome.needed);
  const flanked = noteData(outcome, "TEMPO.ATTACK.Note.Flanked");
  const penalty = Number(flanked?.penalty ?? 0);
  const data = { total: outcome.total, defense, penalty, enemies: Number(flanked?.enemies ?? 0) };
  const hitOrMiss = (hit: Message["key"], miss: Message["key"]): Message => ({ key: outcome.hit ? hit : miss, data });
  if (noteData(outcome, "TEMPO.ATTACK.Note.TieToPlayer") !== null)
    return { rule: "ATK-ROT-2", sentence: { key: "TEMPO.CHAT.Attack.Rule.TieToPlayer", data } };
  if (noteData(outcome, "TEMPO.ATTACK.Note.TieToDefender") !== null)
    return { rule: "ATK-ROT-2", sentence: { key: "TEMPO.CHAT.Attack.Rule.TieToDefender", data } };
  if (outcome.face === 20)
    return {
      rule: "ATK-ROT-3",
      sentence: hitOrMiss("TEMPO.CHAT.Attack.Rule.TwentyAs25Hit", "TEMPO.CHAT.Attack.Rule.TwentyAs25Miss"),
    };
  // Flanking decided it when the hit would have missed against the defence before the penalty.
  if (outcome.hit && penalty > 0 && outcome.total < outcome.needed + penalty)
    return { rule: "ATK-ROT-5", sentence: { key: "TEMPO.CHAT.Attack.Rule.Flanking", data } };
  return {
    rule: "ATK-ROT-1",
    sentence:
      armor !== null
        ? hitOrMiss("TEMPO.CHAT.Attack.Rule.BeatsArmor", "TEMPO.CHAT.Attack.Rule.ShortOfArmor")
        : hitOrMiss("TEMPO.CHAT.Attack.Rule.BeatsDodge", "TEMPO.CHAT.Attack.Rule.ShortOfDodge"),
  };
}

/** PHS-8 (with ADV-1 / ADV-2 when step dice were rolled): the total against DEF. */
export function phaseDecision(hit: boolean, total: number, def: number, net: number): AttackDecision {
  const rule = net > 0 ? "PHS-8, ADV-1" : net < 0 ? "PHS-8, ADV-2" : "PHS-8";
  const data = { total, def, sources: Math.abs(net) };
  return {
    rule,
    sentence: { key: hit ? "TEMPO.CHAT.Attack.Rule.ReachesDef" : "TEMPO.CHAT.Attack.Rule.ShortOfDef", data },
  };
}

/** The rulings whose sentence (or rule ID, for a tie or flanking) tells the target's defence. */
const NAMES_DEFENCE: ReadonlySet<string> = new Set([
  "TEMPO.CHAT.Attack.Rule.MeetsAc",
  "TEMPO.CHAT.Attack.Rule.BelowAc",
  "TEMPO.CHAT.Attack.Rule.Aac0Hit",
  "TEMPO.CHAT.Attack.Rule.Aac0Miss",
  "TEMPO.CHAT.Attack.Rule.SixTwentiesHit",
  "TEMPO.CHAT.Attack.Rule.SixTwentiesMiss",
  "TEMPO.CHAT.Attack.Rule.TieToPlayer",
  "TEMPO.CHAT.Attack.Rule.TieToDefender",
  "TEMPO.CHAT.Attack.Rule.TwentyAs25Hit",
  "TEMPO.CHAT.Attack.Rule.TwentyAs25Miss",
  "TEMPO.CHAT.Attack.Rule.Flanking",
  "TEMPO.CHAT.Attack.Rule.BeatsDodge",
  "TEMPO.CHAT.Attack.Rule.ShortOfDodge",
  "TEMPO.CHAT.Attack.Rule.BeatsArmor",
  "TEMPO.CHAT.Attack.Rule.ShortOfArmor",
  "TEMPO.CHAT.Attack.Rule.ReachesDef",
  "TEMPO.CHAT.Attack.Rule.ShortOfDef",
]);

/**
 * Issue 18: a viewer kept from the odds is kept from the defence too (the AC, AAC0 number, Dodge, Armor
 * or DEF the total was held against, and a tie or flanking rule that pins it down). Such a viewer reads
 * only the hit or miss; a natural 1 or 20 names no defence and stays as it is.
 */
export function decisionFor(
  decision: AttackDecision,
  hit: boolean,
  total: number,
  seesDefence: boolean,
): AttackDecision {
  if (seesDefence || !NAMES_DEFENCE.has(decision.sentence.key)) return decision;
  return {
    rule: null,
    sentence: {
      key: hit ? "TEMPO.CHAT.Attack.Rule.HiddenDefenceHit" : "TEMPO.CHAT.Attack.Rule.HiddenDefenceMiss",
      data: { total },
    },
  };
}

/** The engine's attack notes that tell the target's defence (issue 18). */
const DEFENCE_NOTES: ReadonlySet<string> = new Set([
  "TEMPO.ATTACK.Note.AgainstArmor",
  "TEMPO.ATTACK.Note.AgainstDodge",
  "TEMPO.ATTACK.Note.AttackTable",
  "TEMPO.ATTACK.Note.TieToDefender",
  "TEMPO.ATTACK.Note.TieToPlayer",
]);

/** The notes a viewer may read: without the defence ones for a viewer kept from the odds (issue 18). */
export function notesFor(notes: readonly Message[], seesDefence: boolean): readonly Message[] {
  return seesDefence ? notes : notes.filter((n) => !DEFENCE_NOTES.has(n.key));
}
