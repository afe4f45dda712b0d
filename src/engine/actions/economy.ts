/**
 * The common shape of the per-ruleset action trackers (STD-6, ACT-ROT, SEG-9, CNT-12, phase).
 *
 * A tracker's state is plain JSON kept on `Combatant.system`. `spend` refuses, with a reason key and
 * the state untouched, whatever is not allowed now; `remaining` is what the sheet shows; `observe`
 * follows the scheduler's events (turn and round starts refresh, turn ends close the turn's actions),
 * so the Foundry layer feeds every combatant's tracker the same events the tracker shows.
 */
import { err, ok, type I18nKey, type Result } from "../core/result.ts";
import type { CommonEvent, RulesetId } from "../initiative/contract.ts";
import { shown } from "../dice/checks.ts";

export interface ActionLeft<K extends string> {
  readonly kind: K;
  /** How many of this kind can still be spent before the next refresh; null means any number. */
  readonly left: number | null;
  readonly label: I18nKey;
}

/**
 * `E` is the scheduler's event type: every tracker follows the common events; a ruleset's tracker may
 * also follow its scheduler's own (rotation: the ROT-7 planning phase).
 */
export interface ActionEconomy<S, K extends string, C = never, E = CommonEvent> {
  readonly ruleset: RulesetId;
  readonly kinds: readonly K[];
  /** Spends one `kind`. On error the state is unchanged (the caller keeps it). */
  spend(state: S, kind: K, context?: C): Result<S>;
  remaining(state: S): readonly ActionLeft<K>[];
  /** Follows the clock: `selfId` is the combatant this tracker belongs to. */
  observe(state: S, event: E, selfId: string): S;
}

/** STD-6, ACT-ROT: is this event the start (or end) of `selfId`'s own turn? */
export function isOwnTurnEvent(
  event: { readonly type: string },
  selfId: string,
  type: "turnStarted" | "turnEnded",
): boolean {
  return event.type === type && "combatantId" in event && event.combatantId === selfId;
}

/** What a ruleset writes to define its tracker; `defineEconomy` adds what every tracker shares. */
export interface EconomyParts<S, K extends string, C, E = CommonEvent> {
  readonly ruleset: RulesetId;
  readonly kinds: readonly K[];
  readonly labels: Readonly<Record<K, I18nKey>>;
  /** Spends one `kind`, already known to be one of `kinds`. */
  spend(state: S, kind: K, context?: C): Result<S>;
  /** How many of each kind are left (null: any number). */
  left(state: S): Readonly<Record<K, number | null>>;
  /** Shape checks `left` cannot make on its own (lists it reads), for a state read back from storage. */
  readonly sound?: (state: S) => boolean;
  observe(state: S, event: E, selfId: string): S;
}

/**
 * STD-6, ACT-ROT, SEG-9, CNT-12, PHS-7: a tracker from its parts: `spend` refuses unknown kinds
 * (`Actions.UnknownKind`) before the ruleset's own rules run, and `remaining` lists every kind in order.
 */
export function defineEconomy<S, K extends string, C = never, E = CommonEvent>(
  parts: EconomyParts<S, K, C, E>,
): ActionEconomy<S, K, C, E> {
  return {
    ruleset: parts.ruleset,
    kinds: parts.kinds,
    spend(state, kind, context) {
      const known = checkKind(parts.kinds, kind);
      if (!known.ok) return known;
      return storedStateIsSound(parts, state)
        ? parts.spend(state, kind, context)
        : err("TEMPO.ERRORS.Actions.InvalidState", { kind });
    },
    remaining(state) {
      const left = parts.left(state);
      return parts.kinds.map((kind) => ({ kind, left: left[kind], label: parts.labels[kind] }));
    },
    observe: parts.observe,
  };
}

/** A tracker state from `Combatant.system` is an object whose counts are whole numbers ≥ 0 (or "any"). */
function storedStateIsSound<S, K extends string, C, E>(parts: EconomyParts<S, K, C, E>, state: S): boolean {
  if (typeof state !== "object" || state === null) return false;
  if (parts.sound !== undefined && !parts.sound(state)) return false;
  const left = parts.left(state);
  return parts.kinds.every((kind) => left[kind] === null || (Number.isInteger(left[kind]) && (left[kind] ?? 0) >= 0));
}

/** STD-6, ACT-ROT, SEG-9, CNT-12: bad input: a kind the tracker does not list is `Actions.UnknownKind`, never a silent change of state. */
export function checkKind<K extends string>(kinds: readonly K[], kind: K): Result<K> {
  return kinds.includes(kind) ? ok(kind) : err("TEMPO.ERRORS.Actions.UnknownKind", { kind: shown(kind) });
}

/** STD-6, ACT-ROT, CNT-12, PHS-7: spends one of a counted resource (`NoneLeft` when none is left); the other fields are shared. */
export function takeOne<S extends Readonly<Record<K, number>>, K extends string>(state: S, kind: K): Result<S> {
  return state[kind] > 0 ? ok({ ...state, [kind]: state[kind] - 1 }) : err("TEMPO.ERRORS.Actions.NoneLeft", { kind });
}
