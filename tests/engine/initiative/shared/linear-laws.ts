/**
 * The property harness of the linear schedulers (standard, rotation): random command sequences through
 * withHistory, the laws every linear scheme keeps (plain JSON, errors change nothing, stored states read
 * back, nobody lost, one turn each per round, undo/redo exact) and malformed commands never throwing.
 * Each scheme adds its own checks through `check`.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { Result } from "../../../../src/engine/core/result.ts";
import type { CommonCommand, Scheduler } from "../../../../src/engine/initiative/contract.ts";
import { withHistory, withHistoryState, type HistoryState } from "../../../../src/engine/initiative/history.ts";
import type { PendingRollBase } from "../../../../src/engine/initiative/shared/linear-commands.ts";
import type { LinearRound } from "../../../../src/engine/initiative/shared/round-order.ts";
import { deepFreeze, expectPlainJson, TurnLedger } from "../standard/laws.ts";

/** Abstract commands; `answer` is turned into a `rolls` command against whatever is pending. */
export type LinearOp<C> =
  | { readonly op: "cmd"; readonly command: C }
  | { readonly op: "answer"; readonly seeds: readonly number[]; readonly bad: boolean }
  | { readonly op: "undo" }
  | { readonly op: "redo" };

/** What a linear scheme's state offers the laws. */
export interface LinearLawState extends LinearRound {
  readonly combatants: Readonly<Record<string, { readonly defeated: boolean }>>;
  readonly rolls: readonly PendingRollBase[];
}

/**
 * The random operations: the common commands over `id`, the scheme's `join` (with its weight),
 * setInitiative from 0 to `maxInitiative`, answers to pending rolls, undo and redo.
 */
export function linearOps<J>(
  id: fc.Arbitrary<string>,
  join: { readonly weight: number; readonly arbitrary: fc.Arbitrary<J> },
  maxInitiative: number,
): fc.Arbitrary<LinearOp<J | CommonCommand>> {
  type Op = LinearOp<J | CommonCommand>;
  const cmd = (command: J | CommonCommand): Op => ({ op: "cmd", command });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Op>(cmd({ type: "start" })) },
    { weight: 14, arbitrary: fc.constant<Op>(cmd({ type: "next" })) },
    { weight: join.weight, arbitrary: join.arbitrary.map<Op>(cmd) },
    { weight: 1, arbitrary: id.map<Op>((c) => cmd({ type: "leave", combatantId: c })) },
    { weight: 2, arbitrary: id.map<Op>((c) => cmd({ type: "defeat", combatantId: c })) },
    { weight: 2, arbitrary: id.map<Op>((c) => cmd({ type: "revive", combatantId: c })) },
    {
      weight: 2,
      arbitrary: fc
        .record({ id, value: fc.integer({ min: 0, max: maxInitiative }) })
        .map<Op>(({ id, value }) => cmd({ type: "setInitiative", combatantId: id, value })),
    },
    {
      weight: 5,
      arbitrary: fc
        .record({ seeds: fc.array(fc.nat(), { maxLength: 8 }), bad: fc.boolean() })
        .map<Op>(({ seeds, bad }) => ({ op: "answer", seeds, bad })),
    },
    { weight: 1, arbitrary: fc.constant<Op>({ op: "undo" }) },
    { weight: 1, arbitrary: fc.constant<Op>({ op: "redo" }) },
  );
}

type WithUndo<C> = C | { readonly type: "undo" } | { readonly type: "redo" };

/**
 * The command an operation stands for. Answers use small totals on purpose (few values, so ties and
 * tie-breakers happen often); with `bad` the first total is `badTotal` (out of range).
 */
export function toLinearCommand<C>(
  o: LinearOp<C>,
  rolls: readonly PendingRollBase[],
  badTotal: (pending: PendingRollBase) => number,
): WithUndo<C | CommonCommand> {
  if (o.op === "undo" || o.op === "redo") return { type: o.op };
  if (o.op === "cmd") return o.command;
  const results = rolls.slice(0, Math.max(1, o.seeds.length)).map((pending, i) => {
    const span = Math.min(3, pending.max - pending.min + 1);
    return {
      requestId: pending.request.id,
      total: o.bad && i === 0 ? badTotal(pending) : pending.min + ((o.seeds[i] ?? 0) % span),
    };
  });
  return { type: "rolls", results };
}

