import { parseFormula, resolveKeepPool, type DiceRequest, type FormulaTerm, type KeepRule } from "../engine/index.ts";

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

  /**
   * Rolls a formula in the engine's dice syntax (parsed by the engine, kept by its keep rule) with a
   * seeded generator. A formula the engine cannot parse yields NaN, which the scheduler refuses as a
   * roll total, so the page shows the error instead of inventing a result.
   */
  #rollFormula(formula: string): number {
    const parsed = parseFormula(formula);
    if (!parsed.ok) return Number.NaN;
    return parsed.value.terms.reduce((sum, { sign, term }) => sum + sign * this.#rollTerm(term), 0);
  }

  #rollTerm(term: FormulaTerm): number {
    if (term.type === "constant") return term.value;
    if (term.type === "dice") {
      const sides = new Array<number>(term.count).fill(term.sides);
      return this.#keep(
        sides,
        sides.map((d) => this.#face(d)),
        term.keep,
      );
    }
    // A pool of single dice ({1d6,1d6,1d8}kh2) keeps whole dice; other pools never reach the preview.
    const single = term.members.every((m) => m.type === "dice" && m.count === 1 && m.keep === null);
    if (!single) return Number.NaN;
    const sides = term.members.map((m) => (m.type === "dice" ? m.sides : 0));
    return this.#keep(
      sides,
      sides.map((d) => this.#face(d)),
      term.keep,
    );
  }

  #keep(sides: readonly number[], faces: readonly number[], keep: KeepRule | null): number {
    if (keep === null) return faces.reduce((a, b) => a + b, 0);
    const kept = resolveKeepPool({ dice: sides, keep: keep.count, highest: keep.highest }, faces);
    return kept.ok ? kept.value.total : Number.NaN;
  }

  #face(sides: number): number {
    return 1 + Math.floor(this.#next() * sides);
  }

  #next(): number {
    this.#seed = (this.#seed + 0x6d2b79f5) >>> 0;
    let t = this.#seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
