/**
 * Issue 18: a second GM takes over (the active GM disconnects, the other connected GM becomes the active
 * GM: foundryvtt/foundryvtt #11678) and loses nothing the first one kept in its browser
 * (combat/gm-storage.ts, gm-replica.ts): the unrevealed declarations and the undo history, the items
 * they record, an NPC's action tracker, the attack messages a constant-damage roll used (AP-2), and
 * whatever else a GM keeps. Meanwhile no player's client receives any of it, and a player's console
 * cannot put records into a GM's browser.
 */
import { afterAll, describe, expect, it } from "vitest";
import { storeCombatState, type SegmentDeclaration } from "../../src/engine/index.ts";
import { installTempoWorld, playUntil, storedSource, type Tempo } from "../support/tempo-encounter.ts";
import { copyOf } from "../support/client-combats.ts";
import { declaration, hiddenOf, probeEncounter, secretsFound } from "../support/secrets-probe.ts";
import { SOCKET_EVENT } from "../../src/foundry/socket/socket-channel.ts";

const t = await installTempoWorld(72);
const { world, gm, owner } = t;
const runtime = world.runtime;
world.runtime.network.recordReceived = true;
afterAll(() => world.uninstall());
const gm2 = world.addUser("gm2", true);
await world.idle();

const { GM_RECORDS_QUERY } = await import("../../src/foundry/combat/gm-replica.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { keepUsedConstantAttacks, usedConstantAttacks } =
  await import("../../src/foundry/combat/constant-claims-kept.ts");

/** Every record a user's browser keeps for Tempo (gm-storage.ts), by key. */
function kept(userId: string): Record<string, string> {
  const all = [...runtime.browserStorage(userId).snapshot()].filter(([key]) => key.startsWith("tempo."));
  return Object.fromEntries(all.sort(([a], [b]) => a.localeCompare(b)));
}

/** The whole engine state a client's copy holds, as stored. */
const whole = (combat: Tempo): string => JSON.stringify(storeCombatState(t.model(combat).state));

const onB = (combat: Tempo): Tempo => copyOf(t, gm2.id, combat.id ?? "");

/** The active GM disconnects; the second GM becomes the active GM on every client. */
async function firstGmLeaves(): Promise<void> {
  runtime.disconnect(runtime.clientOf(gm.id));
  await world.idle();
  for (const client of runtime.network.connectedClients) expect(client.run(() => game.users.activeGM?.id)).toBe(gm2.id);
}

/** The first GM comes back (a new page) and is the active GM again. */
async function firstGmReturns(): Promise<void> {
  gm.active = true;
  runtime.setDefault(gm.id);
  await world.idle();
}

const noticesTo = (userId: string, from: number) => world.notices.slice(from).filter((n) => n.user === userId);

/** What a GM's tracker shows left for `id`, read on that GM's own client. */
function shown(userId: string, combat: Tempo, id: string): Record<string, number | null> {
  return runtime.as(userId, () => {
    const row = trackerInputOf(combat, game.user)?.combatants.find((c) => c.id === id);
    return Object.fromEntries((row?.economy ?? []).map((a) => [a.kind, a.left]));
  });
}

/** Secret values as the stored JSON spells them, and the item a secret declaration records. */
const SECRET_SPELL = '"castingTime":7';
const CHANGED_SPELL = '"castingTime":9';
const HIDDEN_MELEE = '"weaponSpeed":8';
const SECRET_ITEM = "ZqTakeoverItem";
const SECRET_USE = { itemUuid: `Actor.zq.Item.${SECRET_ITEM}`, targetUuids: [] };

describe("issue 18: a second GM takes over and loses nothing", () => {
  it("SEG-2: the NPC's and the hidden creature's unrevealed declarations, the items they record and the undo history: the second GM holds them all, undoes, and plays on; no player received them", async () => {
    const combat = await probeEncounter(t, "segment");
    await combat.startCombat();
    await world.idle();
    const [pc, npc] = combat.combatants.contents;
    const hidden = hiddenOf(combat).id;
    const declare = (id: string, d: SegmentDeclaration, use: object | null = SECRET_USE) =>
      combat.tempoCommand({
        type: "declare",
        combatantId: id,
        declaration: d,
        ...(use === null ? {} : { tempoUse: use }),
      } as unknown as Parameters<Tempo["tempoCommand"]>[0]);
    await world.as(owner, () => declare(pc?.id ?? "", declaration({ weaponSpeed: 5 }), null));
    await declare(npc?.id ?? "", declaration({ action: "spell", castingTime: 9, targetId: pc?.id ?? null }));
    await declare(npc?.id ?? "", declaration({ action: "spell", castingTime: 7, targetId: pc?.id ?? null }));
    await declare(hidden, declaration({ weaponSpeed: 8, targetId: pc?.id ?? null }));
    await world.idle();
    const before = whole(combat);
    const history = t.model(combat).keptHistory;
    expect(before).toContain(SECRET_SPELL);
    // The second GM's tracker already draws from the whole state, not the published one.
    expect(whole(onB(combat))).toBe(before);
    const records = kept(gm.id);
    expect(JSON.stringify(records)).toContain(SECRET_ITEM);
    const notices = world.notices.length;

    await firstGmLeaves();
    const b = onB(combat);
    expect(whole(b)).toBe(before);
    expect(t.model(b).keptHistory).toEqual(history);
    expect(kept(gm2.id)).toEqual(records);
    // Taken over without a word: nothing to tell the GM (TEMPO.NOTICES.SecretsMissing) or anyone.
    expect(noticesTo(gm2.id, notices)).toEqual([]);
    // Two undos reach the declaration the NPC changed (the hidden creature's came last); two redos put them back.
    const give = async (type: "undo" | "redo") => {
      expect(await world.as(gm2, () => b.tempoCommand({ type }))).toMatchObject({ ok: true });
      await world.idle();
    };
    await give("undo");
    await give("undo");
    expect(whole(b)).toContain(CHANGED_SPELL);
    await give("redo");
    await give("redo");
    expect(whole(b)).toBe(before);
    for (const user of [t.owner, t.other, t.observer]) {
      const { found, where } = secretsFound(t, user.id, [HIDDEN_MELEE, SECRET_SPELL, CHANGED_SPELL, SECRET_ITEM]);
      console.log(`takeover: ${user.id}: secrets found ${found}`);
      expect(where).toEqual([]);
    }
    // SEG-2: the second GM plays the round; the NPC's spell is the one declared last when its turn reveals it.
    const npcActs = (c: Tempo) => t.model(c).host.current(t.model(c).state) === npc?.id;
    expect(await world.as(gm2, () => playUntil(t, b, npcActs, 20))).toBe(true);
    expect(JSON.stringify(storedSource(b).engine)).toContain(SECRET_SPELL);
    await firstGmReturns();
  });

  it("STD-6: an NPC's spent Reaction stays spent on the second GM's tracker until its next turn", async () => {
    const combat = await t.encounter("standard", 4);
    await combat.startCombat();
    await world.idle();
    await combat.rollAll();
    await world.idle();
    const npc = combat.combatants.find((c) => !c.hasPlayerOwner)?.id ?? "";
    const acting = (c: Tempo) => t.model(c).host.current(t.model(c).state);
    expect(await playUntil(t, combat, (c) => acting(c) === npc)).toBe(true);
    await combat.tempoCommand({ type: "ready", combatantId: npc, trigger: "when the door opens" });
    await world.idle();
    expect(await combat.tempoCommand({ type: "trigger", combatantId: npc })).toEqual({ ok: true });
    await world.idle();
    expect(shown(gm.id, combat, npc).reaction).toBe(0);
    // The NPC's tracker is in no document a player receives (secret-actions.ts): the second GM's browser holds it.
    expect(shown(gm2.id, onB(combat), npc).reaction).toBe(0);
    await firstGmLeaves();
    const b = onB(combat);
    expect(shown(gm2.id, b, npc).reaction).toBe(0);
    // The second GM plays on from it: the NPC's Reaction comes back at its own next turn (STD-6), not before.
    const next = await world.as(gm2, () => b.nextTurn());
    await world.idle();
    expect(next).toBeDefined();
    if (acting(b) !== npc) expect(shown(gm2.id, b, npc).reaction).toBe(0);
    expect(await world.as(gm2, () => playUntil(t, b, (c) => acting(c) === npc, 10))).toBe(true);
    expect(shown(gm2.id, b, npc).reaction).toBe(1);
    await firstGmReturns();
  });

  it("AP-2: a GM who connects during a combat gets every record the active GM keeps; the attack messages a constant-damage roll used are still used after the takeover", async () => {
    gm2.active = false;
    await world.idle();
    const combat = await t.encounter("rotation", 3);
    expect(await playUntil(t, combat, (c) => c.round >= 1)).toBe(true);
    const id = combat.id ?? "";
    const wielder = combat.combatants.contents[0]?.id ?? "";
    runtime.as(gm.id, () => keepUsedConstantAttacks(id, wielder, ["ZqAttackMessage"]));
    gm2.active = true;
    runtime.setDefault(gm.id);
    await world.idle();
    expect(kept(gm2.id)).toEqual(kept(gm.id));
    await firstGmLeaves();
    expect(runtime.as(gm2.id, () => usedConstantAttacks(id, wielder))).toEqual(["ZqAttackMessage"]);
    await firstGmReturns();
    // Back: the first GM's page gets the records from the GM it takes over from.
    expect(kept(gm.id)).toEqual(kept(gm2.id));
  });
});

describe("issue 17: each click's records reach the second GM packed, and it holds exactly the first GM's", () => {
  /** The kinds of GM-record query (gm-replica.ts) the server carried since ledger entry `from`. */
  const pushes = (from: number) =>
    runtime.server.ledger
      .slice(from)
      .filter((e) => e.kind === "query")
      .map((e) => (e.result as { data: { kind?: string; p?: unknown } }).data)
      .map((data) => (data.p === undefined ? data.kind : "packed"));

  it("STD-6: through NPC turns, undos and redos the second GM's browser equals the first's after every click; a record it holds otherwise is put right by a full copy", async () => {
    expect(runtime.as(gm2.id, () => game.users.activeGM?.id)).toBe(gm.id);
    const combat = await t.encounter("standard", 4);
    await combat.startCombat();
    await combat.rollAll();
    await world.idle();
    const trackers = () => Object.entries(kept(gm.id)).filter(([key]) => key.startsWith("tempo.secretActions."));
    const at = trackers();
    const from = runtime.server.ledger.length;
    const next = () => combat.nextTurn();
    const undo = () => combat.previousTurn();
    const redo = () => combat.tempoCommand({ type: "redo" });
    for (const click of [next, next, next, next, undo, undo, undo, redo, redo, next]) {
      await click();
      await world.idle();
      expect(kept(gm2.id)).toEqual(kept(gm.id));
    }
    // NPC trackers changed on the way, and every change went as a packed batch (gm-record-pack.ts).
    expect(trackers()).not.toEqual(at);
    expect(new Set(pushes(from))).toEqual(new Set(["packed"]));

    // The second GM's entry of the combat is not what the first GM's batch was made from: refused, then a full copy.
    const entry = Object.keys(kept(gm.id)).find(
      (key) => key.startsWith("tempo.secret.") && key.endsWith(combat.id ?? ""),
    );
    runtime.browserStorage(gm2.id).setItem(entry ?? "", '{"seq":0}');
    const again = runtime.server.ledger.length;
    await next();
    await world.idle();
    expect(pushes(again)).toEqual(["packed", "full"]);
    expect(kept(gm2.id)).toEqual(kept(gm.id));
  });
});

describe("issue 18: a player's console cannot put records into a GM's browser", () => {
  it("a made-up full copy is never taken (no GM names its token; a player's naming is ignored); made-up changes are refused without the GMs' key", async () => {
    const worldId = runtime.as(gm.id, () => (game as { world?: { id?: string } }).world?.id ?? "world");
    const forged = [`tempo.secretActions.${worldId}.forged.forged`, '{"now":{"reaction":9}}'];
    const before = kept(gm2.id);
    const asked = await world.as(owner, async () => {
      const target = game.users.get(gm2.id) as unknown as { query(n: string, d: unknown): Promise<unknown> };
      const full = await target.query(GM_RECORDS_QUERY, { kind: "full", token: "zq", key: "zq", entries: [forged] });
      game.socket.emit(SOCKET_EVENT, { type: "gmRecords", to: gm2.id, token: "zq" });
      const changes = await target.query(GM_RECORDS_QUERY, { kind: "changes", key: "zq", changes: [forged] });
      const guessed = await target.query(GM_RECORDS_QUERY, { kind: "changes", key: "0".repeat(32), changes: [forged] });
      return { full, changes, guessed };
    });
    await world.idle();
    expect(asked).toEqual({ full: true, changes: false, guessed: false });
    expect(kept(gm2.id)).toEqual(before);
    expect(JSON.stringify(kept(gm2.id))).not.toContain("forged");
  });
});
