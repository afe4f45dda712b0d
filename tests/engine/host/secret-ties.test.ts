/**
 * Issue 18 item 5: a tie a visible creature shares only with hidden creatures gives nothing away. Its
 * roll-off (PHS-2) or reroll (ROT-2) is the GM's secret roll (engine host/secret-ties.ts: on no card),
 * and the players' copy of the combat (host/published.ts) shows the roll-offs and places the same
 * encounter without the hidden creatures has. A tie with a visible creature stays public.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  phaseCombatant,
  publishedEvents,
  publishedState,
  rulesetHost,
  secretTieRolls,
  unwrap,
  type AnyRulesetHost,
  type HostEvent,
  type HostSide,
  type PhaseState,
  type StandardState,
} from "../../../src/engine/index.ts";

const hidden = new Set(["h"]);
const secrecy = { gmOnly: new Set(["h"]), hidden };

class Table {
  readonly host: AnyRulesetHost;
  state: unknown;
  /** The events of the last rolls. */
  events: readonly HostEvent[] = [];
  constructor(ruleset: "phase" | "rotation" | "standard", creatures: readonly [string, HostSide][]) {
    this.host = rulesetHost(ruleset, 6);
    const joins = creatures.map(([id, side]) => ({
      id,
      side,
      initiativeBonus: 0,
      int: 0,
      agi: 0,
      groupId: null,
      dexReaction: 0,
      surprised: false,
      defeated: false,
    }));
    this.state = unwrap(this.host.create(joins, DEFAULT_HOST_OPTIONS));
    this.state = unwrap(this.host.apply(this.state, { type: "start" })).state;
  }
  /** The ids of the creatures asked to roll now, and which of them roll in secret. */
  asked(): { readonly rolling: string[]; readonly secret: string[] } {
    const pending = this.host.pending(this.state);
    const secret = secretTieRolls(this.host, this.state, pending, hidden);
    const idOf = (r: (typeof pending)[number]) => r.combatantId ?? "";
    return { rolling: pending.map(idOf).sort(), secret: pending.filter((r) => secret.has(r.id)).map(idOf) };
  }
  roll(totals: Readonly<Record<string, number>>): this {
    const pending = this.host.pending(this.state);
    const results = Object.entries(totals).map(([id, total]) => ({
      requestId: pending.find((r) => r.combatantId === id)?.id ?? "",
      total,
    }));
    const step = unwrap(this.host.apply(this.state, { type: "rolls", results }));
    this.state = step.state;
    this.events = step.events;
    return this;
  }
  published(): unknown {
    return publishedState(this.host, this.state, secrecy);
  }
  /** The last rolls' tie events as every client gets them with the Combat update (creature and value). */
  publishedTieEvents(): string[] {
    const states = { host: this.host, whole: this.state, shown: this.published() };
    return publishedEvents(this.events, secrecy, states)
      .filter((e) => e.type === "rollOffRolled" || e.type === "initiativeSet")
      .map((e) => {
        const { combatantId, total, value } = e as { combatantId?: string; total?: number; value?: number };
        return `${e.type} ${combatantId ?? ""} ${String(total ?? value)}`;
      });
  }
}

const rollOffs = (state: unknown, id: string) => phaseCombatant(state as PhaseState, id)?.rollOff;

