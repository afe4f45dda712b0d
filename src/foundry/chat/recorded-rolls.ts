/**
 * Rolls as a message keeps them, as the engine checks them (engine/trust/recorded-roll.ts): the
 * formula and every dice term's `faces` and `results` (API `foundry.dice.terms.DiceTerm`: `faces`,
 * `results: DiceTermResult[]`; `DiceTermResult`: `result`, and `active` "contributing to the total",
 * optional, so a result without it counts). Number and operator terms are left out: the formula the
 * rules name gives the numbers and the signs. Anything else in the JSON (a posted `total` included) is
 * not read.
 */
import type { RecordedDice, RecordedRoll } from "../../engine/index.ts";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

function diceOf(term: unknown): RecordedDice | null {
  if (!isObj(term) || typeof term.faces !== "number" || !Array.isArray(term.results)) return null;
  const results = term.results.filter(isObj).map((r) => ({ result: Number(r.result), active: r.active !== false }));
  return { faces: term.faces, results };
}

/** A roll's JSON (`Roll#toJSON()`, or the string a message stores) as the engine reads it; null when it is none. */
export function recordedRollOf(json: unknown): RecordedRoll | null {
  let data: unknown = json;
  if (typeof json === "string") {
    try {
      data = JSON.parse(json);
    } catch {
      return null;
    }
  }
  if (!isObj(data) || typeof data.formula !== "string" || !Array.isArray(data.terms)) return null;
  const dice = data.terms.map(diceOf).filter((d): d is RecordedDice => d !== null);
  return { formula: data.formula, dice };
}

/** The rolls a message carries, recorded (a roll that is not one reads as a roll of nothing). */
export function recordedRollsOf(message: ChatMessage.Implementation): RecordedRoll[] {
  return message.rolls.map((roll) => recordedRollOf(roll.toJSON()) ?? { formula: "", dice: [] });
}
