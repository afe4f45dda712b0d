import { describe, expect, it } from "vitest";
import type { Message } from "../../src/engine/index.ts";
import { formatMessage } from "../../src/view/handlebars/register-helpers.ts";
import { createLocalizer } from "../../src/view/i18n/localizer.ts";
import { buildStandardOrderContext } from "../../src/view/tracker/standard-order-context.ts";
import type { TrackerRowContext } from "../../src/view/tracker/tracker-row.ts";
import { readText } from "../support/source-files.ts";
import { HostTable, standardLeft, type Creature } from "./host-table.ts";

const i18n = createLocalizer(JSON.parse(readText("lang/en.json")) as Record<string, never>);
const text = (message: Message | null): string => formatMessage(i18n, message);

const PARTY: readonly Creature[] = [
  { id: "Aria", side: "pc", bonus: 3, mine: true },
  { id: "Bram", side: "pc", bonus: 1 },
  { id: "Cole", side: "enemy", bonus: 1 },
  { id: "Dana", side: "enemy", bonus: 0 },
];

/** Aria, Bram and Cole on 15 (Aria by DEX; Cole and Bram by tie-breakers 17 and 4), Dana 9. Aria acts. */
function tiedTable(): HostTable {
  return new HostTable("standard", PARTY)
    .run({ type: "start" })
    .roll({ Aria: 15, Bram: 15, Cole: 15, Dana: 9 })
    .roll({ Bram: 4, Cole: 17 });
}

function rows(table: HostTable, isGM: boolean): TrackerRowContext[] {
  return [...buildStandardOrderContext(table.scope(isGM)).rows];
}

function row(table: HostTable, isGM: boolean, id: string): TrackerRowContext {
  const found = rows(table, isGM).find((r) => r.combatantId === id);
  if (found === undefined) throw new Error(`no row for ${id}`);
  return found;
}

const notes = (r: TrackerRowContext): string[] => r.notes.map((n) => text(n.label));
const actions = (r: TrackerRowContext): string[] =>
  r.actions.map((a) => `${text(a.label)}${a.disabled ? " (off)" : ""}`);

