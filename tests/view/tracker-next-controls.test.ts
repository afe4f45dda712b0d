/**
 * The GM bar's Next and Next round (tracker-controls.ts): Next is labelled with what it moves on now (a
 * turn, a phase, a step of the segment sequence), and Next round is offered exactly when the table's own
 * `nextRound` would go through, with the same reason when it would not.
 */
import { describe, expect, it } from "vitest";
import { RULESET_IDS, type I18nKey } from "../../src/engine/index.ts";
import { buildTrackerContext } from "../../src/view/tracker/tracker-context.ts";
import { playedTracker, trackerInputOf, type Played } from "./played-tracker.ts";

const labelOf = (p: Played, action: string): I18nKey | undefined =>
  p.context.controls.find((c) => c.action === action)?.label.key;

/** Plays `next` on and on: at each point, the label the bar shows and whether a creature acts. */
function labelsAlong(ruleset: "phase" | "segment"): { acting: boolean; label: I18nKey | undefined }[] {
  const played = playedTracker(ruleset, { isGM: true, turns: -1 });
  const seen: { acting: boolean; label: I18nKey | undefined }[] = [];
  for (let i = 0; i < 30; i++) {
    const input = trackerInputOf(played.combat, { isGM: true, turns: 0 });
    const label = buildTrackerContext(input).controls.find((c) => c.action === "nextTurn")?.label.key;
    seen.push({ acting: input.host.current(input.state) !== null, label });
    if (input.host.pending(input.state).length > 0) played.combat.roll(() => true);
    else played.combat.run({ type: "next" });
  }
  return seen;
}

describe("the GM bar's Next label", () => {
  it("PHS-1: in phase rounds Next says Next turn while a creature acts, Next phase while nobody does (initiative, end phase)", () => {
    const seen = labelsAlong("phase");
    for (const { acting, label } of seen)
      expect(label).toBe(acting ? "TEMPO.TRACKER.Control.NextTurn" : "TEMPO.TRACKER.Control.NextPhase");
    expect(new Set(seen.map((s) => s.acting))).toEqual(new Set([true, false]));
  });

  it("SEG-2: in segment rounds Next says Next turn while a creature acts, Next step while nobody does (declarations, group rolls, step 8)", () => {
    const seen = labelsAlong("segment");
    for (const { acting, label } of seen)
      expect(label).toBe(acting ? "TEMPO.TRACKER.Control.NextTurn" : "TEMPO.TRACKER.Control.NextStep");
    expect(seen[0]).toEqual({ acting: false, label: "TEMPO.TRACKER.Control.NextStep" });
    expect(new Set(seen.map((s) => s.acting))).toEqual(new Set([true, false]));
  });

  it.each(["standard", "rotation", "count"] as const)("%s: Next is Next turn", (ruleset) => {
    for (const turns of [0, 1, 3]) {
      expect(labelOf(playedTracker(ruleset, { isGM: true, turns }), "nextTurn")).toBe("TEMPO.TRACKER.Control.NextTurn");
    }
  });
});

describe.each(RULESET_IDS)("the %s GM bar's Next round", (ruleset) => {
  it("is offered exactly when the table's nextRound goes through, and refused with the table's reason", () => {
    for (const turns of [-1, 0, 1, 2, 5]) {
      const played = playedTracker(ruleset, { isGM: true, turns });
      const control = played.context.controls.find((c) => c.action === "nextRound");
      played.combat.run({ type: "nextRound" });
      expect({ turns, reason: control?.reason ?? null }).toEqual({ turns, reason: played.combat.error });
      expect(control?.disabled).toBe(played.combat.error !== null);
    }
  });
});

describe.each(RULESET_IDS)("the %s GM bar's Previous round (issue 22)", (ruleset) => {
  it("the bar refuses it exactly when the table's previousRound does, with the same reason (round 0; phase's and segment's round 1, which began at the start)", () => {
    for (const turns of [-1, 0, 1, 2, 5]) {
      const played = playedTracker(ruleset, { isGM: true, turns });
      const control = played.context.controls.find((c) => c.action === "previousRound");
      const round = played.combat.host.round(played.combat.state);
      const started = played.combat.host.started(played.combat.state);
      played.combat.run({ type: "previousRound" });
      const first = ruleset === "phase" || ruleset === "segment" ? 1 : 0;
      if (started && round <= first) expect(played.combat.error?.key).toBe("TEMPO.ERRORS.Host.NoPreviousRound");
      expect({ turns, reason: control?.reason ?? null }).toEqual({ turns, reason: played.combat.error });
      expect(control?.disabled).toBe(played.combat.error !== null);
    }
  });
});
