/**
 * ActiveEffect durations expire on the right turn of their originator (STD-5, DUR-1, TIME-1), played
 * on the runtime model: effects made on actors, `nextTurn` step by step, what the documents say.
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import {
  effectOff,
  expiredMark,
  addCombatants,
  effectEncounter,
  expiries,
  firstTurn,
  giveEffect,
  isTurn,
  step,
  untilTurn,
  type Ev,
} from "../support/effect-encounter.ts";
import { ActiveEffectModel } from "../support/runtime/actor.ts";
import { effectDurationData } from "../../src/foundry/compat/effect-duration.ts";
import { foundryGeneration } from "../../src/foundry/compat/generation.ts";

const world = installFoundryWorld(5);
afterAll(() => world.uninstall());
const player = world.addUser("p1");

await world.loadSystem();
world.callHook("init");

/** An effect's flags without the v13 length stamp every timed effect carries on v13 (compat/effect-length-stamp.ts). */
function marksOf(effect: ActiveEffectModel): object {
  const { tempo, ...rest } = effect.flags as { tempo?: Record<string, unknown> };
  if (tempo === undefined) return rest;
  const { v13Length: _stamp, ...marks } = tempo;
  return { ...rest, tempo: marks };
}

const writesSince = (from: number) => world.writes.slice(from).filter((w) => w.document !== "ChatMessage");
const startsOf = (events: readonly Ev[], id: string) => events.filter((e) => isTurn(e, "turnStarted", id));

