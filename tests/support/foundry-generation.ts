/**
 * The foundry layer's setup (vitest.config.ts): the Foundry generation the runtime model plays in this
 * project, and a test fails when it leaves a compatibility warning behind (issue 20: "a test fails on any
 * deprecation warning in either mode"). The world's `CONFIG.compatibility.mode` is ERROR, so a deprecated
 * call also throws where it is made (runtime/compatibility.ts); the check here catches the ones Tempo's
 * code would have caught and reported as a notice.
 */
import { afterEach } from "vitest";
import { selectGeneration, type Generation } from "./runtime/generation.ts";
import { latestRuntime } from "./runtime/runtime.ts";

export function useFoundryGeneration(generation: Generation): void {
  selectGeneration(generation);
  afterEach(() => {
    const runtime = latestRuntime();
    if (runtime === null || runtime.deprecations.length === 0) return;
    const left = runtime.deprecations.splice(0).map((d) => d.message);
    throw new Error(`Foundry v${runtime.generation} compatibility warnings:\n${left.join("\n")}`);
  });
}
