/**
 * Issue 17, "How it is checked": per ruleset, two full rounds played by two GMs and the owner of a
 * creature, with every core hook and turn event recorded on every client (the runtime model's hook
 * ledger), and each checked to fire once per change, where core fires it, with v13's payload:
 * - `combatStart(combat, {round, turn})`, `combatRound` / `combatTurn(combat, {round, turn},
 *   {direction, worldTime: {delta}})` on the client that gave the command only (API hookEvents
 *   combatStart: "called on the client which initiated the change"; Draw Steel 0.11.1 combat.mjs
 *   passes `{ direction, worldTime: { delta } }` on v13);
 * - `combatTurnChange(combat, prior, current)` on every connected client once per change of round,
 *   turn or acting creature (API hookEvents.combatTurnChange, v13.350);
 * - `_onStartTurn` / `_onEndTurn` / `_onStartRound` / `_onEndRound` and the Region events they
 *   trigger, on the active GM's client only, once per engine turn or round start and end;
 * - a defeat of the acting creature (DEF-1: the engine passes the turn on) fires them like any other
 *   turn change;
 * - after every click core's `turns`, `turn` and `combatant` are the engine's on every client, and
 *   world time moved once, by the engine's seconds (TIME-1; v12 release notes #10924: a Combat
 *   update's `worldTime: {delta}` option advances the clock in that operation).
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, turnEventPlan, type HostEvent, type RulesetId } from "../../src/engine/index.ts";
import type { WorldUser } from "../support/foundry-world.ts";
import type { HookCall } from "../support/runtime/hooks.ts";
import { embedded, installTempoWorld, ownedId, type Tempo } from "../support/tempo-encounter.ts";
import { callsNamed, copyOf, coreVersusEngine, sameTurn, turnView, type TurnView } from "../support/client-combats.ts";

const t = await installTempoWorld(47);
const { world, gm, owner } = t;
const gm2 = world.addUser("gm2", true);
afterAll(() => world.uninstall());

const runtime = world.runtime;
const clientId = (user: WorldUser): string => runtime.clientOf(user.id).id;
const CORE_HOOKS = ["combatStart", "combatRound", "combatTurn"];
const TURN_EVENTS = ["_onStartTurn", "_onEndTurn", "_onStartRound", "_onEndRound"];

interface Click {
  readonly who: WorldUser;
  readonly label: string;
  run(combat: Tempo): Promise<unknown>;
}

/** What each kind of click gives, on the clicking user's own copy of the combat. */
const START: Click = { who: gm, label: "GM starts", run: (c) => c.startCombat() };
const ROLL: Click = { who: gm, label: "GM rolls all", run: (c) => c.rollAll() };
const GM_NEXT: Click = { who: gm, label: "GM next turn", run: (c) => c.nextTurn() };
const GM2_NEXT: Click = { who: gm2, label: "second GM next turn", run: (c) => c.nextTurn() };
/** An undo: the one click that goes back (`direction: -1`). */
const UNDO: Click = { who: gm, label: "GM undoes (previous turn)", run: (c) => c.previousTurn() };
const END_MY_TURN: Click = {
  who: owner,
  label: "owner ends its turn",
  run: (c) => c.tempoCommand({ type: "endTurn" }),
};

/** DEF-1: the GM marks the acting creature defeated as core's tracker does; the engine passes the turn on. */
const GM_DEFEATS: Click = {
  who: gm,
  label: "GM marks the acting creature defeated",
  run: (c) => {
    const acting = c.combatant?.id ?? "";
    return embedded(c).updateEmbeddedDocuments("Combatant", [{ _id: acting, defeated: true }]);
  },
};

/** The engine's turn events as core's turn-event calls, from the `tempo.*` hooks the GM's client fired. */
function plannedCalls(slice: readonly HookCall[], gmClient: string): string[] {
  const events = slice
    .filter((h) => h.client === gmClient && h.name.startsWith("tempo.") && h.name !== "tempo.eventsOmitted")
    .map((h) => h.args[1] as HostEvent);
  return turnEventPlan(events).map((c) =>
    "combatantId" in c ? `${c.call} ${c.combatantId} r${c.round}` : `${c.call} r${c.round}`,
  );
}

/** The turn events core's methods recorded on `client`, in the same form. */
function dispatchedCalls(slice: readonly HookCall[], client: string): string[] {
  return callsNamed(
    slice.filter((h) => h.client === client),
    ...TURN_EVENTS,
  ).map((h) => {
    const call = {
      _onStartTurn: "startTurn",
      _onEndTurn: "endTurn",
      _onStartRound: "startRound",
      _onEndRound: "endRound",
    }[h.name as "_onStartTurn"];
    if (h.name === "_onStartTurn" || h.name === "_onEndTurn") {
      const [id, context] = h.args as [string, { round: number }];
      return `${call} ${id} r${context.round}`;
    }
    return `${call} r${(h.args[0] as { round: number }).round}`;
  });
}

