/**
 * Quench batch `tempo.socket.endTurn` (issue 17, "Player commands over the system socket"): a player's
 * End my turn reaching the active GM and ending the turn. It needs a player logged in on another
 * browser (skipped, saying so, when none is); the batch gives that player a character of its own
 * ("Quench Socket <player>") in a standard combat and plays until the character acts.
 *
 * 1. Automatic, the GM side: this GM sends the very request a player's End my turn sends
 *    (`askActiveGm("command", { combatId, command: { type: "endTurn" } })`, socket-channel.ts and
 *    queries.ts); run by the active GM it is answered here, run by another GM it travels over the
 *    system socket to the active GM. The answer is `{ ok: true }`, the turn ends, `system.seq` moves
 *    on by 1 and `combatTurnChange` fires here once.
 * 2. The full path, with the tester: when the character acts again the batch shows a notice and
 *    waits 60 s; on the player's client press End my turn in the combat tracker or Shift+E (or run
 *    `game.combat.tempoCommand({ type: "endTurn" })` in its console). The request travels on
 *    `system.tempo`, the active GM checks the server's sender id owns the acting creature, runs it,
 *    and the turn moves on here.
 */
import { askActiveGm } from "../socket/socket-channel.ts";
import type { QuenchAssert, QuenchBatchFunction } from "./quench-api.ts";
import { engineOf, QuenchWorld, step } from "./quench-world.ts";

const SUITE_TIMEOUT_MS = 120_000;
const PLAYER_WAIT_MS = 60_000;
const STEP_LIMIT = 40;

const connectedPlayer = (): User.Implementation | undefined => game.users.find((u) => u.active && !u.isGM);

export const socketBatch: QuenchBatchFunction = (context) => {
  const { describe, it, before, after } = context;
  const assert: QuenchAssert = context.assert;
  const world = new QuenchWorld();
  let player: User.Implementation | undefined;
  let own: string | null = null;

  /** Plays until the player's character acts; its combatant id. */
  async function untilPlayerActs(combat: Combat.Implementation): Promise<string> {
    const id = own;
    if (id === null) assert.fail("The player's character is not in the combat.");
    for (let i = 0; i < STEP_LIMIT && combat.combatant?.id !== id; i++) await step(combat);
    if (combat.combatant?.id !== id) assert.fail("The player's character never acted.");
    return id;
  }

  describe("Tempo: a player's End my turn reaches the active GM over the system socket", function () {
    this.timeout(SUITE_TIMEOUT_MS);

    before(async function () {
      player = connectedPlayer();
      if (!game.user.isGM || player === undefined) {
        console.warn("Tempo | Quench tempo.socket.endTurn skipped: run it as a GM with a player logged in.");
        this.skip();
        return;
      }
      const actor = await Actor.create({
        name: `Quench Socket ${player.name}`,
        type: "character",
        ownership: { default: 0, [player.id ?? ""]: 3 },
      } as unknown as Actor.CreateData);
      world.actor = actor ?? null;
      if (actor?.id == null) assert.fail("Actor.create returned nothing.");
      const combat = await world.start("standard", "Quench Socket", [
        {
          name: actor.name,
          actorId: actor.id,
          type: "base",
          system: { side: "pc", initiativeBonus: 4, int: 1, agi: 1 },
        },
      ]);
      own = combat.combatants.find((c) => c.actorId === actor.id)?.id ?? null;
    });

    after(async () => {
      await world.cleanUp();
    });

    it("the GM side: the request End my turn sends ends the player's character's turn (seq + 1, one combatTurnChange)", async () => {
      const combat = world.combat;
      if (combat === null) assert.fail("An earlier step failed: there is no combat.");
      const acting = await untilPlayerActs(combat);
      const seq = engineOf(combat).seq;
      let changes = 0;
      world.on("combatTurnChange", (changed) => {
        if (changed === combat) changes++;
      });
      const answer = await askActiveGm("command", { combatId: combat.id ?? "", command: { type: "endTurn" } });
      const end = Date.now() + 10_000;
      while (engineOf(combat).seq === seq && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      assert.isTrue(answer.ok, "answered { ok: true }");
      assert.notStrictEqual(combat.combatant?.id ?? null, acting, "another creature acts");
      assert.strictEqual(engineOf(combat).seq, seq + 1, "one write");
      assert.strictEqual(changes, 1, "combatTurnChange once");
    });

    it(`the full path, with the tester: press End my turn on the player's client within ${PLAYER_WAIT_MS / 1000} s`, async () => {
      const combat = world.combat;
      if (combat === null) assert.fail("An earlier step failed: there is no combat.");
      const acting = await untilPlayerActs(combat);
      const seq = engineOf(combat).seq;
      ui.notifications?.info(`Quench: press End my turn on ${player?.name ?? "the player"}'s client now.`);
      const end = Date.now() + PLAYER_WAIT_MS;
      while (combat.combatant?.id === acting && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      assert.notStrictEqual(combat.combatant?.id ?? null, acting, "the player's End my turn ended the turn");
      assert.strictEqual(engineOf(combat).seq, seq + 1, "in one write");
    });
  });
};
