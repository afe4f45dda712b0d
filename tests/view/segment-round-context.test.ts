import { describe, expect, it } from "vitest";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import type { SegmentRoundContext } from "../../src/view/tracker/segment-round-context.ts";
import type { SegmentRowContext } from "../../src/view/tracker/segment-rows.ts";
import { buildTrackerContext, type TrackerContext } from "../../src/view/tracker/tracker-context.ts";
import { listFiles, readText } from "../support/source-files.ts";
import { playedTracker, trackerInputOf, type Played } from "./played-tracker.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const renderTracker = createHandlebarsHost(en, sources).compile(readText("templates/combat/tracker.hbs"));

function segmentOf(context: TrackerContext): SegmentRoundContext {
  if (context.body.part !== "segment") throw new Error(`expected the segment part, got ${context.body.part}`);
  return context.body.segment;
}

/** The sample encounter (preview): the party's d6 is 5 (HIGH), the enemies' 2 (LOW) in round 1. */
function played(isGM: boolean, turns: number): { p: Played; segment: SegmentRoundContext } {
  const p = playedTracker("segment", { isGM, turns });
  return { p, segment: segmentOf(p.context) };
}

/** The context again after more commands on the same combat. */
function rebuilt(p: Played, isGM: boolean): SegmentRoundContext {
  return segmentOf(buildTrackerContext(trackerInputOf(p.combat, { isGM, turns: 0 })));
}

const laneOf = (segment: SegmentRoundContext, key: string) => segment.grid.lanes.find((l) => l.key === key);
/** A lane's rows, in its cells' order (none when the lane is not drawn). */
const laneRows = (segment: SegmentRoundContext, key: string): SegmentRowContext[] =>
  laneOf(segment, key)?.cells.flatMap((c) => c.rows) ?? [];

function rows(segment: SegmentRoundContext): SegmentRowContext[] {
  return [
    ...segment.steps.flatMap((s) => s.rows),
    ...segment.grid.lanes.flatMap((l) => l.cells.flatMap((c) => c.rows)),
  ];
}

const names = (list: readonly SegmentRowContext[]) => list.map((r) => r.name);
const badges = (row: SegmentRowContext | undefined) => row?.badges.map((b) => b.label.key) ?? [];
const rowOf = (segment: SegmentRoundContext, id: string) => rows(segment).find((r) => r.combatantId === id);

