/**
 * Issue 17: a segment host answers an ordinary step from the last state it was asked about (the turn
 * order kept while only records change, the held conditions followed from the records that changed and
 * the spell turns the cursor passed). Over random sessions, undo and redo included, those answers must
 * be the ones worked out from scratch.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import { heldConditionsOf, rulesetHost, type AnyRulesetHost } from "../../../src/engine/index.ts";
import { withHistory, withHistoryState } from "../../../src/engine/initiative/history.ts";
import {
  createSegmentState,
  parseSegmentState,
  segmentCombatants,
  segmentScheduler,
  type SegmentCommand,
  type SegmentDeclaration,
  type SegmentState,
} from "../../../src/engine/initiative/segment/index.ts";
import { segmentHost } from "../../../src/engine/host/segment-host.ts";
import { decl, member } from "../initiative/segment/driver.ts";

/** 34 creatures: more than one leaf of the roster's vector (32), so untouched branches are shared. */
const START = Array.from({ length: 34 }, (_, i) => member(`c${String(i)}`, i % 3 === 0 ? "blue" : "red"));

const DECLARATIONS: readonly SegmentDeclaration[] = [
  decl({ action: "spell", castingTime: 3 }),
  decl({ action: "spell", castingTime: 1 }),
  decl({ action: "spell", castingTime: 7 }),
  decl({ action: "melee", weaponSpeed: 2, routines: 2 }),
  decl({ action: "missile" }),
  decl({ action: "charge", weaponSpeed: 6 }),
];

type Action =
  | { readonly kind: "next"; readonly times: number }
  | { readonly kind: "rolls"; readonly seed: number }
  | { readonly kind: "declare"; readonly pick: number; readonly declaration: SegmentDeclaration }
  | { readonly kind: "reveal" }
  | { readonly kind: "undo" }
  | { readonly kind: "redo" }
  | { readonly kind: "reread" }
  | {
      readonly kind: "on";
      readonly type: "interrupt" | "delay" | "leave" | "defeat" | "surprise";
      readonly pick: number;
    }
  | { readonly kind: "join"; readonly n: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  // Runs of turns, so that rounds reach their spells (step 7) at 34 creatures.
  { weight: 14, arbitrary: fc.integer({ min: 1, max: 12 }).map((times): Action => ({ kind: "next", times })) },
  { weight: 3, arbitrary: fc.nat(1000).map((seed): Action => ({ kind: "rolls", seed })) },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.nat(100), fc.constantFrom(...DECLARATIONS))
      .map(([pick, declaration]): Action => ({ kind: "declare", pick, declaration })),
  },
  { weight: 2, arbitrary: fc.constant<Action>({ kind: "reveal" }) },
  { weight: 2, arbitrary: fc.constant<Action>({ kind: "undo" }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: "redo" }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: "reread" }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom("interrupt", "delay", "leave", "defeat", "surprise" as const), fc.nat(100))
      .map(([type, pick]): Action => ({ kind: "on", type, pick })),
  },
  { weight: 1, arbitrary: fc.nat(5).map((n): Action => ({ kind: "join", n })) },
);

function toCommand(state: SegmentState, a: Action): SegmentCommand | { readonly type: "undo" | "redo" } | null {
  const ids = segmentCombatants(state).map((c) => c.id);
  const pick = (n: number): string => ids[n % Math.max(1, ids.length)] ?? "c0";
  switch (a.kind) {
    case "next":
      return { type: "next" };
    case "rolls":
      return {
        type: "rolls",
        results: state.rolls.map((r, i) => ({ requestId: r.request.id, total: 1 + ((a.seed + i * 7) % 6) })),
      };
    case "declare":
      return { type: "declare", combatantId: pick(a.pick), declaration: a.declaration };
    case "reveal":
      return { type: "reveal", combatantId: null };
    case "undo":
    case "redo":
      return { type: a.kind };
    case "reread":
      return null;
    case "join":
      return { type: "join", combatant: member(`new${String(a.n)}`, "red") };
    case "on":
      if (a.type === "delay") return { type: "delay", combatantId: state.current ?? pick(a.pick) };
      if (a.type === "surprise") return { type: "surprise", combatantId: pick(a.pick), surprised: a.pick % 2 === 0 };
      return { type: a.type, combatantId: pick(a.pick) };
  }
}

/** What the scheduler holds each creature in, as a sorted list. */
function heldList(host: AnyRulesetHost, state: unknown): [string, string[]][] {
  return [...heldConditionsOf(host, state)]
    .map(([id, set]): [string, string[]] => [id, [...set].sort()])
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => a.localeCompare(b));
}

describe("segment host: an ordinary step answered from the last state (issue 17)", () => {
  it("SEG-2, SEG-5, SEG-7: the turn order and the held conditions followed step by step are those found anew", () => {
    let casting = 0;
    fc.assert(
      fc.property(fc.array(action, { minLength: 30, maxLength: 80 }), (actions) => {
        const host = rulesetHost("segment", 6);
        const history = withHistory(segmentScheduler);
        let h = withHistoryState(unwrap(createSegmentState(START)));
        h = unwrap(history.apply(h, { type: "start" })).state;
        let state: SegmentState = h.present;
        for (const a of actions.flatMap((x) => (x.kind === "next" ? Array<Action>(x.times).fill(x) : [x]))) {
          const command = toCommand(state, a);
          if (command === null) {
            // A state read back from storage shares no node with the one before it.
            state = unwrap(parseSegmentState(JSON.parse(JSON.stringify(state))));
          } else {
            const result = history.apply(h, command);
            if (!result.ok) continue;
            h = result.value.state;
            state = h.present;
          }
          expect(host.order(state)).toEqual(segmentHost().order(state));
          const held = heldList(host, state);
          expect(held).toEqual(heldList(rulesetHost("segment", 6), state));
          if (held.some(([, list]) => list.includes("casting"))) casting++;
        }
      }),
      { numRuns: 20 },
    );
    // The sessions reach the condition whose end the cursor decides (SEG-5).
    expect(casting).toBeGreaterThan(0);
  });
});
