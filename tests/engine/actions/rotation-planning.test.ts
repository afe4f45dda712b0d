/**
 * ROT-7 where the rotation scheduler meets the action tracker: the scheduler's real events (start,
 * initiative rolls, planning turns, first rotation) are fed to every creature's tracker, as the Foundry
 * layer does.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { unwrap } from "../../../src/engine/core/result.ts";
import {
  rotationActions,
  rotationEconomy,
  spendRotationTask,
  type RotationActions,
} from "../../../src/engine/actions/rotation-actions.ts";
import {
  createRotationState,
  rotationIsPlanning,
  rotationScheduler,
  type RotationCommand,
  type RotationEvent,
  type RotationInitiator,
  type RotationState,
} from "../../../src/engine/initiative/rotation/index.ts";

type Trackers = Readonly<Record<string, RotationActions>>;

interface Fight {
  readonly state: RotationState;
  readonly trackers: Trackers;
  readonly events: readonly RotationEvent[];
}

const IDS = ["Kael", "Lyra", "Ogre"] as const;

function feed(trackers: Trackers, events: readonly RotationEvent[]): Trackers {
  const next: Record<string, RotationActions> = { ...trackers };
  for (const event of events)
    for (const id of Object.keys(next)) next[id] = rotationEconomy.observe(tracked(next, id), event, id);
  return next;
}

function tracked(trackers: Trackers, id: string): RotationActions {
  const t = trackers[id];
  if (t === undefined) throw new Error(`no tracker for ${id}`);
  return t;
}

function apply(fight: Fight, command: RotationCommand): Fight {
  const t = unwrap(rotationScheduler.apply(fight.state, command));
  return { state: t.state, trackers: feed(fight.trackers, t.events), events: t.events };
}

function rollAll(fight: Fight, totals: Readonly<Record<string, number>>): Fight {
  const pending = rotationScheduler.pending(fight.state);
  const results = Object.entries(totals).map(([id, total]) => {
    const request = pending.find((r) => r.combatantId === id);
    if (request === undefined) throw new Error(`no request for ${id}`);
    return { requestId: request.id, total };
  });
  return apply(fight, { type: "rolls", results });
}

/** Kael and Lyra (player characters) against an Ogre, with a planning phase; rolled Kael 14, Lyra 19, Ogre 16. */
function fight(
  initiator: RotationInitiator,
  totals: Readonly<Record<string, number>> = { Kael: 14, Lyra: 19, Ogre: 16 },
): Fight {
  const state = unwrap(
    createRotationState(
      [
        { id: "Kael", kind: "pc" },
        { id: "Lyra", kind: "pc" },
        { id: "Ogre", kind: "enemy" },
      ],
      { planningPhase: true, initiator },
    ),
  );
  const trackers = Object.fromEntries(IDS.map((id) => [id, rotationActions()]));
  return rollAll(apply({ state, trackers, events: [] }, { type: "start" }), totals);
}

function tracker(f: Fight, id: string): RotationActions {
  return tracked(f.trackers, id);
}

const left = (state: RotationActions): Record<string, number | null> =>
  Object.fromEntries(rotationEconomy.remaining(state).map((r) => [r.kind, r.left]));

const PLANNING_SWIFT_ONLY = (kind: string) => ({
  ok: false,
  error: { key: "TEMPO.ERRORS.Actions.PlanningSwiftOnly", data: { kind } },
});
const NO_ATTACK = (task: string) => ({
  ok: false,
  error: { key: "TEMPO.ERRORS.Actions.NoAttackWhilePlanning", data: { task } },
});

