/**
 * Core's combat hooks for one Tempo step, with v13's payloads: `combatStart(combat, updateData)`,
 * `combatRound` / `combatTurn(combat, updateData, updateOptions)` where `updateData` is
 * `{ round, turn }` and `updateOptions` is `{ direction, worldTime: { delta } }` (API v13/v14
 * hookEvents.combatTurn and combatRound; Draw Steel 0.11.1 combat.mjs passes
 * `{ direction: 1, worldTime: { delta } }` on v13). Core calls them on the client that starts the
 * change, before the update (API hookEvents.combatStart: "called on the client which initiated the
 * change"), once per real change: so the active GM fires them for its own clicks, and a player's
 * client fires them when its request's answer comes back (socket/socket-channel.ts).
 */
import {
  callCombatStart,
  callCombatTurnHook,
  type CombatTurnData,
  type CombatTurnOptions,
} from "../compat/combat-hooks.ts";

export interface CoreHookCall {
  readonly name: "combatStart" | "combatRound" | "combatTurn";
  readonly updateData: CombatTurnData;
  readonly updateOptions: CombatTurnOptions;
}

export interface TurnPosition {
  readonly started: boolean;
  readonly round: number;
  readonly turn: number | null;
}

/**
 * The hook a move from `before` to `after` calls, or null when neither round nor turn changed.
 * `back`: the step was an undo. `direction` is the way the combat went (v13: 1 forward, -1 back), not
 * the way the turn index moved: a phase round's order starts again at each phase (PHS-3), and a count
 * or rotation turn step may move the index down while the combat goes forward.
 */
export function coreHookOf(
  before: TurnPosition,
  after: TurnPosition,
  delta: number,
  back: boolean,
): CoreHookCall | null {
  const updateData = { round: after.round, turn: after.turn };
  const updateOptions = { direction: back ? (-1 as const) : (1 as const), worldTime: { delta } };
  if (!before.started && after.started) return { name: "combatStart", updateData, updateOptions };
  if (after.round !== before.round) return { name: "combatRound", updateData, updateOptions };
  if (after.turn !== before.turn) return { name: "combatTurn", updateData, updateOptions };
  return null;
}

/** Calls the hook on this client (compat/combat-hooks.ts: the payloads, the same on v13 and v14). */
export function fireCoreHook(combat: Combat.Implementation, call: CoreHookCall): void {
  if (call.name === "combatStart") callCombatStart(combat, call.updateData);
  else callCombatTurnHook(call.name, combat, call.updateData, call.updateOptions);
}

export function isCoreHookCall(value: unknown): value is CoreHookCall {
  if (typeof value !== "object" || value === null) return false;
  const name = (value as { name?: unknown }).name;
  return name === "combatStart" || name === "combatRound" || name === "combatTurn";
}
