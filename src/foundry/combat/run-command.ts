/**
 * The GM side of every Tempo command: the one place a command becomes engine steps and document
 * writes. Commands are the engine's (`declare`, `delay`, `react`, `seize` …, checked by the engine)
 * plus the table's own:
 * - `endTurn` (optionally `{ combatantId }`: refused unless that creature is acting): `next`, given by
 *   the owner of the acting creature;
 * - `rollInitiative` `{ combatantIds }`: roll those creatures' waiting initiative dice;
 * - `nextRound` / `previousRound`: steps until the round changes, in one write and one undo step;
 * - `undo` / `redo`: through the stored patch history;
 * - `reset`: the encounter rebuilt from its combatants, not started;
 * - `setGroup` `{ combatantIds, groupId }`: moves combatants between groups (groups/set-group.ts);
 *   `start` first makes the default groups when the GM made none (groups/start-groups.ts).
 * The engine's `join` and `leave` are refused: creating or deleting a Combatant gives them
 * (roster-sync.ts), so the engine and the documents never part.
 * Dice the engine asks for that settle an order (contests, roll-offs, a group's d6) are rolled at
 * once, again and again while the engine asks (at most `MAX_ROLL_ROUNDS` times), and belong to the
 * command: one command is one Combat update and one undo step, dice included, and one summary card
 * of its dice (roll-requests.ts `RollBook`), posted just before the update.
 */
import {
  automaticRequests,
  isPlainNext,
  secretTieRolls,
  commandCombatant,
  concentrationChanges,
  err,
  ok,
  settle,
  stepCombat,
  tableStep,
  type AnyRulesetHost,
  type CombatStep,
  type DiceRequest,
  type HostCombatant,
  type HostCommand,
  type Result,
  type StoredCombat,
} from "../../engine/index.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";
import { setGroup } from "./groups/set-group.ts";
import { startGroups, type StartGroups } from "./groups/start-groups.ts";
import { postRollBook, postRollCards, rollCards, rollRequests, type RollBook } from "./roll-requests.ts";
import { actionNowsOf } from "./step-actions.ts";
import { declaredUseWrites, splitUse, type DeclaredUse } from "./declared-uses.ts";
import { retargetUseWrites } from "./retarget-uses.ts";
import { declaredRoutinesCheck } from "./declared-routines.ts";
import { readableCombat } from "./tempo-model.ts";
import { planWrite, writeStep } from "./write-step.ts";
import { digitalDiceOnly } from "./digital-dice.ts";
import { storeMemoOf } from "./state-cache.ts";
import { secrecyOf } from "./secrecy.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { isPrepared, keepPrepared, preparationKey, takePrepared } from "./prepared-next.ts";
import type { CoreHookCall } from "./core-hooks.ts";
import type { MovedRecord } from "./turn-moves-record.ts";

const MAX_ROLL_ROUNDS = 20;

/** The table's own commands, next to each ruleset's engine commands (README, "Combat API"). */
export type TableCommand =
  | { readonly type: "endTurn"; readonly combatantId?: string }
  | { readonly type: "rollInitiative"; readonly combatantIds: readonly string[] }
  | { readonly type: "nextRound" }
  | { readonly type: "previousRound" }
  | { readonly type: "undo" }
  | { readonly type: "redo" }
  | { readonly type: "reset" };

function stepsOf(combat: Combat.Implementation, host: AnyRulesetHost, command: HostCommand): Result<CombatStep> {
  const read = readableCombat(combat, command.type === "reset");
  if (!read.ok) return read;
  const { model, stored } = read.value;
  // STD-6: the trackers go with the roster, so the engine refuses a trigger with no Reaction left (the
  // check reads the commanding creature's tracker only).
  const actions = actionNowsOf(combat, commandCombatant(command));
  // Issue 17: the combatants are read only by the commands that need them (a reset, a whole round).
  let combatants: readonly HostCombatant[] | null = null;
  const roster = {
    get combatants(): readonly HostCombatant[] {
      combatants ??= combat.combatants.contents.map((c) => hostCombatantOf(c));
      return combatants;
    },
    options: model.hostOptions,
    memo: storeMemoOf(combat.id),
    ...(actions === undefined ? {} : { actions }),
  };
  return tableStep(host, stored, command, roster);
}

/**
 * Runs `command` on the GM's client and writes the result; rolls the dice it asks for that settle an
 * order. Core's hook for the step is fired here when `fireHooks` (the command was given on this
 * client), else returned for the client that gave it (core-hooks.ts). `moved`: a landed move's record
 * written in the same update (SEG-10, canvas/landed-move.ts). Call it inside the combat's writer queue
 * (writer-queue.ts).
 */