describe("actions: rotation planning phase (ROT-7) fed by the rotation scheduler", () => {
  it("ROT-7: a planning turn gives one Swift action that cannot attack; no Full action; the first rotation gives the full turn", () => {
    // Rolls done: planning starts with Lyra (19), the players having started the encounter.
    let f = fight("players");
    expect(f.events.map((e) => e.type)).toEqual([
      "initiativeSet",
      "initiativeSet",
      "initiativeSet",
      "planningStarted",
      "turnStarted",
    ]);
    expect(rotationIsPlanning(f.state)).toBe(true);
    expect(rotationScheduler.current(f.state)).toBe("Lyra");

    const lyra = tracker(f, "Lyra");
    // One Swift; with ACT-ROT's conversion it may be spent as two Free; nothing bigger.
    expect(left(lyra)).toMatchObject({ full: 0, swift: 1, free: 2, twoFull: 0, wholeTurn: 0 });
    for (const task of ["attack", "trip", "grapple", "opportunityAttack"] as const) {
      expect(spendRotationTask(lyra, task)).toEqual(NO_ATTACK(task));
    }
    for (const kind of ["full", "twoFull", "wholeTurn", "reaction"] as const) {
      expect(rotationEconomy.spend(lyra, kind)).toEqual(PLANNING_SWIFT_ONLY(kind));
    }
    // Moving is a Full action: not in the planning phase.
    expect(spendRotationTask(lyra, "move")).toEqual(PLANNING_SWIFT_ONLY("full"));
    expect(tracker(f, "Lyra")).toEqual(lyra); // refusals change nothing

    const drank = unwrap(spendRotationTask(lyra, "useItem"));
    expect(spendRotationTask(drank, "step")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });
    expect(rotationEconomy.spend(drank, "free")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });

    // The Ogre's side did not start the encounter: no planning turn, nothing to spend but nothing taken either.
    expect(rotationEconomy.spend(tracker(f, "Ogre"), "swift")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NotYourTurn" },
    });

    // Kael's planning turn; Lyra's is over.
    f = apply({ ...f, trackers: { ...f.trackers, Lyra: drank } }, { type: "next" });
    expect(f.events.map((e) => `${e.type}${"round" in e ? e.round : ""}`)).toEqual(["turnEnded0", "turnStarted0"]);
    expect(left(tracker(f, "Lyra"))).toMatchObject({ full: 0, swift: 0, free: 0 });
    const kael = tracker(f, "Kael");
    expect(left(kael)).toMatchObject({ full: 0, swift: 1, free: 2 });
    // ACT-ROT: the Swift split into two Free actions.
    const twoFree = unwrap(rotationEconomy.spend(unwrap(rotationEconomy.spend(kael, "free")), "free"));
    expect(rotationEconomy.spend(twoFree, "free")).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Actions.NoneLeft" },
    });

    // Planning ends; rotation 1 starts with Lyra, who gets the whole ACT-ROT turn.
    f = apply({ ...f, trackers: { ...f.trackers, Kael: twoFree } }, { type: "next" });
    expect(f.events.map((e) => e.type)).toEqual(["turnEnded", "planningEnded", "roundStarted", "turnStarted"]);
    expect(rotationIsPlanning(f.state)).toBe(false);
    const first = tracker(f, "Lyra");
    expect(first).toMatchObject({ onTurn: true, full: 2, swift: 1, free: 1, reaction: 1, planning: false });
    expect(left(first)).toEqual({ full: 2, swift: 5, free: 11, reaction: 1, twoFull: 1, wholeTurn: 1 });
    expect(spendRotationTask(first, "attack").ok).toBe(true);
    // Kael, waiting for his first turn, still has the Reaction every creature starts with.
    expect(spendRotationTask(tracker(f, "Kael"), "opportunityAttack").ok).toBe(true);

    // The Ogre, then Kael, get full turns in rotation 1 too.
    f = apply(f, { type: "next" });
    expect(rotationScheduler.current(f.state)).toBe("Ogre");
    expect(tracker(f, "Ogre")).toMatchObject({
      onTurn: true,
      full: 2,
      swift: 1,
      free: 1,
      reaction: 1,
      planning: false,
    });
    f = apply(f, { type: "next" });
    expect(rotationScheduler.current(f.state)).toBe("Kael");
    expect(left(tracker(f, "Kael"))).toEqual({ full: 2, swift: 5, free: 11, reaction: 1, twoFull: 1, wholeTurn: 1 });
  });

  it("ROT-7: whoever started the encounter, every planning turn (round 0) is one Swift and every rotation turn the full ACT-ROT turn", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RotationInitiator>("players", "enemies", "both"),
        fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 8 }),
        (initiator, rolls, steps) => {
          let f = fight(initiator, { Kael: rolls[0] ?? 1, Lyra: rolls[1] ?? 2, Ogre: rolls[2] ?? 3 });
          let planningTurns = 0;
          for (let i = 0; i <= steps; i++) {
            if (i > 0) f = apply(f, { type: "next" });
            for (const e of f.events) {
              if (e.type !== "turnStarted") continue;
              const t = tracker(f, e.combatantId);
              if (e.round === 0) {
                planningTurns++;
                expect(left(t)).toMatchObject({ full: 0, swift: 1, free: 2, twoFull: 0, wholeTurn: 0 });
                expect(spendRotationTask(t, "attack")).toEqual(NO_ATTACK("attack"));
              } else {
                expect(left(t)).toEqual({ full: 2, swift: 5, free: 11, reaction: 1, twoFull: 1, wholeTurn: 1 });
              }
            }
          }
          const planners = initiator === "both" ? 3 : initiator === "players" ? 2 : 1;
          expect(planningTurns).toBe(Math.min(planners, steps + 1));
        },
      ),
    );
  });
});
