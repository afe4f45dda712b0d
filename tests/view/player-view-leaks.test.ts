/**
 * Issue 18 item 5: each leak the issue lists, read as a player's tracker tells it (the builders Foundry and
 * the preview draw through). Kept elsewhere: a count row's contest totals (count-track-notes.test.ts), an
 * attack card's defence when odds are hidden (chat/attack-card-defence.test.ts), the NPC pack's access
 * (foundry/npc-pack-access.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/engine/index.ts";
import { buildStandardOrderContext } from "../../src/view/tracker/standard-order-context.ts";
import { buildTrackerContext } from "../../src/view/tracker/tracker-context.ts";
import { HostTable, type Creature } from "./host-table.ts";

const PARTY: readonly Creature[] = [
  { id: "Aria", side: "pc", bonus: 3, mine: true },
  { id: "Bram", side: "pc", bonus: 2 },
  { id: "Cole", side: "enemy", bonus: 1 },
  { id: "Dana", side: "enemy", bonus: 0 },
  { id: "Ezra", side: "ally", bonus: -1 },
  { id: "Ghost", side: "enemy", bonus: 4, hidden: true },
];

const announcement = (table: HostTable, isGM: boolean): Message => buildTrackerContext(table.input(isGM)).announcement;

/** The tie notes on a creature's standard row, for a GM or a player (who may see NPC totals or not). */
function tieNotes(table: HostTable, id: string, isGM: boolean, npcInitiativeVisible = false): unknown[] {
  const scope = { ...table.scope(isGM), input: table.input(isGM, npcInitiativeVisible) };
  const row = buildStandardOrderContext(scope).rows.find((r) => r.combatantId === id);
  return (row?.notes ?? []).filter((n) => n.kind === "tie").map((n) => n.label);
}

describe("a player's tracker gives no hidden creature away (issue 18 item 5)", () => {
  it("STD-1: 'waiting for N roll(s)' counts only the rolls of creatures the player sees", () => {
    const table = new HostTable("standard", PARTY).run({ type: "start" });
    expect(announcement(table, true)).toEqual({ key: "TEMPO.TRACKER.Announce.Rolling", data: { round: 0, count: 6 } });
    expect(announcement(table, false)).toEqual({ key: "TEMPO.TRACKER.Announce.Rolling", data: { round: 0, count: 5 } });
  });

  it("STD-1: while a hidden creature acts, the GM hears its name, a player only the round (never 'an unseen creature acts')", () => {
    const table = new HostTable("standard", PARTY)
      .run({ type: "start" })
      .roll({ Aria: 10, Bram: 8, Cole: 7, Dana: 6, Ezra: 5, Ghost: 20 });
    expect(table.host.current(table.state)).toBe("Ghost");
    expect(announcement(table, true)).toEqual({
      key: "TEMPO.TRACKER.Announce.Turn",
      data: { round: 1, name: "Ghost" },
    });
    expect(announcement(table, false)).toEqual({ key: "TEMPO.TRACKER.Announce.Between", data: { round: 1 } });
  });

  it("STD-2: 'Same total: DEX decides' is told only where the player sees another total the same", () => {
    // Aria ties only the hidden Ghost: the GM reads the tie, a player nothing.
    const hidden = new HostTable("standard", PARTY)
      .run({ type: "start" })
      .roll({ Aria: 15, Bram: 8, Cole: 7, Dana: 6, Ezra: 5, Ghost: 15 });
    expect(tieNotes(hidden, "Aria", true)).toHaveLength(1);
    expect(tieNotes(hidden, "Aria", false)).toEqual([]);
    // Aria ties the visible Cole, whose total the NPC-initiative setting keeps from players (or shows).
    const npc = new HostTable("standard", PARTY)
      .run({ type: "start" })
      .roll({ Aria: 15, Bram: 8, Cole: 15, Dana: 6, Ezra: 5, Ghost: 18 });
    expect(tieNotes(npc, "Aria", false)).toEqual([]);
    expect(tieNotes(npc, "Aria", false, true)).toEqual([{ key: "TEMPO.TRACKER.Standard.TieDex", data: { dex: "+3" } }]);
  });

  it("SEG-3: a side's group counts only the creatures the player sees", () => {
    const table = new HostTable("segment", PARTY).run({ type: "start" }).run({ type: "next" });
    const pending = table.host.pending(table.state);
    table.run({ type: "rolls", results: pending.map((r) => ({ requestId: r.id, total: 3 })) });
    const members = (isGM: boolean) => {
      const context = buildTrackerContext(table.input(isGM));
      if (context.body.part !== "segment") throw new Error("expected the segment part");
      const groups = context.body.segment.grid.lanes.flatMap((l) => l.groups);
      return groups.map((g) => [g.name.key, g.members.data?.["count"]]);
    };
    expect(members(true)).toContainEqual(["TEMPO.TRACKER.Segment.GroupEnemies", 3]);
    expect(members(false)).toContainEqual(["TEMPO.TRACKER.Segment.GroupEnemies", 2]);
  });
});
