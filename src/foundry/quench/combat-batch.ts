/**
 * The scenario every `tempo.combat.<ruleset>` Quench batch runs in a real world, as a GM: a Combat of
 * the ruleset's subtype with four actorless combatants; start; roll all; `nextTurn` until a new round;
 * one more `nextTurn` after an idle period, which must take the step the page worked out ahead (issue 17:
 * combat/idle-preparation.ts); one `previousTurn` (Tempo's undo); a command the engine refuses; delete. After every step the fields
 * core and modules read — `combat.round`, `combat.turn`, `combat.turns`, `combat.combatant` and each
 * `combatant.initiative` — must say what the engine's state says through its host.
 *
 * The combat's options are pinned to the rules' defaults and the encounter rebuilt with `resetAll`, so
 * a world's settings do not change what is checked. What a run leaves behind is removed afterwards:
 * the combat, the roll summaries it posted, and the world time it moved.
 */
import { waitsForRoller, type RulesetId } from "../../engine/index.ts";
import type { CombatOptions } from "../combat/host-options.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { corePositionOf } from "../combat/core-position.ts";
import { isPrepared, preparedTaken } from "../combat/prepared-next.ts";
import { writerQueueIdle } from "../combat/writer-queue.ts";
import type { QuenchAssert, QuenchBatchFunction } from "./quench-api.ts";

/** One test combatant: a name and the facts the Combatant model stores (combatant-model.ts). */
export interface TestCombatant {
  readonly name: string;
  readonly side: "pc" | "ally" | "enemy";
  readonly initiativeBonus: number;
  readonly int: number;
  readonly agi: number;
}

/** What differs between the rulesets' batches. */
export interface CombatScenario {
  readonly ruleset: RulesetId;
  readonly combatants: readonly TestCombatant[];
  /** The lowest and highest first initiative a creature can get; null when it rolls none of its own. */
  readonly firstInitiative: ((combatant: TestCombatant) => readonly [number, number]) | null;
  /** TIME-1: seconds of world time one round takes. */
  readonly roundSeconds: (options: CombatOptions) => number;
}

/** The rules' defaults: the Combat model's initial options (combat-model.ts). */
export const RULE_DEFAULTS: CombatOptions = {
  surprise: "automatic",
  drMode: "perHit",
  sharedInitiative: false,
  enemyGroups: false,
  noThreePlayersInRow: false,
  planningPhase: false,
  initiator: "players",
  dexReaction: false,
  roundSeconds: 6,
};

const SUITE_TIMEOUT_MS = 60_000;
const WAIT_MS = 10_000;
/** More `nextTurn`s than any ruleset needs for one round of four creatures. */
const STEP_LIMIT = 60;
/** The class rollRequests gives its summary messages. */
export const ROLL_SUMMARY = "tempo-roll-summary";

/** What core and modules read of a combat, with the engine's stored state behind it. */
interface CombatView {
  readonly round: number;
  readonly turn: number | null;
  readonly combatantId: string | null;
  readonly turns: readonly string[];
  readonly initiative: Readonly<Record<string, number | null>>;
  readonly engine: unknown;
}

function viewOf(combat: Combat.Implementation): CombatView {
  const initiative: Record<string, number | null> = {};
  for (const combatant of combat.combatants) initiative[combatant.id ?? ""] = combatant.initiative;
  return {
    round: combat.round,
    turn: combat.turn,
    combatantId: combat.combatant?.id ?? null,
    turns: combat.turns.map((c) => c.id ?? ""),
    initiative,
    engine: JSON.parse(JSON.stringify(tempoModelOf(combat)?.engine ?? null)) as unknown,
  };
}

