/**
 * ACT-ROT: each turn a creature has 2 Full actions, 1 Swift, 1 Free and 1 Reaction. A Full action can be
 * spent as two Swift actions, a Swift action as two Free actions. Some tasks take several Full actions:
 * medium armor 2, heavy armor the whole turn. ROT-10, ROT-11 give the costs of common tasks.
 *
 * Rulings: the Reaction ("1 per turn") refreshes at the start of the creature's own turn and can be used
 * whenever its trigger happens. When a Swift or Free is spent with none left, the smallest action that
 * can be split is split (a Swift before a Full). A whole-turn task needs the turn untouched.
 * ROT-7: in the planning phase the side that started the encounter gets one Swift action each, which
 * cannot be an attack. The rotation scheduler gives each such creature a planning turn: a `turnStarted`
 * of round 0 (rotations count from 1), between `planningStarted` and `planningEnded`. That turn holds
 * the one Swift (which ACT-ROT lets be spent as two Free actions) and nothing else: no Full action, and
 * the Reaction stays as it was but cannot be used during the planning turn (`Actions.PlanningSwiftOnly`);
 * an attack task is `Actions.NoAttackWhilePlanning`. The first rotation's turns are full turns.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { RotationEvent } from "../initiative/rotation/scheduler.ts";
import { defineEconomy, isOwnTurnEvent, takeOne, type ActionEconomy } from "./economy.ts";
import { shown } from "../dice/checks.ts";
import { readConstantHold, type ConstantHold } from "../damage/constant-damage.ts";

export type RotationActionKind = "full" | "swift" | "free" | "reaction" | "twoFull" | "wholeTurn";

export interface RotationActions {
  readonly onTurn: boolean;
  /** Unsplit Full actions left this turn. */
  readonly full: number;
  /** Swift actions left (the turn's own, plus halves of split Full actions). */
  readonly swift: number;
  /** Free actions left (the turn's own, plus halves of split Swift actions). */
  readonly free: number;
  readonly reaction: number;
  /** ROT-7: this is the planning phase's single Swift action, which cannot be an attack. */
  readonly planning: boolean;
  /**
   * AP-2: the constant-damage roll made since the creature's own turn started (damage/constant-damage.ts
   * has the ruling); its next turn clears it.
   */
  readonly constant?: ConstantHold;
}

/** ACT-ROT: what each turn brings: 2 Full, 1 Swift, 1 Free, 1 Reaction. */
export const ROTATION_TURN: Readonly<Pick<RotationActions, "full" | "swift" | "free" | "reaction">> = {
  full: 2,
  swift: 1,
  free: 1,
  reaction: 1,
};

/** ACT-ROT: a creature outside its turn at the start of combat (only its Reaction). */
export function rotationActions(): RotationActions {
  return { onTurn: false, full: 0, swift: 0, free: 0, reaction: 1, planning: false };
}

/**
 * ROT-7: a creature of the side that started the encounter, on its planning turn: one Swift action.
 * `reaction` is what it had before (kept for after the planning turn, not usable during it).
 */
export function rotationPlanningActions(reaction = 0): RotationActions {
  return { onTurn: true, full: 0, swift: 1, free: 0, reaction, planning: true };
}

/** ROT-7: the rotation scheduler's planning turns are its round 0; rotations count from 1. */
export const ROTATION_PLANNING_ROUND = 0;

/** ROT-7: what a planning turn allows besides its Swift (and the Free actions it splits into). */
const PLANNING_REFUSED: readonly RotationActionKind[] = ["full", "twoFull", "wholeTurn", "reaction"];

/** ACT-ROT: what the rotation ruleset spends (twoFull and wholeTurn for the long tasks). */
export const ROTATION_ACTION_KINDS: readonly RotationActionKind[] = [
  "full",
  "swift",
  "free",
  "reaction",
  "twoFull",
  "wholeTurn",
];

const LABELS = {
  full: "TEMPO.ACTIONS.Full",
  swift: "TEMPO.ACTIONS.Swift",
  free: "TEMPO.ACTIONS.Free",
  reaction: "TEMPO.ACTIONS.Reaction",
  twoFull: "TEMPO.ACTIONS.TwoFull",
  wholeTurn: "TEMPO.ACTIONS.WholeTurn",
} as const;

function untouched(state: RotationActions): boolean {
  return state.full === ROTATION_TURN.full && state.swift === ROTATION_TURN.swift && state.free === ROTATION_TURN.free;
}

/** Spends a known kind (the tracker and `spendRotationTask` check it first). */
function spendRotation(state: RotationActions, kind: RotationActionKind): Result<RotationActions> {
  if (state.planning && PLANNING_REFUSED.includes(kind)) return err("TEMPO.ERRORS.Actions.PlanningSwiftOnly", { kind });
  if (kind === "reaction") return takeOne(state, kind);
  if (!state.onTurn) return err("TEMPO.ERRORS.Actions.NotYourTurn", { kind });
  const none = err<RotationActions>("TEMPO.ERRORS.Actions.NoneLeft", { kind });
  switch (kind) {
    case "full":
      return takeOne(state, kind);
    case "twoFull":
      return state.full >= 2 ? ok({ ...state, full: state.full - 2 }) : none;
    case "wholeTurn":
      return untouched(state)
        ? ok({ ...state, full: 0, swift: 0, free: 0 })
        : err("TEMPO.ERRORS.Actions.NeedsWholeTurn");
    case "swift":
      if (state.swift > 0) return ok({ ...state, swift: state.swift - 1 });
      // A Full action split into two Swift actions: one spent, one kept.
      return state.full > 0 ? ok({ ...state, full: state.full - 1, swift: state.swift + 1 }) : none;
    case "free":
      if (state.free > 0) return ok({ ...state, free: state.free - 1 });
      if (state.swift > 0) return ok({ ...state, swift: state.swift - 1, free: state.free + 1 });
      // A Full split into two Swift, one of those into two Free: one Swift and one Free kept.
      return state.full > 0
        ? ok({ ...state, full: state.full - 1, swift: state.swift + 1, free: state.free + 1 })
        : none;
  }
}

