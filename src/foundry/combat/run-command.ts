/**
 * The GM side of every Tempo command: the one place a command becomes engine steps and document
 * writes. Commands are the engine's (`declare`, `delay`, `react`, `seize` …, checked by the engine)
 * plus the table's own:
 * - `endTurn`: `next`, given by the owner of the acting creature;
 * - `rollInitiative` `{ combatantIds }`: roll those creatures' waiting initiative dice;
 * - `nextRound` / `previousRound`: steps until the round changes, in one write and one undo step;
 * - `undo` / `redo`: through the stored patch history;
 * - `reset`: the encounter rebuilt from its combatants, not started;
 * - `setGroup` `{ combatantIds, groupId }`: moves combatants between groups (groups/set-group.ts);
 *   `start` first makes the default groups when the GM made none (groups/start-groups.ts).
 * Dice the engine asks for that settle an order (contests, roll-offs, a group's d6) are rolled at
 * once, again and again while the engine asks (at most `MAX_ROLL_ROUNDS` times).
 */
import {
  automaticRequests,
  err,
  ok,
  readStoredCombat,
  settle,
  stepCombat,
  stepCombatUntil,
  undoRound,
  type AnyRulesetHost,
  type CombatStep,
  type DiceRequest,
  type HostCommand,
  type Result,
} from "../../engine/index.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";
import { setGroup } from "./groups/set-group.ts";
import { startGroups } from "./groups/start-groups.ts";
import { rollRequests } from "./roll-requests.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { writeStep } from "./write-step.ts";

const MAX_ROLL_ROUNDS = 20;

function stepsOf(combat: Combat.Implementation, host: AnyRulesetHost, command: HostCommand): Result<CombatStep> {
  const model = tempoModelOf(combat);
  const stored = model === null ? null : readStoredCombat(model);
  if (model === null || stored === null || model.state === null) {
    return err("TEMPO.ERRORS.Host.InvalidState", { ruleset: model?.ruleset ?? "?" });
  }
  const combatants = combat.combatants.size;
  switch (command.type) {
    case "endTurn":
      return stepCombat(host, stored, { type: "next" });
    case "nextRound": {
      const round = host.round(model.state);
      return stepCombatUntil(
        host,
        stored,
        { type: "next" },
        (events, state) =>
          host.round(state) > round || events.some((e) => e.type === "roundStarted") ? null : { type: "next" },
        combatants * 4 + 20,
      );
    }
    case "previousRound":
      return undoRound(host, stored, combatants * 4 + 20);
    case "reset": {
      const created = host.create(
        combat.combatants.contents.map((c) => hostCombatantOf(c)),
        model.hostOptions,
      );
      if (!created.ok) return created;
      return ok(settle(host, stored, model.state, { state: created.value, events: [], requests: [] }, "reset"));
    }
    default:
      return stepCombat(host, stored, command);
  }
}

/** Runs `command` on the GM's client and writes the result; rolls the dice it asks for that settle an order. */
export async function runCommand(combat: Combat.Implementation, command: HostCommand): Promise<Result<true>> {
  const model = tempoModelOf(combat);
  if (model === null) return err("TEMPO.ERRORS.Host.NotTempo");
  const host = model.host;
  if (command.type === "rollInitiative") return rollInitiative(combat, host, command);
  if (command.type === "setGroup") {
    const moved = await setGroup(combat, command);
    return moved.ok ? rollFollowUps(combat, host, automaticRequests(moved.value)) : moved;
  }
  if (command.type === "start") {
    const grouped = await startGroups(combat);
    if (!grouped.ok) return grouped;
  }
  const step = stepsOf(combat, host, command);
  if (!step.ok) return step;
  await writeStep(combat, host, step.value);
  return rollFollowUps(combat, host, automaticRequests(step.value.requests));
}

async function rollInitiative(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  command: HostCommand,
): Promise<Result<true>> {
  const model = tempoModelOf(combat);
  const ids: unknown = (command as unknown as Record<string, unknown>).combatantIds;
  if (model === null || model.state === null) return err("TEMPO.ERRORS.Host.InvalidState", { ruleset: "?" });
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) {
    return err("TEMPO.ERRORS.Host.InvalidCommand", { type: command.type });
  }
  const wanted = new Set<string>(ids);
  const requests = host.pending(model.state).filter((r) => r.combatantId !== null && wanted.has(r.combatantId));
  if (requests.length === 0) return err("TEMPO.ERRORS.Host.NothingToRoll");
  return rollFollowUps(combat, host, requests);
}

/** Rolls `requests`, feeds the totals back, and repeats for the follow-ups the engine asks for. */
export async function rollFollowUps(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  first: readonly DiceRequest[],
): Promise<Result<true>> {
  let requests = first;
  for (let round = 0; requests.length > 0 && round < MAX_ROLL_ROUNDS; round++) {
    const results = await rollRequests(combat, requests);
    const model = tempoModelOf(combat);
    const stored = model === null ? null : readStoredCombat(model);
    if (stored === null) return err("TEMPO.ERRORS.Host.InvalidState", { ruleset: "?" });
    const step = stepCombat(host, stored, { type: "rolls", results });
    if (!step.ok) return step;
    await writeStep(combat, host, step.value);
    requests = automaticRequests(step.value.requests);
  }
  return ok(true);
}
