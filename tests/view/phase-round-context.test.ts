import { describe, expect, it } from "vitest";
import { phaseTrackerFactsOf } from "../../src/engine/index.ts";
import { PreviewCombat } from "../../src/preview/preview-combat.ts";
import { previewCombatants } from "../../src/preview/sample-encounters.ts";
import { phaseDelayChoices } from "../../src/view/tracker/phase-actions.ts";
import type { PhaseLaneContext, PhaseRoundContext } from "../../src/view/tracker/phase-round-context.ts";
import type { PhaseRowContext } from "../../src/view/tracker/phase-rows.ts";
import { buildTrackerContext } from "../../src/view/tracker/tracker-context.ts";
import { playedTracker, trackerInputOf } from "./played-tracker.ts";

function phaseOf(combat: PreviewCombat, isGM: boolean): PhaseRoundContext {
  const body = buildTrackerContext(trackerInputOf(combat, { isGM, turns: 0 })).body;
  if (body.part !== "phase") throw new Error(`expected the phase part, got ${body.part}`);
  return body.phase;
}

/** The sample encounter, started, nothing else done (initiative waits for the roll). */
function fresh(): PreviewCombat {
  const combat = new PreviewCombat("phase", previewCombatants(null, "phase"), 7);
  combat.run({ type: "start" });
  return combat;
}

const phaseNow = (combat: PreviewCombat) => phaseTrackerFactsOf(combat.host, combat.state)?.phase;

function nextUntil(combat: PreviewCombat, phase: string): void {
  for (let i = 0; i < 30 && phaseNow(combat) !== phase; i++) combat.run({ type: "next" });
  expect(phaseNow(combat)).toBe(phase);
}

const lane = (p: PhaseRoundContext, key: string): PhaseLaneContext => {
  const found = p.lanes.find((l) => l.key === key);
  if (found === undefined) throw new Error(key);
  return found;
};
const current = (p: PhaseRoundContext) => p.lanes.filter((l) => l.current).map((l) => l.key);
const rowOf = (p: PhaseRoundContext, id: string): PhaseRowContext | undefined =>
  p.lanes.flatMap((l) => l.rows).find((r) => r.combatantId === id);
const badges = (row: PhaseRowContext | undefined) => row?.badges.map((b) => b.label) ?? [];
const actions = (row: PhaseRowContext | undefined) =>
  row?.actions.map((a) => [a.label.key, a.disabled ? (a.reason?.key ?? "?") : "enabled"]) ?? [];

