/**
 * Issue 18 item 5, CNT-5: a contest a visible creature rolls only against hidden creatures gives nothing
 * away (engine initiative/count/hidden-ties.ts). Its total is the GM's secret roll (on no card), kept
 * marked secret and left out of the players' copy; once the creature shares a count with one the players
 * see, the secret total gives way to a public contest. A count combat stored before (format 4) reads back
 * with no secret total.
 */
import { describe, expect, it } from "vitest";
import {
  COMBAT_FORMAT,
  countCombatant,
  migrateStoredCombat,
  publishedEvents,
  publishedState,
  readCombatState,
  secretTieRolls,
  storeCombatState,
  unwrap,
  type CountState,
  type DiceRequest,
  type HostEvent,
  type RollResult,
} from "../../../src/engine/index.ts";
import { vectorSet } from "../../../src/engine/initiative/shared/persistent-vector.ts";
import { hostCombatant } from "../../support/host-encounter.ts";
import { hidden, host, secrecy, startedCount } from "../../support/hidden-count.ts";

class Track {
  state: unknown;
  /** The events of the last step. */
  events: readonly HostEvent[] = [];
  constructor(ids: readonly string[]) {
    this.state = startedCount(ids);
  }
  pending(): readonly DiceRequest[] {
    return host.pending(this.state);
  }
  /** Who is asked to roll now, and whose rolls are the GM's secret. */
  asked(): { readonly rolling: string[]; readonly secret: string[] } {
    const pending = this.pending();
    const secret = secretTieRolls(host, this.state, pending, hidden);
    const idOf = (r: DiceRequest) => r.combatantId ?? "";
    return { rolling: pending.map(idOf).sort(), secret: pending.filter((r) => secret.has(r.id)).map(idOf) };
  }
  /** Rolls `totals`, each marked secret where `secretTieRolls` names it (as the GM's client does). */
  roll(totals: Readonly<Record<string, number>>): this {
    const pending = this.pending();
    const secret = secretTieRolls(host, this.state, pending, hidden);
    const results: RollResult[] = Object.entries(totals).map(([id, total]) => {
      const request = pending.find((r) => r.combatantId === id);
      return { requestId: request?.id ?? "", total, ...(request && secret.has(request.id) ? { secret: true } : {}) };
    });
    const step = unwrap(host.apply(this.state, { type: "rolls", results }));
    this.state = step.state;
    this.events = step.events;
    return this;
  }
  apply(command: Parameters<typeof host.apply>[1]): this {
    this.state = unwrap(host.apply(this.state, command)).state;
    return this;
  }
  contest(id: string, shown = false): readonly number[] | undefined {
    const state = shown ? publishedState(host, this.state, secrecy) : this.state;
    return countCombatant(state as CountState, id)?.contest;
  }
}

