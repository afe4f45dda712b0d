/**
 * Fixture builders for count-track tests: a tiny driver that applies commands (failing the test on an
 * engine error), feeds scripted dice by combatant, and prints events compactly so a scenario can check
 * their exact order in one readable list.
 */
import type { Transition } from "../../../../src/engine/initiative/contract.ts";
import { formulaTotal } from "../shared/formula-total.ts";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { COUNT_ROLL_REASONS, createCountState } from "../../../../src/engine/initiative/count/state.ts";
import type {
  CountCommand,
  CountEvent,
  CountOptions,
  CountState,
} from "../../../../src/engine/initiative/count/types.ts";

export type Step = Transition<CountState, CountEvent>;

/** `[id, bonus]` pairs, or `[id, bonus, isPlayer]`. */
export function encounter(
  combatants: readonly (readonly [string, number, boolean?])[],
  options?: CountOptions,
): CountState {
  const result = createCountState(
    combatants.map(([id, bonus, isPlayer]) => ({ id, bonus, isPlayer: isPlayer === true, defeated: false })),
    options,
  );
  if (!result.ok) throw new Error(result.error.key);
  return result.value;
}

export function apply(state: CountState, command: CountCommand): Step {
  const result = countScheduler.apply(state, command);
  if (!result.ok) throw new Error(`${command.type} failed: ${result.error.key}`);
  return result.value;
}

/**
 * Rolls a d20 face for every open request whose combatant is named (initiative and contest alike) and feeds
 * back its formula's total, as the adapter would: 12 on "1d20 - 3" is 9, on "1d20 + 3" 15.
 */
export function roll(state: CountState, dice: Readonly<Record<string, number>>): Step {
  const results = countScheduler
    .pending(state)
    .filter((r) => r.combatantId !== null && Object.hasOwn(dice, r.combatantId))
    .map((r) => ({ requestId: r.id, total: formulaTotal(r.formula, [dice[r.combatantId ?? ""] ?? 0]) }));
  return apply(state, { type: "rolls", results });
}

/** Who is asked to roll, and why ("init" or "contest"): by a step, or still waited for in a state. */
export function asked(step: Step | CountState): string[] {
  const requests = "scheme" in step ? countScheduler.pending(step) : step.requests;
  return requests.map((r) => `${r.combatantId ?? "-"}:${r.reason === COUNT_ROLL_REASONS.contest ? "contest" : "init"}`);
}

/** A chain of commands; returns the last state and every event in order. */
export function run(state: CountState, commands: readonly CountCommand[]): { state: CountState; events: CountEvent[] } {
  let s = state;
  const events: CountEvent[] = [];
  for (const command of commands) {
    const step = apply(s, command);
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

export const next: CountCommand = { type: "next" };

/** One short line per event: "turn wiz", "resolve a1 wiz@6", "saves wiz", "round 2" … */
export function show(events: readonly CountEvent[]): string[] {
  return events.map((e) => {
    switch (e.type) {
      case "combatStarted":
        return "start";
      case "roundStarted":
        return `round ${e.round}`;
      case "roundEnded":
        return `end round ${e.round}`;
      case "turnStarted":
        return `turn ${e.combatantId}`;
      case "turnEnded":
        return `done ${e.combatantId}`;
      case "endStep":
        return `end step ${e.round}`;
      case "initiativeRolled":
        return `count ${e.combatantId}=${e.count}`;
      case "contestRolled":
        return `contest ${e.combatantId}=${e.total}`;
      case "actionDeclared":
        return `declare ${e.action.id} ${e.action.combatantId}@${e.action.round}:${e.action.count}`;
      case "actionResolved":
        return `resolve ${e.action.id} ${e.action.combatantId}@${e.action.round}:${e.action.count}`;
      case "actionCancelled":
        return `cancel ${e.action.id}`;
      case "castingLost":
        return `spell lost ${e.action.id}`;
      case "castingStopped":
        return `spell stopped ${e.action.id}`;
      case "actionRetargeted":
        return `retarget ${e.action.id}->${e.action.targets.join(",")}`;
      case "reactionUsed":
        return `react ${e.combatantId} ${e.kind}`;
      case "savesDue":
        return `saves ${e.combatantId}`;
      case "deathSavesDue":
        return `death saves ${e.combatantId}`;
      case "countLowered":
        return `lower ${e.combatantId} ${e.from}->${e.to}`;
      case "combatantJoined":
        return `join ${e.combatantId}`;
      case "combatantLeft":
        return `leave ${e.combatantId}`;
      case "combatantDefeated":
        return `defeat ${e.combatantId}`;
      case "combatantRevived":
        return `revive ${e.combatantId}`;
      case "initiativeSet":
        return `set ${e.combatantId}=${e.value}`;
      case "combatantUnconscious":
        return `ko ${e.combatantId}`;
      case "consciousnessRegained":
        return `wake ${e.combatantId}=${e.count}`;
      case "surpriseDeclared":
        return `surprise ${String(e.value)}`;
      case "surpriseMarked":
        return `surprised ${e.combatantId} ${String(e.surprised)}`;
    }
  });
}

/** The timeline as "position kind id flags" lines. */
export function track(state: CountState): string[] {
  return countScheduler.timeline(state).map((row) => {
    const flags = [row.active ? "*" : "", row.done ? "done" : "", row.defeated ? "defeated" : ""]
      .filter((f) => f !== "")
      .join(" ");
    const who =
      row.kind === "boundary"
        ? "end step"
        : row.kind === "pending"
          ? `pending ${row.combatantId ?? ""}`
          : (row.combatantId ?? "");
    return `${row.position} ${who}${flags === "" ? "" : ` ${flags}`}`;
  });
}

/**
 * An encounter already rolled and in round 1: `[id, count, bonus]` (bonus 0 unless given); each rolls
 * count + bonus on its d20. Counts must differ or the test must settle the contests itself.
 */
export function onTrack(entries: readonly (readonly [string, number, number?])[], options?: CountOptions): CountState {
  const s = startedEncounter(
    entries.map(([id, , bonus]) => [id, bonus ?? 0] as const),
    options,
  ).state;
  return roll(s, Object.fromEntries(entries.map(([id, count, bonus]) => [id, count + (bonus ?? 0)]))).state;
}

export const attack = (
  combatantId: string,
  properties: readonly string[],
  targets: readonly (string | null)[],
): CountCommand => ({ type: "declare", combatantId, action: { kind: "attack", properties, targets } });

export const spell = (
  combatantId: string,
  slotLevel: number,
  targets: readonly string[] = [],
  origin: string | null = null,
): CountCommand => ({
  type: "declare",
  combatantId,
  action: { kind: "spell", slotLevel, targets, origin },
});

export const act = (combatantId: string, delay = 0): CountCommand => ({
  type: "declare",
  combatantId,
  action: { kind: "other", delay },
});

/** An encounter (see {@link encounter}) after `start`: the first rolls are asked for. */
export function startedEncounter(
  combatants: readonly (readonly [string, number, boolean?])[],
  options?: CountOptions,
): Step {
  return apply(encounter(combatants, options), { type: "start" });
}

/** An encounter after `start` with the first rolls fed by combatant (see {@link roll}). */
export function rolledEncounter(
  combatants: readonly (readonly [string, number, boolean?])[],
  dice: Readonly<Record<string, number>>,
  options?: CountOptions,
): Step {
  return roll(startedEncounter(combatants, options).state, dice);
}