describe("effect durations in a Foundry combat", () => {
  it("STD-5: in standard, 5 s ends at the start of the originator's next turn and 10 s one turn later", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B", "C"]);
    const originator = await firstTurn(world, combat);
    const caster = Object.keys(ids).find((n) => ids[n] === originator) ?? "";
    const target = actors[caster === "B" ? "C" : "B"];
    if (target === undefined) throw new Error("no target");
    const round = combat.round;
    const five = await giveEffect(world, target, actors[caster] ?? null, { seconds: 5 }, "Five");
    const ten = await giveEffect(world, target, actors[caster] ?? null, { seconds: 10 }, "Ten");
    const hooks = world.hooks.length;
    const found = await expiries(world, combat, [five, ten], originator, round);
    expect(found.get(five)?.turn).toBe(1);
    expect(startsOf(found.get(five)?.events ?? [], originator)).toHaveLength(1);
    expect(found.get(ten)?.turn).toBe(2);
    expect(startsOf(found.get(ten)?.events ?? [], originator)).toHaveLength(1);
    expect(marksOf(five)).toEqual(expiredMark());
    const expired = world.hooks.slice(hooks).filter((h) => h.name === "tempo.effectExpired");
    expect(expired.map((h) => h.args[1])).toEqual([
      {
        type: "effectExpired",
        effectId: five.id,
        combatantId: ids[target.name],
        originatorId: originator,
        round: round + 1,
      },
      {
        type: "effectExpired",
        effectId: ten.id,
        combatantId: ids[target.name],
        originatorId: originator,
        round: round + 2,
      },
    ]);
    expect(target.effects.size).toBe(2); // switched off, never deleted
  });

  it("DUR-1: rounds end at the start of the originator's turn; turns at the end of its current (1) or next turn (1 round + 1 turn)", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B", "C"]);
    const originator = await firstTurn(world, combat);
    const self = actors[Object.keys(ids).find((n) => ids[n] === originator) ?? ""];
    if (self === undefined) throw new Error("no originator");
    const round = combat.round;
    // No origin: the bearer is its own originator.
    const oneRound = await giveEffect(world, self, null, { rounds: 1 }, "Round");
    const thisTurn = await giveEffect(world, self, null, { turns: 1 }, "This turn");
    const nextTurn = await giveEffect(world, self, null, { rounds: 1, turns: 1 }, "Next turn");
    const found = await expiries(world, combat, [oneRound, thisTurn, nextTurn], originator, round);
    expect(found.get(thisTurn)?.turn).toBe(0);
    expect(found.get(thisTurn)?.events.some((e) => isTurn(e, "turnEnded", originator))).toBe(true);
    expect(found.get(oneRound)?.turn).toBe(1);
    expect(startsOf(found.get(oneRound)?.events ?? [], originator)).toHaveLength(1);
    expect(found.get(nextTurn)?.turn).toBe(1);
    expect(found.get(nextTurn)?.events.some((e) => isTurn(e, "turnEnded", originator))).toBe(true);
  });

  it("DUR-1, issue 20: a timed effect is stored in the running Foundry's shape (v14: duration value/units, start) and ends on the same turn", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B"]);
    const originator = await firstTurn(world, combat);
    const self = actors[Object.keys(ids).find((n) => ids[n] === originator) ?? ""];
    if (self === undefined) throw new Error("no originator");
    const round = combat.round;
    const nextTurn = await giveEffect(world, self, null, { rounds: 1, turns: 1 }, "Next turn");
    const stored = nextTurn.toObject();
    if (foundryGeneration() >= 14) {
      expect(stored.duration).toEqual({ value: 1, units: "rounds", expiry: "turnEnd", expired: false });
      expect(stored.start).toMatchObject({ time: world.worldTime });
      expect(stored).not.toHaveProperty("changes");
    } else {
      expect(stored.duration).toMatchObject({ rounds: 1, turns: 1, startTime: world.worldTime });
      expect(stored).not.toHaveProperty("start");
    }
    const found = await expiries(world, combat, [nextTurn], originator, round);
    expect(found.get(nextTurn)?.turn).toBe(1);
    expect(found.get(nextTurn)?.events.some((e) => isTurn(e, "turnEnded", originator))).toBe(true);
    // Switched off (v14: `expired`); its length kept.
    const length = (d: unknown) => Object.entries(d as object).filter(([k]) => k !== "expired");
    expect(length(nextTurn.toObject().duration)).toEqual(length(stored.duration));
  });

  it("TIME-1: effects already on the creatures when the combat starts are timed from its start", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B"]);
    const a = actors.A;
    if (a === undefined) throw new Error("no actor");
    world.worldTime += 100;
    const early = await giveEffect(world, a, null, { seconds: 12 }, "Made 7 s before the fight"); // 5 s left
    world.worldTime += 7;
    const found = await expiries(world, combat, [early], ids.A ?? "", 0, 0);
    expect(found.size).toBe(0);
    await combat.startCombat();
    await world.idle();
    const timed = await expiries(world, combat, [early], ids.A ?? "", 0);
    expect(timed.get(early)?.turn).toBe(1); // the first turn of the fight is 5 s after its start
  });

  it("DUR-1: an originator moved later in the order mid-round, and a newcomer, change nothing: its own turn ends the effect", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B", "C"]);
    const first = await firstTurn(world, combat);
    const originator = String((await step(world, combat)).find((e) => e.type === "turnStarted")?.combatantId);
    const third = Object.values(ids).find((id) => id !== first && id !== originator) ?? "";
    const name = (id: string) => Object.keys(ids).find((n) => ids[n] === id) ?? "";
    const target = actors[name(first)];
    if (target === undefined) throw new Error("no target");
    const round = combat.round;
    const hex = await giveEffect(world, target, actors[name(originator)] ?? null, { seconds: 5 });
    await untilTurn(world, combat, first); // next round: the first creature acts; the originator has not yet
    const newcomer = await world.addActor("D");
    await addCombatants(world, combat, ["D"], { D: newcomer });
    await combat.tempoCommand({ type: "setInitiative", combatantId: originator, value: -5 }); // now last
    await world.idle();
    const hooks = world.hooks.length;
    const found = await expiries(world, combat, [hex], originator, round);
    expect(found.get(hex)?.turn).toBe(1);
    expect(startsOf(found.get(hex)?.events ?? [], originator)).toHaveLength(1);
    const starts = world.hooks
      .slice(hooks)
      .filter((h) => h.name === "tempo.turnStarted")
      .map((h) => (h.args[1] as Ev).combatantId);
    expect(starts.indexOf(third)).toBeGreaterThanOrEqual(0);
    expect(starts.indexOf(third)).toBeLessThan(starts.indexOf(originator)); // it really went later
  });

  it("DUR-1: a delayed originator (phase) counts its battle turn once a round: 2 rounds end at its battle turn two rounds on", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "phase", ["A", "B", "C"]);
    await firstTurn(world, combat);
    const round = combat.round;
    const holds = new Map<string, ActiveEffectModel>();
    for (const name of ["A", "B", "C"]) {
      const actor = actors[name];
      if (actor !== undefined) holds.set(ids[name] ?? "", await giveEffect(world, actor, actor, { rounds: 2 }));
    }
    let first: Ev | undefined;
    for (let i = 0; i < 40 && first === undefined; i++) {
      first = (await step(world, combat)).find(
        (e) => e.type === "turnStarted" && e.phase === "battle" && e.round === round + 1,
      );
    }
    const originator = String(first?.combatantId);
    const system = combat.system as unknown as { state: unknown; host: { order(s: unknown): readonly string[] } };
    const order = system.host.order(system.state);
    const after = order[order.indexOf(originator) + 1] ?? "";
    expect(await combat.tempoCommand({ type: "delay", combatantId: originator, afterId: after })).toEqual({ ok: true });
    await world.idle();
    await untilTurn(world, combat, originator); // its delayed battle turn starts again, same round
    const hold = holds.get(originator);
    if (hold === undefined) throw new Error("no effect");
    expect(combat.round).toBe(round + 1);
    expect(effectOff(hold)).toBe(false);
    const found = await expiries(world, combat, [hold], originator, round + 1);
    expect(found.get(hold)?.turn).toBe(1);
    expect(startsOf(found.get(hold)?.events ?? [], originator)).toHaveLength(1);
    expect(combat.round).toBe(round + 2);
  });

  it("DUR-1: an originator who leaves hands its effects to the round clock: 5 s ends when the next round starts", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B", "C"]);
    const originator = await firstTurn(world, combat);
    const caster = Object.keys(ids).find((n) => ids[n] === originator) ?? "";
    const target = actors[caster === "A" ? "B" : "A"];
    if (target === undefined) throw new Error("no target");
    const round = combat.round;
    const hex = await giveEffect(world, target, actors[caster] ?? null, { seconds: 5 });
    await step(world, combat);
    await (
      combat as unknown as { deleteEmbeddedDocuments(n: string, ids: string[]): Promise<void> }
    ).deleteEmbeddedDocuments("Combatant", [originator]);
    await world.idle();
    const found = await expiries(world, combat, [hex], originator, round);
    expect(found.get(hex)?.events).toContainEqual({ type: "roundStarted", round: round + 1 });
    expect(found.get(hex)?.events.some((e) => e.type === "effectExpired" && e.originatorId === originator)).toBe(true);
  });

  it("DUR-1: effects ending in the same step are switched off with one write each (v13: ONE per actor), in the step's one Combat update", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B", "C"]);
    const originator = await firstTurn(world, combat);
    const caster = actors[Object.keys(ids).find((n) => ids[n] === originator) ?? ""] ?? null;
    const made: ActiveEffectModel[] = [];
    for (const actor of Object.values(actors)) {
      made.push(await giveEffect(world, actor, caster, { seconds: 5 }, "Seconds"));
      made.push(await giveEffect(world, actor, caster, { rounds: 1 }, "Round"));
    }
    let writes: ReturnType<typeof writesSince> = [];
    for (let i = 0; i < 20 && !made.some(effectOff); i++) {
      const from = world.writes.length;
      await step(world, combat);
      writes = writesSince(from);
    }
    expect(made.every(effectOff)).toBe(true);
    expect(writes.filter((w) => w.document === "Combat")).toHaveLength(1);
    const effectWrites = writes.filter((w) => w.document === "ActiveEffect");
    // Each effect is written once. v13: Tempo's one write per actor. v14 (issue 20): core's registry
    // ends what Tempo's expiry event and its own reading of the duration agree on, Tempo the rest, so
    // an actor gets at most two (here the other combats of this file's world make them disagree).
    const written = effectWrites.flatMap((w) => (w.data as { _id: string }[]).map((d) => d._id));
    expect(written.sort()).toEqual(made.map((e) => e.id).sort());
    if (foundryGeneration() >= 14) expect(effectWrites.length).toBeLessThanOrEqual(6);
    else expect(effectWrites.map((w) => (w.data as unknown[]).length)).toEqual([2, 2, 2]);
    expect(effectWrites.every((w) => w.userId === world.gm.id)).toBe(true);
  });

  it("DUR-1: undoing the step that ended an effect switches it back on (one the GM switched off stays off); the next step ends it again", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B"]);
    const originator = await firstTurn(world, combat);
    const caster = actors[Object.keys(ids).find((n) => ids[n] === originator) ?? ""];
    if (caster === undefined) throw new Error("no caster");
    const round = combat.round;
    const hex = await giveEffect(world, caster, caster, { seconds: 5 }, "Hex");
    const off = await giveEffect(world, caster, caster, { seconds: 5 }, "Switched off by the GM");
    await caster.updateEmbeddedDocuments("ActiveEffect", [{ _id: off.id, disabled: true }]);
    const found = await expiries(world, combat, [hex], originator, round);
    expect(startsOf(found.get(hex)?.events ?? [], originator)).toHaveLength(1);
    const hooks = world.hooks.length;
    await combat.previousTurn();
    await world.idle();
    expect(effectOff(hex)).toBe(false);
    expect(marksOf(hex)).toEqual(foundryGeneration() >= 14 ? {} : { tempo: {} });
    expect(off.disabled).toBe(true);
    expect(world.hooks.slice(hooks).map((h) => h.name)).toContain("tempo.effectRestored");
    const again = await step(world, combat);
    expect(startsOf(again, originator)).toHaveLength(1);
    expect(effectOff(hex)).toBe(true);
    expect(caster.effects.size).toBe(2);
  });

  it("DUR-1: only the active GM's client writes: a player's effect is timed by the GM, its expiry written by the GM", async () => {
    const clients: string[] = [];
    Hooks.on("createActiveEffect", () => clients.push(game.user.id ?? ""));
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B"], player);
    const own = actors.A;
    if (own === undefined) throw new Error("no actor");
    await firstTurn(world, combat);
    const from = world.writes.length;
    const made = await world.as(player, () =>
      own.createEmbeddedDocuments("ActiveEffect", [
        { name: "Shield", origin: own.uuid, ...effectDurationData({ rounds: 1 }) },
      ]),
    );
    const effect = made.find((e) => e instanceof ActiveEffectModel);
    await world.idle();
    expect(clients).toEqual([world.gm.id, player.id]); // the hook ran on both clients
    await expiries(world, combat, effect === undefined ? [] : [effect], ids.A ?? "", combat.round);
    expect(effect !== undefined && effectOff(effect)).toBe(true);
    const byPlayer = writesSince(from).filter((w) => w.userId === player.id);
    expect(byPlayer.map((w) => w.document)).toEqual(["ActiveEffect"]); // its own creation, nothing else
  });

  it("DUR-1: a duration Tempo cannot read (1.5 turns) is refused with a clear notice and changes nothing", async () => {
    const { combat, actors } = await effectEncounter(world, "standard", ["A", "B"]);
    await firstTurn(world, combat);
    const a = actors.A;
    if (a === undefined) throw new Error("no actor");
    const durations = structuredClone((combat.system as unknown as { durations: unknown }).durations);
    const from = world.writes.length;
    const odd = await giveEffect(world, a, null, { turns: 1.5 });
    expect(writesSince(from).map((w) => w.document)).toEqual(["ActiveEffect"]);
    expect(world.notices.at(-1)?.text).toContain("TEMPO.ERRORS.Conditions.InvalidDuration");
    expect((combat.system as unknown as { durations: unknown }).durations).toEqual(durations);
    await step(world, combat);
    expect(effectOff(odd)).toBe(false);
  });
  it("DUR-1, issue 20: v14 runs Tempo's expiry moments as core expiry events (update action); core's own turn end does not end what Tempo times; v13 keeps Tempo's own switch", async () => {
    const config = CONFIG.ActiveEffect as unknown as { expiryEvents?: object; expiryAction?: unknown };
    if (foundryGeneration() < 14) {
      expect(config.expiryEvents).toBeUndefined();
      return;
    }
    expect(config.expiryAction).toBe("update");
    expect(Object.keys(config.expiryEvents ?? {})).toEqual(
      expect.arrayContaining(["tempoCountReached", "tempoSegmentEnd", "tempoPhaseEnd", "tempoOriginatorTurn"]),
    );
    const { combat, ids, actors } = await effectEncounter(world, "standard", ["A", "B"]);
    const originator = await firstTurn(world, combat);
    const self = actors[Object.keys(ids).find((n) => ids[n] === originator) ?? ""];
    if (self === undefined) throw new Error("no originator");
    const round = combat.round;
    // "End of your next turn": 1 round, expiry turnEnd. At the originator's next turn core's linear
    // reading has the round run out; core's turnEnd must not end it before Tempo's order does.
    const effect = await giveEffect(world, self, null, { rounds: 1, turns: 1 }, "Next turn");
    // It starts at its originator's turn, the turn index left to Tempo (the order is Tempo's).
    expect(effect.toObject().start).toMatchObject({ combat: combat.id, combatant: originator, turn: null });
    await untilTurn(world, combat, originator);
    expect(combat.round).toBe(round + 1);
    const registry = (
      foundry as unknown as { documents: { ActiveEffect: { registry: FoundryV14.ActiveEffectRegistry } } }
    ).documents.ActiveEffect.registry;
    await registry.refresh("turnEnd", { actors: new Set([self as unknown as Actor.Implementation]), combat });
    await world.idle();
    expect(effectOff(effect)).toBe(false);
    const found = await expiries(world, combat, [effect], originator, round);
    expect(found.get(effect)?.events.some((e) => isTurn(e, "turnEnded", originator))).toBe(true);
  });
});

