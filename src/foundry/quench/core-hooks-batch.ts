/**
 * Quench batch `tempo.core.hooks` (issue 17, "Core stays true"): per ruleset, a small combat played
 * by this GM for two full rounds, recording every click's core hooks and turn events on this client:
 * - `combatStart(combat, {round, turn})` once, on start;
 * - `combatRound` / `combatTurn(combat, {round, turn}, {direction, worldTime: {delta}})` once per
 *   change of round / turn, on this (the initiating) client, `delta` being the world time the click
 *   moved (API hookEvents.combatTurn / combatRound v13; Draw Steel 0.11.1 combat.mjs passes
 *   `{ direction, worldTime: { delta } }` on v13);
 * - `combatTurnChange(combat, prior, current)` once per change of round, turn or acting creature
 *   (API hookEvents.combatTurnChange: every client after the update);
 * - `_onStartTurn`, `_onEndTurn`, `_onStartRound`, `_onEndRound` once each, as the engine's
 *   `tempo.*` turn and round events plan them (turnEventPlan), dispatched by the active GM;
 * - after each next, `combat.combatant` is the creature the engine says acts and `combat.turns[combat.turn]`
 *   is it.
 * Needs the active GM (turn events run on its client); skipped otherwise, saying why.
 */
import { RULESET_IDS, turnEventPlan, type HostEvent, type RulesetId } from "../../engine/index.ts";
import { writerQueueIdle } from "../combat/writer-queue.ts";
import type { QuenchAssert, QuenchBatchFunction } from "./quench-api.ts";
import { engineOf, isActiveGmHere, QuenchWorld, step } from "./quench-world.ts";

const SUITE_TIMEOUT_MS = 120_000;
const STEP_LIMIT = 120;
const CORE_HOOKS = ["combatStart", "combatRound", "combatTurn", "combatTurnChange"] as const;
const TEMPO_TURN_HOOKS = ["tempo.turnStarted", "tempo.turnEnded", "tempo.roundStarted", "tempo.roundEnded"] as const;
const TURN_EVENTS = {
  _onStartTurn: "startTurn",
  _onEndTurn: "endTurn",
  _onStartRound: "startRound",
  _onEndRound: "endRound",
};

interface TurnState {
  readonly started: boolean;
  readonly round: number;
  readonly turn: number | null;
  readonly combatantId: string | null;
}

interface Call {
  readonly name: string;
  readonly args: readonly unknown[];
}

/** One click: what it was, the turn state around it, the world time it moved and what fired. */
export interface ClickRecord {
  readonly label: string;
  readonly before: TurnState;
  readonly after: TurnState;
  readonly delta: number;
  readonly calls: readonly Call[];
  /** After the click: the engine's acting creature, `combat.combatant` and `combat.turns[combat.turn]`. */
  readonly acting: {
    readonly engine: string | null;
    readonly combatant: string | null;
    readonly indexed: string | null;
  };
}

function stateOf(combat: Combat.Implementation): TurnState {
  return { started: combat.started, round: combat.round, turn: combat.turn, combatantId: combat.combatant?.id ?? null };
}

const idOf = (value: unknown): string | null => {
  const id: unknown = typeof value === "object" && value !== null ? Reflect.get(value, "id") : null;
  return typeof id === "string" ? id : null;
};

/** Plays a combat of `ruleset` for two full rounds, recording each click. */
export class LedgerRun {
  readonly world = new QuenchWorld();
  readonly clicks: ClickRecord[] = [];
  #calls: Call[] = [];

  constructor(readonly ruleset: RulesetId) {}

  #record(name: string, args: readonly unknown[]): void {
    this.#calls.push({ name, args });
  }

  async play(): Promise<void> {
    for (const hook of [...CORE_HOOKS, ...TEMPO_TURN_HOOKS]) {
      this.world.on(hook, (...args) => {
        if (idOf(args[0]) === (this.world.combat?.id ?? "")) this.#record(hook, args);
      });
    }
    const combat = await this.world.create(this.ruleset, `Quench Ledger ${this.ruleset}`);
    // Turn events are Combat methods, not hooks: the instance's are wrapped to see them called.
    const methods = combat as unknown as Record<string, unknown>;
    for (const name of Object.keys(TURN_EVENTS)) {
      const original = methods[name];
      if (typeof original !== "function") continue;
      methods[name] = (...args: unknown[]): unknown => {
        this.#record(name, args);
        return (original as (...a: unknown[]) => unknown).apply(combat, args);
      };
    }
    await this.#click(combat, "start", () => combat.startCombat());
    const last = combat.round + 2;
    for (let i = 1; i <= STEP_LIMIT && combat.round < last; i++) {
      const kind = engineOf(combat).host.pending(engineOf(combat).state).length > 0 ? "roll" : "next";
      await this.#click(combat, `${kind} ${i}`, () => step(combat));
    }
    if (combat.round < last) throw new Error(`${this.ruleset}: two rounds were not over after ${STEP_LIMIT} clicks.`);
  }

  async #click(combat: Combat.Implementation, label: string, run: () => Promise<unknown>): Promise<void> {
    const before = stateOf(combat);
    const time = game.time.worldTime;
    this.#calls = [];
    await run();
    await writerQueueIdle(combat);
    const { host, state } = engineOf(combat);
    const indexed = combat.turn === null ? null : (combat.turns[combat.turn]?.id ?? null);
    this.clicks.push({
      label,
      before,
      after: stateOf(combat),
      delta: game.time.worldTime - time,
      calls: this.#calls,
      acting: { engine: host.current(state), combatant: combat.combatant?.id ?? null, indexed },
    });
  }
}

