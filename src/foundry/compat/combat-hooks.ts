/**
 * Core's `combatStart`, `combatRound` and `combatTurn` hooks, which Tempo calls itself for its own steps
 * (combat/core-hooks.ts says when). The payloads are the same on v13 and v14, so nothing here branches
 * on the generation: `combatRound` / `combatTurn(combat, updateData: {round, turn}, updateOptions:
 * {direction, worldTime: {delta}})`, "direction: a signed integer for whether the turn order is advancing
 * or rewinding", "worldTime.delta: the amount of time in seconds that time is being advanced"
 * (https://foundryvtt.com/api/v14/functions/hookEvents.combatRound.html, and v13's page the same; Draw
 * Steel 0.11.1 combat.mjs passes `{direction: 1, worldTime: {delta}}` on v13); `combatStart(combat,
 * updateData)` (https://foundryvtt.com/api/v14/functions/hookEvents.combatStart.html). The installed types
 * still describe v12's `{advanceTime, direction}` options, so the call is made through the declaration in
 * ../fvtt-v14.d.ts.
 */

export type CombatTurnOptions = FoundryV14.CombatTurnUpdateOptions;

export interface CombatTurnData {
  readonly round: number;
  readonly turn: number | null;
}

const hooks = (): { callAll(hook: string, ...args: unknown[]): boolean } =>
  Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };

export function callCombatStart(combat: Combat.Implementation, updateData: CombatTurnData): void {
  hooks().callAll("combatStart", combat, updateData);
}

export function callCombatTurnHook(
  name: "combatRound" | "combatTurn",
  combat: Combat.Implementation,
  updateData: CombatTurnData,
  updateOptions: CombatTurnOptions,
): void {
  hooks().callAll(name, combat, updateData, updateOptions);
}
