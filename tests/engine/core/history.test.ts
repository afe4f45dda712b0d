import { describe, expect, it } from "vitest";
import { err, ok } from "../../../src/engine/core/result.ts";
import type { Scheduler } from "../../../src/engine/initiative/contract.ts";
import { withHistory, withHistoryState } from "../../../src/engine/initiative/history.ts";

/** A tiny counter scheduler: enough to prove the wrapper without any real scheme. */
type Counter = { readonly n: number };
const counter: Scheduler<Counter, { readonly type: "next" } | { readonly type: "fail" }, { readonly type: "ticked" }> =
  {
    id: "count",
    apply: (state, command) =>
      command.type === "next"
        ? ok({ state: { n: state.n + 1 }, events: [{ type: "ticked" }], requests: [] })
        : err("TEMPO.ERRORS.History.NothingToUndo"),
    timeline: () => [],
    current: () => null,
    pending: () => [],
  };

describe("history", () => {
  const scheduler = withHistory(counter, 3);

  it("undo restores the exact earlier state and redo returns the same state", () => {
    let state = withHistoryState<Counter>({ n: 0 });
    for (let i = 0; i < 2; i++) {
      const r = scheduler.apply(state, { type: "next" });
      if (!r.ok) throw new Error("next failed");
      state = r.value.state;
    }
    const undone = scheduler.apply(state, { type: "undo" });
    expect(undone.ok && undone.value.state.present).toEqual({ n: 1 });
    if (!undone.ok) return;
    const redone = scheduler.apply(undone.value.state, { type: "redo" });
    expect(redone.ok && redone.value.state).toEqual(state);
  });

  it("refuses to undo past the start with a typed error", () => {
    const result = scheduler.apply(withHistoryState<Counter>({ n: 0 }), { type: "undo" });
    expect(result).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.History.NothingToUndo" } });
  });

  it("keeps at most `limit` earlier states", () => {
    let state = withHistoryState<Counter>({ n: 0 });
    for (let i = 0; i < 10; i++) {
      const r = scheduler.apply(state, { type: "next" });
      if (r.ok) state = r.value.state;
    }
    expect(state.past.map((s) => s.n)).toEqual([7, 8, 9]);
  });

  it("a failed command changes nothing", () => {
    const state = withHistoryState<Counter>({ n: 4 });
    expect(scheduler.apply(state, { type: "fail" }).ok).toBe(false);
    expect(state).toEqual({ present: { n: 4 }, past: [], future: [] });
  });
});
