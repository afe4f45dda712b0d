import { describe, expect, it } from "vitest";
import type { Message } from "../../src/engine/index.ts";
import { buildCountTrackContext, type CountTrackContext } from "../../src/view/tracker/count-track-context.ts";
import type { TrackerRowContext } from "../../src/view/tracker/tracker-row.ts";
import { trackerScope } from "../../src/view/tracker/tracker-input.ts";
import { HostTable, type Creature } from "./host-table.ts";

const CAST: readonly Creature[] = [
  { id: "ilsa", side: "pc", bonus: 3, mine: true },
  { id: "ogre", side: "enemy", bonus: 0 },
  { id: "brute", side: "enemy", bonus: 0 },
  { id: "lurker", side: "enemy", bonus: 2, hidden: true },
];

/** Round 1 under way: Ilsa on 5 acts first; the ogre and the brute tie on 7 (contest 15 against 9); the lurker on 12. */
function roundOne(results: Readonly<Record<string, number>> = { ilsa: 5, ogre: 7, brute: 7, lurker: 12 }): HostTable {
  const t = new HostTable("count", CAST).run({ type: "start" });
  t.roll(results);
  if (t.host.pending(t.state).length > 0) t.roll({ ogre: 15, brute: 9 });
  return t;
}

const track = (t: HostTable, isGM: boolean): CountTrackContext => buildCountTrackContext(t.scope(isGM));
const rowsOn = (c: CountTrackContext, count: number): readonly TrackerRowContext[] =>
  c.slots.find((s) => s.count === count)?.rows ?? [];
const notesOf = (row: TrackerRowContext | undefined): Message[] => (row?.notes ?? []).map((n) => n.label);
const row = (c: CountTrackContext, id: string, kind = "turn"): TrackerRowContext | undefined =>
  c.slots.flatMap((s) => s.rows).find((r) => r.combatantId === id && r.kind === kind);

