/**
 * Issue 17: a page that did not write a step (a player's) reads the stored engine back on every Combat
 * update, and keeps what it read last (engine storage/column-read.ts: rows whose stored text is
 * unchanged are the rows it built before). On the runtime model, with the GM writing and two player
 * pages (the owner of the first creature, and a player who owns nothing), after every random step each
 * page's state equals the state a fresh read of the same stored engine gives, and the page's state
 * shares its unchanged parts with its state before the step (what makes the read cost what changed).
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readCombatState, RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { copyOf } from "../support/client-combats.ts";
import { embedded, installTempoWorld, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(2017);
const { world } = t;
afterAll(() => world.uninstall());

/** 40 creatures: two blocks of stored rows (columns.ts CHUNK 32). */
const N = 40;
const STEPS = ["next", "next", "next", "rollAll", "undo", "redo", "defeat", "hide"] as const;
type Step = (typeof STEPS)[number];

async function run(combat: Tempo, step: Step, pick: number): Promise<void> {
  const target = combat.combatants.contents[pick % combat.combatants.size];
  if (step === "next") await combat.nextTurn();
  else if (step === "rollAll") await combat.rollAll();
  else if (step === "undo") await combat.tempoCommand({ type: "undo" });
  else if (step === "redo") await combat.tempoCommand({ type: "redo" });
  else if (target !== undefined) {
    const change = step === "defeat" ? { defeated: !target.defeated } : { hidden: !target.hidden };
    await embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: target.id, ...change }]);
  }
  await world.idle();
}

/** Every object inside `value`. */
function objectsIn(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value !== "object" || value === null || into.has(value)) return into;
  into.add(value);
  for (const item of Object.values(value)) objectsIn(item, into);
  return into;
}

/** The page's state, and a fresh read (no memo) of the stored engine it holds, on `userId`'s client. */
function pageState(combat: Tempo, userId: string): { kept: unknown; fresh: unknown } {
  return world.runtime.as(userId, () => {
    const model = t.model(copyOf(t, userId, combat.id ?? ""));
    const fresh = readCombatState(model.host, model.engine);
    return { kept: model.state, fresh: fresh.ok ? fresh.value : fresh };
  });
}

describe("issue 17: a player's page reads back what a step changed", () => {
  it.each(RULESET_IDS as readonly RulesetId[])(
    "DEF-1, STD-1, CNT-2, PHS-2, SEG-2, ROT-1 (%s): after random steps, each player page's state equals a fresh read of its stored engine and keeps the parts the step left",
    async (ruleset) => {
      t.owner.active = true;
      t.other.active = true;
      let shared = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...STEPS), fc.nat({ max: N - 1 })), { minLength: 3, maxLength: 8 }),
          async (steps) => {
            const combat = await t.encounter(ruleset, N);
            await combat.tempoCommand({ type: "start" });
            await world.idle();
            const before = new Map<string, unknown>();
            for (const [step, pick] of steps) {
              await run(combat, step, pick);
              for (const user of [t.owner, t.other]) {
                const { kept, fresh } = pageState(combat, user.id);
                expect(kept).toEqual(fresh);
                // Parts of a new read that the page's last read also holds (none without the page's memo).
                const last = before.get(user.id);
                if (kept !== last) {
                  const earlier = objectsIn(last);
                  for (const part of objectsIn(kept)) if (earlier.has(part)) shared++;
                }
                before.set(user.id, kept);
              }
            }
            await combat.delete();
            await world.idle();
          },
        ),
        { numRuns: 3, seed: 17 },
      );
      expect(shared).toBeGreaterThan(0);
    },
  );
});
