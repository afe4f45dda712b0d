/**
 * The count-up track scheduler (RULES §1): one `apply` for every command, pure and total. On an error
 * the caller keeps its state; nothing was changed.
 *
 * Dice: the initiative request is "1d20 - bonus" (CNT-2) and a contest "1d20 + bonus" (CNT-5), the bonus
 * written into the formula as the other schemes write theirs; feed back the formula's total, which is
 * the creature's result and the kept contest total respectively. The dice still wanted follow from the
 * state (requests.ts): a request stays open, under the same id, for as long as the roll is owed.
 *
 * Stored size (issue 8): the state is written to `Combat.system` as a key-by-key diff, and no command but
 * a roll batch or a roster change writes anything for everyone. A new round resets the walk (walk.ts),
 * CNT-13's lowering is read from each record (`countIn`), and the order on a shared count (`tieOrder`)
 * moves only when contest totals come in.
 *
 * Rulings where the rules text is silent (each is tested):
 * - Actions due on a count resolve before the turns on that count (they were declared earlier).
 * - CNT-11: saves are called once a creature's last resolution this round is certain: right after it when
 *   its turn is over (passed or spent), else as its turn ends; a creature with nothing resolved this
 *   round saves in the end step. Known gap: a resolution of a creature with no turn left this round
 *   (woken after its count passed) waits for the end step too.
 * - CNT-4 with CNT-11, CNT-14: the surprise round's end step calls saves and death saves only for the
 *   creatures taking part in it (surprise, not marked surprised); the rest roll them in round 1 (track.ts).
 * - CNT-13 lowers only creatures that had a turn in the round, and never after the surprise round (where
 *   every creature with surprise is on 0 anyway); a bonus of 0 or less never raises a count.
 * - CNT-14: a creature that wakes acts this round whenever 20 − bonus is still ahead of the turn under
 *   way (RULES), even after an earlier turn: that is a new turn with a fresh action (its reaction stays
 *   used, and its saves are not called twice in a round). The waking count is capped at 19 (a bonus of 0
 *   or less would land on the end step); so is a first count above 19 (a negative bonus).
 * - A defeated or unconscious creature's pending actions are cancelled when they come due.
 * - Mid-round (join, set initiative, revive, wake, contest totals): a creature still to act keeps a turn
 *   this round (right after the current one if its new place is behind); one that acted keeps its new
 *   count for next round; a creature whose place the walk has passed without a turn (a newcomer or a
 *   woken creature behind, a defeated one revived after its place) waits for the next round. Nobody joins
 *   the surprise round mid-way (a late roll gives no surprise). The creature whose turn it is leaves, is
 *   defeated or falls unconscious: its turn ends and the next one starts (DEF-1, roster.ts).
 */
import { err, ok, type Result } from "../../core/result.ts";
import type { DiceRequest, Scheduler, TimelineEntry, Transition } from "../contract.ts";
import { declare, react } from "./actions.ts";
import {
  declareSurprise,
  defeat,
  join,
  knockOut,
  leave,
  markSurprised,
  next,
  revive,
  rolls,
  setInitiative,
  start,
  wake,
} from "./roster.ts";
import { countNeeds, countRequests, newRequests, type CountNeed } from "./requests.ts";
import type { CountOut } from "./state.ts";
import { countTimeline } from "./timeline.ts";
import { currentId } from "./track.ts";
import type { CountCommand, CountEvent, CountState } from "./types.ts";

function dispatch(
  state: CountState,
  command: CountCommand,
  out: CountOut,
  open: () => readonly CountNeed[],
): Result<CountState> {
  switch (command.type) {
    case "start":
      return start(state, out);
    case "next":
      return next(state, out);
    case "rolls":
      return rolls(state, command.results, open(), out);
    case "join":
      return join(state, command.combatant, out);
    case "leave":
      return leave(state, command.combatantId, out);
    case "defeat":
      return defeat(state, command.combatantId, out);
    case "revive":
      return revive(state, command.combatantId, out);
    case "setInitiative":
      return setInitiative(state, command.combatantId, command.value, out);
    case "declare":
      return declare(state, command.combatantId, command.action, out);
    case "react":
      return react(state, command.combatantId, command.reaction, out);
    case "unconscious":
      return knockOut(state, command.combatantId, out);
    case "regainConsciousness":
      return wake(state, command.combatantId, out);
    case "markSurprised":
      return markSurprised(state, command.combatantId, command.surprised, out);
    case "declareSurprise":
      return declareSurprise(state, command.value, out);
    default:
      return err("TEMPO.ERRORS.Count.UnknownCommand");
  }
}

function apply(state: CountState, command: CountCommand): Result<Transition<CountState, CountEvent>> {
  // Player commands reach the GM through queries: whatever arrives is checked, never trusted.
  if (typeof command !== "object" || command === null) return err("TEMPO.ERRORS.Count.UnknownCommand");
  if ("combatantId" in command && typeof command.combatantId !== "string")
    return err("TEMPO.ERRORS.Count.InvalidCombatant");
  const out: CountOut = { events: [] };
  // The dice a step asks for are those the new state waits for and the old one did not. A turn step,
  // a declaration or a reaction never changes who owes dice, so they skip the O(n) comparison.
  const turnStep =
    command.type === "declare" || command.type === "react" || (command.type === "next" && state.status === "turns");
  let before: readonly CountNeed[] | null = null;
  const open = (): readonly CountNeed[] => (before ??= countNeeds(state));
  const result = dispatch(state, command, out, open);
  if (!result.ok) return result;
  return ok({ state: result.value, events: out.events, requests: turnStep ? [] : newRequests(open(), result.value) });
}

/** RULES §1 (CNT-1 … CNT-14, FEAT-CHARGED): the count-up track behind the common scheduler interface. */
export const countScheduler: Scheduler<CountState, CountCommand, CountEvent> = {
  id: "count",
  apply,
  timeline: (state): readonly TimelineEntry[] => countTimeline(state),
  current: (state): string | null => currentId(state),
  pending: (state): readonly DiceRequest[] => countRequests(state),
};
