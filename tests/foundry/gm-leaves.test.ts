/**
 * Issue 17, "How it is checked": a player's request is never left hanging when no GM can answer it
 * (socket/socket-channel.ts):
 * - with no active GM it is refused at once with `TEMPO.ERRORS.Access.NoGm`, nothing sent;
 * - when the GM it went to disconnects before the request reaches it, the player's client hears the
 *   GM leave (API hookEvents.userConnected) and answers `TEMPO.ERRORS.Access.GmLeft`, shown to the
 *   player, with nothing changed;
 * - with two GMs, when the active GM leaves the other becomes the active GM (the connected GM with
 *   the highest role, foundryvtt/foundryvtt #11678), answers later requests and dispatches the turn
 *   events; a request addressed to the GM who left is not run by the other one behind the player's
 *   back (the player was told nothing changed);
 * - a GM who comes back becomes the active GM again: a request already sent to the GM it takes over
 *   from is refused by that GM unrun (`Access.GmChanged`), sent once more by the player's client to
 *   the new active GM, and run exactly once, by it; the GM taken over from writes nothing and the
 *   player sees the result with no notice;
 * - a GM taken over from while it runs a request, its dice already rolled to the chat, answers
 *   `Access.GmChangedMidway` (socket-channel.ts): the request is not sent again (the dice would show
 *   twice), the player is told, and neither GM writes the step.
 */
import { afterAll, describe, expect, it } from "vitest";
import { storeCombatState } from "../../src/engine/index.ts";
import type { WorldUser } from "../support/foundry-world.ts";
import { documentWrites, installTempoWorld, ownedId, playUntil, type Tempo } from "../support/tempo-encounter.ts";
import { chatLog } from "../support/chat-log.ts";
import { callsNamed, copyOf } from "../support/client-combats.ts";
import { REQUEST_ANSWER_QUERY } from "../../src/foundry/socket/socket-channel.ts";

const t = await installTempoWorld(71);
const { world, gm, owner } = t;
afterAll(() => world.uninstall());
const runtime = world.runtime;

const NO_GM = { ok: false, error: { key: "TEMPO.ERRORS.Access.NoGm" } };
const GM_LEFT = { ok: false, error: { key: "TEMPO.ERRORS.Access.GmLeft" } };
const GM_CHANGED = { ok: false, error: { key: "TEMPO.ERRORS.Access.GmChanged" } };
const GM_CHANGED_MIDWAY = { ok: false, error: { key: "TEMPO.ERRORS.Access.GmChangedMidway" } };
const chat = chatLog(world);

/** The combat's `system.seq`: how many Tempo writes it has had. */
function seqOf(combat: Tempo): number {
  const system: unknown = combat.system;
  return typeof system === "object" && system !== null && "seq" in system && typeof system.seq === "number"
    ? system.seq
    : -1;
}

/** The answers `user`'s client takes from now on (socket-channel.ts: a query to that user alone). */
function answersTo(user: WorldUser): unknown[] {
  const heard: unknown[] = [];
  runtime.as(user.id, () => {
    const queries = (CONFIG as unknown as { queries: Record<string, (data: unknown) => unknown> }).queries;
    const take = queries[REQUEST_ANSWER_QUERY];
    queries[REQUEST_ANSWER_QUERY] = (data: unknown) => {
      const taken = take?.(data);
      if (taken === true) heard.push((data as { answer?: unknown }).answer);
      return taken;
    };
  });
  return heard;
}

/** A combat whose acting creature is the owner's, so End my turn is the owner's to give. */
async function ownersTurn(): Promise<Tempo> {
  const combat = await t.encounter("standard", 4);
  const own = ownedId(t, combat);
  if (!(await playUntil(t, combat, (c) => c.combatant?.id === own))) throw new Error("the owner never acts");
  return combat;
}

/** The owner's End my turn from its own client; the promise it returns, and whether it has settled. */
function endMyTurn(combat: Tempo): { answer: Promise<unknown>; settled: () => boolean } {
  let done = false;
  const answer = world
    .as(owner, () => copyOf(t, owner.id, combat.id ?? "").tempoCommand({ type: "endTurn" }))
    .finally(() => {
      done = true;
    });
  return { answer, settled: () => done };
}

const engineOf = (combat: Tempo): string => JSON.stringify(storeCombatState(t.model(combat).state));
const noticesTo = (user: WorldUser, from: number) =>
  world.notices
    .slice(from)
    .filter((n) => n.user === user.id)
    .map((n) => n.text);

/**
 * The owner asks for End my turn and the active GM disconnects before the request reaches it; the
 * engine state, notice count and write count from before, and the answer the owner got.
 */
