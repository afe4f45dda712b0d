/**
 * Command plumbing shared by the linear highest-first schemes (`standard`, `rotation`): dispatching a
 * command that may come from a player's query, matching dice totals to pending requests, and the
 * defeat/revive toggle (DEF-1). Error keys are passed in whole so every key stays a literal the i18n
 * audit can find.
 */
import { err, ok, type I18nKey, type Result } from "../../core/result.ts";
import { isRecord, shown } from "../../dice/checks.ts";
import type { CommonEvent, DiceRequest, RollResult, Transition } from "../contract.ts";
import { noNegativeZero, rollFormula } from "./highest-first.ts";

/** One handler per command type, each receiving its own command shape. */
export type CommandHandlers<C extends { readonly type: string }, R> = {
  readonly [K in C["type"]]: (command: Extract<C, { readonly type: K }>) => R;
};

/**
 * STD-1, ROT-1 (commands from outside): runs the handler for `command.type`; anything that is not a
 * command object, or has a type nobody handles, gets `unknown()` instead of a throw.
 */
export function dispatchCommand<C extends { readonly type: string }, R>(
  command: unknown,
  handlers: CommandHandlers<C, R>,
  unknown: () => R,
): R {
  if (!isRecord(command) || typeof command.type !== "string" || !Object.hasOwn(handlers, command.type))
    return unknown();
  const handler = handlers[command.type as C["type"]] as (c: C) => R;
  return handler(command as unknown as C);
}

/** A dice request waiting for its total, with the lowest and highest legal total. */
export interface PendingRollBase {
  readonly request: DiceRequest;
  readonly min: number;
  readonly max: number;
}

/**
 * CNT-2, CNT-5, STD-1, STD-2, ROT-1, ROT-2: a "1d20 + modifier" request (modifier 0: a plain tie roll) and its
 * legal totals; `groupId` names the group it is rolled for (ROT-4, ROT-5), null for a creature's own roll.
 */
export function d20Roll(
  id: string,
  combatantId: string,
  groupId: string | null,
  modifier: number,
  reason: I18nKey,
): PendingRollBase {
  return {
    request: { id, combatantId, groupId, formula: rollFormula("1d20", modifier), reason },
    min: 1 + modifier,
    max: 20 + modifier,
  };
}

/** A total matched to the request it answers. */
export interface AnsweredRoll<P extends PendingRollBase> {
  readonly pending: P;
  readonly total: number;
}

export interface RollErrorKeys {
  /** Not a list of results, an unknown request id, or one request answered twice. */
  readonly unknownRequest: I18nKey;
  /** A total the formula cannot produce (a mistyped manual roll). */
  readonly outOfRange: I18nKey;
}

/**
 * STD-1, ROT-1 (the engine never rolls): checks a `rolls` command against the pending requests. Every
 * result must answer a pending request once with an integer total in its range; otherwise a typed
 * error and nothing is answered. Returns the answers in the order given and the requests still open.
 */
export function matchRollResults<P extends PendingRollBase>(
  pending: readonly P[],
  results: unknown,
  keys: RollErrorKeys,
): Result<{ readonly answered: readonly AnsweredRoll<P>[]; readonly open: readonly P[] }> {
  if (!Array.isArray(results) || results.some((r) => !isRecord(r)))
    return err(keys.unknownRequest, { id: shown(results) });
  const byId = new Map<string, P>();
  for (const p of pending) byId.set(p.request.id, p);
  const answered: AnsweredRoll<P>[] = [];
  const seen = new Set<string>();
  for (const result of results as readonly RollResult[]) {
    const match = typeof result.requestId === "string" ? byId.get(result.requestId) : undefined;
    if (match === undefined || seen.has(result.requestId))
      return err(keys.unknownRequest, { id: shown(result.requestId) });
    seen.add(result.requestId);
    if (!Number.isInteger(result.total) || result.total < match.min || result.total > match.max) {
      return err(keys.outOfRange, { min: match.min, max: match.max });
    }
    answered.push({ pending: match, total: noNegativeZero(result.total) });
  }
  return ok({ answered, open: pending.filter((p) => !seen.has(p.request.id)) });
}

export interface DefeatErrorKeys {
  readonly unknownCombatant: I18nKey;
  readonly alreadyDefeated: I18nKey;
  readonly notDefeated: I18nKey;
}

/**
 * DEF-1: marks a combatant defeated (skipped, keeps its place and data) or revives it. O(n): the
 * combatant record is copied with the one entry replaced.
 */
export function setDefeatedIn<
  S extends { readonly combatants: Readonly<Record<string, C>> },
  C extends { readonly id: string; readonly defeated: boolean },
>(state: S, combatantId: string, defeated: boolean, keys: DefeatErrorKeys): Result<Transition<S, CommonEvent>> {
  const combatant =
    typeof combatantId === "string" && Object.hasOwn(state.combatants, combatantId)
      ? state.combatants[combatantId]
      : undefined;
  if (combatant === undefined) return err(keys.unknownCombatant, { id: shown(combatantId) });
  if (combatant.defeated === defeated)
    return err(defeated ? keys.alreadyDefeated : keys.notDefeated, { id: combatantId });
  return ok({
    state: { ...state, combatants: { ...state.combatants, [combatantId]: { ...combatant, defeated } } },
    events: [{ type: defeated ? "combatantDefeated" : "combatantRevived", combatantId }],
    requests: [],
  });
}

/** The error keys a linear scheme hands to {@link dispatchLinear}: DEF-1's and the unknown command's. */
export interface LinearErrorKeys extends DefeatErrorKeys {
  readonly unknownCommand: I18nKey;
}

/**
 * STD-1, ROT-1, DEF-1: {@link dispatchCommand} for a linear scheme. The scheme handles its own commands;
 * revive is {@link setDefeatedIn}, defeat the scheme's `defeat` (by default {@link setDefeatedIn} too),
 * and anything else is `keys.unknownCommand`.
 */
export function dispatchLinear<
  S extends { readonly combatants: Readonly<Record<string, C>> },
  C extends { readonly id: string; readonly defeated: boolean },
  K extends { readonly type: string },
  R,
>(
  state: S,
  command: unknown,
  own: Omit<CommandHandlers<K, R>, "defeat" | "revive">,
  keys: LinearErrorKeys,
  defeat: (c: { readonly combatantId: string }) => R | Result<Transition<S, CommonEvent>> = (c) =>
    setDefeatedIn<S, C>(state, c.combatantId, true, keys),
): R | Result<Transition<S, CommonEvent>> {
  const revive = (c: { readonly combatantId: string }): Result<Transition<S, CommonEvent>> =>
    setDefeatedIn<S, C>(state, c.combatantId, false, keys);
  const handlers = { ...own, defeat, revive } as unknown as CommandHandlers<K, R | Result<Transition<S, CommonEvent>>>;
  return dispatchCommand(command, handlers, () => err(keys.unknownCommand));
}
