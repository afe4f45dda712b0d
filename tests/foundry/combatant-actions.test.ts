/**
 * Each combatant's action tracker on `Combatant.system.actions` (STD-6): kept by the GM's step writes,
 * undone with the combat, shown by the Foundry tracker, and read by the engine's check of `trigger`.
 * An NPC's is kept in the GM's browser instead (issue 18: secret-actions.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import { readActionRecord } from "../../src/engine/index.ts";
import {
  coreMismatches,
  documentWrites,
  embedded,
  installTempoWorld,
  ownedId,
  playUntil,
  snapshot,
  type Tempo,
} from "../support/tempo-encounter.ts";

const t = await installTempoWorld(31);
const { world } = t;
afterAll(() => world.uninstall());

const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");

const { keptActionsOf } = await import("../../src/foundry/combat/secret-actions.ts");

/**
 * The stored tracker of a combatant, read back from its document's source; an NPC's from what the GM's
 * browser keeps (issue 18: an NPC's tracker never reaches a player's client, secret-actions.ts).
 */
function stored(combat: Tempo, id: string): Record<string, unknown> | null {
  const combatant = combat.combatants.get(id);
  const source = (combatant as unknown as { _source: { system: { actions?: unknown } } })._source;
  const kept = combatant === undefined ? undefined : keptActionsOf(combatant);
  return readActionRecord(JSON.parse(JSON.stringify(kept ?? source.system.actions ?? null))).now;
}

/** What the Foundry tracker shows a user as that combatant's actions left, by kind. */
function shown(combat: Tempo, id: string, user = t.gm): Record<string, number | null> {
  const input = trackerInputOf(combat, user as never);
  const row = input?.combatants.find((c) => c.id === id);
  return Object.fromEntries((row?.economy ?? []).map((a) => [a.kind, a.left]));
}

const acting = (combat: Tempo): string | null => t.model(combat).host.current(t.model(combat).state);

async function running(n = 4): Promise<Tempo> {
  const combat = await t.encounter("standard", n);
  await combat.startCombat();
  await world.idle();
  await combat.rollAll();
  await world.idle();
  return combat;
}

/** A running standard encounter where the owner's creature acts now. */
async function ownerActing(): Promise<{ combat: Tempo; own: string }> {
  const combat = await running();
  const own = ownedId(t, combat);
  expect(await playUntil(t, combat, (c) => acting(c) === own)).toBe(true);
  return { combat, own };
}

