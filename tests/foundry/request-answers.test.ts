/**
 * Issue 18: the active GM's answer to a player's request, and its notice about a player's own write, go
 * to that player alone (socket/socket-channel.ts: a User query with the asking page's key, not the system
 * socket every client receives). Another player's client receives nothing of them: no answer, no
 * refusal text, no result; the asker still sees its result or refusal.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installTempoWorld, ownedId, playUntil } from "../support/tempo-encounter.ts";
import { copyOf } from "../support/client-combats.ts";
import { REQUEST_ANSWER_QUERY } from "../../src/foundry/socket/socket-channel.ts";

const t = await installTempoWorld(1818);
const { world, owner, other } = t;
afterAll(() => world.uninstall());
const network = world.runtime.network;

/** What `user`'s client received since `from` deliveries, one JSON text each. */
const receivedSince = (userId: string, from: number) => network.receivedBy(world.runtime.clientOf(userId)).slice(from);
const heardBy = (userId: string) => network.receivedBy(world.runtime.clientOf(userId)).length;
const noticesTo = (userId: string, from: number) =>
  world.notices
    .slice(from)
    .filter((n) => n.user === userId)
    .map((n) => n.text);

/** The owner writes its own creature's initiative (the GM changes it back and tells it why); what it saw. */
async function initiativeRolledBack(id: string, own: string): Promise<{ owner: string; other: string[] }> {
  const [otherFrom, notices] = [heardBy(other.id), world.notices.length];
  await world.as(owner, async () => {
    await copyOf(t, owner.id, id)
      .combatants.get(own)
      ?.update({ initiative: 30 } as never);
  });
  await world.idle();
  const bystander = receivedSince(other.id, otherFrom).filter((m) => m.includes("InitiativeRolledBack"));
  return { owner: noticesTo(owner.id, notices).join(), other: bystander };
}

describe("issue 18: the GM's answers and notices reach their player alone", () => {
  it("the owner's own initiative write, rolled back before it asked the GM anything: the notice reaches the owner alone, with a key the GM gave it", async () => {
    network.recordReceived = true;
    try {
      const combat = await t.encounter("standard", 3);
      await combat.startCombat();
      await world.idle();
      const seen = await initiativeRolledBack(combat.id ?? "", ownedId(t, combat));
      expect(seen.owner).toContain("TEMPO.NOTICES.InitiativeRolledBack");
      expect(seen.other).toEqual([]);
      // A second one goes with the key now trusted.
      const again = await initiativeRolledBack(combat.id ?? "", ownedId(t, combat));
      expect(again).toEqual(seen);
    } finally {
      network.recordReceived = false;
    }
  });

  it("a refused and an accepted End my turn: the owner sees its refusal and its result, the other player receives neither", async () => {
    network.recordReceived = true;
    try {
      const combat = await t.encounter("standard", 4);
      await combat.startCombat();
      await world.idle();
      const id = combat.id ?? "";
      const own = ownedId(t, combat);
      await playUntil(
        t,
        combat,
        (c) => c.combatant?.id !== own && t.model(c).host.pending(t.model(c).state).length === 0,
      );
      const [ownerFrom, otherFrom, notices] = [heardBy(owner.id), heardBy(other.id), world.notices.length];
      const refusal = await world.as(owner, () => copyOf(t, owner.id, id).tempoCommand({ type: "endTurn" }));
      await world.idle();
      expect(refusal.ok).toBe(false);
      const key = refusal.ok ? "" : refusal.error.key;
      expect(noticesTo(owner.id, notices).join()).toContain(key);
      expect(await playUntil(t, combat, (c) => c.combatant?.id === own)).toBe(true);
      const ended = await world.as(owner, () => copyOf(t, owner.id, id).tempoCommand({ type: "endTurn" }));
      await world.idle();
      expect(ended).toEqual({ ok: true });
      expect(copyOf(t, owner.id, id).combatant?.id).not.toBe(own);
      // The owner took two answers; the other player's client received no answer and no refusal.
      const answers = receivedSince(owner.id, ownerFrom).filter((m) => m.includes(REQUEST_ANSWER_QUERY));
      expect(answers).toHaveLength(2);
      const bystander = receivedSince(other.id, otherFrom);
      expect(bystander.filter((m) => m.includes(REQUEST_ANSWER_QUERY) || m.includes('"answer"'))).toEqual([]);
      expect(bystander.filter((m) => m.includes(key))).toEqual([]);
    } finally {
      network.recordReceived = false;
    }
  });

  it("the owner's own initiative write, rolled back after it asked the GM something: the notice reaches the owner alone, with its page's key", async () => {
    network.recordReceived = true;
    try {
      const combat = await t.encounter("standard", 3);
      await combat.startCombat();
      await world.idle();
      const id = combat.id ?? "";
      const own = ownedId(t, combat);
      // A request first: the GM holds the owner's page key from it (socket-channel.ts).
      await world.as(owner, () => copyOf(t, owner.id, id).tempoCommand({ type: "endTurn" }));
      await world.idle();
      const seen = await initiativeRolledBack(id, own);
      expect(seen.owner).toContain("TEMPO.NOTICES.InitiativeRolledBack");
      expect(seen.other).toEqual([]);
    } finally {
      network.recordReceived = false;
    }
  });
});
