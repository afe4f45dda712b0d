/**
 * The table's commands as one step on a stored combat (the same for the Foundry layer and the preview):
 * - `endTurn` (optionally `{ combatantId }`: refused unless that creature is acting, so a late or double
 *   click ends nobody else's turn): `next`, given by the owner of the acting creature;
 * - `nextRound` / `previousRound`: steps until the round changes, in one write and one undo step;
 * - `reset`: the encounter rebuilt from its combatants, not started, the undo history cleared (also when
 *   the stored state does not read back, so a combat saved by another Tempo can always be started again);
 * - `undo` / `redo` and every engine command: `stepCombat`;
 * - the engine's `join` and `leave` are refused: the host's roster (Foundry's Combatant documents) gives
 *   them, so the engine and the roster never part.
 * `rollInitiative` is not a step: the host rolls the waiting requests and answers them with `rolls`.
 * A command the creature's action tracker refuses (STD-6: `trigger` with no Reaction left,
 * economy-records.ts) is refused here, before anything is written (the scheduler's own refusal,
 * such as nothing readied, is given first).
 */
import { err, ok, type Result } from "../core/result.ts";
import {
  readCombatState,
  settle,
  stepCombat,
  stepCombatUntil,
  undoRound,
  type CombatStep,
  type StoredCombat,
} from "./combat-step.ts";
import { commandCombatant } from "./command-access.ts";
import { economyRefusal } from "./economy-records.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";
import type { StoreMemo } from "../storage/store-memo.ts";
import type { HostCombatant, HostCommand, HostOptions } from "./ruleset-host.ts";

/** The roster a `reset` rebuilds from, and a bound for the steps of one round. */
export interface TableRoster {
  /** Read only by `reset`, `nextRound` and `previousRound` (a host may make it a getter). */
  readonly combatants: readonly HostCombatant[];
  readonly options: HostOptions;
  /** Each combatant's stored action tracker by id, where the host keeps them (economy-records.ts). */
  readonly actions?: Readonly<Record<string, unknown>>;
  /** What the host remembers between this combat's steps (storage/store-memo.ts; issue 17). */
  readonly memo?: StoreMemo;
}

/**
 * The engine command a table command begins with: `next` for `endTurn` and `nextRound` (a round is
 * `next` given until the round changes; the first refusal refuses it), the command itself otherwise.
 * What a dry run tries to tell whether the table command is allowed now (the tracker's bar).
 */
export function tableFirstCommand(command: HostCommand): HostCommand {
  return command.type === "endTurn" || command.type === "nextRound" ? { type: "next" } : command;
}

/**
 * Whether `command` makes the very step a plain `next` makes on `state`: `next` itself, or `endTurn` naming
 * no creature or the one acting now (`schedulerStep` gives it as `next` then; no tracker checks it). Issue 17:
 * a step worked out ahead for `next` stands for such a command (foundry combat/prepared-next.ts).
 */
export function isPlainNext(host: AnyRulesetHost, state: unknown, command: HostCommand): boolean {
  if (command.type === "next") return true;
  if (command.type !== "endTurn") return false;
  const named = commandCombatant(command);
  return named === null || named === host.current(state);
}

export function tableStep(
  host: AnyRulesetHost,
  stored: StoredCombat,
  command: HostCommand,
  roster: TableRoster,
): Result<CombatStep> {
  const step = schedulerStep(host, stored, command, roster);
  // The scheduler's own reason first (nothing readied), then the tracker's (no Reaction left).
  const refused = step.ok ? economyRefusal(host.id, command, roster.actions) : null;
  return refused === null ? step : { ok: false, error: refused };
}

function schedulerStep(
  host: AnyRulesetHost,
  stored: StoredCombat,
  command: HostCommand,
  roster: TableRoster,
): Result<CombatStep> {
  // Read only by the commands that need it: a host may build the roster on demand (issue 17).
  const limit = (): number => roster.combatants.length * 4 + 20;
  const memo = roster.memo;
  switch (command.type) {
    case "endTurn": {
      const named = commandCombatant(command);
      if (named !== null) {
        const now = readCombatState(host, stored.engine, memo);
        if (!now.ok) return now;
        if (named !== host.current(now.value)) return err("TEMPO.ERRORS.Host.NotCurrentTurn", { id: named });
      }
      return stepCombat(host, stored, { type: "next" }, memo);
    }
    case "join":
    case "leave":
      return err("TEMPO.ERRORS.Host.RosterCommand", { type: command.type });
    case "nextRound": {
      const now = readCombatState(host, stored.engine, memo);
      if (!now.ok) return now;
      const round = host.round(now.value);
      return stepCombatUntil(
        host,
        stored,
        tableFirstCommand(command),
        (events, state) =>
          host.round(state) > round || events.some((e) => e.type === "roundStarted") ? null : { type: "next" },
        limit(),
        memo,
      );
    }
    case "previousRound":
      return undoRound(host, stored, limit(), memo);
    case "reset": {
      // A stored state that does not read back (saved by another Tempo: combat-format.ts) is replaced
      // all the same, with no clock change: there is no earlier time to go back to.
      const now = readCombatState(host, stored.engine, memo);
      const created = host.create(roster.combatants, roster.options);
      if (!created.ok) return created;
      const before = now.ok ? now.value : created.value;
      return ok(settle(host, stored, before, { state: created.value, events: [], requests: [] }, "reset", memo));
    }
    case "rollInitiative":
      return err("TEMPO.ERRORS.Host.InvalidCommand", { type: command.type });
    default:
      return stepCombat(host, stored, command, memo);
  }
}
