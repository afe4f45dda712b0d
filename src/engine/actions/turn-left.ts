/**
 * Issue 19 item 3: what a creature has left now, in words, for the rulesets whose budget the combat's
 * own engine state keeps (phase's battle action, PHS-7; segment's declared major and minor actions,
 * SEG-9; count's declared action, CNT-6/CNT-7). Standard and rotation keep theirs in the per-creature
 * action trackers (economy.ts) and show them as pips. Pure: the state in, one line per budget out.
 */
import type { Message } from "../core/result.ts";
import { countCombatant, countCurrent, countPendingActionsOf, type CountState } from "../initiative/count/index.ts";
import { phaseCombatant, type PhaseState, type PhaseTurnAction } from "../initiative/phase/index.ts";
import { segmentCombatant, segmentDeclarationMessage, type SegmentState } from "../initiative/segment/index.ts";

/** One budget line: what it is ("Battle action") and where it stands ("1 left", "used (Attack)"). */
export interface TurnLeft {
  /** A stable name for CSS and tests: `battleAction`, `major`, `minors`, `action`. */
  readonly kind: string;
  readonly label: Message;
  readonly state: Message;
  /** Something of it is still to be spent or declared this round. */
  readonly available: boolean;
}

const KINDS: Readonly<Record<string, string>> = {
  "TEMPO.LEFT.Phase.BattleAction": "battleAction",
  "TEMPO.LEFT.Segment.Major": "major",
  "TEMPO.LEFT.Segment.MajorDeclared": "major",
  "TEMPO.LEFT.Segment.Minors": "minors",
  "TEMPO.LEFT.Count.Action": "action",
};

function line(label: Message["key"], state: Message, available: boolean): TurnLeft {
  return { kind: KINDS[label] ?? "left", label: { key: label }, state, available };
}

const USED_KEYS: Readonly<Record<PhaseTurnAction, Message["key"]>> = {
  attack: "TEMPO.LEFT.Phase.UsedAttack",
  activateItem: "TEMPO.LEFT.Phase.UsedActivateItem",
  defend: "TEMPO.LEFT.Phase.UsedDefend",
  disengage: "TEMPO.LEFT.Phase.UsedDisengage",
  delay: "TEMPO.LEFT.Phase.UsedDelay",
};

const BATTLE_ACTION = "TEMPO.LEFT.Phase.BattleAction";

/**
 * PHS-7: one battle action (Attack, Activate Item, Defend, Disengage, Delay) in the creature's own
 * battle turn: "1 left" in it until one is taken, then "used (Attack)"; outside it, whether its turn is
 * still to come this round, it waits on a delay (PHS-9), or its battle turn is over. Nothing before the
 * combat starts or for a defeated creature.
 */
export function phaseTurnLeft(state: PhaseState, id: string): readonly TurnLeft[] {
  const c = phaseCombatant(state, id);
  if (c === null || c.defeated || state.phase === null) return [];
  if (state.phase === "battle" && state.current === id) {
    const taken = state.turnAction;
    return [
      taken === null
        ? line(BATTLE_ACTION, { key: "TEMPO.LEFT.Left", data: { count: 1 } }, true)
        : line(BATTLE_ACTION, { key: USED_KEYS[taken] }, false),
    ];
  }
  if (state.waits.some((w) => w.delayerId === id))
    return [line(BATTLE_ACTION, { key: "TEMPO.LEFT.Phase.Waiting" }, true)];
  const over = c.actedRound === state.round && (state.phase === "battle" || state.phase === "end");
  return [
    over
      ? line(BATTLE_ACTION, { key: "TEMPO.LEFT.Phase.Done" }, false)
      : line(BATTLE_ACTION, { key: "TEMPO.LEFT.Phase.NotYourTurn" }, true),
  ];
}

/**
 * SEG-9: one major action a round plus any number of minors, as declared in step 1 (SEG-2): "1 left"
 * until declared, then the declaration itself, or "lost" when it was used up outside its turn (SEG-6,
 * SEG-16); and the minors declared with it.
 */
export function segmentTurnLeft(state: SegmentState, id: string): readonly TurnLeft[] {
  const c = segmentCombatant(state, id);
  if (c === null || c.defeated || state.round < 1) return [];
  const declaration = c.declaredRound === state.round ? c.declaration : null;
  if (declaration === null)
    return [line("TEMPO.LEFT.Segment.Major", { key: "TEMPO.LEFT.Left", data: { count: 1 } }, true)];
  const major =
    c.majorSpentRound === state.round
      ? line("TEMPO.LEFT.Segment.Major", { key: "TEMPO.LEFT.Segment.Lost" }, false)
      : line("TEMPO.LEFT.Segment.MajorDeclared", segmentDeclarationMessage(declaration), false);
  const minors = line(
    "TEMPO.LEFT.Segment.Minors",
    { key: "TEMPO.LEFT.Segment.MinorsDeclared", data: { count: declaration.minors.length } },
    false,
  );
  return [major, minors];
}

/**
 * CNT-6, CNT-7: one action declared on the creature's turn (a weapon's attacks are declared together,
 * each pending at its own count): "declare now" in its turn, "1 left" before it, then how many of its
 * declared actions are still pending. Nothing before the first round or once it cannot act (CNT-14).
 */
export function countTurnLeft(state: CountState, id: string): readonly TurnLeft[] {
  const c = countCombatant(state, id);
  if (c === null || c.defeated || c.unconscious || state.round < 0) return [];
  const label = "TEMPO.LEFT.Count.Action";
  if (c.actedRound === state.round) {
    const pending = countPendingActionsOf(state, id).length;
    return [line(label, { key: "TEMPO.LEFT.Count.Declared", data: { count: pending } }, false)];
  }
  if (countCurrent(state) === id) return [line(label, { key: "TEMPO.LEFT.Count.DeclareNow" }, true)];
  return [line(label, { key: "TEMPO.LEFT.Count.NotYourTurn" }, true)];
}
