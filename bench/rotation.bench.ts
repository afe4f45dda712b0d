/**
 * Rotation scheduler: time of one full rotation (every creature's turn, through the rollover) for 10 to
 * 10,000 combatants, the time per turn step, and the growth per ×10 combatants. The encounter uses the
 * settings that cost the most: enemy groups of three (ROT-5) and no three player characters in a row
 * (ROT-6), with a tenth of the creatures defeated (DEF-1). A second table forces the order to be rebuilt
 * every rotation (a mid-rotation change each time), the worst case for a rollover.
 * Targets: a step under 1 ms at 1,000 combatants; a rotation at 10,000 under 100 ms.
 * Run: node --import ./bench/support/ts-loader.mjs bench/rotation.bench.ts
 */
import {
  createRotationState,
  rotationScheduler,
  type RotationCombatantInput,
  type RotationState,
} from "../src/engine/initiative/rotation/index.ts";
import {
  historySteps,
  inHistory,
  plainSteps,
  reportChanges,
  reportRounds,
  startedWithDefeated,
  timeRounds,
} from "./support/linear-rounds.ts";
import { recorder } from "./support/results.ts";

const results = recorder("rotation");

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
  return startedWithDefeated(rotationScheduler, created, n);
}

const plain = plainSteps(rotationScheduler);
// A mid-rotation change each time: the order is rebuilt at every rollover.
const rebuild = plainSteps(rotationScheduler, (state) => (state.turnIndex === 0 ? { ...state, resort: true } : state));
const undoKept = historySteps(rotationScheduler);
const time = (mode: "plain" | "history" | "rebuild") => (n: number, rounds: number) =>
  mode === "history"
    ? timeRounds(() => inHistory(started(n)), undoKept, rounds, 5)
    : timeRounds(() => started(n), mode === "plain" ? plain : rebuild, rounds, 5);

timeRounds(() => started(1_000), plain, 10, 3); // warm-up
reportRounds(results, "plain", "rotation: a full rotation of `next` (plain state)", "rotation", time("plain"));
reportRounds(
  results,
  "history",
  "rotation: a full rotation of `next` through withHistory (undo kept)",
  "rotation",
  time("history"),
);
reportRounds(
  results,
  "rebuild",
  "rotation: a full rotation when the order must be rebuilt at every rollover",
  "rotation",
  time("rebuild"),
);
// Changes mid-rotation are O(n) or O(n log n), not steps: each copies the combatant record (plain JSON,
// so no structural sharing of its entries), and a new result rebuilds the rest of the rotation (ROT-6
// and groups included).
reportChanges(
  results,
  "rotation: one change mid-rotation (O(n) / O(n log n), not a step), ms",
  {
    scheduler: rotationScheduler,
    join: (state, combatantId) =>
      rotationScheduler.apply(state, { type: "join", combatantId, kind: "pc", modifier: 0, groupId: null }),
  },
  started,
);
