/**
 * Count-track scheduler: time of one full round (round start with its sort, every creature's turn, the
 * end step) for 10 to 10,000 combatants with scripted rolls, the time per step, and the growth per ×10.
 * Two workloads: everyone passes (only `next`), and everyone declares a Heavy attack that resolves two
 * counts later (declare + next, pending actions on the track). A tenth of the creatures are defeated.
 * Targets: a step under 1 ms at 1,000 combatants; a round at 10,000 under 100 ms.
 * Run: npx tsx bench/count.bench.ts
 */
import type { CountCommand, CountState } from "../src/engine/initiative/count/index.ts";
import { countScheduler, createCountState } from "../src/engine/initiative/count/index.ts";
import { withHistory, withHistoryState, type HistoryState } from "../src/engine/initiative/history.ts";

/** A fixed pseudo-random d20 stream (the engine never rolls; neither does the bench). */
function dice(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return (x % 20) + 1;
  };
}

function must(state: CountState, command: CountCommand): CountState {
  const t = countScheduler.apply(state, command);
  if (!t.ok) throw new Error(`${command.type}: ${t.error.key}`);
  return t.value.state;
}

/** Rolled, contests settled, a tenth defeated: the first turn of round 1 (or of the surprise round). */
function started(n: number): CountState {
  const created = createCountState(
    Array.from({ length: n }, (_, i) => ({ id: `c${i}`, bonus: i % 5, isPlayer: i % 7 === 0, defeated: false })),
    { surprise: "declared" },
  );
  if (!created.ok) throw new Error(created.error.key);
  const d20 = dice(n);
  let state = must(created.value, { type: "start" });
  while (state.requests.length > 0) {
    state = must(state, { type: "rolls", results: state.requests.map((r) => ({ requestId: r.id, total: d20() })) });
  }
  for (let i = 3; i < n; i += 10) state = must(state, { type: "defeat", combatantId: `c${i}` });
  return state;
}

type Mode = "pass" | "declare";

/** Contests after a round's counts change (CNT-13) are rolled as the adapter would. */
const contestDice = dice(7);
function rollsFor(state: CountState): CountCommand {
  return { type: "rolls", results: state.requests.map((r) => ({ requestId: r.id, total: contestDice() })) };
}

interface Timing {
  /** Whole round, ms. */
  readonly round: number;
  /** Of which the round boundary (end step → next round: CNT-13, sort, contests), ms. */
  readonly boundary: number;
  /** Turn commands (declare, next) per round and µs each. */
  readonly steps: number;
  readonly perStep: number;
}

function commandsFor(state: CountState, current: string | null, mode: Mode): CountCommand[] {
  if (state.status === "contest") return [rollsFor(state)];
  if (mode === "declare" && current !== null) {
    return [{ type: "declare", combatantId: current, action: { kind: "attack", properties: ["heavy"], targets: ["x"] } }, { type: "next" }];
  }
  return [{ type: "next" }];
}

/** Best of `repeats` runs of `rounds` full rounds. */
function timeRounds(n: number, mode: Mode, withUndo: boolean, rounds: number, repeats: number): Timing {
  const history = withHistory(countScheduler);
  let best: Timing | null = null;
  for (let r = 0; r < repeats; r++) {
    let state = started(n);
    let h: HistoryState<CountState> = withHistoryState(state);
    const first = state.round;
    let steps = 0;
    let boundary = 0;
    let stepTime = 0;
    const t0 = performance.now();
    while (state.round < first + rounds) {
      const atBoundary = state.status === "end" || state.status === "contest";
      const t = performance.now();
      for (const command of commandsFor(state, countScheduler.current(state), mode)) {
        if (withUndo) {
          const applied = history.apply(h, command);
          if (!applied.ok) throw new Error(applied.error.key);
          h = applied.value.state;
          state = h.present;
        } else state = must(state, command);
        if (!atBoundary) steps++;
      }
      if (atBoundary) boundary += performance.now() - t;
      else stepTime += performance.now() - t;
    }
    const timing = { round: (performance.now() - t0) / rounds, boundary: boundary / rounds, steps: steps / rounds, perStep: (stepTime * 1000) / steps };
    if (best === null || timing.round < best.round) best = timing;
  }
  if (best === null) throw new Error("no run");
  return best;
}

function report(label: string, mode: Mode, withUndo: boolean): void {
  console.log(`\n${label}`);
  console.log("combatants | round (ms) | of which boundary (ms) | turn commands | per command (µs) | growth ×10 (round)");
  let previous: number | null = null;
  for (const n of [10, 100, 1_000, 10_000]) {
    const rounds = n >= 10_000 ? 3 : n >= 1_000 ? 5 : 30;
    const t = timeRounds(n, mode, withUndo, rounds, 5);
    const growth = previous === null ? "—" : `×${(t.round / previous).toFixed(1)}`;
    console.log(
      [
        String(n).padStart(10),
        t.round.toFixed(2).padStart(10),
        t.boundary.toFixed(2).padStart(22),
        t.steps.toFixed(0).padStart(13),
        t.perStep.toFixed(1).padStart(16),
        growth,
      ].join(" | "),
    );
    previous = t.round;
  }
}

report("Everyone passes (next only; CNT-13 then brings new ties, so the boundary rolls contests)", "pass", false);
report("Everyone declares a Heavy attack (declare + next, pending on the track)", "declare", false);
report("Declare + next through withHistory (undo kept)", "declare", true);
