import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * One run, eight layers. Every layer shares its modules between the files a worker runs (`isolate: false`):
 * a fresh module graph per file cost the foundry layer more than half its CPU (211 s against 95 s,
 * measured here). Each Foundry test file still gets a fresh world: its pages load the system as a page
 * does (tests/support/foundry-world.ts `loadSystem` replays init.ts's top-level hook registrations), and
 * the system's module state is kept per page (src/foundry/page-key.ts and the `game`-keyed maps), so
 * nothing of one file's world reaches the next. The tooling layer checks that the lint rules really
 * enforce engine purity. The engine layer's only setup file is the one every layer has (a faster first
 * look for vitest's deep equality, tests/support/plain-equality.ts): its tests prove the rules run with nothing
 * but the engine. The browser layer drives Debian's Chromium against the preview page.
 *
 * The Foundry layer runs twice (issue 20): `foundry` on the runtime model playing Foundry v13, `foundry-v14`
 * on it playing v14; each project's setup file selects the generation and fails a test that leaves a
 * compatibility warning (tests/support/foundry-generation.ts). To keep `npm test` under five minutes on
 * two cores, the two random suites share their runs between the projects instead of running them twice:
 * the race fuzz's 200 sequences a ruleset (fuzz-suite.ts `SEQUENCES`; odd seeds on v13, even on v14;
 * tests/support/race/fuzz-suite.ts) and the adapter fuzz's 24 random tables a ruleset (12 on each; 40 until
 * session 18; `npm run soak` plays both deep). CPU time (user + sys) of the Foundry layer, measured with `time npx vitest run --project …` on a shared two-core machine under load (load
 * average 8–10, so the figures vary by ±10 %): before (main at 85c0947), `foundry` alone, 120 s (111 +
 * 9); after, `foundry` and `foundry-v14`, 185 s (169 + 16), all 4,144 tests passing. Running the layer
 * twice loads its modules twice (vitest's summed transform and import time: 35 s before, 106 s after);
 * splitting the permission matrix's rows too saved nothing measurable, so every row runs on both.
 */
/** Vitest's deep equality with a fast first look at plain data, in every project (tests/support/plain-equality.ts). */
const EQUALITY = "tests/support/plain-equality.setup.ts";
/** Per-test limit of the node projects (see the comment above "engine"). */
const SLOW_MACHINE_MS = 20_000;

export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Vitest's default leaves one core to the main process: on CI's two cores that is one worker, and the
    // suite then takes six minutes. Two workers on two cores take four (measured on this machine).
    // TEMPO_TEST_WORKERS overrides it, to measure another width.
    maxWorkers: Number(process.env.TEMPO_TEST_WORKERS ?? Math.max(2, availableParallelism() - 1)),
    // Worker threads, not forked processes: a thread starts faster than a process.
    pool: "threads",
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache), one cache for every project
    // (vitest docs, "experimental.fsModuleCache", 4.0.11+): src/ is transformed once, not once per project
    // that imports it. A fresh clone starts with no cache, and still saves: 9-10 % less CPU over the view,
    // templates, tooling and foundry projects, cold, in two A/B pairs here (session 21). A module's key is its
    // content and id, so a changed file is transformed again.
    experimental: { fsModuleCache: true },
    projects: [
      // A few whole-encounter tests (a hundred steps, a fuzz sequence) take 1-2 s on a quiet 2-core machine and
      // passed 5 s when other work shared it: a hang still fails, a busy CI machine does not.
      {
        test: {
          name: "engine",
          isolate: false,
          testTimeout: SLOW_MACHINE_MS,
          include: ["tests/engine/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY],
        },
      },
      {
        test: {
          name: "view",
          isolate: false,
          testTimeout: SLOW_MACHINE_MS,
          include: ["tests/view/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY],
        },
      },
      {
        test: {
          name: "templates",
          isolate: false,
          include: ["tests/templates/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY],
        },
      },
      {
        test: {
          name: "foundry",
          isolate: false,
          testTimeout: SLOW_MACHINE_MS,
          include: ["tests/foundry/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY, "tests/support/foundry-v13.setup.ts"],
        },
      },
      {
        test: {
          name: "foundry-v14",
          isolate: false,
          testTimeout: SLOW_MACHINE_MS,
          include: ["tests/foundry/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY, "tests/support/foundry-v14.setup.ts"],
        },
      },
      // The pack tests compile LevelDB packs and load the system's models: seconds each on a busy machine.
      {
        test: {
          name: "packs",
          isolate: false,
          include: ["tests/packs/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "release",
          isolate: false,
          include: ["tests/release/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "tooling",
          isolate: false,
          include: ["tests/tooling/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          isolate: false,
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          setupFiles: [EQUALITY],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
