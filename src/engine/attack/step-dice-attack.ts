/**
 * PHS-8 attacks of the phase ruleset: 2d6 + ATK against the target's DEF, with step dice
 * (ADV-1, ADV-2) for the net sources of advantage (ADV-3).
 *
 * Sources: each tier the attacker is above the target is 1 source of advantage, each tier below
 * 1 source of disadvantage; other rules add theirs through `extra` (PHS-4 a seizer grants 1
 * advantage to attacks against it, PHS-10 Defend gives 1 disadvantage to attacks against the
 * defender, PHS-11 Disengage gives 1 disadvantage to the disengager's own attacks).
 */
import { err, ok, type Result } from "../core/result.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { snapshotInvalid } from "./d20-roll.ts";
import { probAtLeast, shift, type Distribution } from "../dice/distribution.ts";
import { constantTerm, type SignedTerm } from "../dice/formula.ts";
import { formatFormula } from "../dice/formula-format.ts";
import { resolveKeepPool } from "../dice/keep-resolve.ts";
import type { KeepPool } from "../dice/keep-pool.ts";
import { netAdvantage, stepDiceDistribution, stepDicePool, stepDiceTerm } from "../dice/step-dice.ts";

/** Sources of advantage and disadvantage on one attack, and their net (ADV-3). */
export interface PhaseAttackSources {
  readonly advantage: number;
  readonly disadvantage: number;
  readonly net: number;
}

/** Sources from other rules (seizer, Defend, Disengage, powers…). */
export interface ExtraSources {
  readonly advantage: number;
  readonly disadvantage: number;
}

const NO_EXTRA: ExtraSources = { advantage: 0, disadvantage: 0 };

/** PHS-8: the sources of an attack from the tiers of attacker and target plus any other sources. */
export function phaseAttackSources(
  attackerTier: number,
  targetTier: number,
  extra: ExtraSources = NO_EXTRA,
): Result<PhaseAttackSources> {
  if (!isRecord(extra)) return snapshotInvalid("extra");
  for (const tier of [attackerTier, targetTier])
    if (!isWhole(tier) || tier < 0) return err("TEMPO.ERRORS.Dice.TierInvalid", { value: shown(tier) });
  const extraNet = netAdvantage(extra.advantage, extra.disadvantage);
  if (!extraNet.ok) return extraNet;
  const gap = attackerTier - targetTier;
  const advantage = Math.max(0, gap) + extra.advantage;
  const disadvantage = Math.max(0, -gap) + extra.disadvantage;
  const net = netAdvantage(advantage, disadvantage);
  return net.ok ? ok({ advantage, disadvantage, net: net.value }) : net;
}

export interface PhaseAttackInput {
  readonly atk: number;
  readonly def: number;
  readonly advantage: number;
  readonly disadvantage: number;
}

export interface PhaseAttackOdds {
  /** Exact chance that 2d6 (step dice) + ATK is at least DEF. */
  readonly chance: number;
  /** Foundry Roll formula to roll, e.g. "{1d6,1d6,1d8}kh2 + 3". */
  readonly formula: string;
  /** Net sources: positive advantage, negative disadvantage. */
  readonly net: number;
  /** The dice to roll and how many to keep (pass it back to `resolvePhaseAttack`). */
  readonly pool: KeepPool;
  /** Exact distribution of the attack total (dice + ATK). */
  readonly totals: Distribution;
}

function checkAttack(atk: number, def: number): Result<true> {
  if (!isWhole(atk)) return err("TEMPO.ERRORS.Dice.AttackInvalid", { value: shown(atk) });
  if (!isWhole(def)) return err("TEMPO.ERRORS.Dice.DefenseInvalid", { value: shown(def) });
  return ok(true);
}

/** The Foundry formula of the step dice plus a flat ATK: "2d6 + 3", "3d6kh2 - 1". */
function attackFormula(net: number, atk: number): string {
  const terms: SignedTerm[] = [{ sign: 1, term: stepDiceTerm(net) }];
  if (atk !== 0) terms.push({ sign: atk < 0 ? -1 : 1, term: constantTerm(Math.abs(atk)) });
  return formatFormula({ terms });
}

/** PHS-8 with ADV-1..3: exact odds, formula and pool of an attack. */
export function phaseAttackOdds(input: PhaseAttackInput): Result<PhaseAttackOdds> {
  if (!isRecord(input)) return snapshotInvalid("snapshot");
  const checked = checkAttack(input.atk, input.def);
  if (!checked.ok) return checked;
  const sources = netAdvantage(input.advantage, input.disadvantage);
  if (!sources.ok) return sources;
  const net = sources.value;
  const totals = shift(stepDiceDistribution(net), input.atk);
  return ok({
    chance: probAtLeast(totals, input.def),
    formula: attackFormula(net, input.atk),
    net,
    pool: stepDicePool(net),
    totals,
  });
}

export interface PhaseAttackRoll {
  readonly atk: number;
  readonly def: number;
  /** The rolled faces, in the order of `pool.dice`. */
  readonly dice: readonly number[];
  readonly pool: KeepPool;
}

export interface PhaseAttackResult {
  readonly total: number;
  readonly hit: boolean;
  /** Indices (into `dice`) of the kept dice. */
  readonly kept: readonly number[];
}

/** PHS-8: keeps the right dice of a rolled pool, adds ATK and compares with DEF. */
export function resolvePhaseAttack(roll: PhaseAttackRoll): Result<PhaseAttackResult> {
  if (!isRecord(roll)) return snapshotInvalid("snapshot");
  const checked = checkAttack(roll.atk, roll.def);
  if (!checked.ok) return checked;
  const kept = resolveKeepPool(roll.pool, roll.dice);
  if (!kept.ok) return kept;
  const total = kept.value.total + roll.atk;
  return ok({ total, hit: total >= roll.def, kept: kept.value.kept });
}