/** One accepted transition, for the scheme's own checks. */
export interface LinearLawStep<S, C, E> {
  readonly command: WithUndo<C>;
  readonly next: S;
  readonly events: readonly (E | { readonly type: "undone" } | { readonly type: "redone" })[];
  /** The ids the sequence expects in the encounter now. */
  readonly members: ReadonlySet<string>;
}

/**
 * Applies `ops` to `initial` through withHistory and checks the common laws after each; `check` adds
 * the scheme's own (it also runs after undo/redo, with `command.type` telling which). Errors must be
 * typed and change nothing (the state is frozen: any write would throw).
 */
export function walkLinearLaws<S extends LinearLawState, C extends { readonly type: string }, E>(
  scheduler: Scheduler<S, C, E>,
  parse: (raw: unknown) => Result<S>,
  initial: S,
  ops: readonly LinearOp<C>[],
  badTotal: (pending: PendingRollBase) => number,
  check: (step: LinearLawStep<S, C, E>) => void,
): void {
  const history = withHistory(scheduler);
  let state: HistoryState<S> = withHistoryState(initial);
  const members = new Set<string>(Object.keys(initial.combatants));
  const ledger = new TurnLedger();
  for (const o of ops) {
    deepFreeze(state);
    const before = JSON.stringify(state.present);
    const command = toLinearCommand(o, state.present.rolls, badTotal) as WithUndo<C>;
    const result = history.apply(state, command);
    if (!result.ok) {
      expect(result.error.key.startsWith("TEMPO.ERRORS.")).toBe(true);
      expect(JSON.stringify(state.present)).toBe(before); // and frozen: any write would have thrown
      continue;
    }
    const next = result.value.state;
    expectPlainJson(next.present);
    // What the scheduler produces, read back from storage, is accepted as it is.
    expect(parse(JSON.parse(JSON.stringify(next.present)))).toEqual({ ok: true, value: next.present });
    if (command.type === "undo" || command.type === "redo") {
      ledger.reset();
      members.clear();
      for (const k of Object.keys(next.present.combatants)) members.add(k);
    } else {
      const target = "combatantId" in command && typeof command.combatantId === "string" ? command.combatantId : "";
      if (command.type === "join") members.add(target);
      if (command.type === "leave") members.delete(target);
      ledger.observe(result.value.events as Parameters<TurnLedger["observe"]>[0], () =>
        next.present.order.filter((c) => next.present.combatants[c]?.defeated === false),
      );
      // Undo then redo returns to exactly this state.
      const undone = history.apply(next, { type: "undo" });
      expect(undone.ok && undone.value.state.present).toEqual(state.present);
      if (undone.ok) {
        const redone = history.apply(undone.value.state, { type: "redo" });
        expect(redone.ok && redone.value.state.present).toEqual(next.present);
      }
    }
    expect(Object.keys(next.present.combatants).sort()).toEqual([...members].sort());
    check({ command, next: next.present, events: result.value.events, members });
    state = next;
  }
}

/**
 * Malformed commands never throw: a typed error and an unchanged state, or a legal transition.
 * `fields` adds the scheme's `join` fields (and its own commands' fields) to the garbage records, `types`
 * its own command types.
 */
export function checkMalformedCommands<S, C>(
  scheduler: Scheduler<S, C, unknown>,
  states: readonly S[],
  fields: readonly string[],
  types: readonly string[] = [],
): void {
  const field = fc.oneof(fc.anything(), fc.constantFrom("a", "b", "g1", 3, -1, 2.5, null));
  const record: Record<string, fc.Arbitrary<unknown>> = {
    type: fc.constantFrom(
      "start",
      "next",
      "rolls",
      "join",
      "leave",
      "defeat",
      "revive",
      "setInitiative",
      "undo",
      ...types,
    ),
    combatantId: field,
    value: field,
    results: fc.oneof(fc.anything(), fc.array(fc.record({ requestId: field, total: field }))),
  };
  for (const f of fields) record[f] = field;
  const garbage = fc.oneof(fc.anything(), fc.record(record));
  fc.assert(
    fc.property(fc.constantFrom(...states), garbage, (state, command) => {
      deepFreeze(state);
      const before = JSON.stringify(state);
      const result = scheduler.apply(state, command as C);
      if (!result.ok) expect(result.error.key.startsWith("TEMPO.ERRORS.")).toBe(true);
      expect(JSON.stringify(state)).toBe(before);
      if (result.ok) expectPlainJson(result.value.state);
    }),
    { numRuns: 500 },
  );
}