/** Whether a write's options carry `worldTime` (a Combat update that moves the clock). */
const hasWorldTime = (options: unknown): boolean =>
  typeof options === "object" && options !== null && "worldTime" in options;

interface Tally {
  clicks: number;
  ownerEnds: number;
  gm2Nexts: number;
  turnChanges: number;
  coreHooks: number;
  turnStarts: number;
  /** The creatures that started a turn, per round. */
  readonly actedIn: Map<number, Set<string>>;
  fullRounds: number;
}

/** One click, and every check of what it fired where. */
async function clickAndCheck(ruleset: RulesetId, combat: Tempo, click: Click, tally: Tally): Promise<void> {
  const id = combat.id ?? "";
  const clients = runtime.network.connectedClients;
  const gmClient = clientId(gm);
  const initiator = clientId(click.who);
  const m = t.model(combat);
  const clockBefore = m.host.clock(m.state);
  const timeBefore = runtime.server.worldTime;
  const before = new Map(clients.map((c) => [c.id, turnView(copyOf(t, c.userId, id))]));
  const startedBefore = m.host.started(m.state);
  const ledgerFrom = runtime.hookLedger.length;
  const regionFrom = runtime.regionEvents.length;
  const serverFrom = runtime.server.ledger.length;

  await world.as(click.who, () => click.run(copyOf(t, click.who.id, id)));
  await world.idle();

  const where = `${ruleset}, click ${tally.clicks} (${click.label})`;
  const slice = runtime.hookLedger.slice(ledgerFrom);
  const after = t.model(combat);
  tally.clicks++;

  // Core's turns, turn and combatant are the engine's on every client.
  for (const client of clients) expect(coreVersusEngine(t, client, combat), where).toEqual([]);

  // combatStart / combatRound / combatTurn: on the initiating client only, once per change, v13 payload.
  const core = callsNamed(slice, ...CORE_HOOKS);
  expect(
    core.filter((h) => h.client !== initiator).map((h) => `${h.name} on ${h.client}`),
    where,
  ).toEqual([]);
  const seen = before.get(initiator) as TurnView;
  const now = turnView(copyOf(t, click.who.id, id));
  const startedNow = after.host.started(after.state);
  const expected =
    !startedBefore && startedNow
      ? "combatStart"
      : now.round !== seen.round
        ? "combatRound"
        : now.turn !== seen.turn
          ? "combatTurn"
          : null;
  expect(
    core.map((h) => h.name),
    where,
  ).toEqual(expected === null ? [] : [expected]);
  const seconds = after.host.clock(after.state) - clockBefore;
  const hook = core[0];
  if (hook !== undefined) {
    tally.coreHooks++;
    expect(hook.args[0], where).toBe(copyOf(t, click.who.id, id));
    expect(hook.args[1], where).toEqual({ round: now.round, turn: now.turn });
    if (hook.name === "combatStart") expect(hook.args.length, where).toBe(2);
    else {
      const options = hook.args[2] as { direction: number; worldTime: { delta: unknown } };
      expect(options, where).toEqual({ direction: expect.any(Number), worldTime: { delta: expect.any(Number) } });
      // The way the combat went, not the way the turn index moved (a phase's order starts again each phase).
      expect(options.direction, where).toBe(click === UNDO ? -1 : 1);
      expect(options.worldTime.delta, where).toBe(seconds);
    }
  }

  // combatTurnChange: on every connected client, once per change of round, turn or acting creature.
  for (const client of clients) {
    const prior = before.get(client.id) as TurnView;
    const current = turnView(copyOf(t, client.userId, id));
    const changes = callsNamed(slice, "combatTurnChange").filter((h) => h.client === client.id);
    const changed = !sameTurn(prior, current);
    expect(changes.length, `${where}: combatTurnChange on ${client.id}`).toBe(changed ? 1 : 0);
    if (!changed) continue;
    tally.turnChanges++;
    expect(changes[0]?.args[0], where).toBe(copyOf(t, client.userId, id));
    expect(changes[0]?.args.slice(1), `${where}: combatTurnChange on ${client.id}`).toEqual([prior, current]);
  }

  // Turn events: the engine's, once each, on the active GM's client only; the Region events they trigger too.
  const planned = plannedCalls(slice, gmClient);
  for (const call of planned) {
    const [kind, second, third] = call.split(" ");
    if (kind === "startTurn") {
      tally.turnStarts++;
      const round = Number(third?.slice(1));
      tally.actedIn.set(round, new Set([...(tally.actedIn.get(round) ?? []), second ?? ""]));
    }
    // A full round: every creature started a turn in it before it ended.
    if (kind === "endRound" && tally.actedIn.get(Number(second?.slice(1)))?.size === combat.combatants.size)
      tally.fullRounds++;
  }
  expect(dispatchedCalls(slice, gmClient), where).toEqual(planned);
  expect(callsNamed(slice, ...TURN_EVENTS).filter((h) => h.client !== gmClient).length, where).toBe(0);
  const regions = runtime.regionEvents.slice(regionFrom);
  expect(regions.filter((r) => r.client !== gmClient).length, where).toBe(0);
  const turnRegions = regions
    .filter((r) => r.event === "tokenTurnStart" || r.event === "tokenTurnEnd")
    .map((r) => `${r.event === "tokenTurnStart" ? "startTurn" : "endTurn"} ${r.combatantId} r${r.round}`);
  expect(turnRegions, where).toEqual(planned.filter((c) => c.startsWith("startTurn") || c.startsWith("endTurn")));
  const rounds = (call: string) => planned.filter((c) => c.startsWith(call)).length * combat.combatants.size;
  expect(regions.filter((r) => r.event === "tokenRoundStart").length, where).toBe(rounds("startRound"));
  expect(regions.filter((r) => r.event === "tokenRoundEnd").length, where).toBe(rounds("endRound"));

  // World time: moved once, in the Combat update, by the engine's seconds.
  expect(runtime.server.worldTime - timeBefore, where).toBe(seconds);
  const timed = runtime.server.ledger
    .slice(serverFrom)
    .filter(
      (e) => e.kind === "time" || (e.kind === "modify" && e.documentName === "Combat" && hasWorldTime(e.options)),
    );
  expect(timed.length, where).toBe(seconds === 0 ? 0 : 1);
  for (const client of clients)
    expect(
      slice.filter((h) => h.client === client.id && h.name === "updateWorldTime").length,
      `${where}: updateWorldTime on ${client.id}`,
    ).toBe(seconds === 0 ? 0 : 1);
}