describe("the action trackers on Combatant.system (standard)", () => {
  it("STD-6: the acting creature has its Action, Quick Action, Interaction and Reaction; the others their Reaction; the tracker shows the stored ones", async () => {
    const combat = await running();
    const now = acting(combat) ?? "";
    const other = combat.combatants.contents.find((c) => c.id !== now)?.id ?? "";
    expect(stored(combat, now)).toEqual({ onTurn: true, action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    expect(stored(combat, other)).toMatchObject({ onTurn: false, action: 0, reaction: 1 });
    expect(shown(combat, now)).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    expect(shown(combat, other)).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 1 });
    await combat.nextTurn();
    await world.idle();
    expect(shown(combat, now)).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 1 });
    expect(coreMismatches(t, combat)).toEqual([]);
  });

  it("STD-6, Ready: a trigger spends the Reaction in the step's one Combatant update; previous turn gives it back in one step, redo takes it again", async () => {
    const { combat, own } = await ownerActing();
    await combat.tempoCommand({ type: "ready", combatantId: own, trigger: "when the door opens" });
    await world.idle();
    const from = world.writes.length;
    const answer = await world.as(t.owner, () => combat.tempoCommand({ type: "trigger", combatantId: own }));
    await world.idle();
    expect(answer).toEqual({ ok: true });
    const writes = documentWrites(world, from);
    expect(writes.map((w) => w.document)).toEqual(["Combat", "Combatant"]);
    expect(stored(combat, own)?.reaction).toBe(0);
    expect(shown(combat, own, t.owner).reaction).toBe(0);
    const undoFrom = world.writes.length;
    await combat.previousTurn();
    await world.idle();
    expect(documentWrites(world, undoFrom).map((w) => w.document)).toEqual(["Combat", "Combatant"]);
    expect(stored(combat, own)?.reaction).toBe(1);
    await combat.tempoCommand({ type: "redo" });
    await world.idle();
    expect(stored(combat, own)?.reaction).toBe(0);
  });

  it("STD-6, Ready: with its Reaction spent this round a trigger is refused before any write, for the owner and the GM, and Trigger is drawn disabled with the reason", async () => {
    const { combat, own } = await ownerActing();
    await combat.tempoCommand({ type: "ready", combatantId: own, trigger: "when the door opens" });
    await world.idle();
    // Spent outside a trigger, as a sheet's reaction will spend it (issue 10): the GM writes the tracker.
    await embedded(combat).updateEmbeddedDocuments("Combatant", [
      { _id: own, system: { actions: { now: { reaction: 0 } } } },
    ]);
    await world.idle();
    const before = snapshot(combat);
    const from = world.writes.length;
    const refusal = { ok: false, error: { key: "TEMPO.ERRORS.Standard.NoReaction", data: { id: own } } };
    expect(await world.as(t.owner, () => combat.tempoCommand({ type: "trigger", combatantId: own }))).toEqual(refusal);
    expect(await combat.tempoCommand({ type: "trigger", combatantId: own })).toEqual(refusal);
    await world.idle();
    expect(documentWrites(world, from)).toEqual([]);
    expect(snapshot(combat)).toBe(before);
    const input = trackerInputOf(combat, t.owner as never);
    if (input === null) throw new Error("no tracker input");
    const controls = JSON.stringify(buildTrackerContext(input));
    expect(controls).toContain('"disabled":true,"reason":{"key":"TEMPO.ERRORS.Standard.NoReaction"');
  });

  it("STD-6: a readied action whose creature still has its Reaction triggers (the check does not refuse what the rules allow)", async () => {
    const { combat, own } = await ownerActing();
    await combat.tempoCommand({ type: "ready", combatantId: own, trigger: "when the door opens" });
    await world.idle();
    const input = trackerInputOf(combat, t.owner as never);
    if (input === null) throw new Error("no tracker input");
    expect(JSON.stringify(buildTrackerContext(input))).not.toContain("NoReaction");
    expect(await combat.tempoCommand({ type: "trigger", combatantId: own })).toEqual({ ok: true });
  });

  it("STD-6: the Reaction comes back at the start of the creature's own turn, not at the round's start; previous turn and previous round put every tracker back", async () => {
    const { combat, own } = await ownerActing();
    await combat.tempoCommand({ type: "ready", combatantId: own, trigger: "when the door opens" });
    await combat.tempoCommand({ type: "trigger", combatantId: own });
    await world.idle();
    const all = () => Object.fromEntries(combat.combatants.map((c) => [c.id, stored(combat, c.id ?? "")]));
    const before = all();
    const round = combat.round;
    let clicks = 0;
    for (; combat.round === round || acting(combat) !== own; clicks++) {
      if (combat.round > round && acting(combat) !== own) expect(stored(combat, own)?.reaction).toBe(0);
      await combat.nextTurn();
      await world.idle();
    }
    expect(stored(combat, own)?.reaction).toBe(1);
    const atTurn = all();
    await combat.nextRound();
    await world.idle();
    expect(all()).not.toEqual(atTurn);
    await combat.previousRound();
    await world.idle();
    expect(all()).toEqual(atTurn);
    for (let i = 0; i < clicks; i++) {
      await combat.previousTurn();
      await world.idle();
    }
    expect(all()).toEqual(before);
  });

  it("STD-3: a creature joining a running combat has no Reaction until its first turn; reset gives everyone a fresh tracker", async () => {
    const combat = await running();
    const [made] = await embedded(combat).createEmbeddedDocuments("Combatant", [
      { name: "Late", system: { side: "enemy" } },
    ]);
    await world.idle();
    const late = made?.id ?? "";
    expect(stored(combat, late)).toEqual({ onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: 0 });
    await combat.tempoCommand({ type: "reset" });
    await world.idle();
    for (const c of combat.combatants) {
      expect(stored(combat, c.id ?? "")).toEqual({
        onTurn: false,
        action: 0,
        quickAction: 0,
        interaction: 0,
        reaction: 1,
      });
      const source = (c as unknown as { _source: { system: { actions?: unknown } } })._source;
      expect(readActionRecord(source.system.actions).undo).toEqual({});
    }
  });

  it("a damaged stored tracker is not trusted: the trigger check says so, and the next step writes a sound one", async () => {
    const { combat, own } = await ownerActing();
    await combat.tempoCommand({ type: "ready", combatantId: own, trigger: "when the door opens" });
    await world.idle();
    await embedded(combat).updateEmbeddedDocuments("Combatant", [
      { _id: own, system: { actions: { now: { reaction: 7 } } } },
    ]);
    await world.idle();
    const answer = await combat.tempoCommand({ type: "trigger", combatantId: own });
    expect(answer).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.InvalidState", data: { kind: "trigger" } },
    });
    await combat.nextTurn();
    await world.idle();
    expect(stored(combat, own)).toMatchObject({ onTurn: false, reaction: 0 });
  });

  it("a damaged stored tracker of a creature the step does not concern is written sound by the next step too", async () => {
    const combat = await running(6);
    // A player's creature: an NPC's tracker is the GM's, never read from its document (secret-actions.ts).
    const idle = ownedId(t, combat);
    const next = (c: Tempo) => {
      const order = t.model(c).host.order(t.model(c).state);
      return order[(order.indexOf(acting(c) ?? "") + 1) % order.length];
    };
    expect(await playUntil(t, combat, (c) => acting(c) !== idle && next(c) !== idle)).toBe(true);
    await embedded(combat).updateEmbeddedDocuments("Combatant", [
      { _id: idle, system: { actions: { now: { reaction: 7 } } } },
    ]);
    await world.idle();
    await combat.nextTurn();
    await world.idle();
    expect(stored(combat, idle)).toEqual({ onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: 0 });
  });
});

describe("what a step writes (standard, 300 combatants)", () => {
  it("STD-6: a next is one Combat update and one Combatant update (the two trackers that changed), under 1 KB together; its undo too", async () => {
    const combat = await running(300);
    await combat.nextTurn();
    await world.idle();
    const from = world.writes.length;
    await combat.nextTurn();
    await world.idle();
    const writes = documentWrites(world, from);
    // Issue 18: NPCs' trackers stay in the GM's browser (secret-actions.ts); a player's rides in the batch.
    expect(writes.map((w) => w.document)).toEqual(writes.length === 1 ? ["Combat"] : ["Combat", "Combatant"]);
    expect((writes[1]?.data as unknown[] | undefined)?.length ?? 0).toBeLessThanOrEqual(2);
    const total = writes.reduce((sum, w) => sum + w.bytes, 0);
    expect(total).toBeLessThan(1024);
    const undoFrom = world.writes.length;
    await combat.previousTurn();
    await world.idle();
    const undo = documentWrites(world, undoFrom);
    expect(undo.map((w) => w.document)).toEqual(undo.length === 1 ? ["Combat"] : ["Combat", "Combatant"]);
    expect(undo.reduce((sum, w) => sum + w.bytes, 0)).toBeLessThan(1024);
  });
});