async function askThenGmLeaves(
  combat: Tempo,
): Promise<{ before: string; notices: number; from: number; asked: ReturnType<typeof endMyTurn>; answer: unknown }> {
  const before = engineOf(combat);
  const notices = world.notices.length;
  const from = world.writes.length;
  const asked = endMyTurn(combat);
  runtime.disconnect(runtime.clientOf(gm.id));
  await world.idle();
  return { before, notices, from, asked, answer: await asked.answer };
}

/** Reconnects `user` (a new page) and makes the GM's client the test's own again. */
async function reconnect(user: WorldUser): Promise<void> {
  user.active = true;
  runtime.setDefault(gm.id);
  await world.idle();
}

describe("issue 17: a player's request when the GM is gone or goes", () => {
  it("with no active GM a player's request is refused at once with NoGm, shown to the player, nothing sent", async () => {
    const combat = await ownersTurn();
    const id = combat.id ?? "";
    gm.active = false;
    await world.idle();
    const notices = world.notices.length;
    const ledger = runtime.server.ledger.length;
    const delivered = runtime.scheduler.delivered;
    const answer = await world.as(owner, () => copyOf(t, owner.id, id).tempoCommand({ type: "endTurn" }));
    expect(answer).toEqual(NO_GM);
    expect(runtime.scheduler.delivered).toBe(delivered); // answered without a single message
    expect(runtime.server.ledger.length).toBe(ledger);
    expect(noticesTo(owner, notices)).toEqual([expect.stringMatching(/^TEMPO\.ERRORS\.Access\.NoGm\b/)]);
    await reconnect(gm);
  });

  it("the GM disconnects before the request reaches it: the player gets GmLeft, shown to it, nothing changed", async () => {
    const combat = await ownersTurn();
    const { before, notices, from, asked, answer } = await askThenGmLeaves(combat);
    expect(asked.settled()).toBe(true);
    expect(answer).toEqual(GM_LEFT);
    expect(noticesTo(owner, notices)).toEqual([expect.stringMatching(/^TEMPO\.ERRORS\.Access\.GmLeft\b/)]);
    expect(documentWrites(world, from)).toEqual([]);
    await reconnect(gm);
    const now = copyOf(t, gm.id, combat.id ?? "");
    expect(engineOf(now)).toBe(before);
    // The GM is back: the same request is answered and the turn ends.
    const again = endMyTurn(now);
    await world.idle();
    expect(await again.answer).toEqual({ ok: true });
    expect(engineOf(now)).not.toBe(before);
  });

  it("two GMs: the active GM leaves, the other becomes active and answers later requests; a request to the one who left is not run; one to a GM taken over from is run once, by the new active GM", async () => {
    const gm2 = world.addUser("gm2", true);
    await world.idle();
    const combat = await ownersTurn();
    const id = combat.id ?? "";
    expect(runtime.as(owner.id, () => game.users.activeGM?.id)).toBe(gm.id);

    // Addressed to the active GM, who leaves before it arrives: GmLeft, and the second GM does not run it.
    const { before, notices, from, answer } = await askThenGmLeaves(combat);
    expect(answer).toEqual(GM_LEFT);
    expect(noticesTo(owner, notices)).toEqual([expect.stringMatching(/^TEMPO\.ERRORS\.Access\.GmLeft\b/)]);
    expect(documentWrites(world, from).filter((w) => w.document === "Combat")).toEqual([]);
    const second = copyOf(t, gm2.id, id);
    expect(engineOf(second)).toBe(before);

    // The second GM is the active GM now, on every client, and answers the player's next request.
    for (const client of runtime.network.connectedClients)
      expect(client.run(() => game.users.activeGM?.id)).toBe(gm2.id);
    const ledger = runtime.hookLedger.length;
    const writes = world.writes.length;
    const retried = endMyTurn(second);
    await world.idle();
    expect(await retried.answer).toEqual({ ok: true });
    expect(engineOf(second)).not.toBe(before);
    const combatWrites = documentWrites(world, writes).filter((w) => w.document === "Combat");
    expect(combatWrites.map((w) => w.userId)).toEqual([gm2.id]);
    // Its client dispatches the turn events now; core's turn hook fires on the player's client that asked.
    const slice = runtime.hookLedger.slice(ledger);
    const gm2Client = runtime.clientOf(gm2.id).id;
    const turnEvents = callsNamed(slice, "_onStartTurn", "_onEndTurn");
    expect(turnEvents.length).toBeGreaterThan(0);
    expect(turnEvents.every((h) => h.client === gm2Client)).toBe(true);
    expect(callsNamed(slice, "combatTurn", "combatRound").map((h) => h.client)).toEqual([
      runtime.clientOf(owner.id).id,
    ]);

    // A GM who connects and becomes the active GM takes over while the player's request is on its way
    // to the GM it took over from: that GM refuses it unrun (GmChanged), the player's client asks the
    // new active GM once more by itself, and the new active GM runs it, once.
    const own = ownedId(t, second);
    for (let i = 0; i < 10 && second.combatant?.id !== own; i++) {
      await world.as(gm2, () => second.nextTurn());
      await world.idle();
    }
    expect(second.combatant?.id).toBe(own);
    const seq = seqOf(second);
    const heard = answersTo(owner);
    const handedNotices = world.notices.length;
    const handedWrites = world.writes.length;
    const handed = endMyTurn(second);
    await reconnect(gm);
    expect(runtime.as(owner.id, () => game.users.activeGM?.id)).toBe(gm.id);
    expect(await handed.answer).toEqual({ ok: true });
    expect(heard).toEqual([GM_CHANGED, expect.objectContaining({ ok: true })]);
    const handedByUser = documentWrites(world, handedWrites).map((w) => w.userId);
    expect(handedByUser.filter((u) => u === gm2.id)).toEqual([]); // the GM taken over from wrote nothing
    expect(handedByUser).toContain(gm.id);
    expect(seqOf(copyOf(t, gm.id, id))).toBe(seq + 1); // run exactly once: one engine write
    // The player sees the turn ended on its own client, and no notice.
    expect(copyOf(t, owner.id, id).combatant?.id).not.toBe(own);
    expect(copyOf(t, gm.id, id).combatant?.id).toBe(copyOf(t, owner.id, id).combatant?.id);
    expect(noticesTo(owner, handedNotices)).toEqual([]);
    gm2.active = false;
    await world.idle();
  });
});