describe("CNT-5: a contest with a hidden creature gives nothing away (issue 18 item 5)", () => {
  it("CNT-5: a visible creature level only with a hidden one rolls its contest in secret; the players' copy keeps no total", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 5 });
    expect(track.asked()).toEqual({ rolling: ["h", "v"], secret: ["v"] });
    track.roll({ v: 12, h: 8 });
    expect(track.contest("v")).toEqual([12]);
    expect(track.contest("v", true)).toEqual([]);
    // The Combat update's events tell no contest either (the hidden creature's, nor v's secret one).
    const shown = publishedState(host, track.state, secrecy);
    const told = publishedEvents(track.events, secrecy, { host, whole: track.state, shown });
    expect(track.events.filter((e) => e.type === "contestRolled")).toHaveLength(2);
    expect(told.filter((e) => e.type === "contestRolled")).toEqual([]);
  });

  it("CNT-5: a secret total gives way to a public contest once the creature shares a count with a visible one", () => {
    // w (bonus 1) idles through round 1 and comes down from 6 onto v's 5 in round 2 (CNT-13).
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 6, h: 5 }).roll({ v: 12, h: 8 });
    for (let i = 0; i < 12 && track.pending().length === 0; i++) track.apply({ type: "next" });
    expect(track.asked()).toEqual({ rolling: ["v", "w"], secret: [] });
    track.roll({ v: 3, w: 15 });
    expect(track.contest("v", true)).toEqual([3]);
    expect(track.contest("w", true)).toEqual([15]);
  });

  it("CNT-5: a tie with a visible creature stays public, a further reroll only against the hidden one is secret", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 5, h: 5 });
    expect(track.asked()).toEqual({ rolling: ["h", "v", "w"], secret: [] });
    track.roll({ v: 10, w: 14, h: 10 });
    expect(track.asked()).toEqual({ rolling: ["h", "v"], secret: ["v"] });
    track.roll({ v: 7, h: 4 });
    expect(track.contest("v")).toEqual([10, 7]);
    expect(track.contest("v", true)).toEqual([10]);
    const shown = publishedState(host, track.state, secrecy);
    expect(publishedEvents(track.events, secrecy, { host, whole: track.state, shown })).not.toContainEqual(
      expect.objectContaining({ type: "contestRolled" }),
    );
  });

  it("CNT-5, issue 18: between the round's last turn and the next round's preparation the players' copy keeps no secret total", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 5 }).roll({ v: 12, h: 8 });
    const seen: string[] = [];
    for (let i = 0; i < 12 && track.pending().length === 0; i++) {
      track.apply({ type: "next" });
      const shown = publishedState(host, track.state, secrecy) as CountState;
      seen.push(`${shown.round}:${JSON.stringify(countCombatant(shown, "v")?.contest)}`);
    }
    // Round 1 to its end step, and the rounds after it: v's secret total is never shown.
    expect(seen.filter((s) => !s.endsWith(":[]"))).toEqual([]);
    expect(seen.map((s) => s.split(":")[0])).toContain("2");
    // Round 2 prepared with v and h on different counts (bonuses 0 and 2, CNT-13): the total is dropped.
    expect(countCombatant(track.state as CountState, "v")).toMatchObject({ contest: [], secretContest: 0 });
  });

  it("CNT-5, issue 18: a secret total is dropped when the hidden creature it was rolled against leaves", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 5 }).roll({ v: 12, h: 8 });
    expect(countCombatant(track.state as CountState, "v")).toMatchObject({ contest: [12], secretContest: 1 });
    track.apply({ type: "leave", combatantId: "h" });
    expect(countCombatant(track.state as CountState, "v")).toMatchObject({ contest: [], secretContest: 0 });
  });

  it("CNT-5, issue 18: a creature that joins mid-round and lands level with a secret total is not ordered against it: the total gives way and the contest is public", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 5 }).roll({ v: 12, h: 8 });
    track.state = unwrap(host.join(track.state, { ...hostCombatant(6), id: "x", side: "pc" })).state;
    expect(track.asked()).toEqual({ rolling: ["x"], secret: [] });
    track.roll({ x: 5 });
    expect(countCombatant(track.state as CountState, "v")).toMatchObject({ contest: [], secretContest: 0 });
    // v contests again, in public: x is a creature the players see, level with it.
    const asked = track.asked();
    expect(asked.rolling).toEqual(expect.arrayContaining(["v", "x"]));
    expect(asked.secret).toEqual([]);
  });

  it("CNT-5, issue 18: once the GM reveals the hidden creature, the players' copy shows the contest that orders the two", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 5 }).roll({ v: 12, h: 8 });
    const revealed = { gmOnly: new Set<string>(), hidden: new Set<string>() };
    const shown = publishedState(host, track.state, revealed) as CountState;
    expect(countCombatant(shown, "v")?.contest).toEqual([12]);
    expect(countCombatant(shown, "h")?.contest).toEqual([8]);
    // While it is hidden, neither.
    expect(track.contest("v", true)).toEqual([]);
  });

  it("CNT-5, issue 17: with no creature hidden at all, a secret total that orders its creature against no one is still left out; a roster with none is published as it is", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 5 }).roll({ v: 12, h: 8 });
    const state = track.state as CountState;
    // h revealed, and its count moved off v's (before the engine's next step drops v's orphaned total).
    const h = countCombatant(state, "h") as NonNullable<ReturnType<typeof countCombatant>>;
    const moved = { ...state, combatants: vectorSet(state.combatants, state.slots.h ?? -1, { ...h, count: 15 }) };
    const noneHidden = { gmOnly: new Set<string>(), hidden: { has: () => false, none: true } };
    const shown = publishedState(host, moved, noneHidden) as CountState;
    expect(countCombatant(moved, "v")?.contest).toEqual([12]);
    expect(countCombatant(shown, "v")?.contest).toEqual([]);
    const plain = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 7 }).state;
    expect(publishedState(host, plain, noneHidden)).toBe(plain);
  });

  it("CNT-5, issue 17: with no creature hidden (the `none` mark) the secret contests are the full check's, a total kept from a since-revealed creature included", () => {
    const noneHidden = { has: () => false, none: true };
    const unmarked = { has: () => false };
    const track = new Track(["v", "w", "h"]);
    const states = [track.state, track.roll({ v: 5, w: 9, h: 5 }).state, track.roll({ v: 10, h: 10 }).state];
    const found = states.map((state) => {
      const pending = host.pending(state);
      const marked = secretTieRolls(host, state, pending, noneHidden);
      expect(marked).toEqual(secretTieRolls(host, state, pending, unmarked));
      return marked.size;
    });
    // The last: v keeps the secret total it rolled against h, so its next contest stays secret once h is seen.
    expect(found.at(-1)).toBeGreaterThan(0);
  });

  it("CNT-5: a count combat stored in format 4 (no secret marks) reads back with none secret, as the current format writes it", () => {
    const track = new Track(["v", "w", "h"]).roll({ v: 5, w: 9, h: 5 });
    // The state as format 4 stored it: records without the mark.
    const older: unknown = JSON.parse(JSON.stringify(track.state), (key, value: unknown) =>
      key === "secretContest" ? undefined : value,
    );
    const engine = { ...storeCombatState(older) };
    expect(JSON.stringify(engine)).not.toContain("secretContest");
    const source: Record<string, unknown> = { engine, history: { undo: {}, redo: {} }, format: 4 };
    expect(COMBAT_FORMAT).toBe(5);
    expect(migrateStoredCombat(host, source)).toEqual({ kind: "older", from: 4 });
    const read = readCombatState(host, engine);
    expect(read.ok && countCombatant(read.value as CountState, "v")).toMatchObject({ contest: [], secretContest: 0 });
  });
});
