/**
 * Rotation scheduler: time of one full rotation (every creature's turn, through the rollover) for 10 to
 * 10,000 combatants, the time per turn step, and the growth per ×10 combatants. The encounter uses the
 * settings that cost the most: enemy groups of three (ROT-5) and no three player characters in a row
 * (ROT-6), with a tenth of the creatures defeated (DEF-1). A second table forces the order to be rebuilt
 * every rotation (a mid-rotation change each time), the worst case for a rollover.
 * Targets: a step under 1 ms at 1,000 combatants; a rotation at 10,000 under 100 ms.
 * Run: npx tsx bench/rotation.bench.ts
 */
import { withHistory, withHistoryState } from "../src/engine/initiative/history.ts";
import {
  createRotationState,
  rotationScheduler,
  type RotationCombatantInput,
  type RotationState,
} from "../src/engine/initiative/rotation/index.ts";

function started(n: number): RotationState {
  const input: RotationCombatantInput[] = [];
  for (let i = 0; i < n; i++) {
    const enemy = i % 2 === 1;
    // Enemies in threes share a result; everyone else gets a distinct one.
    const group = enemy ? Math.floor(i / 6) : null;
    input.push({
      id: `c${i}`,
      kind: enemy ? "enemy" : "pc",
      groupId: group === null ? null : `g${group}`,
      initiative: enemy ? 2 * (n - 6 * (group ?? 0)) : 2 * (n - i) + 1,
    });
  }
  const created = createRotationState(input, { enemyGroups: true, noThreePlayersInRow: true });
  if (!created.ok) throw new Error(created.error.key);
  const begun = rotationScheduler.apply(created.value, { type: "start" });
  if (!begun.ok) throw new Error(begun.error.key);
  let state = begun.value.state;
  for (let i = 3; i < n; i += 10) {
    const t = rotationScheduler.apply(state, { type: "defeat", combatantId: `c${i}` });
    if (t.ok) state = t.value.state;
  }
  return state;
}

function timeRounds(
  n: number,
  mode: "plain" | "history" | "rebuild",
  rounds: number,
  repeats: number,
): { round: number; steps: number } {
  const scheduler = withHistory(rotationScheduler);
  let best = Number.POSITIVE_INFINITY;
  let steps = 0;
  for (let r = 0; r < repeats; r++) {
    let state = started(n);
    let history = withHistoryState(state);
    const target = state.round + rounds;
    steps = 0;
    const t0 = performance.now();
    while ((mode === "history" ? history.present.round : state.round) < target) {
      if (mode === "history") {
        const t = scheduler.apply(history, { type: "next" });
        if (!t.ok) throw new Error(t.error.key);
        history = t.value.state;
      } else {
        if (mode === "rebuild" && state.turnIndex === 0) state = { ...state, resort: true };
        const t = rotationScheduler.apply(state, { type: "next" });
        if (!t.ok) throw new Error(t.error.key);
        state = t.value.state;
      }
      steps++;
    }
    best = Math.min(best, performance.now() - t0);
  }
  return { round: best / rounds, steps: steps / rounds };
}

function report(label: string, mode: "plain" | "history" | "rebuild"): void {
  console.log(`\n${label}`);
  console.log("combatants | rotation (ms) | per step (µs) | growth ×10");
  let previous: number | null = null;
  for (const n of [10, 100, 1_000, 10_000]) {
    const rounds = n >= 10_000 ? 3 : n >= 1_000 ? 10 : 100;
    const { round, steps } = timeRounds(n, mode, rounds, 5);
    const growth = previous === null ? "" : `×${(round / previous).toFixed(1)}`;
    console.log(
      `${String(n).padStart(10)} | ${round.toFixed(3).padStart(13)} | ${((round / steps) * 1000).toFixed(2).padStart(13)} | ${growth}`,
    );
    previous = round;
  }
}

/**
 * Changes mid-rotation at `n` combatants, best of 4, in ms. They are O(n) or O(n log n), not steps: each
 * copies the combatant record (plain JSON, so no structural sharing of its entries), and a new result
 * rebuilds the rest of the rotation (ROT-6 and groups included).
 */
function timeChanges(n: number): Record<string, number> {
  let state = started(n);
  for (let i = 0; i < n / 2; i++) {
    const t = rotationScheduler.apply(state, { type: "next" });
    if (t.ok) state = t.value.state;
  }
  const best: Record<string, number> = {
    "join + roll": Infinity,
    setInitiative: Infinity,
    defeat: Infinity,
    leave: Infinity,
  };
  const time = (label: string, run: () => void): void => {
    const t0 = performance.now();
    run();
    best[label] = Math.min(best[label] ?? Infinity, performance.now() - t0);
  };
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: { key: string } }): T => {
    if (!r.ok) throw new Error(r.error.key);
    return r.value;
  };
  const late = `c${n - 2}`;
  for (let k = 0; k < 4; k++) {
    time("join + roll", () => {
      const joined = must(
        rotationScheduler.apply(state, {
          type: "join",
          combatantId: `late${k}`,
          kind: "pc",
          modifier: 0,
          groupId: null,
        }),
      );
      must(
        rotationScheduler.apply(joined.state, {
          type: "rolls",
          results: [{ requestId: joined.requests[0]?.id ?? "", total: 7 }],
        }),
      );
    });
    time("setInitiative", () =>
      must(rotationScheduler.apply(state, { type: "setInitiative", combatantId: late, value: 5 })),
    );
    time("defeat", () => must(rotationScheduler.apply(state, { type: "defeat", combatantId: late })));
    time("leave", () => must(rotationScheduler.apply(state, { type: "leave", combatantId: late })));
  }
  return best;
}

timeRounds(1_000, "plain", 10, 3); // warm-up
report("rotation: a full rotation of `next` (plain state)", "plain");
report("rotation: a full rotation of `next` through withHistory (undo kept)", "history");
report("rotation: a full rotation when the order must be rebuilt at every rollover", "rebuild");
console.log("\nrotation: one change mid-rotation (O(n) / O(n log n), not a step), ms");
console.log("combatants | " + Object.keys(timeChanges(10)).join(" | "));
for (const n of [1_000, 10_000]) {
  const best = timeChanges(n);
  console.log(
    `${String(n).padStart(10)} | ${Object.values(best)
      .map((v) => v.toFixed(2))
      .join(" | ")}`,
  );
}