/**
 * ACT-ROT, ROT-7: the rotation ruleset's action tracker. It follows the rotation scheduler's own events
 * too (`planningEnded`), so the Foundry layer can feed it every event the scheduler returns.
 */
export const rotationEconomy: ActionEconomy<RotationActions, RotationActionKind, never, RotationEvent> = defineEconomy<
  RotationActions,
  RotationActionKind,
  never,
  RotationEvent
>({
  ruleset: "rotation",
  kinds: ROTATION_ACTION_KINDS,
  labels: LABELS,

  spend: spendRotation,

  /** What can still be spent, splitting larger actions where needed. */
  left(state: RotationActions) {
    return {
      full: state.full,
      swift: state.swift + 2 * state.full,
      free: state.free + 2 * state.swift + 4 * state.full,
      reaction: state.reaction,
      twoFull: Math.floor(state.full / 2),
      wholeTurn: state.onTurn && untouched(state) ? 1 : 0,
    };
  },

  observe(state: RotationActions, event: RotationEvent, selfId: string): RotationActions {
    if (event.type === "turnStarted" && event.combatantId === selfId) {
      // ROT-7: a planning turn (round 0) is one Swift; ACT-ROT: a rotation's turn is the full turn.
      return event.round === ROTATION_PLANNING_ROUND
        ? rotationPlanningActions(state.reaction)
        : { onTurn: true, ...ROTATION_TURN, planning: false };
    }
    // ACT-ROT: a use the host let through (`refuseRotationUse` checked it first) spends what its task costs.
    if (event.type === "actionUsed" && event.combatantId === selfId) {
      const spent = spendRotationTask(state, event.task as RotationTask);
      const after = spent.ok ? spent.value : state;
      // AP-2: the roll is kept until the creature's next turn (`turnStarted` above builds a fresh tracker).
      return event.constant === undefined ? after : { ...after, constant: event.constant };
    }
    const planningOver = state.planning && (event.type === "planningEnded" || event.type === "roundStarted");
    if (isOwnTurnEvent(event, selfId, "turnEnded") || planningOver) {
      return { ...state, onTurn: false, full: 0, swift: 0, free: 0, planning: false };
    }
    return state;
  },
});

/** Common tasks and what they cost (ACT-ROT, ROT-8, ROT-9, ROT-10, ROT-11). */
export type RotationTask =
  | "attack"
  | "move"
  | "disengage"
  | "step"
  | "switchWeapon"
  | "useItem"
  | "grapple"
  | "escape"
  | "trip"
  | "standUp"
  | "castSpell"
  | "lightArmor"
  | "mediumArmor"
  | "heavyArmor"
  | "opportunityAttack";

/** ACT-ROT, ROT-8 … ROT-11: the action each common task costs. */
export const ROTATION_TASK_COST: Readonly<Record<RotationTask, RotationActionKind>> = {
  // ROT-11: one attack action per Full action (a Full already split into Swift actions cannot attack).
  attack: "full",
  move: "full",
  // ROT-11: Disengage is a Full action; a 5 ft step and switching weapons are Swift actions.
  disengage: "full",
  step: "swift",
  switchWeapon: "swift",
  useItem: "swift",
  grapple: "full",
  // ROT-8: escaping a grapple is a Full action, as the grapple is (ruling in attack/rotation-contest.ts).
  escape: "full",
  trip: "swift",
  standUp: "full",
  castSpell: "full",
  lightArmor: "full",
  mediumArmor: "twoFull",
  heavyArmor: "wholeTurn",
  // ROT-10: an attack of opportunity uses the Reaction.
  opportunityAttack: "reaction",
};

const ATTACK_TASKS: readonly RotationTask[] = ["attack", "grapple", "trip", "opportunityAttack"];

/** Spends what `task` costs. ROT-7: the planning phase's Swift cannot be used to attack. */
export function spendRotationTask(state: RotationActions, task: RotationTask): Result<RotationActions> {
  if (!Object.hasOwn(ROTATION_TASK_COST, task)) return err("TEMPO.ERRORS.Actions.UnknownKind", { kind: shown(task) });
  if (state.planning && ATTACK_TASKS.includes(task)) return err("TEMPO.ERRORS.Actions.NoAttackWhilePlanning", { task });
  return spendRotation(state, ROTATION_TASK_COST[task]);
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** ACT-ROT: a tracker read back from storage (`Combatant.system.actions.now`), or null when it is not one. */
export function readRotationActions(value: unknown): RotationActions | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.onTurn !== "boolean" || typeof v.planning !== "boolean") return null;
  if (!isCount(v.full) || !isCount(v.swift) || !isCount(v.free) || !isCount(v.reaction)) return null;
  const read = {
    onTurn: v.onTurn,
    full: v.full,
    swift: v.swift,
    free: v.free,
    reaction: v.reaction,
    planning: v.planning,
  };
  // AP-2: a kept constant-damage roll; a malformed one is no tracker.
  if (v.constant === undefined || v.constant === null) return read;
  const constant = readConstantHold(v.constant);
  return constant === null ? null : { ...read, constant };
}
