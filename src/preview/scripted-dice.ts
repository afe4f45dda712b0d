import type { DiceRequest } from "../engine/index.ts";

/**
 * The preview's dice: scripted totals per combatant (so the sample encounter always plays the same
 * way and the browser test can check its order by hand), then a seeded generator. The engine never
 * rolls; this is the preview's stand-in for Foundry's `Roll`.
 */
export class ScriptedDice {
  readonly #script: Map<string, number[]>;
  #seed: number;

  constructor(script: Readonly<Record<string, readonly number[]>>, seed: number) {
    this.#script = new Map(Object.entries(script).map(([id, totals]) => [id, [...totals]]));
    this.#seed = seed >>> 0;
  }

  roll(request: DiceRequest): number {
    const scripted = request.combatantId === null ? undefined : this.#script.get(request.combatantId)?.shift();
    return scripted ?? this.#rollFormula(request.formula);
  }

  /** Rolls "NdX", "NdX + k" or "NdX - k" with a seeded generator (mulberry32). */
  #rollFormula(formula: string): number {
    const match = /^\s*(\d+)d(\d+)\s*(?:([+-])\s*(\d+))?\s*$/.exec(formula);
    if (match === null) return 0;
    const [, count = "1", sides = "20", sign = "+", flat = "0"] = match;
    let total = 0;
    for (let i = 0; i < Number(count); i++) total += 1 + Math.floor(this.#next() * Number(sides));
    return total + (sign === "-" ? -Number(flat) : Number(flat));
  }

  #next(): number {
    this.#seed = (this.#seed + 0x6d2b79f5) >>> 0;
    let t = this.#seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