describe("issue 17: the active GM is taken over from while it runs a player's request", () => {
  it("the GM rolls the player's initiative, then another GM becomes active before the write: GmChangedMidway, not retried, the player told, nothing written twice", async () => {
    const combat = await t.encounter("standard", 4);
    await combat.startCombat();
    await world.idle();
    const own = ownedId(t, combat);
    const waiting = () =>
      t
        .model(combat)
        .host.pending(t.model(combat).state)
        .map((r) => r.combatantId);
    expect(waiting()).toContain(own); // the player's creature waits for its player's roll
    const id = combat.id ?? "";
    const seq = seqOf(combat);
    const heard = answersTo(owner);
    const notices = world.notices.length;
    const from = world.writes.length;
    const ledger = runtime.server.ledger.length;
    const cards = chat.messages.length;
    // When the active GM posts the dice it rolled for the request, a GM whose id sorts first connects
    // and is the active GM from then on (foundryvtt/foundryvtt #11678; runtime/network.ts `activeGm`).
    let takeover: WorldUser | null = null;
    runtime.as(gm.id, () =>
      Hooks.on("preCreateChatMessage", () => {
        takeover ??= world.addUser("aGm", true);
      }),
    );
    const answer = await world.as(owner, () =>
      copyOf(t, owner.id, id).tempoCommand({ type: "rollInitiative", combatantIds: [own] }),
    );
    await world.idle();
    expect(takeover).not.toBeNull();
    expect(runtime.as(owner.id, () => game.users.activeGM?.id)).toBe("aGm");
    expect(answer).toEqual(GM_CHANGED_MIDWAY);
    // Not sent again: one request from the player, one answer, GmChangedMidway.
    const requests = runtime.server.ledger.slice(ledger).filter((e) => e.kind === "socket" && e.userId === owner.id);
    expect(requests).toHaveLength(1);
    expect(heard).toEqual([GM_CHANGED_MIDWAY]);
    // The dice were rolled once, to one card; the step they fed was not written by either GM.
    expect(chat.messages.slice(cards).map((m) => m.type)).toEqual(["initiative"]);
    const combatWrites = documentWrites(world, from).filter((w) => w.document === "Combat");
    expect(combatWrites.filter((w) => w.userId === gm.id)).toEqual([]);
    expect(seqOf(copyOf(t, "aGm", id))).toBeLessThanOrEqual(seq + 1); // at most the new GM's own reconcile
    expect(waiting()).toContain(own); // the roll did not count: the creature still waits for it
    // The player is told, in its own words (lang/en.json has the key).
    expect(noticesTo(owner, notices)).toEqual([expect.stringMatching(/^TEMPO\.ERRORS\.Access\.GmChangedMidway\b/)]);
    const en = (await import("../../lang/en.json")).default as {
      TEMPO: { ERRORS: { Access: Record<string, string> } };
    };
    expect(en.TEMPO.ERRORS.Access.GmChangedMidway).toMatch(/took over/);
    if (takeover !== null) (takeover as WorldUser).active = false;
    await world.idle();
  });
});