/** Asserts that core's fields say what the engine's state says. */
export function assertAgrees(assert: QuenchAssert, combat: Combat.Implementation, when: string): void {
  const model = tempoModelOf(combat);
  assert.isNotNull(model, `${when}: the combat holds Tempo data`);
  const state = model.state;
  assert.isNotNull(state, `${when}: the engine state can be read`);
  const host = model.host;
  // Issue 18: core's round and turn are the published state's (core-position.ts).
  const core = corePositionOf(model, state);
  assert.strictEqual(combat.round, core.round, `${when}: combat.round`);
  // Issue 18: the public order (no hidden creature but the acting one), then the others by id.
  const placed = new Set(model.publicOrder);
  const unplaced = combat.combatants.map((c) => c.id ?? "").filter((id) => !placed.has(id));
  assert.deepEqual(
    combat.turns.map((c) => c.id ?? ""),
    [...model.publicOrder, ...unplaced.sort()],
    `${when}: combat.turns`,
  );
  assert.strictEqual(combat.turn, core.turn, `${when}: combat.turn`);
  assert.strictEqual(combat.combatant?.id ?? null, core.current, `${when}: combat.combatant`);
  for (const combatant of combat.combatants) {
    const id = combatant.id ?? "";
    assert.strictEqual(combatant.initiative, host.initiative(state, id), `${when}: ${combatant.name}'s initiative`);
  }
}

/** The engine's ids of the combatants whose own initiative roll is waiting. */
function waitingRollers(combat: Combat.Implementation): readonly string[] {
  const model = tempoModelOf(combat);
  if (model === null || model.state === null) return [];
  return model.host
    .pending(model.state)
    .filter(waitsForRoller)
    .map((r) => r.combatantId ?? "");
}

function engineKnows(combat: Combat.Implementation, ids: readonly string[]): boolean {
  const model = tempoModelOf(combat);
  if (model === null || model.state === null) return false;
  const known = new Set(model.host.order(model.state));
  return ids.every((id) => known.has(id));
}

/** Waits for work the active GM's client does after a write (roster sync) without awaiting it. */
export async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Listener = (...args: unknown[]) => void;
/** Hooks by name, for hooks the Foundry types do not list (Tempo's own); the page's, read on every call. */
const hooks = () =>
  Hooks as unknown as {
    on(hook: string, fn: Listener): number;
    off(hook: string, id: number): void;
  };

interface TempoHookCall {
  readonly hook: string;
  readonly combatId: string | null;
  readonly event: Readonly<Record<string, unknown>>;
}

function idOf(document: unknown): string | null {
  const id: unknown = typeof document === "object" && document !== null ? Reflect.get(document, "id") : null;
  return typeof id === "string" ? id : null;
}

/** One run of a batch: the combat under test and what the steps record for the later ones. */
class CombatRun {
  combat: Combat.Implementation | null = null;
  readonly tempoCalls: TempoHookCall[] = [];
  readonly messageIds: string[] = [];
  /** World time when the run began; null when it never began (not a GM). */
  worldTimeAtStart: number | null = null;
  roundStartTime = 0;
  newRoundTime = 0;
  /** Before the last `nextTurn`: what `previousTurn` must bring back. */
  beforeLast: CombatView | null = null;
  beforeLastTime = 0;
  readonly #listeners: { readonly hook: string; readonly id: number }[] = [];

  listen(): void {
    this.worldTimeAtStart = game.time.worldTime;
    for (const hook of ["tempo.roundStarted", "tempo.undone"]) {
      this.#on(hook, (combat, event) => {
        const data = typeof event === "object" && event !== null ? (event as Record<string, unknown>) : {};
        this.tempoCalls.push({ hook, combatId: idOf(combat), event: data });
      });
    }
    this.#on("createChatMessage", (message) => {
      const id = idOf(message);
      if (id !== null && message instanceof ChatMessage && message.content.includes(ROLL_SUMMARY)) {
        this.messageIds.push(id);
      }
    });
  }

  #on(hook: string, fn: Listener): void {
    this.#listeners.push({ hook, id: hooks().on(hook, fn) });
  }

  /** The combat, or a failure that says an earlier step did not get this far. */
  need(assert: QuenchAssert): Combat.Implementation {
    if (this.combat === null) assert.fail("An earlier step failed: there is no combat to test.");
    return this.combat;
  }

  callsFor(hook: string): readonly TempoHookCall[] {
    return this.tempoCalls.filter((call) => call.hook === hook && call.combatId === (this.combat?.id ?? null));
  }

  async cleanUp(): Promise<void> {
    for (const { hook, id } of this.#listeners.splice(0)) hooks().off(hook, id);
    const combat = this.combat;
    if (combat?.id != null && game.combats.get(combat.id) !== undefined) await combat.delete();
    this.combat = null;
    const messages = this.messageIds.filter((id) => game.messages.get(id) !== undefined);
    if (messages.length > 0) await ChatMessage.deleteDocuments(messages);
    if (this.worldTimeAtStart === null) return;
    const drift = game.time.worldTime - this.worldTimeAtStart;
    this.worldTimeAtStart = null;
    if (drift !== 0) await game.time.advance(-drift);
  }
}

