import { defineConfig } from "vitest/config";

/**
 * One run, eight layers (tooling checks that the lint rules really enforce engine purity). The engine layer has no setup file at all: its tests prove the rules run
 * with nothing but the engine. The browser layer drives Debian's Chromium against the preview page.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      { test: { name: "engine", include: ["tests/engine/**/*.test.ts"], environment: "node" } },
      { test: { name: "view", include: ["tests/view/**/*.test.ts"], environment: "node" } },
      { test: { name: "templates", include: ["tests/templates/**/*.test.ts"], environment: "node" } },
      { test: { name: "foundry", include: ["tests/foundry/**/*.test.ts"], environment: "node" } },
      { test: { name: "packs", include: ["tests/packs/**/*.test.ts"], environment: "node" } },
      { test: { name: "release", include: ["tests/release/**/*.test.ts"], environment: "node", testTimeout: 30_000 } },
      { test: { name: "tooling", include: ["tests/tooling/**/*.test.ts"], environment: "node", testTimeout: 30_000 } },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