const named = (click: ClickRecord, ...names: string[]): readonly Call[] =>
  click.calls.filter((c) => names.includes(c.name));

/** The turn events core's methods were called with, and the ones the engine's events plan. */
function turnEvents(click: ClickRecord): { dispatched: string[]; planned: string[] } {
  const dispatched = named(click, ...Object.keys(TURN_EVENTS)).map((c) => {
    const call = TURN_EVENTS[c.name as keyof typeof TURN_EVENTS];
    const context = (c.name.endsWith("Turn") ? c.args[1] : c.args[0]) as { round?: unknown } | undefined;
    const who = c.name.endsWith("Turn") ? ` ${idOf(c.args[0]) ?? "?"}` : "";
    return `${call}${who} r${String(context?.round)}`;
  });
  const events = named(click, ...TEMPO_TURN_HOOKS).map((c) => c.args[1] as HostEvent);
  const planned = turnEventPlan(events).map((c) =>
    "combatantId" in c ? `${c.call} ${c.combatantId} r${c.round}` : `${c.call} r${c.round}`,
  );
  return { dispatched, planned };
}

/** Checks one click's core hooks: each fires once per change, with v13's payload. */
function checkCoreHooks(assert: QuenchAssert, click: ClickRecord): void {
  const { before, after } = click;
  const where = `${click.label}`;
  const roundChanged = after.round !== before.round;
  const turnChanged = after.turn !== before.turn;
  const moves = before.started ? named(click, "combatRound", "combatTurn") : [];
  const expected = !before.started ? null : roundChanged ? "combatRound" : turnChanged ? "combatTurn" : null;
  assert.deepEqual(
    moves.map((c) => c.name),
    expected === null ? [] : [expected],
    `${where}: combatRound / combatTurn once per change`,
  );
  for (const call of moves) {
    assert.deepEqual(call.args[1], { round: after.round, turn: after.turn }, `${where}: ${call.name} updateData`);
    // Every click here goes forward (the undo step is checked apart): forward even where a phase's
    // order starts again and the turn index goes down.
    assert.deepEqual(
      call.args[2],
      { direction: 1, worldTime: { delta: click.delta } },
      `${where}: ${call.name} options {direction, worldTime: {delta}}`,
    );
  }
  const changed = roundChanged || turnChanged || after.combatantId !== before.combatantId;
  const announced = named(click, "combatTurnChange");
  assert.strictEqual(announced.length, changed && after.started ? 1 : 0, `${where}: combatTurnChange once per change`);
  for (const call of announced) {
    const prior = call.args[1] as Partial<TurnState>;
    const current = call.args[2] as Partial<TurnState>;
    assert.deepEqual(
      [prior.round, prior.turn, prior.combatantId],
      [before.round, before.turn, before.combatantId],
      `${where}: combatTurnChange prior`,
    );
    assert.deepEqual(
      [current.round, current.turn, current.combatantId],
      [after.round, after.turn, after.combatantId],
      `${where}: combatTurnChange current`,
    );
  }
}

export const coreHooksBatch: QuenchBatchFunction = ({ describe, it, before, after, assert }) => {
  for (const ruleset of RULESET_IDS) {
    const run = new LedgerRun(ruleset);
    const need = (): readonly ClickRecord[] => {
      if (run.clicks.length === 0) assert.fail("An earlier step failed: no clicks were recorded.");
      return run.clicks;
    };

    describe(`Tempo ${ruleset}: core's hooks and turn events over two rounds`, function () {
      this.timeout(SUITE_TIMEOUT_MS);

      before(function () {
        if (game.user.isGM && isActiveGmHere()) return;
        console.warn("Tempo | Quench tempo.core.hooks: run it as the active GM (turn events run on its client).");
        this.skip();
      });

      after(async () => {
        await run.world.cleanUp();
      });

      it("plays two full rounds as the active GM, recording every click's hooks and turn events", async () => {
        await run.play();
        assert.isAtLeast(run.clicks.length, 4, "clicks recorded");
      });

      it("combatStart fires once, on start, with {round, turn}", () => {
        const clicks = need();
        const starts = clicks.flatMap((click) => named(click, "combatStart").map((call) => ({ click, call })));
        assert.deepEqual(
          starts.map((s) => s.click.label),
          ["start"],
          "combatStart fired once, by the start click",
        );
        const start = starts[0];
        if (start !== undefined)
          assert.deepEqual(
            start.call.args[1],
            { round: start.click.after.round, turn: start.click.after.turn },
            "payload",
          );
      });

      it("combatRound, combatTurn and combatTurnChange fire once per change, with v13's payloads", () => {
        for (const click of need()) checkCoreHooks(assert, click);
      });

      it("_onStartTurn, _onEndTurn, _onStartRound and _onEndRound run once each, as the engine's events plan them", () => {
        let total = 0;
        for (const click of need()) {
          const { dispatched, planned } = turnEvents(click);
          assert.deepEqual(dispatched, planned, `${click.label}: turn events`);
          total += dispatched.length;
        }
        assert.isAtLeast(total, 4, "turn events ran at all");
      });

      it("after each next, combat.combatant is the creature the engine says acts, and combat.turns[combat.turn] is it", () => {
        const nexts = need().filter((click) => click.label.startsWith("next"));
        assert.isAtLeast(nexts.length, 2, "next clicks");
        for (const click of nexts) {
          assert.strictEqual(click.acting.combatant, click.acting.engine, `${click.label}: combat.combatant`);
          assert.strictEqual(click.acting.indexed, click.acting.engine, `${click.label}: combat.turns[combat.turn]`);
        }
      });
    });
  }
};