describe("TIME-1, STD-4, ROT-3, SEG-1: one round's seconds in every ruleset", () => {
  const LENGTH: Readonly<Record<RulesetId, number>> = { count: 10, standard: 5, phase: 10, segment: 60, rotation: 6 };
  for (const ruleset of RULESET_IDS) {
    it(`TIME-1: ${ruleset}: ${LENGTH[ruleset]} s ends at the start of the originator's next turn, a second more one turn later`, async () => {
      await game.settings.set("tempo", "roundSeconds", 10); // count and phase: the world setting
      const { combat, ids, actors } = await effectEncounter(world, ruleset, ["A", "B", "C"]);
      const originator = await firstTurn(world, combat);
      const caster = actors[Object.keys(ids).find((n) => ids[n] === originator) ?? ""] ?? null;
      const target = actors.A === caster ? actors.B : actors.A;
      if (target === undefined) throw new Error("no target");
      const round = combat.round;
      const one = await giveEffect(world, target, caster, { seconds: LENGTH[ruleset] }, "One round");
      const more = await giveEffect(world, target, caster, { seconds: LENGTH[ruleset] + 1 }, "A second more");
      const found = await expiries(world, combat, [one, more], originator, round);
      expect(found.get(one)?.turn).toBe(1);
      expect(startsOf(found.get(one)?.events ?? [], originator)).toHaveLength(1);
      expect(found.get(more)?.turn).toBe(2);
      expect(startsOf(found.get(more)?.events ?? [], originator)).toHaveLength(1);
    });
  }
});
