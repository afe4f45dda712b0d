/**
 * Quench batch `tempo.core.writers` (issue 17, "One writer, in order"): per ruleset, two `next`
 * commands given at once (as two GMs clicking together) end as two steps in order: `system.seq` moves
 * on by exactly 2, the engine state reads back, core's fields agree with it, and two undos bring the
 * combat back through the first step to where it was (so neither step was merged into the other or
 * lost). Every write to the combat comes from the active GM's user (the `updateCombat` hook's `userId`,
 * API hookEvents.updateDocument: "The ID of the User who triggered the update workflow"): one writer,
 * whoever clicked. Run by the active GM, both steps queue in its writer queue; run by a second GM while
 * another is the active GM, both travel over the system socket to that GM, which is the full two-GM path.
 */
import { RULESET_IDS, storeCombatState } from "../../engine/index.ts";
import { writerQueueIdle } from "../combat/writer-queue.ts";
import { assertAgrees } from "./combat-batch.ts";
import type { QuenchBatchFunction } from "./quench-api.ts";
import { canonicalJson, engineOf, QuenchWorld } from "./quench-world.ts";

const SUITE_TIMEOUT_MS = 60_000;

const engineJson = (combat: Combat.Implementation): string => canonicalJson(storeCombatState(engineOf(combat).state));

/** Waits until the combat's stored seq is at least `seq` (a second GM's client hears the writes later). */
async function seqReaches(combat: Combat.Implementation, seq: number): Promise<void> {
  const end = Date.now() + 10_000;
  while (engineOf(combat).seq < seq && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  await writerQueueIdle(combat);
}

export const writersBatch: QuenchBatchFunction = ({ describe, it, before, after, assert }) => {
  for (const ruleset of RULESET_IDS) {
    const world = new QuenchWorld();

    describe(`Tempo ${ruleset}: two next commands at once`, function () {
      this.timeout(SUITE_TIMEOUT_MS);

      before(function () {
        if (game.user.isGM) return;
        console.warn("Tempo | Quench tempo.core.writers: run it as a GM.");
        this.skip();
      });

      after(async () => {
        await world.cleanUp();
      });

      it("two nextTurn calls given together are two steps in order: seq + 2, the state reads back, two undos go back through both", async () => {
        const combat = await world.start(ruleset, `Quench Writers ${ruleset}`);
        const writers: unknown[] = [];
        world.on("updateCombat", (updated, _changes, _options, userId) => {
          if (updated === combat) writers.push(userId);
        });
        const start = engineOf(combat).seq;
        const before = engineJson(combat);
        await Promise.all([combat.nextTurn(), combat.nextTurn()]);
        await seqReaches(combat, start + 2);
        assert.strictEqual(engineOf(combat).seq, start + 2, "system.seq moved on by 2");
        assertAgrees(assert, combat, "after both steps");
        const both = engineJson(combat);
        assert.notStrictEqual(both, before, "the steps moved the engine");

        await combat.previousTurn();
        await seqReaches(combat, start + 3);
        const first = engineJson(combat);
        assert.notStrictEqual(first, both, "the first undo takes back the second step only");
        assert.notStrictEqual(first, before, "the first step is still there");
        await combat.previousTurn();
        await seqReaches(combat, start + 4);
        assert.strictEqual(engineJson(combat), before, "the second undo is the state before both");
        assertAgrees(assert, combat, "after both undos");
        const activeGm = game.users.activeGM?.id ?? null;
        assert.isAtLeast(writers.length, 4, "a Combat write per step and per undo");
        assert.deepEqual([...new Set(writers)], [activeGm], "every write came from the active GM's user");
      });
    });
  }
};