describe("the phase tracker part", () => {
  it("PHS-1: shows the four phases in order and marks the current one in words and an icon", () => {
    const combat = fresh();
    const rolling = phaseOf(combat, true);
    expect(rolling.lanes.map((l) => l.label.key)).toEqual([
      "TEMPO.COMBAT.Phase.Initiative",
      "TEMPO.COMBAT.Phase.Movement",
      "TEMPO.COMBAT.Phase.Battle",
      "TEMPO.COMBAT.Phase.End",
    ]);
    expect(rolling.lanes.map((l) => l.state)).toEqual(["current", "upcoming", "upcoming", "upcoming"]);
    expect(lane(rolling, "initiative").stateLabel.key).toBe("TEMPO.TRACKER.Phase.Now");
    expect(lane(rolling, "initiative").stateIcon).toBe("fa-solid fa-play");
    combat.roll(() => true);
    combat.run({ type: "next" });
    const moving = phaseOf(combat, true);
    expect(moving.lanes.map((l) => l.state)).toEqual(["done", "current", "upcoming", "upcoming"]);
    expect(lane(moving, "initiative").stateLabel.key).toBe("TEMPO.TRACKER.Phase.Done");
  });

  it("PHS-2: the initiative lane lists who still rolls, and draws every creature once", () => {
    const p = phaseOf(fresh(), true);
    const rows = lane(p, "initiative").rows;
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.detail?.key === "TEMPO.COMBAT.Phase.AwaitingInitiative")).toBe(true);
    expect(rows.every((r) => r.value === null)).toBe(true);
    expect(p.lanes.filter((l) => !l.current).every((l) => l.rows.length === 0)).toBe(true);
  });

  it("PHS-3, PHS-4: movement lowest initiative first, the seizer before everyone and marked", () => {
    const combat = fresh();
    combat.run({ type: "seize", combatantId: "brannoc" });
    combat.roll(() => true);
    combat.run({ type: "next" });
    const rows = lane(phaseOf(combat, true), "movement").rows;
    expect(rows[0]?.combatantId).toBe("brannoc");
    expect(badges(rows[0])).toEqual([{ key: "TEMPO.TRACKER.Phase.Badge.Seized" }]);
    const values = rows.slice(1).map((r) => Number(r.value));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(rows[0]?.status).toBe("acting");
  });

  it("PHS-7, PHS-4, PHS-9, PHS-10: battle highest first, the seizer last, the delayer after whom it waits for", () => {
    const p = playedTracker("phase", { isGM: true, turns: 0 });
    const battle = phaseOf(p.combat, true);
    expect(current(battle)).toEqual(["battle"]);
    const rows = lane(battle, "battle").rows;
    expect(rows.at(-1)?.combatantId).toBe("brannoc");
    const delayer = rows.find((r) => r.badges.some((b) => b.label.key === "TEMPO.TRACKER.Phase.Badge.WaitsFor"));
    const at = delayer === undefined ? -1 : rows.indexOf(delayer);
    expect(at).toBeGreaterThan(0);
    const waitedFor = badges(delayer).find((b) => b.key === "TEMPO.TRACKER.Phase.Badge.WaitsFor")?.data?.name;
    expect(rows[at - 1]?.name).toBe(waitedFor);
    expect(delayer?.status).toBe("waiting");
    const defender = rows.find((r) => r.badges.some((b) => b.label.key === "TEMPO.COMBAT.Phase.Defending"));
    expect(defender?.status).toBe("done");
    // The others are in one line each: the earlier lanes all through, the end still to come.
    expect(lane(battle, "movement").summary).toEqual({ key: "TEMPO.TRACKER.Phase.LaneDone", data: { count: 6 } });
    expect(lane(battle, "end").summary?.key).toBe("TEMPO.TRACKER.Phase.SavesLater");
  });

  it("PHS-9: after the creature it waited for finishes, the delayer acts and is marked delayed after it", () => {
    const p = playedTracker("phase", { isGM: true, turns: 0 });
    const waiting = lane(phaseOf(p.combat, true), "battle").rows.find((r) => r.status === "waiting" && r.badges.length);
    const id = waiting?.combatantId ?? "";
    for (let i = 0; i < 10 && phaseTrackerFactsOf(p.combat.host, p.combat.state)?.current !== id; i++)
      p.combat.run({ type: "next" });
    const row = rowOf(phaseOf(p.combat, true), id);
    expect(row?.status).toBe("acting");
    expect(badges(row).map((b) => b.key)).toEqual(["TEMPO.TRACKER.Phase.Badge.DelayedAfter"]);
  });

  it("PHS-12: the end phase lists every creature still up with its saves due", () => {
    const combat = fresh();
    combat.roll(() => true);
    combat.run({ type: "defeat", combatantId: "ogre" });
    nextUntil(combat, "end");
    const end = lane(phaseOf(combat, true), "end");
    expect(end.current).toBe(true);
    expect(end.rows.map((r) => r.combatantId).sort()).toEqual(["archer", "brannoc", "ilsa", "lurker", "wren"]);
    expect(end.rows.every((r) => r.badges.some((b) => b.label.key === "TEMPO.TRACKER.Phase.Badge.SavesDue"))).toBe(
      true,
    );
  });

  it("a player never gets a hidden creature: not as a row, not as who is first, not as whom a delayer waits for", () => {
    const combat = fresh();
    combat.roll(() => true);
    nextUntil(combat, "battle");
    // Wait for the hidden lurker when it is still to act.
    const facts = () => phaseTrackerFactsOf(combat.host, combat.state);
    for (let i = 0; i < 6 && !(facts()?.delayTargets.includes("lurker") ?? false); i++) combat.run({ type: "next" });
    const delayer = facts()?.current ?? "";
    combat.run({ type: "delay", combatantId: delayer, afterId: "lurker" });
    const player = phaseOf(combat, false);
    const text = JSON.stringify(player);
    expect(text).not.toContain("lurker");
    expect(text).not.toContain("Lurker");
    expect(combat.error).toBeNull();
    expect(badges(rowOf(player, delayer)).map((b) => b.key)).toContain("TEMPO.TRACKER.Phase.Badge.WaitsForUnseen");
    expect(JSON.stringify(phaseOf(combat, true))).toContain("Lurker in the reeds");
  });

  it("PHS-4: Seize is offered in the initiative phase on the rows the viewer acts for, refused once seized", () => {
    const combat = fresh();
    const player = phaseOf(combat, false);
    expect(actions(rowOf(player, "ilsa"))).toContainEqual(["TEMPO.TRACKER.Control.Seize", "enabled"]);
    expect(actions(rowOf(player, "archer"))).toEqual([]);
    combat.run({ type: "seize", combatantId: "ilsa" });
    expect(actions(rowOf(phaseOf(combat, false), "ilsa"))).toContainEqual([
      "TEMPO.TRACKER.Control.Seize",
      "TEMPO.ERRORS.Phase.AlreadySeized",
    ]);
    combat.roll(() => true);
    combat.run({ type: "next" });
    // In the movement phase the acting creature only ends its turn.
    const moving = phaseOf(combat, true);
    const acting = moving.lanes.flatMap((l) => l.rows).find((r) => r.status === "acting");
    expect(actions(acting)).toEqual([["TEMPO.TRACKER.Control.EndTurn", "enabled"]]);
  });

  it("PHS-7, PHS-9, PHS-10, PHS-11: the acting battle row offers Activate Item, Defend, Disengage and Delay, one action a turn", () => {
    const combat = fresh();
    combat.roll(() => true);
    nextUntil(combat, "battle");
    const id = phaseTrackerFactsOf(combat.host, combat.state)?.current ?? "";
    expect(actions(rowOf(phaseOf(combat, true), id))).toEqual([
      ["TEMPO.TRACKER.Control.EndTurn", "enabled"],
      ["TEMPO.TRACKER.Control.ActivateItem", "enabled"],
      ["TEMPO.TRACKER.Control.Defend", "enabled"],
      ["TEMPO.TRACKER.Control.Disengage", "enabled"],
      ["TEMPO.TRACKER.Control.DelayAfter", "enabled"],
    ]);
    combat.run({ type: "disengage", combatantId: id });
    const after = rowOf(phaseOf(combat, true), id);
    expect(actions(after).slice(1)).toEqual([
      ["TEMPO.TRACKER.Control.ActivateItem", "TEMPO.ERRORS.Phase.ActionTaken"],
      ["TEMPO.TRACKER.Control.Defend", "TEMPO.ERRORS.Phase.ActionTaken"],
      ["TEMPO.TRACKER.Control.Disengage", "TEMPO.ERRORS.Phase.ActionTaken"],
      ["TEMPO.TRACKER.Control.DelayAfter", "TEMPO.ERRORS.Phase.ActionTaken"],
    ]);
    expect(badges(after).map((b) => b.key)).toContain("TEMPO.COMBAT.Phase.Disengaged");
  });

  it("PHS-7: the battle action left is told in words on the creature's row, to its owner and the GM only", () => {
    const combat = fresh();
    combat.roll(() => true);
    nextUntil(combat, "battle");
    const id = phaseTrackerFactsOf(combat.host, combat.state)?.current ?? "";
    const left = (p: PhaseRoundContext, who: string) =>
      p.lanes
        .flatMap((l) => l.rows)
        .filter((r) => r.combatantId === who)
        .flatMap((r) => r.pips.map((pip) => `${pip.label.key}: ${pip.stateLabel.key}`));
    expect(left(phaseOf(combat, true), id)).toEqual(["TEMPO.LEFT.Phase.BattleAction: TEMPO.LEFT.Left"]);
    combat.run({ type: "defend", combatantId: id });
    expect(left(phaseOf(combat, true), id)).toEqual(["TEMPO.LEFT.Phase.BattleAction: TEMPO.LEFT.Phase.UsedDefend"]);
    const player = phaseOf(combat, false);
    expect(left(player, "ilsa")).toHaveLength(1);
    expect(left(player, "archer")).toEqual([]);
    expect(JSON.stringify(player)).not.toContain("lurker");
  });

  it("PHS-9: the delay choice names the creatures still to act, hidden ones only to the GM", () => {
    const combat = fresh();
    combat.roll(() => true);
    nextUntil(combat, "battle");
    const id = phaseTrackerFactsOf(combat.host, combat.state)?.current ?? "";
    const gm = phaseDelayChoices(trackerInputOf(combat, { isGM: true, turns: 0 }), id);
    expect(gm.map((c) => c.id)).not.toContain(id);
    expect(gm.map((c) => c.name)).toContain("Lurker in the reeds");
    const player = phaseDelayChoices(trackerInputOf(combat, { isGM: false, turns: 0 }), id);
    expect(player.map((c) => c.name)).not.toContain("Lurker in the reeds");
    expect(player.length).toBe(gm.length - 1);
    expect(phaseDelayChoices(trackerInputOf(combat, { isGM: true, turns: 0 }), "nobody")).toEqual([]);
  });

  it("at 300 creatures only the current lane is drawn row by row", () => {
    const p = playedTracker("phase", { isGM: true, turns: 3, size: 300 });
    const phase = phaseOf(p.combat, true);
    expect(phase.lanes.flatMap((l) => l.rows)).toHaveLength(300);
  });
});
