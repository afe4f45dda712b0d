/**
 * The engine contract, the same for all five schemes ("One interface, five schemes"): each exports the
 * reason keys of its dice requests (`<SCHEME>_ROLL_REASONS`) and who is acting now (`<scheme>Current`),
 * and its scheduler answers `current` and `pending` through the common Scheduler interface.
 */
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import {
  COUNT_ROLL_REASONS,
  PHASE_ROLL_REASONS,
  ROTATION_ROLL_REASONS,
  SEGMENT_ROLL_REASONS,
  STANDARD_ROLL_REASONS,
  countCurrent,
  countScheduler,
  createCountState,
  createPhaseState,
  createRotationState,
  createSegmentState,
  createStandardState,
  phaseCurrent,
  phaseScheduler,
  rotationCurrent,
  rotationScheduler,
  segmentCurrent,
  segmentScheduler,
  standardCurrent,
  standardScheduler,
  type CommonCommand,
  type DiceRequest,
  type RollReasons,
  type Scheduler,
} from "../../../src/engine/index.ts";
import { walkEncounter } from "./shared/encounter-walk.ts";

interface Walk {
  /** Every dice request made, in order. */
  readonly requests: readonly DiceRequest[];
  /** After each transition: who `current` named, and who the last turn event of that transition named. */
  readonly turns: readonly {
    readonly current: string | null;
    readonly exported: string | null;
    readonly expected: string | null | undefined;
  }[];
}

/** A walk (see walkEncounter) with everyone tied at first, recording requests and who acts after each step. */
function walk<S, C extends { readonly type: string }, E extends { readonly type: string }>(
  scheduler: Scheduler<S, C | CommonCommand, E>,
  created: S,
  exported: (state: S) => string | null,
  nexts: number,
): Walk {
  const requests: DiceRequest[] = [];
  const turns: { current: string | null; exported: string | null; expected: string | null | undefined }[] = [];
  expect(scheduler.current(created)).toBeNull();
  walkEncounter(scheduler, created, { nexts, tieFirst: true }, (t) => {
    requests.push(...t.requests);
    for (const r of t.requests) expect(scheduler.pending(t.state)).toContainEqual(r);
    // The last turn event of the transition says who acts now: its creature if a turn started, nobody
    // if a turn ended and none started (undefined: the transition moved no turn).
    let expected: string | null | undefined;
    for (const e of t.events) {
      const who = "combatantId" in e && typeof e.combatantId === "string" ? e.combatantId : null;
      if (e.type === "turnStarted") expected = who;
      if (e.type === "turnEnded") expected = null;
    }
    turns.push({ current: scheduler.current(t.state), exported: exported(t.state), expected });
  });
  return { requests, turns };
}

const SCHEMES: readonly { readonly name: string; readonly reasons: RollReasons; readonly walk: () => Walk }[] = [
  {
    name: "CNT-2, CNT-5, CNT-6: count",
    reasons: COUNT_ROLL_REASONS,
    walk: () =>
      walk(
        countScheduler,
        unwrap(
          createCountState(
            ["a", "b", "c", "d"].map((id, i) => ({ id, bonus: i % 2, isPlayer: i === 0, defeated: false })),
            { surprise: "declared" },
          ),
        ),
        countCurrent,
        9,
      ),
  },
  {
    name: "STD-1, STD-2, STD-4: standard",
    reasons: STANDARD_ROLL_REASONS,
    walk: () =>
      walk(
        standardScheduler,
        unwrap(createStandardState(["a", "b", "c", "d"].map((id) => ({ id, dexBonus: 1 })))),
        standardCurrent,
        9,
      ),
  },
  {
    name: "PHS-2, PHS-3, PHS-7: phase",
    reasons: PHASE_ROLL_REASONS,
    walk: () =>
      walk(
        phaseScheduler,
        unwrap(createPhaseState(["a", "b", "c", "d"].map((id) => ({ id, int: 0, agi: 0 })))),
        phaseCurrent,
        14,
      ),
  },
  {
    name: "SEG-2: segment",
    reasons: SEGMENT_ROLL_REASONS,
    walk: () =>
      walk(
        segmentScheduler,
        unwrap(
          createSegmentState(
            ["a", "b", "c", "d"].map((id, i) => ({
              id,
              groupId: i % 2 === 0 ? "party" : "foes",
              dexReaction: 0,
              surprised: false,
            })),
          ),
        ),
        segmentCurrent,
        14,
      ),
  },
  {
    name: "ROT-1, ROT-2, ROT-3: rotation",
    reasons: ROTATION_ROLL_REASONS,
    walk: () =>
      walk(
        rotationScheduler,
        unwrap(createRotationState(["a", "b", "c", "d"].map((id) => ({ id, kind: "enemy" as const })))),
        rotationCurrent,
        9,
      ),
  },
];

describe("the scheduler contract, the same for every scheme", () => {
  it.each(SCHEMES)("$name: every dice request carries one of the scheme's exported reason keys", (scheme) => {
    const { requests } = scheme.walk();
    const known = new Set(Object.values(scheme.reasons));
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(known).toContain(r.reason);
    // A creature's own initiative roll names it; any other roll only settles an order or is a group's.
    for (const r of requests) if (r.reason === scheme.reasons.initiative) expect(r.combatantId).not.toBeNull();
  });

  it.each(SCHEMES)(
    "$name: current (through the interface and as exported) names whoever's turn started last",
    (scheme) => {
      const { turns } = scheme.walk();
      expect(turns.some((t) => t.expected !== undefined && t.expected !== null)).toBe(true);
      for (const t of turns) {
        expect(t.current).toBe(t.exported);
        if (t.expected !== undefined) expect(t.current).toBe(t.expected);
      }
    },
  );

  it("every scheme has its own reason keys: no key is shared between two schemes", () => {
    const all = SCHEMES.flatMap((s) => Object.values(s.reasons));
    expect(new Set(all).size).toBe(all.length);
  });
});