describe("issue 18: ties with a hidden creature", () => {
  it("PHS-2: a roll-off only a hidden creature is level with is the GM's secret, and the players' copy has none", () => {
    const t = new Table("phase", [
      ["a", "pc"],
      ["b", "pc"],
      ["h", "enemy"],
    ]).roll({ a: 7, b: 5, h: 7 });
    expect(t.asked()).toEqual({ rolling: ["a", "h"], secret: ["a"] });
    t.roll({ a: 3, h: 5 });
    expect(t.publishedTieEvents()).toEqual([]);
    expect(rollOffs(t.state, "a")).toEqual([3]);
    expect(rollOffs(t.published(), "a")).toEqual([]);
    expect(t.host.initiative(t.published(), "a")).toBe(7);
  });

  it("PHS-2: level with a visible creature too, the roll-offs both make are public; the one after, against the hidden creature only, is secret", () => {
    const t = new Table("phase", [
      ["a", "pc"],
      ["b", "pc"],
      ["h", "enemy"],
    ]).roll({ a: 7, b: 7, h: 7 });
    expect(t.asked()).toEqual({ rolling: ["a", "b", "h"], secret: [] });
    t.roll({ a: 4, b: 2, h: 4 });
    expect(t.publishedTieEvents()).toEqual(["rollOffRolled a 4", "rollOffRolled b 2"]);
    expect(t.asked()).toEqual({ rolling: ["a", "h"], secret: ["a"] });
    t.roll({ a: 1, h: 6 });
    expect(t.publishedTieEvents()).toEqual([]);
    expect([rollOffs(t.state, "a"), rollOffs(t.state, "b")]).toEqual([[4, 1], [2]]);
    expect([rollOffs(t.published(), "a"), rollOffs(t.published(), "b")]).toEqual([[4], [2]]);
  });

  it("ROT-2: a reroll only a hidden creature shares is the GM's secret, and the winner shows its roll without the +0.5", () => {
    const t = new Table("rotation", [
      ["a", "pc"],
      ["b", "pc"],
      ["h", "enemy"],
    ]).roll({ a: 12, b: 5, h: 12 });
    expect(t.asked()).toEqual({ rolling: ["a", "h"], secret: ["a"] });
    t.roll({ a: 15, h: 3 });
    expect(t.publishedTieEvents()).toEqual([]);
    expect(t.host.initiative(t.state, "a")).toBe(12.5);
    expect(t.host.initiative(t.published(), "a")).toBe(12);
  });

  it("ROT-2: a three-way tie with a hidden creature: the reroll is public, and the visible places are those of their tie alone", () => {
    const t = new Table("rotation", [
      ["a", "pc"],
      ["b", "pc"],
      ["h", "enemy"],
    ]).roll({ a: 12, b: 12, h: 12 });
    expect(t.asked()).toEqual({ rolling: ["a", "b", "h"], secret: [] });
    // ROT-2's example: rerolls 9, 17, 3 end at 12.25, 12.5, 12; without h, a keeps 12.
    t.roll({ a: 9, b: 17, h: 3 });
    expect(t.publishedTieEvents()).toEqual(["initiativeSet b 12.5"]);
    expect([t.host.initiative(t.state, "a"), t.host.initiative(t.state, "b")]).toEqual([12.25, 12.5]);
    expect([t.host.initiative(t.published(), "a"), t.host.initiative(t.published(), "b")]).toEqual([12, 12.5]);
  });

  it("STD-2: a tie-breaker only a hidden creature is level with is the GM's secret, and the players' copy has none", () => {
    const t = new Table("standard", [
      ["a", "pc"],
      ["b", "pc"],
      ["h", "enemy"],
    ]).roll({ a: 15, b: 15, h: 15 });
    expect(t.asked()).toEqual({ rolling: ["a", "b", "h"], secret: [] });
    t.roll({ a: 9, b: 4, h: 9 });
    expect(t.asked()).toEqual({ rolling: ["a", "h"], secret: ["a"] });
    t.roll({ a: 2, h: 11 });
    const breaks = (state: unknown) => ["a", "b"].map((id) => (state as StandardState).combatants[id]?.tieBreak);
    expect(breaks(t.state)).toEqual([[9, 2], [4]]);
    expect(breaks(t.published())).toEqual([[9], [4]]);
  });
  it("STD-2, issue 17: with no creature hidden (the `none` mark) no tie-breaker is secret, as the full check finds", () => {
    const t = new Table("standard", [
      ["a", "pc"],
      ["b", "pc"],
      ["h", "enemy"],
    ]).roll({ a: 15, b: 15, h: 15 });
    t.roll({ a: 9, b: 4, h: 9 });
    const pending = t.host.pending(t.state);
    expect(t.asked().secret).toEqual(["a"]);
    const marked = secretTieRolls(t.host, t.state, pending, { has: () => false, none: true });
    expect(marked.size).toBe(0);
    expect(marked).toEqual(secretTieRolls(t.host, t.state, pending, { has: () => false }));
  });
});
