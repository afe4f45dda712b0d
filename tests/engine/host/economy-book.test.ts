import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  STANDARD_BOOK_ECONOMY,
  economyLeft,
  followEconomies,
  openEconomyBook,
  standardHost,
  unwrap,
  type EconomyBook,
  type HostCombatant,
  type HostCommand,
  type StandardActions,
} from "../../../src/engine/index.ts";
import { hostCombatant } from "../../support/host-encounter.ts";

const host = standardHost();

function creature(id: string, initiativeBonus: number): HostCombatant {
  return { ...hostCombatant(0), id, side: "pc", initiativeBonus };
}

/** A standard combat and its action book, stepped together as a host does. */
class Table {
  state = unwrap(host.create([creature("a", 0), creature("b", 0)], DEFAULT_HOST_OPTIONS));
  book: EconomyBook<StandardActions> = openEconomyBook(STANDARD_BOOK_ECONOMY, ["a", "b"]);
  changed: readonly string[] = [];

  run(command: HostCommand): void {
    const started = host.started(this.state);
    const step = unwrap(host.apply(this.state, command));
    this.state = step.state;
    const followed = followEconomies(STANDARD_BOOK_ECONOMY, this.book, step.events, started);
    this.book = followed.book;
    this.changed = followed.changed;
  }

  left(id: string): Record<string, number | null> {
    return Object.fromEntries((economyLeft(STANDARD_BOOK_ECONOMY, this.book, id) ?? []).map((r) => [r.kind, r.left]));
  }
}

function startedTable(): Table {
  const table = new Table();
  table.run({ type: "start" });
  const requests = host.pending(table.state);
  // a rolls 15, b rolls 10: a acts first.
  table.run({ type: "rolls", results: requests.map((r, i) => ({ requestId: r.id, total: i === 0 ? 15 : 10 })) });
  return table;
}

describe("host: each creature's action tracker follows the engine's events", () => {
  it("STD-6: the acting creature has its Action, Quick Action and Interaction; the other only its Reaction", () => {
    const table = startedTable();
    expect(table.left("a")).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
    expect(table.left("b")).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 1 });
    table.run({ type: "next" });
    expect(table.changed).toEqual(["a", "b"]);
    expect(table.left("a")).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 1 });
    expect(table.left("b")).toEqual({ action: 1, quickAction: 1, interaction: 1, reaction: 1 });
  });

  it("STD-6, Ready: a readied action's trigger spends that creature's Reaction, and only its entry changes", () => {
    const table = startedTable();
    table.run({ type: "ready", combatantId: "a", trigger: "when b moves" });
    table.run({ type: "trigger", combatantId: "a" });
    expect(table.changed).toEqual(["a"]);
    expect(table.left("a").reaction).toBe(0);
  });

  it("STD-3: a creature joining a running combat starts with no Reaction; one that leaves loses its entry", () => {
    const table = startedTable();
    table.run({ type: "join", combatantId: "c", dexBonus: 1 });
    expect(table.left("c")).toEqual({ action: 0, quickAction: 0, interaction: 0, reaction: 0 });
    table.run({ type: "leave", combatantId: "b" });
    expect(economyLeft(STANDARD_BOOK_ECONOMY, table.book, "b")).toBeNull();
    expect(table.changed).toContain("b");
  });
});
