/**
 * Durations follow the events the schedulers really emit: each scheme's own event union goes into
 * advanceTimedEffects as it is (no casts, no filtering), and an effect lasting until the start of its
 * originator's next turn ends exactly there (STD-5, DUR-1).
 */
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/engine/core/result.ts";
import {
  advanceTimedEffects,
  createTimedEffect,
  ROUND_SECONDS,
  type EffectExpired,
  type TimedEffect,
} from "../../../src/engine/conditions/index.ts";
import type { CommonCommand, RulesetId, Scheduler } from "../../../src/engine/initiative/contract.ts";
import { countScheduler, createCountState, type CountEvent } from "../../../src/engine/initiative/count/index.ts";
import { createPhaseState, phaseScheduler, type PhaseEvent } from "../../../src/engine/initiative/phase/index.ts";
import {
  createRotationState,
  rotationScheduler,
  type RotationEvent,
} from "../../../src/engine/initiative/rotation/index.ts";
import {
  createSegmentState,
  segmentScheduler,
  type SegmentEvent,
} from "../../../src/engine/initiative/segment/index.ts";
import {
  createStandardState,
  standardScheduler,
  type StandardEvent,
} from "../../../src/engine/initiative/standard/index.ts";
import { walkEncounter } from "../initiative/shared/encounter-walk.ts";

const IDS = ["a", "b", "c", "d"];

/** A short encounter's whole event stream (see walkEncounter: start, rolls, `next` again and again). */
function eventStream<S, C extends { readonly type: string }, E>(
  scheduler: Scheduler<S, C | CommonCommand, E>,
  created: S,
  nexts: number,
): E[] {
  const events: E[] = [];
  walkEncounter(scheduler, created, { nexts, tieFirst: false }, (t) => events.push(...t.events));
  return events;
}

type Advance<E> = (
  effects: readonly TimedEffect[],
  event: E,
) => { readonly effects: readonly TimedEffect[]; readonly expired: readonly EffectExpired[] };

/**
 * Creates "until the originator's next turn starts" (one round's seconds, STD-5) during the second turn
 * of round 1, feeds every later event through `advance`, and returns where it expired and where the
 * originator's next turn started (`turnOf`: the creature whose turn for durations this event starts).
 */
function expiry<E>(
  ruleset: RulesetId,
  events: readonly E[],
  turnOf: (event: E) => { readonly round: number; readonly combatantId: string } | null,
  advance: Advance<E>,
): { readonly expiredAt: number; readonly nextTurnAt: number; readonly expired: readonly EffectExpired[] } {
  const turns = events.flatMap((e, i) => {
    const turn = turnOf(e);
    return turn === null ? [] : [{ ...turn, i }];
  });
  const created = turns.filter((t) => t.round === 1)[1];
  if (created === undefined) throw new Error("no second turn in round 1");
  const nextTurn = turns.find((t) => t.combatantId === created.combatantId && t.round > created.round);
  if (nextTurn === undefined) throw new Error("the originator has no later turn");
  let effects: readonly TimedEffect[] = [
    unwrap(
      createTimedEffect({
        id: "hex",
        originatorId: created.combatantId,
        value: ROUND_SECONDS[ruleset],
        unit: "seconds",
        boundary: "start",
        ruleset,
        round: created.round,
      }),
    ),
  ];
  let expiredAt = -1;
  const expired: EffectExpired[] = [];
  events.forEach((event, i) => {
    if (i <= created.i) return;
    const r = advance(effects, event);
    effects = r.effects;
    if (r.expired.length > 0 && expiredAt < 0) expiredAt = i;
    expired.push(...r.expired);
  });
  return { expiredAt, nextTurnAt: nextTurn.i, expired };
}

type Expiry = ReturnType<typeof expiry>;

/**
 * Each scheme's stream in its own event type: the `advance` lambdas hand a CountEvent, a PhaseEvent … to
 * advanceTimedEffects as it is, so each one is type-checked with that scheme's own union.
 */
const SCHEMES: readonly { readonly name: string; readonly run: () => Expiry }[] = [
  {
    name: "count track",
    run: () => {
      const created = unwrap(
        createCountState(IDS.map((id, i) => ({ id, bonus: i, isPlayer: i === 0, defeated: false }))),
      );
      const events: CountEvent[] = eventStream(countScheduler, created, 12);
      return expiry(
        "count",
        events,
        (e) => (e.type === "turnStarted" ? e : null),
        (effects, event) => advanceTimedEffects(effects, event),
      );
    },
  },
  {
    name: "standard",
    run: () => {
      const created = unwrap(createStandardState(IDS.map((id, i) => ({ id, dexBonus: i }))));
      const events: StandardEvent[] = eventStream(standardScheduler, created, 8);
      return expiry(
        "standard",
        events,
        (e) => (e.type === "turnStarted" ? e : null),
        (effects, event) => advanceTimedEffects(effects, event),
      );
    },
  },
  {
    name: "phase (the battle turn is the turn for durations)",
    run: () => {
      const created = unwrap(createPhaseState(IDS.map((id, i) => ({ id, int: i, agi: 0 }))));
      const events: PhaseEvent[] = eventStream(phaseScheduler, created, 24);
      return expiry(
        "phase",
        events,
        (e) => (e.type === "turnStarted" && e.phase === "battle" ? e : null),
        (effects, event) => advanceTimedEffects(effects, event),
      );
    },
  },
  {
    name: "segment",
    run: () => {
      const created = unwrap(
        createSegmentState(
          IDS.map((id, i) => ({ id, groupId: i % 2 === 0 ? "party" : "foes", dexReaction: 0, surprised: false })),
        ),
      );
      const events: SegmentEvent[] = eventStream(segmentScheduler, created, 20);
      return expiry(
        "segment",
        events,
        (e) => (e.type === "turnStarted" ? e : null),
        (effects, event) => advanceTimedEffects(effects, event),
      );
    },
  },
  {
    name: "rotation",
    run: () => {
      const created = unwrap(createRotationState(IDS.map((id, i) => ({ id, kind: "enemy" as const, modifier: i }))));
      const events: RotationEvent[] = eventStream(rotationScheduler, created, 8);
      return expiry(
        "rotation",
        events,
        (e) => (e.type === "turnStarted" ? e : null),
        (effects, event) => advanceTimedEffects(effects, event),
      );
    },
  },
];

describe("durations fed the schedulers' own event streams", () => {
  it.each(SCHEMES)("STD-5, DUR-1: $name events end the effect at the originator's next turn start", ({ run }) => {
    const r = run();
    expect(r.expiredAt).toBe(r.nextTurnAt);
    expect(r.expired).toHaveLength(1);
  });

  it("DUR-1: events durations do not read (dice, declarations, phases) change nothing", () => {
    const created = unwrap(createCountState([{ id: "a", bonus: 0, isPlayer: true, defeated: false }]));
    const events: CountEvent[] = eventStream(countScheduler, created, 0);
    const effects: readonly TimedEffect[] = [
      unwrap(
        createTimedEffect({
          id: "hex",
          originatorId: "a",
          value: 1,
          unit: "rounds",
          boundary: "start",
          ruleset: "count",
          round: 1,
        }),
      ),
    ];
    const rolled = events.find((e) => e.type === "initiativeRolled");
    expect(rolled).toBeDefined();
    if (rolled !== undefined) expect(advanceTimedEffects(effects, rolled)).toEqual({ effects, expired: [] });
  });
});