describe("the standard tracker part", () => {
  it("STD-1, STD-2: the order with totals, and how each shared total was broken", () => {
    const table = tiedTable();
    expect(rows(table, true).map((r) => [r.combatantId, r.value])).toEqual([
      ["Aria", "15"],
      ["Cole", "15"],
      ["Bram", "15"],
      ["Dana", "9"],
    ]);
    expect(notes(row(table, true, "Aria"))).toEqual(["Same total: DEX +3 decides"]);
    expect(notes(row(table, true, "Cole"))).toEqual(["Same total: kept tie-breaker 17"]);
    expect(notes(row(table, true, "Dana"))).toEqual([]);
    // A player sees no NPC's total, nor how its tie was broken.
    expect(row(table, false, "Cole")).toMatchObject({ value: null, notes: [] });
    expect(notes(row(table, false, "Bram"))).toEqual(["Same total: kept tie-breaker 4"]);
  });

  it("STD-6: the acting creature's actions left as labelled pips; elsewhere its Reaction; only for its owner and the GM", () => {
    const table = tiedTable();
    table.economy = { Aria: standardLeft(0, 1, 1, 1), Bram: standardLeft(0, 0, 0, 0), Cole: standardLeft(0, 0, 0, 1) };
    const pips = (r: TrackerRowContext) => r.pips.map((p) => `${text(p.label)}: ${text(p.stateLabel)}`);
    expect(pips(row(table, true, "Aria"))).toEqual([
      "Action: spent",
      "Quick Action: left",
      "Interaction: left",
      "Reaction: left",
    ]);
    expect(row(table, true, "Aria").pips.map((p) => p.icon)).toEqual([
      "fa-regular fa-circle",
      "fa-solid fa-circle",
      "fa-solid fa-circle",
      "fa-solid fa-circle",
    ]);
    expect(pips(row(table, true, "Bram"))).toEqual(["Reaction: spent"]);
    expect(pips(row(table, false, "Aria"))).toHaveLength(4);
    expect(row(table, false, "Cole").pips).toEqual([]);
  });

  it("STD-4, Delay: the owner delays from the acting row; the delayed row says so and offers Act to owner and GM", () => {
    const table = tiedTable();
    expect(actions(row(table, false, "Aria"))).toEqual([
      "End my turn",
      "Use Quick Action",
      "Use Interaction",
      "Delay",
      "Ready an action",
    ]);
    expect(actions(row(table, false, "Cole"))).toEqual([]);
    table.run({ type: "delay", combatantId: "Aria" });
    const aria = row(table, false, "Aria");
    expect(notes(aria)).toContain("Delaying");
    expect(aria.status).toBe("waiting");
    expect(actions(aria)).toEqual(["Act now"]);
    expect(actions(row(table, true, "Aria"))).toEqual(["Act now"]);
    table.run({ type: "act", combatantId: "Aria" });
    expect(notes(row(table, false, "Aria"))).toEqual([
      "Same total: placed after the creature it waited for",
      "Acts next, out of a delay",
    ]);
    // Cole, whom Aria now follows on 15, is still told apart from Bram by his tie-breaker.
    expect(notes(row(table, true, "Cole"))).toEqual(["Same total: kept tie-breaker 17"]);
    expect(rows(table, true).map((r) => r.combatantId)).toEqual(["Cole", "Aria", "Bram", "Dana"]);
  });

  it("STD-2, Delay: the creature a delayed one follows on its total says so", () => {
    const table = new HostTable("standard", PARTY)
      .run({ type: "start" })
      .roll({ Aria: 15, Bram: 12, Cole: 8, Dana: 5 })
      .run({ type: "delay", combatantId: "Aria" })
      .run({ type: "act", combatantId: "Aria" });
    expect(notes(row(table, true, "Bram"))).toEqual(["Same total: a creature that delayed follows it"]);
    expect(row(table, true, "Aria").value).toBe("12");
  });

  it("STD-6, Ready: the trigger is shown to owner and GM only; Trigger is refused, with the engine's reason, once the Reaction is spent", () => {
    const table = tiedTable().run({ type: "next" }); // Cole acts
    table.run({ type: "ready", combatantId: "Cole", trigger: "when Aria casts" });
    expect(notes(row(table, true, "Cole"))).toContain("Readied: when Aria casts");
    expect(notes(row(table, false, "Cole"))).toContain("Readied an action");
    expect(JSON.stringify(row(table, false, "Cole"))).not.toContain("when Aria casts");
    expect(actions(row(table, true, "Cole"))).toEqual(["Trigger readied action"]);
    table.actions = { Cole: { onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: 1 } };
    expect(row(table, true, "Cole").actions[0]?.disabled).toBe(false);
    table.actions = { Cole: { onTurn: false, action: 0, quickAction: 0, interaction: 0, reaction: 0 } };
    const trigger = row(table, true, "Cole").actions[0];
    expect(trigger?.disabled).toBe(true);
    expect(text(trigger?.reason ?? null)).toBe(
      "This creature has no Reaction left this round: a readied action cannot trigger.",
    );
  });

  it("STD-6: the acting creature's owner and the GM may spend its Quick Action and Interaction from its row (the engine's use); a spent one is drawn disabled with the reason; nobody else's row has them", () => {
    const table = tiedTable();
    const use = (r: TrackerRowContext, kind: string) => r.actions.find((a) => a.command?.includes(`"kind":"${kind}"`));
    for (const isGM of [true, false]) {
      const aria = row(table, isGM, "Aria");
      expect(JSON.parse(use(aria, "quickAction")?.command ?? "null")).toEqual({
        type: "use",
        combatantId: "Aria",
        kind: "quickAction",
      });
      expect([use(aria, "quickAction")?.disabled, use(aria, "interaction")?.disabled]).toEqual([false, false]);
    }
    expect(use(row(table, true, "Cole"), "quickAction")).toBeUndefined();
    table.actions = { Aria: { onTurn: true, action: 1, quickAction: 0, interaction: 1, reaction: 1 } };
    const spent = use(row(table, false, "Aria"), "quickAction");
    expect(spent?.disabled).toBe(true);
    expect(text(spent?.reason ?? null)).toBe(
      "This creature has used its Quick Action this turn; it comes back on its next turn.",
    );
    expect(use(row(table, false, "Aria"), "interaction")?.disabled).toBe(false);
  });

  it("STD-4: a refused delay is drawn disabled with the engine's reason", () => {
    const table = tiedTable().run({ type: "next" }).run({ type: "next" }).run({ type: "next" }); // Dana, the last
    const delay = row(table, true, "Dana").actions.find((a) => text(a.label) === "Delay");
    expect(delay?.disabled).toBe(true);
    expect(text(delay?.reason ?? null)).toBe("Nobody after Dana can act this round: there is no one to wait for.");
  });

  it("STD-3: a late joiner is slotted where it joins and says when it acts", () => {
    const table = new HostTable("standard", [...PARTY, { id: "Eve", side: "ally" }, { id: "Finn", side: "ally" }])
      .run({ type: "start" })
      .roll({ Aria: 15, Bram: 12, Cole: 8, Dana: 5, Eve: 1, Finn: 2 })
      .run({ type: "next" }) // Bram acts
      .run({ type: "leave", combatantId: "Eve" })
      .run({ type: "leave", combatantId: "Finn" })
      .run({ type: "join", combatantId: "Eve", dexBonus: 0 })
      .run({ type: "join", combatantId: "Finn", dexBonus: 0 })
      .roll({ Eve: 10, Finn: 18 });
    expect(rows(table, true).map((r) => r.combatantId)).toEqual(["Finn", "Aria", "Bram", "Eve", "Cole", "Dana"]);
    expect(notes(row(table, true, "Eve"))).toEqual(["Joined: acts this round"]);
    expect(notes(row(table, true, "Finn"))).toEqual(["Joined: acts from next round"]);
  });
});
