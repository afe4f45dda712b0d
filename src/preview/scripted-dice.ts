import { parseFormula, resolveKeepPool, type DiceRequest, type FormulaTerm, type KeepRule } from "../engine/index.ts";

/**
 * The preview's dice: scripted die faces per combatant (so the sample encounter always plays the same
 * way and the browser test can check its order by hand), then a seeded generator. Either way the
 * request's whole formula is rolled and its total returned, as Foundry's `Roll` would: a scripted 12 on
 * "1d20 - 3" gives 9. The engine never rolls; this is the preview's stand-in for `Roll`.
 */
export class ScriptedDice {
  readonly #script: Map<string, number[]>;
  #seed: number;

  constructor(script: Readonly<Record<string, readonly number[]>>, seed: number) {
    this.#script = new Map(Object.entries(script).map(([id, faces]) => [id, [...faces]]));
    this.#seed = seed >>> 0;
  }

  /**
   * The total of the request's formula; its dice show the next scripted faces of the combatant, or of the
   * group for a roll that is nobody's own (a segment group's d6), if any.
   */
  roll(request: DiceRequest): number {
    const roller = request.combatantId ?? request.groupId;
    const script = roller === null ? undefined : this.#script.get(roller);
    return this.#rollFormula(request.formula, script ?? []);
  }

  /**
   * Rolls a formula in the engine's dice syntax (parsed by the engine, kept by its keep rule): each die
   * takes the next scripted face, then the seeded generator's. A formula the engine cannot parse yields
   * NaN, which the scheduler refuses as a roll total, so the page shows the error instead of inventing a
   * result.
   */
  #rollFormula(formula: string, script: number[]): number {
    const parsed = parseFormula(formula);
    if (!parsed.ok) return Number.NaN;
    return parsed.value.terms.reduce((sum, { sign, term }) => sum + sign * this.#rollTerm(term, script), 0);
  }

  #rollTerm(term: FormulaTerm, script: number[]): number {
    if (term.type === "constant") return term.value;
    if (term.type === "dice") {
      const sides = new Array<number>(term.count).fill(term.sides);
      return this.#keep(
        sides,
        sides.map((d) => script.shift() ?? this.#face(d)),
        term.keep,
      );
    }
    // A pool of single dice ({1d6,1d6,1d8}kh2) keeps whole dice; other pools never reach the preview.
    const single = term.members.every((m) => m.type === "dice" && m.count === 1 && m.keep === null);
    if (!single) return Number.NaN;
    const sides = term.members.map((m) => (m.type === "dice" ? m.sides : 0));
    return this.#keep(
      sides,
      sides.map((d) => script.shift() ?? this.#face(d)),
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