/** The registration function of one ruleset's batch. */
export function combatBatch(scenario: CombatScenario): QuenchBatchFunction {
  return (context) => {
    const { describe, it, before, after } = context;
    const assert: QuenchAssert = context.assert;
    const run = new CombatRun();
    const ruleset = scenario.ruleset;

    describe(`Tempo ${ruleset} combat through Foundry's documents`, function () {
      this.timeout(SUITE_TIMEOUT_MS);

      before(function () {
        if (!game.user.isGM) {
          this.skip();
          return;
        }
        run.listen();
      });

      after(async () => {
        await run.cleanUp();
      });

      it(`creates a "${ruleset}" Combat whose engine knows its four actorless combatants`, async () => {
        const created = await Combat.create({ type: ruleset });
        if (created === undefined || created === null) assert.fail("Combat.create returned nothing.");
        run.combat = created;
        const combat = created;
        assert.strictEqual(combat.type, ruleset, "the Combat subtype");
        assert.strictEqual(tempoModelOf(combat)?.ruleset, ruleset, "the Tempo data model of the subtype");
        await combat.update({ system: { options: RULE_DEFAULTS } } as Combat.UpdateData);
        const data = scenario.combatants.map((c) => ({
          name: c.name,
          type: "base" as const,
          system: { side: c.side, initiativeBonus: c.initiativeBonus, int: c.int, agi: c.agi },
        }));
        const combatants = (await combat.createEmbeddedDocuments("Combatant", data)) ?? [];
        const ids = combatants.map((c) => c.id ?? "");
        assert.strictEqual(ids.length, scenario.combatants.length, "combatants created");
        await until(() => engineKnows(combat, ids), "the engine to add the new combatants");
        await combat.resetAll();
        assert.isTrue(engineKnows(combat, ids), "the rebuilt encounter holds every combatant");
        assert.isFalse(combat.started, "not started before startCombat");
        assertAgrees(assert, combat, "after resetAll");
      });

      it("startCombat starts the engine's encounter", async () => {
        const combat = run.need(assert);
        await combat.startCombat();
        assert.isTrue(combat.started, "combat.started");
        assertAgrees(assert, combat, "after startCombat");
        if (scenario.firstInitiative !== null) {
          const ids = combat.combatants.map((c) => c.id ?? "").sort();
          assert.deepEqual([...waitingRollers(combat)].sort(), ids, "every combatant's own roll waits");
        }
      });

      it(
        scenario.firstInitiative === null
          ? "rollAll has nothing to roll: the ruleset rolls no creature's own initiative"
          : "rollAll rolls every initiative through the combatants' facts",
        async () => {
          const combat = run.need(assert);
          const before = viewOf(combat);
          await combat.rollAll();
          assert.deepEqual(waitingRollers(combat), [], "no roll still waits");
          const range = scenario.firstInitiative;
          if (range === null) {
            assert.deepEqual(viewOf(combat), before, "nothing changed");
          } else {
            scenario.combatants.forEach((facts) => {
              const combatant = combat.combatants.find((c) => c.name === facts.name);
              const [low, high] = range(facts);
              const value = combatant?.initiative ?? null;
              assert.isNotNull(value, `${facts.name} has an initiative`);
              assert.isAtLeast(value, low, `${facts.name}'s initiative`);
              assert.isAtMost(value, high, `${facts.name}'s initiative`);
            });
          }
          assertAgrees(assert, combat, "after rollAll");
        },
      );

      it("nextTurn steps into the next round, core's fields agreeing with the engine after every step", async () => {
        const combat = run.need(assert);
        const round = combat.round;
        run.roundStartTime = game.time.worldTime;
        for (let step = 1; step <= STEP_LIMIT && combat.round === round; step++) {
          const before = viewOf(combat);
          run.beforeLast = before;
          run.beforeLastTime = game.time.worldTime;
          await combat.nextTurn();
          assert.notDeepEqual(viewOf(combat).engine, before.engine, `nextTurn ${step} moved the engine`);
          assertAgrees(assert, combat, `after nextTurn ${step}`);
        }
        run.newRoundTime = game.time.worldTime;
        assert.strictEqual(combat.round, round + 1, "the round after");
        const started = run.callsFor("tempo.roundStarted").map((call) => call.event.round);
        assert.ok(started.includes(combat.round), `tempo.roundStarted fired for round ${combat.round}`);
      });

      it("TIME-1: the round moved world time by the ruleset's round length", () => {
        const combat = run.need(assert);
        const model = tempoModelOf(combat);
        assert.isNotNull(model, "the combat holds Tempo data");
        const seconds = scenario.roundSeconds(model.options as CombatOptions);
        assert.strictEqual(run.newRoundTime - run.roundStartTime, seconds, "seconds of world time");
      });

      it("Issue 17: after an idle period, nextTurn takes the step the page worked out ahead; core's fields agree", async () => {
        const combat = run.need(assert);
        const seq = () => tempoModelOf(combat)?.seq ?? 0;
        // Dice the new round waits for (PHS-2's initiative) are rolled first: a next the engine refuses is not
        // worked out. Then the page's idle period (requestIdleCallback).
        const waiting = () => {
          const model = tempoModelOf(combat);
          return model?.state != null && model.host.pending(model.state).length > 0;
        };
        for (let i = 0; i < 5 && waiting(); i++) {
          await combat.rollAll();
          await writerQueueIdle(combat);
        }
        await until(() => isPrepared(combat.id ?? "", seq()), "the next step worked out while the page was idle");
        const taken = preparedTaken();
        run.beforeLast = viewOf(combat);
        run.beforeLastTime = game.time.worldTime;
        await combat.nextTurn();
        assert.strictEqual(preparedTaken(), taken + 1, "the click took the step worked out ahead");
        assertAgrees(assert, combat, "after a prepared nextTurn");
      });

      it("previousTurn undoes the last step: the combat is exactly as before it", async () => {
        const combat = run.need(assert);
        const expected = run.beforeLast;
        assert.isNotNull(expected, "an earlier nextTurn was recorded");
        const undone = run.callsFor("tempo.undone").length;
        await combat.previousTurn();
        assert.deepEqual(viewOf(combat), expected, "round, turn, combatant, turns, initiatives and engine state");
        assertAgrees(assert, combat, "after previousTurn");
        assert.strictEqual(game.time.worldTime, run.beforeLastTime, "world time went back too");
        assert.strictEqual(run.callsFor("tempo.undone").length, undone + 1, "tempo.undone fired");
      });

      it("tempoCommand refuses an unknown command with a reason and changes nothing", async () => {
        const combat = run.need(assert);
        const before = viewOf(combat);
        const answer = await combat.tempoCommand({ type: "quenchNoSuchCommand" });
        if (answer.ok) assert.fail("the command was accepted");
        assert.isTrue(game.i18n.has(answer.error.key), `a reason in the language files (${answer.error.key})`);
        assert.deepEqual(viewOf(combat), before, "nothing changed");
      });

      it("deletes the combat", async () => {
        const combat = run.need(assert);
        const id = combat.id ?? "";
        await combat.delete();
        assert.isUndefined(game.combats.get(id), "the combat is gone");
      });
    });
  };
}
