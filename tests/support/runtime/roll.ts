/**
 * Core's `Roll` for the formulas Tempo rolls: dice terms `NdX` (with `khN`/`klN` keep), numbers, `+`
 * and `-`. `evaluate()` rolls each die (seeded), or takes the next scripted total when a test
 * scripted one (then the dice are chosen to make that total where the formula allows: `fitDice`). `total`,
 * `dice` (each term's `results`) and `toJSON()` are what systems read (dnd5e, Draw Steel).
 */
export interface DieResult {
  readonly result: number;
  readonly active: boolean;
}
interface DiceTerm {
  readonly number: number;
  readonly faces: number;
  readonly sign: 1 | -1;
  readonly keep: { readonly highest: boolean; readonly count: number } | null;
  results: DieResult[];
  /**
   * Core's `DiceTerm#options`, kept in the roll's JSON: Dice So Nice reads a term's throw from
   * `diceTerm.options.rollOrder` (its module/main.js and module/Dice3D.js, `renderRolls`).
   */
  options: Record<string, unknown>;
}

export interface RollSource {
  /** The next scripted total, or undefined. */
  scripted(): number | undefined;
  random(): number;
}

const TERM = /([+-]?)\s*(?:(\d*)d(\d+)(?:(kh|kl)(\d+))?|(\d+))/gy;

export function parseFormula(formula: string): { dice: DiceTerm[]; constant: number } | null {
  const text = formula.replace(/\s+/g, "");
  const dice: DiceTerm[] = [];
  let constant = 0;
  TERM.lastIndex = 0;
  let index = 0;
  while (index < text.length) {
    TERM.lastIndex = index;
    const m = TERM.exec(text);
    if (m === null || m.index !== index) return null;
    const sign = m[1] === "-" ? -1 : 1;
    if (m[6] !== undefined) constant += sign * Number(m[6]);
    else
      dice.push({
        number: m[2] === undefined || m[2] === "" ? 1 : Number(m[2]),
        faces: Number(m[3]),
        sign,
        keep: m[4] === undefined ? null : { highest: m[4] === "kh", count: Number(m[5]) },
        results: [],
        options: {},
      });
    index = TERM.lastIndex;
  }
  return { dice, constant };
}

function termTotal(term: DiceTerm): number {
  return term.sign * term.results.filter((r) => r.active).reduce((s, r) => s + r.result, 0);
}

/**
 * A scripted total's dice: added dice with no keep rule get faces that sum to `wanted` (lowest first
 * filled up), so a roll's recorded dice add up to its total as a real roll's do. A total the dice
 * cannot make (or a keep rule, a subtracted die) leaves the random dice: the total alone is scripted.
 */
function fitDice(terms: DiceTerm[], wanted: number): void {
  if (terms.some((t) => t.keep !== null || t.sign !== 1)) return;
  const count = terms.reduce((n, t) => n + t.number, 0);
  const most = terms.reduce((n, t) => n + t.number * t.faces, 0);
  if (wanted < count || wanted > most) return;
  let left = wanted - count;
  for (const term of terms)
    term.results = Array.from({ length: term.number }, () => {
      const extra = Math.min(left, term.faces - 1);
      left -= extra;
      return { result: 1 + extra, active: true };
    });
}

export function makeRollClass(source: RollSource) {
  return class Roll {
    total: number | null = null;
    _evaluated = false;
    readonly terms: DiceTerm[];
    readonly constant: number;
    constructor(
      readonly formula: string,
      readonly data: object = {},
      readonly options: object = {},
    ) {
      const parsed = parseFormula(formula);
      if (parsed === null) throw new Error(`Roll: cannot parse ${formula}`);
      this.terms = parsed.dice;
      this.constant = parsed.constant;
    }
    get dice(): readonly DiceTerm[] {
      return this.terms;
    }
    async evaluate(): Promise<this> {
      for (const term of this.terms) {
        const results = Array.from({ length: term.number }, () => 1 + Math.floor(source.random() * term.faces));
        const kept = new Set(
          term.keep === null
            ? results.map((_, i) => i)
            : results
                .map((r, i) => ({ r, i }))
                .sort((a, b) => (term.keep?.highest === true ? b.r - a.r : a.r - b.r))
                .slice(0, term.keep.count)
                .map((x) => x.i),
        );
        term.results = results.map((result, i) => ({ result, active: kept.has(i) }));
      }
      const scripted = source.scripted();
      if (scripted !== undefined) fitDice(this.terms, scripted - this.constant);
      this.total = this.terms.reduce((s, t) => s + termTotal(t), this.constant);
      if (scripted !== undefined) this.total = scripted;
      this._evaluated = true;
      return this;
    }
    toJSON(): object {
      return { class: "Roll", formula: this.formula, total: this.total, evaluated: this._evaluated, terms: this.terms };
    }
    /** Core's `Roll.fromData(json)`: the roll a message's stored JSON describes (chat.ts). */
    static fromData(data: {
      formula: string;
      total?: number | null;
      evaluated?: boolean;
      terms?: readonly DiceTerm[];
    }): Roll {
      const roll = new Roll(data.formula);
      roll.total = data.total ?? null;
      roll._evaluated = data.evaluated === true;
      (data.terms ?? []).forEach((term, i) => {
        const own = roll.terms[i];
        if (own === undefined) return;
        own.results = term.results.map((r) => ({ ...r }));
        own.options = { ...term.options };
      });
      return roll;
    }
  };
}