export async function runCommand(
  combat: Combat.Implementation,
  given: HostCommand,
  fireHooks = true,
  moved: MovedRecord | null = null,
): Promise<Result<CoreHookCall | null>> {
  // Issue 11: a declared item's record rides with the command; the engine sees the command alone.
  const { command, use } = splitUse(given);
  // SEG-16: no more attack routines than the creature's stat block gives (declared-routines.ts).
  const routines = declaredRoutinesCheck(combat, command);
  if (!routines.ok) return routines;
  // Issue 17: a combat saved by another Tempo can still be Reset (tempo-model.ts, combat-format.ts).
  const read = readableCombat(combat, command.type === "reset");
  if (!read.ok) return read;
  const host = read.value.model.host;
  if (command.type === "setGroup") {
    const moved = await setGroup(combat, command);
    if (!moved.ok) return moved;
    const rolled = await rollRequested(combat, host, automaticRequests(moved.value));
    return rolled.ok ? ok(null) : rolled;
  }
  if (command.type === "start") {
    // Default groups: their documents first, then the regrouped engine starts in the start's one write.
    const grouped = await startGroups(combat);
    if (!grouped.ok) return grouped;
    if (grouped.value !== null) return startGrouped(combat, host, grouped.value, fireHooks);
  }
  for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
    const ran = await runStep(combat, host, command, use, fireHooks, moved);
    if (ran !== STALE) return ran;
  }
  return err("TEMPO.ERRORS.Host.Busy");
}

/** A step computed while another write landed (its `seq` moved on): computed again, never merged. */
const STALE = Symbol("stale");
const STALE_RETRIES = 3;

function seqOf(combat: Combat.Implementation): number {
  return tempoModelOf(combat)?.seq ?? 0;
}

/** `start` on the engine regrouped by the default groups: one Combat update, one Combatant update. */
async function startGrouped(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  grouped: StartGroups,
  fireHooks: boolean,
): Promise<Result<CoreHookCall | null>> {
  const read = readableCombat(combat);
  if (!read.ok) return read;
  const { stored, state } = read.value;
  const started = host.apply(grouped.state, { type: "start" });
  if (!started.ok) return started;
  // A roster change: undo does not reach behind it (settle "reset").
  const origin = { stored, before: state, history: "reset" as const };
  const first = settle(host, stored, state, started.value, "reset", storeMemoOf(combat.id));
  const book: RollBook = [];
  const step = await rollFollowUps(combat, host, origin, first, book);
  await postRollBook(combat, book);
  return ok(await writeStep(combat, host, step, grouped.groups, [], new Map(), fireHooks));
}

/** One command as one write and one undo step, with the dice it brings that settle an order. */
async function runStep(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  command: HostCommand,
  use: DeclaredUse | null,
  fireHooks: boolean,
  moved: MovedRecord | null,
): Promise<Result<CoreHookCall | null> | typeof STALE> {
  const read = readableCombat(combat, command.type === "reset");
  if (!read.ok) return read;
  const { stored, state } = read.value;
  const seq = seqOf(combat);
  // Issue 17: a plain next the page worked out while idle, from this very state (prepared-next.ts).
  // Dice rolled ahead are not used once the user has set a die to manual entry (digital-dice.ts).
  const usable = (next: { readonly book: RollBook }) => next.book.length === 0 || digitalDiceOnly();
  const prepared =
    use === null && moved === null && isPlainNext(host, state, command)
      ? takePrepared(combat.id ?? "", seq, usable)
      : null;
  // The click's dice, posted once with the step that uses them (a step computed again rolls again).
  const book: RollBook = prepared?.book ?? [];
  let step = prepared?.step;
  if (step === undefined) {
    const first =
      command.type === "rollInitiative"
        ? await rollInitiative(combat, host, command, book)
        : stepsOf(combat, host, command);
    if (!first.ok) return first;
    const history = command.type === "reset" ? "reset" : "record";
    step = await rollFollowUps(combat, host, { stored, before: state, history }, first.value, book);
  }
  // CNT-10, SEG-10: `concentrating` set by a concentration spell's declaration, cleared when it is lost.
  if (seqOf(combat) !== seq) return STALE;
  await (prepared === null ? postRollBook(combat, book) : postRollCards(prepared.cards));
  // CNT-12: a retarget (and its undo) moves the targets a declared item rolls on, in this same step.
  const uses = new Map([
    ...declaredUseWrites(host.id, command, step.events, use, (id) => combat.combatants.get(id)?.actor?.uuid ?? null),
    ...retargetUseWrites(combat, host.id, step.state, step.events),
  ]);
  return ok(
    await writeStep(combat, host, step, new Map(), concentrationChanges(command, step.events), uses, fireHooks, moved),
  );
}

