/**
 * Each combatant's action tracker (STD-6, ACT-ROT, …) kept beside a combat by following the engine's
 * events: the bookkeeping a host does after every step. The preview keeps the book in memory; the
 * Foundry layer can keep each entry on `Combatant.system` and write the entries `changed` names.
 *
 * Pure: the book is a plain record keyed by combatant id, and an entry is replaced only when the
 * tracker's `observe` returns a new state for it (a step's write stays the creatures it concerns).
 */
import type { ActionEconomy, ActionLeft } from "../actions/economy.ts";
import {
  readStandardActions,
  standardActions,
  standardEconomy,
  standardReactionLeft,
  type StandardActions,
} from "../actions/standard-actions.ts";
import type { Message } from "../core/result.ts";
import type { StandardEvent } from "../initiative/standard/types.ts";
import type { HostCommand, HostEvent } from "./ruleset-host.ts";
import { eventString } from "./host-events.ts";

/** The action trackers of a combat's creatures, by combatant id. */
export type EconomyBook<S> = Readonly<Record<string, S>>;

/** What a host needs of one ruleset's tracker. `E` is its scheduler's event type. */
export interface BookEconomy<S, E> {
  readonly economy: Pick<ActionEconomy<S, string, never, E>, "observe" | "remaining">;
  /** STD-3: the state of a creature that joins (`midCombat`: the combat had started). */
  initial(midCombat: boolean): S;
  /** A state read back from storage (`Combatant.system`); null when it is not one this tracker writes. */
  read(value: unknown): S | null;
  /** The commands this tracker checks before the scheduler runs them (`refuse`). */
  readonly checks: readonly string[];
  /**
   * Why `command`, given for the creature whose tracker is `state`, cannot be given now (a readied
   * action needs a Reaction left, STD-6), or null when its tracker does not stand in the way.
   */
  refuse(state: S, command: HostCommand, combatantId: string): Message | null;
  /**
   * Whether `observe` changes a tracker only for events whose `combatantId` is its own (issue 17): a
   * step then follows only the trackers its events name, not every creature's.
   */
  readonly ownEvents?: boolean;
}

export interface BookStep<S> {
  readonly book: EconomyBook<S>;
  /** Ids whose entry was added, replaced or removed. */
  readonly changed: readonly string[];
}

/** A book for the creatures of a combat not started yet. */
export function openEconomyBook<S, E>(ruleset: BookEconomy<S, E>, ids: readonly string[]): EconomyBook<S> {
  const book: Record<string, S> = {};
  for (const id of ids) book[id] = ruleset.initial(false);
  return book;
}

/**
 * Follows one step's events (the step's own, from the same ruleset's scheduler): a joining creature
 * gets its initial tracker, a leaving one's goes, and every tracker observes every event. `started`
 * says whether the combat had started before these events. O(creatures × events).
 */
export function followEconomies<S, E>(
  ruleset: BookEconomy<S, E>,
  book: EconomyBook<S>,
  events: readonly HostEvent[],
  started: boolean,
): BookStep<S> {
  const next = new Map<string, S>(Object.entries(book));
  const changed = new Set<string>();
  let running = started;
  for (const event of events) {
    const id = eventString(event, "combatantId");
    if (event.type === "combatStarted") running = true;
    if (event.type === "combatantJoined" && id !== null) {
      next.set(id, ruleset.initial(running));
      changed.add(id);
      continue;
    }
    if (event.type === "combatantLeft" && id !== null) {
      next.delete(id);
      changed.add(id);
      continue;
    }
    const observers = ruleset.ownEvents === true ? ownObserver(next, id) : next;
    for (const [selfId, before] of observers) {
      // The events come from the scheduler whose tracker this is (see the file comment).
      const after = ruleset.economy.observe(before, event as unknown as E, selfId);
      if (after !== before) {
        next.set(selfId, after);
        changed.add(selfId);
      }
    }
  }
  return { book: Object.fromEntries(next), changed: [...changed] };
}

/** The one tracker an event can change when a tracker observes its own events only (none without an id). */
function ownObserver<S>(book: ReadonlyMap<string, S>, id: string | null): [string, S][] {
  const own = id === null ? undefined : book.get(id);
  return id === null || own === undefined ? [] : [[id, own]];
}

/** What one creature has left, as the tracker shows it (null when the book has no entry for it). */
export function economyLeft<S, E>(
  ruleset: BookEconomy<S, E>,
  book: EconomyBook<S>,
  id: string,
): readonly ActionLeft<string>[] | null {
  return Object.hasOwn(book, id) ? ruleset.economy.remaining(book[id] as S) : null;
}

/**
 * STD-6, Ready: a readied action triggers with the Reaction; none left this round (spent, or a
 * newcomer before its first turn, STD-3) refuses `trigger`.
 */
function refuseStandard(state: StandardActions, command: HostCommand, combatantId: string): Message | null {
  if (command.type === "use") return refuseStandardUse(state, command, combatantId);
  if (command.type !== "trigger") return null;
  const left = standardReactionLeft(state);
  if (left.ok) return null;
  return left.error.key === "TEMPO.ERRORS.Actions.NoneLeft"
    ? { key: "TEMPO.ERRORS.Standard.NoReaction", data: { id: combatantId } }
    : left.error;
}

/** STD-6: why nothing of the kind a `use` names can be spent now, in words that name it. */
const STANDARD_NONE_LEFT = {
  action: "TEMPO.ERRORS.Standard.NoAction",
  quickAction: "TEMPO.ERRORS.Standard.NoQuickAction",
  interaction: "TEMPO.ERRORS.Standard.NoInteraction",
} as const;

/** STD-6: why the creature cannot spend what `use` names (not its turn, none left, no such kind), or null. */
function refuseStandardUse(state: StandardActions, command: HostCommand, combatantId: string): Message | null {
  const kind = command.kind;
  if (typeof kind !== "string" || !Object.hasOwn(STANDARD_NONE_LEFT, kind))
    return { key: "TEMPO.ERRORS.Actions.UnknownKind", data: { kind: typeof kind === "string" ? kind : "?" } };
  const spent = standardEconomy.spend(state, kind as keyof typeof STANDARD_NONE_LEFT);
  if (spent.ok) return null;
  if (spent.error.key === "TEMPO.ERRORS.Actions.NoneLeft")
    return { key: STANDARD_NONE_LEFT[kind as keyof typeof STANDARD_NONE_LEFT], data: { id: combatantId } };
  return spent.error.key === "TEMPO.ERRORS.Actions.NotYourTurn"
    ? { key: "TEMPO.ERRORS.Standard.NotTheirTurn", data: { id: combatantId } }
    : spent.error;
}

/** STD-3, STD-6: the standard ruleset's tracker as a book keeps it (Delay and Ready included). */
export const STANDARD_BOOK_ECONOMY: BookEconomy<StandardActions, StandardEvent> = {
  economy: standardEconomy,
  initial: standardActions,
  read: readStandardActions,
  checks: ["trigger", "use"],
  refuse: refuseStandard,
  // STD-6: turnStarted, turnEnded, delayed, readyTriggered and actionUsed change their own creature's tracker only.
  ownEvents: true,
};
