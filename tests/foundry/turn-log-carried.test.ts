/**
 * Issue 17 (host step time): after its own write, the GM's next step moves the turn-event ledger it wrote
 * (kept with the step, combat/state-cache.ts) instead of reading the document's copy back
 * (combat/step-turn-log.ts). Whatever the clicks, the ledger it carries is the one the document holds.
 * Runs in the `foundry` and `foundry-v14` projects.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readTurnEventLedger } from "../../src/engine/index.ts";
import { cachedState } from "../../src/foundry/combat/state-cache.ts";
import { installTempoWorld, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(8);
const { world } = t;
afterAll(() => world.uninstall());

type Click = "next" | "back" | "redo";

async function click(combat: Tempo, what: Click): Promise<void> {
  const m = t.model(combat);
  if (m.host.pending(m.state).length > 0) await combat.rollAll();
  else if (what === "next") await combat.nextTurn();
  else if (what === "back") await combat.previousTurn();
  else await combat.tempoCommand({ type: "redo" });
  await world.idle();
}

describe("Issue 17: the turn log the GM carries between its steps", () => {
  it("CNT-6, CNT-13: after random next, undo and redo clicks, the ledger kept with the GM's step is the document's", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Click>("next", "next", "back", "redo"), { minLength: 5, maxLength: 10 }),
        async (clicks) => {
          const combat = await t.encounter("count", 4);
          await combat.startCombat();
          await world.idle();
          let carried = 0;
          for (const what of clicks) {
            await click(combat, what);
            const m = t.model(combat);
            const kept = cachedState(combat.id, m.seq)?.turnLog;
            if (kept === undefined) continue;
            carried++;
            expect(kept).toEqual(readTurnEventLedger(m.turnLog));
          }
          expect(carried).toBeGreaterThan(0);
          await combat.delete();
          await world.idle();
        },
      ),
      { numRuns: 5 },
    );
  });
});
