/**
 * Exact odds of a formula: its whole distribution, its range, and the chance to reach a target.
 *
 * NdX is repeated convolution (binary powering); keep-highest/lowest (dice or pools) uses the
 * order-statistics dynamic programme in `keep.ts`, which is exact for any pool size. Before any
 * work, the cost is estimated; a formula that would take too long (say 500d1000kh250) is refused
 * with `TEMPO.ERRORS.Dice.TooComplex` rather than freezing the table.
 */
import { shown } from "./checks.ts";
import { err, ok, type Result } from "../core/result.ts";
import type { Distribution } from "./distribution.ts";
import { add, constant, die, negate, probAtLeast, repeat } from "./distribution.ts";
import type { Formula, FormulaTerm, KeepRule, PoolMember } from "./formula.ts";
import { formatFormula, formatTerm } from "./formula-format.ts";
import { parseFormula } from "./formula-parse.ts";
import { checkFormula } from "./formula-validate.ts";
import { keepCost, keepDistribution, type KeepGroup } from "./keep.ts";

/** Work budget (inner-loop steps) for one formula: a few tens of milliseconds at worst. */
export const MAX_DICE_WORK = 50_000_000;

/** Identical pool members grouped together (same text ⇒ same distribution). */
function groupMembers(members: readonly PoolMember[]): { member: PoolMember; count: number }[] {
  const groups: { member: PoolMember; count: number; key: string }[] = [];
  for (const member of members) {
    const key = formatTerm(member);
    const found = groups.find((g) => g.key === key);
    if (found) found.count++;
    else groups.push({ member, count: 1, key });
  }
  return groups;
}

interface Costed {
  readonly dist: () => Distribution;
  readonly cost: number;
  readonly width: number;
}

function keepOf(groups: readonly KeepGroup[], keep: KeepRule | null, size: number): Costed {
  const rule = keep ?? { highest: true, count: size };
  const lo = Math.min(...groups.map((g) => g.dist.min));
  const hi = Math.max(...groups.map((g) => g.dist.min + g.dist.probs.length - 1));
  return {
    dist: () => keepDistribution(groups, rule.count, rule.highest),
    cost: keepCost(groups, rule.count),
    width: Math.min(rule.count, size) * (hi - lo) + 1,
  };
}

/** A plan for one term: how wide its distribution is and how much work building it takes. */
function plan(term: FormulaTerm): Costed {
  switch (term.type) {
    case "constant":
      return { dist: () => constant(term.value), cost: 1, width: 1 };
    case "dice": {
      if (term.keep === null || term.keep.count >= term.count) {
        const width = term.count * (term.sides - 1) + 1;
        return { dist: () => repeat(die(term.sides), term.count), cost: width * width, width };
      }
      return keepOf([{ dist: die(term.sides), count: term.count }], term.keep, term.count);
    }
    case "pool": {
      const planned = groupMembers(term.members).map((g) => ({ plan: plan(g.member), count: g.count }));
      const inner = planned.reduce((n, g) => n + g.plan.cost, 0);
      // Member distributions are cheap next to the keep step; build them once, lazily.
      let groups: KeepGroup[] | null = null;
      const build = (): KeepGroup[] => (groups ??= planned.map((g) => ({ dist: g.plan.dist(), count: g.count })));
      const size = term.members.length;
      const rule = term.keep ?? { highest: true, count: size };
      const widest = planned.reduce((w, g) => Math.max(w, g.plan.width), 1);
      const states = planned.reduce((n, g) => n * (g.count + 1), 1);
      const kept = Math.min(rule.count, size);
      const cost = inner + widest * states * states * (kept * widest + 1);
      return {
        dist: () => {
          const built = build();
          return keepOf(built, term.keep, size).dist();
        },
        cost,
        width: kept * widest,
      };
    }
  }
}

function distributionOf(f: Formula, text: string): Result<Distribution> {
  const plans = f.terms.map(({ sign, term }) => ({ sign, plan: plan(term) }));
  let work = 0;
  let width = 1;
  for (const { plan: p } of plans) {
    work += p.cost + width * p.width;
    width += p.width - 1;
  }
  if (!(work <= MAX_DICE_WORK)) return err("TEMPO.ERRORS.Dice.TooComplex", { formula: text });
  let d = constant(0);
  for (const { sign, plan: p } of plans) {
    const part = p.dist();
    d = add(d, sign < 0 ? negate(part) : part);
  }
  return ok(d);
}

function toFormula(f: Formula | string): Result<{ formula: Formula; text: string }> {
  if (typeof f === "string") {
    const parsed = parseFormula(f);
    return parsed.ok ? ok({ formula: parsed.value, text: f }) : parsed;
  }
  const valid = checkFormula(f);
  return valid.ok ? ok({ formula: valid.value, text: formatFormula(valid.value) }) : valid;
}

/** The exact distribution of a formula's total (text is parsed first). */
export function formulaDistribution(f: Formula | string): Result<Distribution> {
  const r = toFormula(f);
  return r.ok ? distributionOf(r.value.formula, r.value.text) : r;
}

/** P(total >= target), exactly; a NaN target is a typed error (±Infinity gives 0 or 1). */
export function chanceAtLeast(f: Formula | string, target: number): Result<number> {
  if (typeof target !== "number" || Number.isNaN(target))
    return err("TEMPO.ERRORS.Dice.TargetInvalid", { value: shown(target) });
  const d = formulaDistribution(f);
  return d.ok ? ok(probAtLeast(d.value, target)) : d;
}

/** [lowest, highest] total of a term, without building its distribution. */
function termRange(term: FormulaTerm): readonly [number, number] {
  switch (term.type) {
    case "constant":
      return [term.value, term.value];
    case "dice": {
      const n = term.keep === null ? term.count : Math.min(term.keep.count, term.count);
      return [n, n * term.sides];
    }
    case "pool": {
      const ranges = term.members.map(termRange);
      const n = term.keep === null ? ranges.length : Math.min(term.keep.count, ranges.length);
      // All members at their lowest (highest): the kept ones are the n best (worst) of those.
      const pick = (values: number[]): number => {
        const sorted = values.sort((a, b) => (term.keep === null || term.keep.highest ? b - a : a - b));
        return sorted.slice(0, n).reduce((s, v) => s + v, 0);
      };
      return [pick(ranges.map((r) => r[0])), pick(ranges.map((r) => r[1]))];
    }
  }
}

/** [lowest, highest] total of a checked formula: a subtracted term adds its negated range. */
function rangeOf(f: Formula | string): Result<readonly [number, number]> {
  const r = toFormula(f);
  if (!r.ok) return r;
  let lo = 0;
  let hi = 0;
  for (const { sign, term } of r.value.formula.terms) {
    const [tlo, thi] = termRange(term);
    lo += sign < 0 ? -thi : tlo;
    hi += sign < 0 ? -tlo : thi;
  }
  return ok([lo, hi]);
}

/** The lowest possible total of a formula (text is parsed, a stored formula checked, first). */
export function formulaMin(f: Formula | string): Result<number> {
  const r = rangeOf(f);
  return r.ok ? ok(r.value[0]) : r;
}

/** The highest possible total of a formula (text is parsed, a stored formula checked, first). */
export function formulaMax(f: Formula | string): Result<number> {
  const r = rangeOf(f);
  return r.ok ? ok(r.value[1]) : r;
}
