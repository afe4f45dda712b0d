/**
 * The attack card (issue 11): the roll, the target, hit or miss with the rule that decided it, the
 * engine's notes, and the exact chance to hit before the roll — from the engine's odds function for
 * the same snapshot, never sampled. The input is plain JSON: the ChatMessage `attack` model stores it.
 */
import {
  isMessage,
  d20AttackOdds,
  phaseAttackOdds,
  resolveD20Attack,
  resolvePhaseAttack,
  resolveRotationAttack,
  resolveSegmentAttack,
  rotationAttackOdds,
  segmentAttackOdds,
  type AttackOutcome,
  type AttackResolution,
  type Message,
  type Result,
} from "../../engine/index.ts";
import {
  d20Decision,
  decisionFor,
  notesFor,
  phaseDecision,
  rotationDecision,
  segmentDecision,
  type AttackDecision,
} from "./attack-decision.ts";
import { percentText, verdict, type CardOdds, type CardVerdict, type CardViewer } from "./card-common.ts";

/** The attack as each ruleset resolves it (the engine's type, engine/trust/attack-verdict.ts). */
export type { AttackResolution };

export interface AttackCardInput {
  readonly attacker: string;
  readonly target: string;
  readonly weapon: string | null;
  readonly resolution: AttackResolution;
  /** Issue 19, ATK-ROT-4: who attacked with what, against whom (UUIDs, written by the attack flow). */
  readonly attackerUuid?: string;
  readonly itemUuid?: string;
  readonly targetUuid?: string;
  /** Issue 19: what the attack dialog chose (charge, hands, cleave, swings, flankers, modifier), as notes. */
  readonly choices?: readonly Message[];
}

export interface AttackCardContext {
  readonly attacker: string;
  readonly target: string;
  readonly weapon: string | null;
  /** Every die rolled, and the total the rules read. */
  readonly dice: readonly { readonly face: number; readonly kept: boolean }[];
  readonly total: number | null;
  readonly verdict: CardVerdict | null;
  readonly critical: boolean;
  readonly decision: AttackDecision | null;
  readonly notes: readonly Message[];
  /** Null when the viewer may not see odds (setting `tempo.odds`). */
  readonly odds: readonly CardOdds[] | null;
  /** Stored data the engine refused: the card says why and shows no outcome. */
  readonly error: Message | null;
}

interface Resolved {
  readonly outcome: { readonly hit: boolean; readonly critical: boolean; readonly total: number };
  readonly dice: AttackCardContext["dice"];
  readonly decision: AttackDecision;
  readonly notes: readonly Message[];
  readonly hit: number;
  readonly criticalChance: number;
}

function keptDice(faces: readonly number[], kept: number): AttackCardContext["dice"] {
  let marked = false;
  return faces.map((face) => {
    const isKept = !marked && face === kept;
    if (isKept) marked = true;
    return { face, kept: isKept };
  });
}

function fromD20(
  outcome: Result<AttackOutcome>,
  odds: Result<{ hit: number; critical: number }>,
  faces: readonly number[],
  decide: (o: AttackOutcome) => AttackDecision,
): Result<Resolved> {
  if (!outcome.ok) return outcome;
  if (!odds.ok) return odds;
  const o = outcome.value;
  return {
    ok: true,
    value: {
      outcome: o,
      dice: keptDice(faces, o.face),
      decision: decide(o),
      notes: o.notes,
      hit: odds.value.hit,
      criticalChance: odds.value.critical,
    },
  };
}

function resolve(r: AttackResolution): Result<Resolved> {
  switch (r.scheme) {
    case "d20":
      return fromD20(resolveD20Attack(r.faces, r.snapshot), d20AttackOdds(r.snapshot), r.faces, (o) =>
        d20Decision(o, r.snapshot.armorClass, r.snapshot.criticalFrom),
      );
    case "segment":
      return fromD20(resolveSegmentAttack(r.faces, r.snapshot), segmentAttackOdds(r.snapshot), r.faces, (o) =>
        segmentDecision(o, r.snapshot.aac0, r.snapshot.armorClass),
      );
    case "rotation":
      return fromD20(resolveRotationAttack(r.faces, r.snapshot), rotationAttackOdds(r.snapshot), r.faces, (o) =>
        rotationDecision(o),
      );
    case "phase": {
      const odds = phaseAttackOdds(r.input);
      if (!odds.ok) return odds;
      const rolled = resolvePhaseAttack({ atk: r.input.atk, def: r.input.def, dice: r.dice, pool: odds.value.pool });
      if (!rolled.ok) return rolled;
      const { hit, total, kept } = rolled.value;
      const notes: Message[] = [{ key: "TEMPO.CHAT.Attack.StepDice", data: { formula: odds.value.formula } }];
      return {
        ok: true,
        value: {
          outcome: { hit, critical: false, total },
          dice: r.dice.map((face, i) => ({ face, kept: kept.includes(i) })),
          decision: phaseDecision(hit, total, r.input.def, odds.value.net),
          notes,
          hit: odds.value.chance,
          criticalChance: 0,
        },
      };
    }
    default:
      return { ok: false, error: { key: "TEMPO.CHAT.Errors.UnknownAttack" } };
  }
}

/** Issue 19: the exact odds of an attack before it is rolled (the faces are not read), as its card will show them. */
export function resolutionOdds(r: AttackResolution): Result<{ readonly hit: number; readonly critical: number }> {
  switch (r.scheme) {
    case "d20":
      return d20AttackOdds(r.snapshot);
    case "segment":
      return segmentAttackOdds(r.snapshot);
    case "rotation":
      return rotationAttackOdds(r.snapshot);
    case "phase": {
      const odds = phaseAttackOdds(r.input);
      return odds.ok ? { ok: true, value: { hit: odds.value.chance, critical: 0 } } : odds;
    }
  }
}

function oddsLines(resolved: Resolved): CardOdds[] {
  const lines: CardOdds[] = [
    { label: { key: "TEMPO.CHAT.Odds.Hit", data: { percent: percentText(resolved.hit) } }, exact: resolved.hit },
  ];
  if (resolved.criticalChance > 0)
    lines.push({
      label: { key: "TEMPO.CHAT.Odds.Critical", data: { percent: percentText(resolved.criticalChance) } },
      exact: resolved.criticalChance,
    });
  return lines;
}

/** Builds the attack card's context for one viewer. */
export function buildAttackCard(input: AttackCardInput, viewer: CardViewer): AttackCardContext {
  const base = { attacker: input.attacker, target: input.target, weapon: input.weapon };
  const resolved = resolve(input.resolution);
  if (!resolved.ok)
    return {
      ...base,
      dice: [],
      total: null,
      verdict: null,
      critical: false,
      decision: null,
      notes: [],
      odds: null,
      error: resolved.error,
    };
  const r = resolved.value;
  // Issue 18: the GM always sees the defence; a player only where the odds are shown to players.
  const seesDefence = viewer.isGM || viewer.showOdds;
  return {
    ...base,
    dice: r.dice,
    total: r.outcome.total,
    verdict: verdict(r.outcome.hit, "TEMPO.CHAT.Attack.Hit", "TEMPO.CHAT.Attack.Miss"),
    critical: r.outcome.critical,
    decision: decisionFor(r.decision, r.outcome.hit, r.outcome.total, seesDefence),
    notes: [...(input.choices ?? []).filter(isMessage), ...notesFor(r.notes, seesDefence)],
    odds: viewer.showOdds ? oddsLines(r) : null,
    error: null,
  };
}
