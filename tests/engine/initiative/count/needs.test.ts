/**
 * Issue 17: the dice the count track waits for are found in one pass over `tieOrder` (requests.ts,
 * ties.ts). Here they are checked against the rules read the plain way: every creature not yet rolled
 * owes its initiative (roster order), then, count by count, the contests `countTiesToRoll` names when
 * the creatures on the track are sorted afresh (order.ts), for the round being prepared (and a later round
 * whose contests were asked for first).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { countTiesToRoll } from "../../../../src/engine/initiative/count/order.ts";
import { roundCount, trackRound } from "../../../../src/engine/initiative/count/walk.ts";
import { vectorEntries, vectorValues } from "../../../../src/engine/initiative/shared/persistent-vector.ts";
import type { CountCommand, CountState } from "../../../../src/engine/initiative/count/types.ts";
import { formulaTotal } from "../shared/formula-total.ts";
import { encounter } from "./support.ts";

/** The request ids the rules say are owed in `state`, worked out without `tieOrder`. */
function owed(state: CountState): string[] {
  if (state.status === "setup") return [];
  const records = vectorEntries(state.combatants);
  const ids = records.flatMap((c, slot) => (c !== null && c.count === null ? [`init-${slot}`] : []));
  if (state.status === "rolling") return ids;
  const tied = (round: number): string[] =>
    countTiesToRoll(
      vectorValues(state.combatants)
        .filter((c) => !c.defeated)
        .flatMap((c) => {
          const count = roundCount(c, round);
          return count === null ? [] : [{ id: c.id, count, contest: c.contest }];
        }),
    );
  const round = trackRound(state);
  const contests = tied(round);
  if (state.contestRound > round)
    for (const id of tied(state.contestRound)) if (!contests.includes(id)) contests.push(id);
  for (const id of contests) {
    const slot = records.findIndex((c) => c?.id === id);
    ids.push(`contest-${slot}-${(records[slot]?.contest.length ?? 0) + 1}`);
  }
  return ids;
}

const stepArb = fc.record({ kind: fc.nat(9), who: fc.nat(40), faces: fc.array(fc.integer({ min: 1, max: 20 })) });

describe("count dice owed (issue 17)", () => {
  it("CNT-2, CNT-5: the dice owed after every step are the unrolled creatures' initiative, then the contests a fresh sort names", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 2, maxLength: 40 }),
        fc.boolean(),
        fc.array(stepArb, { minLength: 10, maxLength: 80 }),
        (bonuses, declared, steps) => {
          let state = encounter(
            bonuses.map((b, i) => [`c${i}`, b] as const),
            { surprise: declared ? "declared" : "automatic" },
          );
          let joined = 0;
          for (const [i, { kind, who, faces }] of [{ kind: 0, who: 0, faces: [] }, ...steps].entries()) {
            const ids = vectorValues(state.combatants).map((c) => c.id);
            const id = ids[who % Math.max(1, ids.length)] ?? "nobody";
            const pending = countScheduler.pending(state);
            const command: CountCommand =
              i === 0
                ? { type: "start" }
                : pending.length > 0 && kind < 7
                  ? {
                      type: "rolls",
                      // Mostly every die owed, sometimes only some: ties come back and are rolled again.
                      results: pending.slice(0, kind < 5 ? pending.length : Math.max(1, faces.length)).map((r, k) => ({
                        requestId: r.id,
                        total: formulaTotal(r.formula, [faces[k] ?? 1 + (k % 20)]),
                      })),
                    }
                  : kind === 7
                    ? {
                        type: "join",
                        combatant: { id: `j${joined++}`, bonus: who % 4, isPlayer: false, defeated: false },
                      }
                    : kind === 8
                      ? { type: "defeat", combatantId: id }
                      : { type: "next" };
            const result = countScheduler.apply(state, command);
            if (!result.ok) continue;
            state = result.value.state;
            expect(countScheduler.pending(state).map((r) => r.id)).toEqual(owed(state));
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