/** A player reloads its page mid-encounter: a new client, which loads the documents as they are. */
async function reload(user: WorldUser): Promise<void> {
  user.active = false;
  await world.idle();
  user.active = true;
  await world.idle();
}

/** The next click: dice the engine waits for, the owner's End my turn on its turn, else a GM's next turn. */
function nextClick(combat: Tempo, own: string, tally: Tally): Click {
  const m = t.model(combat);
  if (!m.host.started(m.state)) return START;
  if (m.host.pending(m.state).length > 0) return ROLL;
  if (m.host.current(m.state) === own) return END_MY_TURN;
  return tally.clicks % 2 === 0 ? GM_NEXT : GM2_NEXT;
}

describe("issue 17: core hooks and turn events on every client, once per change, v13 payloads", () => {
  it.each(RULESET_IDS.map((r) => [r] as const))(
    "TIME-1, DEF-1: %s, two full rounds by two GMs and the owner's End my turn, then the acting creature defeated",
    async (ruleset) => {
      const combat = await t.encounter(ruleset, 4);
      const own = ownedId(t, combat);
      const tally: Tally = {
        clicks: 0,
        ownerEnds: 0,
        gm2Nexts: 0,
        turnChanges: 0,
        coreHooks: 0,
        turnStarts: 0,
        actedIn: new Map(),
        fullRounds: 0,
      };
      const ledgerFrom = runtime.hookLedger.length;
      for (let i = 0; i < 80 && tally.fullRounds < 2; i++) {
        if (i === 4) await reload(t.observer);
        const click = nextClick(combat, own, tally);
        if (click === END_MY_TURN) tally.ownerEnds++;
        if (click === GM2_NEXT) tally.gm2Nexts++;
        await clickAndCheck(ruleset, combat, click, tally);
      }
      expect(tally.fullRounds).toBe(2);
      // DEF-1: a turn passed on by a defeat fires core's hooks and turn events like any other turn change.
      const current = () => t.model(combat).host.current(t.model(combat).state);
      for (let i = 0; i < 10 && current() === null; i++)
        await clickAndCheck(ruleset, combat, nextClick(combat, own, tally), tally);
      const changesBefore = tally.turnChanges;
      const acting = current();
      expect(combat.combatant?.id).toBe(acting);
      await clickAndCheck(ruleset, combat, GM_DEFEATS, tally);
      expect(combat.combatant?.id, "the defeat passed the turn on").not.toBe(acting);
      expect(tally.turnChanges).toBeGreaterThan(changesBefore);
      const hooksBefore = tally.coreHooks;
      await clickAndCheck(ruleset, combat, UNDO, tally);
      expect(tally.coreHooks, "the undo moved the turn back and told core so").toBe(hooksBefore + 1);
      // combatStart once in the whole encounter, on the GM's client that started it.
      const starts = callsNamed(runtime.hookLedger.slice(ledgerFrom), "combatStart");
      expect(starts.map((h) => h.client)).toEqual([clientId(gm)]);
      // Not vacuous: every kind of click happened and fired something.
      expect(tally.ownerEnds).toBeGreaterThan(0);
      expect(tally.gm2Nexts).toBeGreaterThan(0);
      expect(tally.coreHooks).toBeGreaterThan(4);
      expect(tally.turnChanges).toBeGreaterThan(4 * runtime.network.connectedClients.length);
      expect(tally.turnStarts).toBeGreaterThan(4);
    },
  );
});