describe("count track: what it tells where it happens", () => {
  it("CNT-6: a pending action says where it lands and whose it is", () => {
    const t = roundOne().run({
      type: "declare",
      combatantId: "ilsa",
      action: { kind: "spell", slotLevel: 4, targets: ["ogre"], origin: null },
    });
    const pending = rowsOn(track(t, false), 9)[0];
    expect(pending?.kind).toBe("pending");
    expect(pending?.detail).toEqual({ key: "TEMPO.COMBAT.Count.Pending.Spell", data: { level: 4 } });
    expect(notesOf(pending)).toEqual([{ key: "TEMPO.TRACKER.Count.Lands", data: { count: 9, owner: "ilsa" } }]);
  });

  it("CNT-9: an action carried into a later round names that round with its owner", () => {
    const t = roundOne({ ilsa: 17, ogre: 7, brute: 7, lurker: 12 });
    while (t.host.current(t.state) !== "ilsa") t.run({ type: "next" });
    t.run({ type: "declare", combatantId: "ilsa", action: { kind: "spell", slotLevel: 5, targets: [], origin: null } });
    const later = track(t, true).later[0]?.rows[0];
    expect(notesOf(later)).toEqual([
      { key: "TEMPO.TRACKER.Count.LandsLater", data: { count: 2, round: 2, owner: "ilsa" } },
    ]);
  });

  it("CNT-6: a hidden creature's pending action never reaches a player, though the GM sees whose it is", () => {
    const t = roundOne({ ilsa: 5, ogre: 7, brute: 7, lurker: 3 });
    t.run({ type: "declare", combatantId: "lurker", action: { kind: "other", delay: 4 } });
    expect(rowsOn(track(t, false), 7).map((r) => r.combatantId)).toEqual(["ogre", "brute"]);
    expect(notesOf(rowsOn(track(t, true), 7)[0])).toEqual([
      { key: "TEMPO.TRACKER.Count.Lands", data: { count: 7, owner: "lurker" } },
    ]);
  });

  it("CNT-5: a shared count explains its tie contest, and each creature's kept contest total", () => {
    const c = track(roundOne(), true);
    const slot = c.slots.find((s) => s.count === 7);
    expect(slot?.notes.map((n) => n.label.key)).toEqual(["TEMPO.TRACKER.Count.TieExplained"]);
    expect(slot?.rows.map((r) => [r.combatantId, notesOf(r)])).toEqual([
      ["ogre", [{ key: "TEMPO.TRACKER.Count.TieKept", data: { totals: "15" } }]],
      ["brute", [{ key: "TEMPO.TRACKER.Count.TieKept", data: { totals: "9" } }]],
    ]);
    expect(c.slots.find((s) => s.count === 5)?.notes).toEqual([]);
  });

  it("CNT-5: while a round waits for its contests, the track says so and the tied creatures still roll", () => {
    const t = new HostTable("count", CAST).run({ type: "start" });
    t.roll({ ilsa: 5, ogre: 7, brute: 7, lurker: 12 });
    const c = track(t, true);
    expect(c.explanation).toEqual({ key: "TEMPO.TRACKER.Count.ContestWaiting", data: { round: 1 } });
    expect(rowsOn(c, 7).map((r) => notesOf(r))).toEqual([
      [{ key: "TEMPO.TRACKER.Count.TieToRoll" }],
      [{ key: "TEMPO.TRACKER.Count.TieToRoll" }],
    ]);
  });

  it("CNT-13: the end step tells who took no action and the count it drops to; the next round tells the drop until its turn", () => {
    // Ilsa on 10 spends nothing in round 1; the tied ogre and brute on 2 act first in round 2.
    const t = roundOne({ ilsa: 10, ogre: 2, brute: 2, lurker: 12 });
    for (const id of ["ogre", "brute", "ilsa", "lurker"]) {
      expect(t.host.current(t.state)).toBe(id);
      if (id !== "ilsa") t.run({ type: "declare", combatantId: id, action: { kind: "other", delay: 0 } });
      t.run({ type: "next" });
    }
    const end = track(t, true);
    expect(end.ruler.find((s) => s.active)?.isEndStep).toBe(true);
    expect(notesOf(row(end, "ilsa"))).toEqual([{ key: "TEMPO.TRACKER.Count.IdleNext", data: { from: 10, to: 7 } }]);
    expect(notesOf(row(end, "ogre"))).toEqual([{ key: "TEMPO.TRACKER.Count.TieKept", data: { totals: "15" } }]);
    t.run({ type: "next" });
    expect(t.host.current(t.state)).toBe("ogre");
    const next = track(t, true);
    expect(rowsOn(next, 7).map((r) => r.combatantId)).toEqual(["ilsa"]);
    expect(notesOf(row(next, "ilsa"))).toEqual([
      { key: "TEMPO.TRACKER.Count.IdleLowered", data: { bonus: 3, count: 7 } },
    ]);
  });

  it("CNT-11, CNT-14: the end step explains what happens in it", () => {
    const end = track(roundOne(), false).slots.find((s) => s.isEndStep);
    expect(end?.notes.map((n) => n.label.key)).toEqual(["TEMPO.TRACKER.Count.EndStepExplained"]);
  });

  it("CNT-4: the surprise round is explained, and who acts in it says why", () => {
    const t = new HostTable("count", CAST).run({ type: "start" });
    t.roll({ ilsa: -2, ogre: 7, brute: 9, lurker: 12 });
    const c = track(t, false);
    expect(c.roundLabel).toEqual({ key: "TEMPO.COMBAT.Track.SurpriseRound" });
    expect(c.explanation).toEqual({ key: "TEMPO.TRACKER.Count.SurpriseExplained" });
    // 20 − 3: Ilsa alone acts, on 17.
    expect(notesOf(rowsOn(c, 17)[0])).toEqual([{ key: "TEMPO.TRACKER.Count.SurpriseActs" }]);
    expect(track(roundOne(), false).explanation).toBeNull();
  });

  it("CNT-3: the ruler marks the count under way", () => {
    const c = track(roundOne(), false);
    expect(c.ruler.filter((s) => s.active).map((s) => s.count)).toEqual([5]);
  });
});

describe("count track: a player's view gives no hidden count away (issue 18)", () => {
  it("CNT-5: contest totals are told only on rows whose count the viewer may see", () => {
    const t = roundOne();
    const tieKeys = (c: CountTrackContext, id: string) =>
      notesOf(row(c, id)).filter((n) => n.key.startsWith("TEMPO.TRACKER.Count.Tie"));
    const npcCountsHidden = buildCountTrackContext(trackerScope(t.input(false, false)));
    expect(tieKeys(npcCountsHidden, "ogre")).toEqual([]);
    expect(tieKeys(npcCountsHidden, "brute")).toEqual([]);
    const npcCountsShown = buildCountTrackContext(trackerScope(t.input(false, true)));
    expect(tieKeys(npcCountsShown, "ogre")).toEqual([{ key: "TEMPO.TRACKER.Count.TieKept", data: { totals: "15" } }]);
    expect(tieKeys(track(t, true), "brute")).toEqual([{ key: "TEMPO.TRACKER.Count.TieKept", data: { totals: "9" } }]);
  });
});
