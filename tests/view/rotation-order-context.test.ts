import { describe, expect, it } from "vitest";
import type { Message } from "../../src/engine/index.ts";
import { formatMessage } from "../../src/view/handlebars/register-helpers.ts";
import { createLocalizer } from "../../src/view/i18n/localizer.ts";
import { buildRotationOrderContext } from "../../src/view/tracker/rotation-order-context.ts";
import type { TrackerRowContext } from "../../src/view/tracker/tracker-row.ts";
import { readText } from "../support/source-files.ts";
import { HostTable, type Creature } from "./host-table.ts";

const i18n = createLocalizer(JSON.parse(readText("lang/en.json")) as Record<string, never>);
const text = (message: Message | null): string => formatMessage(i18n, message);
const notes = (r: TrackerRowContext | null | undefined): string[] => (r?.notes ?? []).map((n) => text(n.label));

/** Three player characters ahead of an enemy band of two, and a lone hidden enemy. */
const CAST: readonly Creature[] = [
  { id: "P1", side: "pc", mine: true, ap: 80 },
  { id: "P2", side: "pc", ap: 60 },
  { id: "P3", side: "pc" },
  { id: "E1", side: "enemy", groupId: "band", ap: 30 },
  { id: "E2", side: "enemy", groupId: "band" },
  { id: "E3", side: "enemy", hidden: true },
];

function rolled(options: { planningPhase?: boolean } = {}): HostTable {
  return new HostTable("rotation", CAST, { enemyGroups: true, noThreePlayersInRow: true, ...options })
    .run({ type: "start" })
    .roll({ P1: 18, P2: 17, P3: 16, E1: 10, E3: 4 });
}

function flat(table: HostTable, isGM: boolean) {
  const context = buildRotationOrderContext(table.scope(isGM));
  return context.units.flatMap((u) => (u.group === null ? u.rows : [u.group, ...u.rows]));
}

describe("the rotation tracker part", () => {
  it("ROT-5: an enemy group is a group row with its members under it, in the engine's order", () => {
    const context = buildRotationOrderContext(rolled().scope(true));
    expect(context.units.map((u) => [u.group?.name ?? null, u.rows.map((r) => r.combatantId)])).toEqual([
      [null, ["P1"]],
      [null, ["P2"]],
      ["Group band", ["E1", "E2"]],
      [null, ["P3"]],
      [null, ["E3"]],
    ]);
  });

  it("ROT-6: the moved entry says it was moved, ahead of whom and after whom", () => {
    const context = buildRotationOrderContext(rolled().scope(true));
    const band = context.units.find((u) => u.group !== null)?.group;
    expect(notes(band)).toEqual(["Moved up ahead of P3: P1, P2 acted in a row, and no three player characters may"]);
    // Its members do not repeat the note; nobody else has one.
    expect(flat(rolled(), true).filter((r) => r.notes.some((n) => n.kind === "moved"))).toHaveLength(1);
  });

  it("ROT-2: a won tie's +0.5 is told where the viewer may see the result", () => {
    const table = new HostTable("rotation", CAST.slice(0, 3))
      .run({ type: "start" })
      .roll({ P1: 12, P2: 12, P3: 5 })
      .roll({ P1: 3, P2: 19 });
    const rows = flat(table, true);
    // Issue 22: the whole result is drawn, with the fraction told as a tie-break (never a bare 12.5).
    expect(rows.map((r) => [r.combatantId, r.value, text(r.valueTieBreak)])).toEqual([
      ["P2", "12", "(+0.5 tie-break)"],
      ["P1", "12", ""],
      ["P3", "5", ""],
    ]);
    expect(text(rows[0]?.label ?? null)).toBe(
      "Initiative 12.5: a result of 12, and +0.5 that only puts it ahead of those it tied with",
    );
    expect(notes(rows[0])).toEqual(["Won a tie: +0.5", "AP 60"]);
    expect(notes(rows[1])).toEqual(["AP 80"]);
  });

  it("AP-1: each creature's AP for its owner and the GM only", () => {
    const gm = flat(rolled(), true);
    const player = flat(rolled(), false);
    expect(notes(gm.find((r) => r.combatantId === "P2"))).toEqual(["AP 60"]);
    expect(notes(gm.find((r) => r.combatantId === "E1"))).toEqual(["AP 30"]);
    expect(notes(player.find((r) => r.combatantId === "P1"))).toEqual(["AP 80"]);
    expect(notes(player.find((r) => r.combatantId === "P2"))).toEqual([]);
    expect(notes(player.find((r) => r.combatantId === "E1"))).toEqual([]);
  });

  it("ROT-7: the planning phase is a banner saying who plans and what they may do", () => {
    const planning = buildRotationOrderContext(rolled({ planningPhase: true }).scope(true));
    expect(text(planning.planning)).toBe(
      "Planning phase: the players' side takes one swift action each, not an attack.",
    );
    expect(planning.units.flatMap((u) => u.rows).some((r) => r.kind === "boundary")).toBe(false);
    expect(buildRotationOrderContext(rolled().scope(true)).planning).toBeNull();
  });

  it("ROT-7: until the planning turns begin, everyone reads who started the encounter; the GM chooses it, the choice in force pressed", () => {
    const table = new HostTable("rotation", CAST, { enemyGroups: true, planningPhase: true });
    const gm = buildRotationOrderContext(table.scope(true)).initiator;
    expect(text(gm?.current ?? null)).toBe(
      "The players started the encounter: their side takes the planning turns before the first rotation.",
    );
    expect(gm?.choices.map((c) => [text(c.label), c.pressed, c.disabled, c.command])).toEqual([
      ["The players started it", "true", false, JSON.stringify({ type: "setInitiator", initiator: "players" })],
      ["The enemies started it", "false", false, JSON.stringify({ type: "setInitiator", initiator: "enemies" })],
      ["Both sides at once", "false", false, JSON.stringify({ type: "setInitiator", initiator: "both" })],
    ]);
    table.run({ type: "setInitiator", initiator: "enemies" });
    const player = buildRotationOrderContext(table.scope(false)).initiator;
    expect(text(player?.current ?? null)).toBe(
      "The enemies started the encounter: they take the planning turns before the first rotation.",
    );
    expect(player?.choices).toEqual([]);
    // Once the planning turns begin it is settled and the choice is gone; without a planning phase there is none.
    table.run({ type: "start" }).roll({ P1: 18, P2: 17, P3: 16, E1: 10, E3: 4 });
    expect(buildRotationOrderContext(table.scope(true)).initiator).toBeNull();
    const plain = new HostTable("rotation", CAST, { enemyGroups: true });
    expect(buildRotationOrderContext(plain.scope(true)).initiator).toBeNull();
  });

  it("never sends a hidden creature, or a group of only hidden ones, to a player", () => {
    const table = new HostTable(
      "rotation",
      [
        { id: "P1", side: "pc" },
        { id: "S1", side: "enemy", groupId: "shadows", hidden: true },
        { id: "S2", side: "enemy", groupId: "shadows", hidden: true },
      ],
      { enemyGroups: true },
    )
      .run({ type: "start" })
      .roll({ P1: 10, S1: 12 });
    const player = buildRotationOrderContext(table.scope(false));
    expect(JSON.stringify(player)).not.toMatch(/shadows|S1|S2/);
    expect(buildRotationOrderContext(table.scope(true)).units).toHaveLength(2);
  });
});
