/**
 * Issue 18, the returning-GM race: a GM whose page loads while another GM runs the combat becomes the
 * active GM at once (the runtime's `activeGM` sorts GMs by id, as core picks one of the active GMs:
 * foundryvtt/foundryvtt #11678). Its reconcile, and any command that reaches it meanwhile, must wait for
 * the other GM's copy of the secret records (gm-replica.ts `replicaSettled`): no SecretsMissing notice
 * for records on their way, and no step computed from the published state alone. The other order too:
 * the active GM leaves while the second GM has just connected, its copy cut off at any delivery (the
 * seeded scheduler picks the interleaving): the second GM holds the whole state, or it tells its user,
 * once, that it has none.
 */
import { afterAll, describe, expect, it } from "vitest";
import { storeCombatState, type SegmentDeclaration } from "../../src/engine/index.ts";
import { installTempoWorld, type Tempo } from "../support/tempo-encounter.ts";
import { copyOf } from "../support/client-combats.ts";
import { declaration, declareSegmentSecrets, probeEncounter } from "../support/secrets-probe.ts";

const t = await installTempoWorld(73);
const { world, gm, owner } = t;
const runtime = world.runtime;
afterAll(() => world.uninstall());
const gm2 = world.addUser("gm2", true);
await world.idle();

const whole = (combat: Tempo): string => JSON.stringify(storeCombatState(t.model(combat).state));
const on = (userId: string, combat: Tempo): Tempo => copyOf(t, userId, combat.id ?? "");
const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));
const MISSING = "TEMPO.NOTICES.SecretsMissing";
/** The SecretsMissing notices `userId` got since `from` about `combat` (each combat names itself). */
const missingTo = (userId: string, from: number, combat: Tempo) =>
  world.notices
    .slice(from)
    .filter((n) => n.user === userId && n.text.startsWith(MISSING) && n.text.includes(combat.id ?? "")).length;
/** The Combat updates the server committed since `from`. */
const combatWrites = (from: number) =>
  runtime.server.ledger.slice(from).filter((w) => JSON.stringify(w).includes('"documentName":"Combat"')).length;

/** The secrets declareSegmentSecrets leaves (stored JSON): the hidden creature's and the NPC's. */
const HIDDEN_MELEE = '"weaponSpeed":8';
const NPC_SPELL = '"castingTime":7';

async function leave(userId: string): Promise<void> {
  runtime.disconnect(runtime.clientOf(userId));
  await world.idle();
}

describe("issue 18: the returning-GM race", () => {
  it("SEG-2: a GM who returns while the second GM runs the combat becomes the active GM at once; its reconcile and a player's command sent that moment wait for the second GM's copy (no SecretsMissing notice; the hidden creature's and the NPC's declarations and the undo history kept), in the interleavings of 3 seeds", async () => {
    const combat = await probeEncounter(t, "segment");
    await declareSegmentSecrets(t, combat);
    const pc = combat.combatants.contents[0]?.id ?? "";
    for (let seed = 1; seed <= 3; seed++) {
      // The first GM leaves; the second plays a step the first one's browser never hears of.
      await leave(gm.id);
      const b = on(gm2.id, combat);
      expect(await world.as(gm2, () => b.tempoCommand({ type: "undo" }))).toMatchObject({ ok: true });
      await world.idle();
      expect(await world.as(gm2, () => b.tempoCommand({ type: "redo" }))).toMatchObject({ ok: true });
      await world.idle();
      expect(whole(b)).toContain(HIDDEN_MELEE);
      const history = t.model(b).keptHistory;
      const notices = world.notices.length;
      const writes = runtime.server.ledger.length;

      world.reseed(seed);
      runtime.scheduler.racing = true;
      gm.active = true;
      expect(runtime.as(owner.id, () => game.users.activeGM?.id)).toBe(gm.id);
      // The owner changes its declaration the moment the first GM is back: the first GM judges it.
      const told = world.as(owner, () =>
        on(owner.id, combat).tempoCommand({
          type: "declare",
          combatantId: pc,
          declaration: declaration({ weaponSpeed: 3 + seed }),
        } as unknown as { type: "declare"; combatantId: string; declaration: SegmentDeclaration }),
      );
      for (let k = seed; k > 0; k--) await macrotask();
      await world.idle();
      runtime.scheduler.racing = false;
      expect(await told).toEqual({ ok: true });
      await world.idle();

      const a = on(gm.id, combat);
      expect(missingTo(gm.id, notices, combat)).toBe(0);
      expect(whole(a)).toContain(HIDDEN_MELEE);
      expect(whole(a)).toContain(NPC_SPELL);
      expect(whole(a)).toContain(`"weaponSpeed":${3 + seed}`);
      expect(Object.keys(t.model(a).keptHistory.undo).length).toBe(Object.keys(history.undo).length + 1);
      expect(whole(on(gm2.id, combat))).toBe(whole(a));
      // One Combat write: the owner's declaration (the reconcile found nothing to write).
      expect(combatWrites(writes)).toBe(1);
    }
  }, 15_000);

  it("SEG-2: the active GM leaves while the second GM has just connected, its copy cut off after 0 to 8 deliveries: the second GM then holds the whole state and says nothing, or holds none and tells its user once", async () => {
    const combat = await probeEncounter(t, "segment");
    await declareSegmentSecrets(t, combat);
    const published = JSON.stringify(t.model(on(owner.id, combat)).state);
    const outcomes = new Set<string>();
    for (const cut of [0, 2, 4, 6, 8]) {
      await leave(gm2.id);
      runtime.browserStorage(gm2.id).restore(new Map());
      const before = whole(combat);
      const notices = world.notices.length;
      world.reseed(100 + cut);
      runtime.scheduler.racing = true;
      const delivered = runtime.scheduler.delivered;
      gm2.active = true;
      while (runtime.scheduler.delivered < delivered + cut && runtime.scheduler.pending > 0) await macrotask();
      runtime.disconnect(runtime.clientOf(gm.id));
      await world.idle();
      runtime.scheduler.racing = false;
      const b = on(gm2.id, combat);
      expect(runtime.as(gm2.id, () => game.users.activeGM?.id)).toBe(gm2.id);
      const took = whole(b) === before;
      outcomes.add(took ? "copy" : "none");
      expect(missingTo(gm2.id, notices, combat)).toBe(took ? 0 : 1);
      if (!took) expect(JSON.stringify(t.model(b).state)).toBe(published);
      // The first GM returns and is the active GM at once; it keeps its own records where the second GM
      // has none to send (gm-replica.ts `groupOf`), and takes the second GM's copy where it has them.
      gm.active = true;
      await world.idle();
      runtime.setDefault(gm.id);
      expect(whole(on(gm.id, combat))).toBe(before);
      expect(missingTo(gm.id, notices, combat)).toBe(0);
    }
    // Both outcomes occur over the cuts (the copy takes a query, its answer and a socket message).
    expect([...outcomes].sort()).toEqual(["copy", "none"]);
  }, 15_000);
});