describe("the segment tracker part", () => {
  it("SEG-2: shows the round's steps 1–8 in order and marks the current one in words and an icon", () => {
    const declaring = played(true, 0).segment;
    expect(declaring.steps.map((s) => s.label.key)).toEqual([
      "TEMPO.COMBAT.Segment.Step.Declare",
      "TEMPO.COMBAT.Segment.Step.Initiative",
      "TEMPO.COMBAT.Segment.Step.Fast",
      "TEMPO.COMBAT.Segment.Step.FirstRoutines",
      "TEMPO.COMBAT.Segment.Step.Groups",
      "TEMPO.COMBAT.Segment.Step.RestRoutines",
      "TEMPO.COMBAT.Segment.Step.Spells",
      "TEMPO.COMBAT.Segment.Step.End",
    ]);
    expect(declaring.steps.map((s) => s.state)).toEqual(["current", ...Array<string>(7).fill("upcoming")]);
    const routines = played(true, 4).segment;
    expect(routines.steps.map((s) => s.state)).toEqual([
      "done",
      "done",
      "done",
      "current",
      ...Array<string>(4).fill("upcoming"),
    ]);
    expect(routines.steps[3]).toMatchObject({
      stateLabel: { key: "TEMPO.TRACKER.Segment.StepNow" },
      stateIcon: "fa-solid fa-play",
    });
  });

  it("SEG-2: each group with its d6 and whether it is HIGH or LOW", () => {
    const { segment } = played(true, 1);
    expect(segment.steps[1]?.groups.map((g) => [g.name.key, g.roll, g.band?.key, g.bandIcon])).toEqual([
      [
        "TEMPO.TRACKER.Segment.GroupParty",
        { key: "TEMPO.COMBAT.Segment.GroupRoll", data: { roll: 5 } },
        "TEMPO.COMBAT.Segment.High",
        "fa-solid fa-angles-up",
      ],
      [
        "TEMPO.TRACKER.Segment.GroupEnemies",
        { key: "TEMPO.COMBAT.Segment.GroupRoll", data: { roll: 2 } },
        "TEMPO.COMBAT.Segment.Low",
        "fa-solid fa-angles-down",
      ],
    ]);
    // Before the dice: not rolled yet, said in words, and no band.
    const rolling = played(true, 0).segment.steps[1]?.groups ?? [];
    expect(rolling.map((g) => [g.roll.key, g.band])).toEqual([
      ["TEMPO.TRACKER.Segment.NotRolled", null],
      ["TEMPO.TRACKER.Segment.NotRolled", null],
    ]);
  });

  it("SEG-2 step 3: fast actions in their A–C order in segment 1, each labelled, the one under way acting", () => {
    const { segment } = played(true, 2);
    expect(laneOf(segment, "fast")?.cells.map((c) => [c.segment, c.span, c.empty])).toEqual([
      [1, 1, false],
      [2, 9, true],
    ]);
    expect(laneOf(segment, "fast")?.cells[1]?.label).toEqual({
      key: "TEMPO.TRACKER.Segment.Grid.Empty",
      data: { from: 2, to: 10 },
    });
    expect(laneOf(segment, "fast")?.current).toBe(true);
    const fast = laneRows(segment, "fast");
    expect(names(fast)).toEqual(["Lurker in the reeds", "Wren the guide"]);
    expect(badges(fast[0])).toContain("TEMPO.COMBAT.Segment.Fast.Charge");
    expect(badges(fast[1])).toContain("TEMPO.COMBAT.Segment.Fast.GoesFirst");
    expect(fast.map((r) => r.status)).toEqual(["acting", "waiting"]);
  });

  it("SEG-2 steps 4 and 6: a multi-attacker's first attack routine, then its remaining ones, each in its lane", () => {
    const { segment } = played(true, 1);
    const lanes = segment.grid.lanes.map((l) => l.key);
    expect(lanes.indexOf("firstRoutine")).toBeLessThan(lanes.indexOf("high"));
    expect(lanes.indexOf("restRoutines")).toBeGreaterThan(lanes.indexOf("low"));
    expect(names(laneRows(segment, "firstRoutine"))).toEqual(["Ogre"]);
    expect(badges(laneRows(segment, "firstRoutine")[0])).toContain("TEMPO.TRACKER.Segment.Badge.FirstRoutine");
    expect(laneRows(segment, "restRoutines")[0]?.badges[0]?.label).toEqual({
      key: "TEMPO.TRACKER.Segment.Badge.RestRoutines",
      data: { routines: 1 },
    });
  });

  it("SEG-2, SEG-3: group actions HIGH then LOW, in the engine's order, each lane with its groups' d6", () => {
    const { segment } = played(true, 1);
    expect(["high", "low"].map((k) => [k, names(laneRows(segment, k))])).toEqual([
      ["high", ["Ilsa", "Brannoc"]],
      ["low", ["Goblin Archer"]],
    ]);
    expect(badges(laneRows(segment, "high")[0])).toContain("TEMPO.TRACKER.Segment.Badge.NamesTarget");
    const group = (k: string) =>
      laneOf(segment, k)?.groups.map((g) => [g.name.key, g.roll.data?.["roll"], g.members.key]);
    expect(group("high")).toEqual([["TEMPO.TRACKER.Segment.GroupParty", 5, "TEMPO.TRACKER.Segment.Grid.Members"]]);
    expect(group("low")).toEqual([["TEMPO.TRACKER.Segment.GroupEnemies", 2, "TEMPO.TRACKER.Segment.Grid.Members"]]);
    // Before the dice, both lanes are drawn, with no group in either.
    const rolling = played(true, 0).segment.grid.lanes.filter((l) => l.key === "high" || l.key === "low");
    expect(rolling.map((l) => l.groups.length)).toEqual([0, 0]);
  });

  it("SEG-1, SEG-5: ten segment columns, a spell across its casting time up to the segment it goes off, the segment under way marked", () => {
    const { segment } = played(true, 1);
    expect(segment.grid.columns.map((c) => c.segment)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const spell = laneOf(segment, "spell:3");
    expect(spell?.label).toEqual({ key: "TEMPO.TRACKER.Segment.Grid.SpellLane", data: { segment: 3 } });
    expect(spell?.cells.map((c) => [c.segment, c.span, names(c.rows)])).toEqual([
      [1, 3, ["Ilsa"]],
      [4, 7, []],
    ]);
    expect(spell?.cells[0]?.label).toEqual({ key: "TEMPO.TRACKER.Segment.Grid.CastOver", data: { segment: 3 } });
    expect(spell?.cells[0]?.rows[0]?.badges[0]?.label).toEqual({
      key: "TEMPO.TRACKER.Segment.Badge.SpellAt",
      data: { segment: 3 },
    });
    // Every lane covers the ten segments exactly once.
    for (const lane of segment.grid.lanes) expect(lane.cells.reduce((n, c) => n + c.span, 0)).toBe(10);
    // Steps 3–6 happen in segment 1; in step 7 the segment of the spell going off is the current one.
    const fast = played(true, 2).segment.grid;
    expect(fast.columns.filter((c) => c.active).map((c) => c.segment)).toEqual([1]);
    const casting = played(true, 9).segment.grid;
    expect(casting.columns.filter((c) => c.active).map((c) => c.segment)).toEqual([3]);
    expect(casting.columns.filter((c) => c.done).map((c) => c.segment)).toEqual([1, 2]);
    expect(casting.lanes.filter((l) => l.current).map((l) => l.key)).toEqual(["spell:3"]);
    // While declaring, no segment is under way.
    expect(played(true, 0).segment.grid.columns.some((c) => c.active || c.done)).toBe(false);
  });

  it("SEG-2: a declaration is open in step 1 and locked after, hidden until revealed, each told with an icon", () => {
    expect(badges(rowOf(played(true, 0).segment, "ilsa"))).toEqual([
      "TEMPO.TRACKER.Segment.Badge.Unrevealed",
      "TEMPO.TRACKER.Segment.Badge.Open",
    ]);
    const running = played(true, 2);
    expect(badges(rowOf(running.segment, "lurker"))).toEqual([
      "TEMPO.COMBAT.Segment.Fast.Charge",
      "TEMPO.TRACKER.Segment.Badge.Revealed",
      "TEMPO.TRACKER.Segment.Badge.Locked",
    ]);
    const html = renderTracker(running.p.context);
    expect(html).toMatch(/<i class="fa-solid fa-lock" aria-hidden="true"><\/i> Locked</);
    expect(renderTracker(played(true, 0).p.context)).toMatch(
      /<i class="fa-solid fa-eye-slash" aria-hidden="true"><\/i> Not yet revealed/,
    );
  });

  it("SEG-2: an unrevealed declaration once the round runs says Locked, not yet revealed in one badge, never Not yet revealed beside Locked", () => {
    const running = played(true, 2);
    expect(badges(rowOf(running.segment, "ogre"))).toEqual([
      "TEMPO.TRACKER.Segment.Badge.FirstRoutine",
      "TEMPO.TRACKER.Segment.Badge.LockedUnrevealed",
    ]);
    const html = renderTracker(running.p.context);
    expect(html).toMatch(/<i class="fa-solid fa-lock" aria-hidden="true"><\/i> Locked, not yet revealed/);
    expect(html).not.toContain("Not yet revealed");
    // A player sees the same of a creature it does not own.
    const player = played(false, 2);
    expect(badges(rowOf(player.segment, "ogre"))).toEqual(["TEMPO.TRACKER.Segment.Badge.LockedUnrevealed"]);
    // In step 1 it is hidden and can still change: two badges, no lock.
    expect(badges(rowOf(played(true, 0).segment, "ogre"))).toEqual([
      "TEMPO.TRACKER.Segment.Badge.Unrevealed",
      "TEMPO.TRACKER.Segment.Badge.Open",
    ]);
  });

  it("SEG-2: a player's context holds no unrevealed declaration of a creature it does not own, nor the turns that would tell it", () => {
    const { p, segment } = played(false, 1);
    const json = JSON.stringify(p.context);
    expect(json).not.toContain('"routines":2');
    expect(json).not.toContain("segment:turn:ogre");
    expect(json).not.toContain("lurker");
    const ogre = rowOf(segment, "ogre");
    expect(ogre?.detail).toEqual({ key: "TEMPO.COMBAT.Segment.Declared" });
    expect(badges(ogre)).toContain("TEMPO.TRACKER.Segment.Badge.LockedUnrevealed");
    expect(laneOf(segment, "firstRoutine")).toBeUndefined();
    expect(names(laneRows(segment, "low"))).toContain("Ogre");
    // Its own creatures' declarations it sees.
    expect(rowOf(segment, "ilsa")?.detail).toEqual({ key: "TEMPO.COMBAT.Segment.Action.Spell", data: { segments: 3 } });
    expect(renderTracker(p.context)).not.toContain("Melee (speed 7");
    // Revealed by the GM, the ogre's declaration and routines are everyone's.
    p.combat.run({ type: "reveal", combatantId: null });
    const revealed = rebuilt(p, false);
    expect(rowOf(revealed, "ogre")?.detail?.key).toBe("TEMPO.COMBAT.Segment.Action.Melee");
    expect(names(laneRows(revealed, "firstRoutine"))).toEqual(["Ogre"]);
    expect(JSON.stringify(revealed)).not.toContain("lurker");
  });

  it("SEG-2 step 1: owners declare from their rows; once the round runs the engine's refusal is the tooltip", () => {
    const declareOf = (row: SegmentRowContext | undefined) => row?.actions.find((a) => a.action === "segmentDeclare");
    const player = played(false, 0).segment;
    const ilsa = declareOf(rowOf(player, "ilsa"));
    expect(ilsa).toMatchObject({ disabled: false, reason: null, combatantId: "ilsa" });
    expect(JSON.parse(ilsa?.command ?? "null")).toMatchObject({
      type: "declare",
      declaration: { action: "spell", castingTime: 3 },
    });
    expect(declareOf(rowOf(player, "wren"))).toBeUndefined();
    const locked = declareOf(rowOf(played(false, 1).segment, "ilsa"));
    expect(locked).toMatchObject({ disabled: true, reason: { key: "TEMPO.ERRORS.Segment.DeclarationsLocked" } });
    // The GM declares for everyone during step 1, and is not offered it on 300 rows later.
    const gm = played(true, 0).segment;
    expect(rows(gm).map((r) => declareOf(r)?.disabled)).toEqual(Array<boolean>(6).fill(false));
    expect(rows(played(true, 2).segment).some((r) => declareOf(r) !== undefined)).toBe(false);
  });

  it("SEG-6, SEG-7: a creature that delays in HIGH is shown delayed, the turn it gave up marked, its new turn in LOW", () => {
    const { p } = played(true, 6);
    expect(p.combat.host.current(p.combat.state)).toBe("brannoc");
    p.combat.run({ type: "delay", combatantId: "brannoc" });
    const segment = rebuilt(p, true);
    const high = laneRows(segment, "high").find((r) => r.combatantId === "brannoc");
    const low = laneRows(segment, "low").find((r) => r.combatantId === "brannoc");
    expect(badges(high)).toEqual(
      expect.arrayContaining(["TEMPO.TRACKER.Segment.Badge.GaveUp", "TEMPO.TRACKER.Segment.Badge.Delayed"]),
    );
    expect(high?.status).toBe("done");
    expect(badges(low)).toContain("TEMPO.TRACKER.Segment.Badge.Delayed");
    expect(badges(low)).not.toContain("TEMPO.TRACKER.Segment.Badge.GaveUp");
  });
});

describe("the segment tracker part at 300 combatants", () => {
  // Its render time is measured by bench/tracker-render.bench.ts (Chromium), not by a timed test.
  it.each([true, false])(
    "SEG-2: draws every creature the viewer may see (GM: %s)",
    (isGM) => {
      const { combat } = playedTracker("segment", { isGM, turns: 3, size: 300 });
      combat.run({ type: "next" });
      const html = renderTracker(buildTrackerContext(trackerInputOf(combat, { isGM, turns: 0 })));
      expect(html.match(/class="tempo-row /g)?.length).toBeGreaterThanOrEqual(isGM ? 300 : 200);
      // 300 creatures played for three turns: about 1 s alone, 7–9 s beside other work on two cores.
    },
    20_000,
  );
});
