/**
 * Issue 20: one build for Foundry v13 and v14. The version is asked in one place (src/foundry/compat/
 * generation.ts), and each API the two generations name or shape differently goes through its compat
 * module: who sees a chat card, deletions in an update, context-menu entries. Each is checked on a world
 * of each generation (tests/support/runtime/generation.ts), where the v14 world warns, and here fails, on
 * any v13 name v14 deprecates (runtime/compatibility.ts). The last tests hold the model to that.
 */
import { describe, expect, it } from "vitest";
import { installFoundryWorld, type World } from "../support/foundry-world.ts";
import type { Generation } from "../support/runtime/generation.ts";
import { listFiles, readText } from "../support/source-files.ts";
import { foundryGeneration } from "../../src/foundry/compat/generation.ts";

const GENERATIONS: readonly Generation[] = [13, 14];

/** Runs `fn` in a fresh world of `generation` with a GM and a player, then takes the world down. */
async function inWorld(generation: Generation, fn: (world: World) => Promise<void>): Promise<void> {
  const world = installFoundryWorld(5, { generation });
  world.addUser("p1");
  try {
    await fn(world);
  } finally {
    world.uninstall();
  }
}

const settable = (): { release?: unknown } => game as unknown as { release?: unknown };

describe("issue 20: Foundry v13 and v14 through src/foundry/compat", () => {
  it("the generation is game.release.generation, else the major part of game.version, read on every call", async () => {
    for (const generation of GENERATIONS)
      await inWorld(generation, async () => {
        expect(foundryGeneration()).toBe(generation);
        const release = settable().release;
        settable().release = undefined;
        expect(foundryGeneration()).toBe(generation);
        settable().release = release;
      });
  });

  it("no module outside src/foundry/compat asks for the Foundry version", () => {
    const asks = /release\??\.generation|game\.version|foundryGeneration\(|isGenerationAtLeast\(/;
    const outside = listFiles("src", [".ts"]).filter((f) => !f.startsWith("src/foundry/compat/"));
    expect(outside.filter((f) => asks.test(readText(f)))).toEqual([]);
  });
});
