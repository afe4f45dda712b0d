import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * One run, eight layers. Every layer but `foundry` shares its modules between files (`isolate: false`,
 * a third of the time on two cores): the Foundry tests import the system, whose `init` hook registers at
 * import, so each file there gets its own modules. The tooling layer checks that the lint rules really enforce engine purity. The engine layer has no setup file at all: its tests prove the rules run
 * with nothing but the engine. The browser layer drives Debian's Chromium against the preview page.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Vitest's default leaves one core to the main process: on CI's two cores that is one worker, and the
    // suite then takes six minutes. Two workers on two cores take four (measured on this machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads, not forked processes: the foundry layer starts a fresh worker for each file, and a
    // thread starts far faster than a process (that layer alone: 91 s forked, 73 s threaded, measured here).
    pool: "threads",
    projects: [
      { test: { name: "engine", isolate: false, include: ["tests/engine/**/*.test.ts"], environment: "node" } },
      { test: { name: "view", isolate: false, include: ["tests/view/**/*.test.ts"], environment: "node" } },
      { test: { name: "templates", isolate: false, include: ["tests/templates/**/*.test.ts"], environment: "node" } },
      { test: { name: "foundry", include: ["tests/foundry/**/*.test.ts"], environment: "node" } },
      // The pack tests compile LevelDB packs and load the system's models: seconds each on a busy machine.
      {
        test: {
          name: "packs",
          isolate: false,
          include: ["tests/packs/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "release",
          isolate: false,
          include: ["tests/release/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "tooling",
          isolate: false,
          include: ["tests/tooling/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          isolate: false,
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