/**
 * Issue 17: works out the GM's plain next now, dice rolled but not posted, with its stored form and undo
 * patch, and keeps it for the click that takes it (prepared-next.ts; called while the page is idle:
 * idle-preparation.ts). Nothing is written or posted; a combat whose next the engine refuses keeps nothing.
 */
export async function prepareNext(combat: Combat.Implementation): Promise<void> {
  const read = readableCombat(combat);
  if (!read.ok || combat.id === null || !read.value.model.host.started(read.value.state)) return;
  const { model, stored, state } = read.value;
  const seq = seqOf(combat);
  if (isPrepared(combat.id, seq)) return;
  const key = preparationKey(seq);
  const first = stepsOf(combat, model.host, { type: "next" });
  if (!first.ok) return;
  // Dice a user rolls by hand (or by another fulfillment) are rolled at the click, never ahead (digital-dice.ts).
  if (automaticRequests(first.value.requests).length > 0 && !digitalDiceOnly()) return;
  const book: RollBook = [];
  const step = await rollFollowUps(combat, model.host, { stored, before: state, history: "record" }, first.value, book);
  // The stored form (the undo patch of every changed row at a round boundary) is the costly part; the
  // published form and its update from the document are worked out with it (write-step.ts).
  planWrite(combat, model.host, step);
  keepPrepared(combat.id, key, { step, book, cards: rollCards(combat, book) }, seqOf(combat));
}

/**
 * Rolls `requests` (dice a change outside a command asked for: a regrouped tie) and their follow-ups,
 * as one step of their own.
 */
export async function rollRequested(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  requests: readonly DiceRequest[],
): Promise<Result<true>> {
  if (requests.length === 0) return ok(true);
  const read = readableCombat(combat);
  if (!read.ok) return read;
  const { stored, state } = read.value;
  const book: RollBook = [];
  const results = await rollRequests(combat, requests, book);
  const first = stepCombat(host, stored, { type: "rolls", results }, storeMemoOf(combat.id));
  if (!first.ok) return first;
  const step = await rollFollowUps(combat, host, { stored, before: state, history: "record" }, first.value, book);
  await postRollBook(combat, book);
  await writeStep(combat, host, step);
  return ok(true);
}

/** A creature's waiting initiative dice, rolled; the step that feeds their totals to the engine. */
async function rollInitiative(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  command: HostCommand,
  book: RollBook,
): Promise<Result<CombatStep>> {
  const read = readableCombat(combat);
  if (!read.ok) return read;
  const { stored, state } = read.value;
  const ids: unknown = (command as unknown as Record<string, unknown>).combatantIds;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) {
    return err("TEMPO.ERRORS.Host.InvalidCommand", { type: command.type });
  }
  const wanted = new Set<string>(ids);
  const requests = host.pending(state).filter((r) => r.combatantId !== null && wanted.has(r.combatantId));
  if (requests.length === 0) return err("TEMPO.ERRORS.Host.NothingToRoll");
  const results = await rollRequests(combat, requests, book);
  return stepCombat(host, stored, { type: "rolls", results }, storeMemoOf(combat.id));
}

interface StepOrigin {
  readonly stored: StoredCombat;
  readonly before: unknown;
  readonly history: "record" | "reset";
}

/**
 * Rolls the dice `first` asks for that settle an order, feeds the totals back, and repeats for the
 * follow-ups. The whole chain is ONE step from `origin`: one write, one undo step (a GM's click that
 * brings a contest or a roll-off is undone by one click). If the engine refuses a total (it cannot,
 * for a real roll of its formula), the chain stops where it stood and the dice stay pending.
 */
async function rollFollowUps(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  origin: StepOrigin,
  first: CombatStep,
  book: RollBook,
): Promise<CombatStep> {
  let requests = automaticRequests(first.requests);
  if (requests.length === 0) return first;
  // Issue 17: the chain is stored (encoded, diffed, its undo patch packed) once, at its end, not once per
  // round of dice: at 1,000 combatants a count round's rolls and tie rolls each re-stored the whole state.
  let transition = { state: first.state, events: first.events, requests: first.requests };
  for (let round = 0; requests.length > 0 && round < MAX_ROLL_ROUNDS; round++) {
    // Issue 18 item 5: a visible creature's tie roll that only hidden creatures called for is on no card.
    const secret = secretTieRolls(host, transition.state, requests, secrecyOf(combat).hidden);
    const results = await rollRequests(combat, requests, book, secret);
    const answered = host.apply(transition.state, { type: "rolls", results });
    if (!answered.ok) break;
    const { state, events, requests: asked } = answered.value;
    transition = { state, events: [...transition.events, ...events], requests: [...transition.requests, ...asked] };
    requests = automaticRequests(asked);
  }
  if (transition.state === first.state) return first;
  return settle(host, origin.stored, origin.before, transition, origin.history, storeMemoOf(combat.id));
}
