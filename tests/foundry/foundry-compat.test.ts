/**
 * Issue 20: one build for Foundry v13 and v14. The version is asked in one place (src/foundry/compat/
 * generation.ts), and each API the two generations name or shape differently goes through its compat
 * module: who sees a chat card, deletions in an update, context-menu entries. Each is checked on a world
 * of each generation (tests/support/runtime/generation.ts), where the v14 world warns, and here fails, on
 * any v13 name v14 deprecates (runtime/compatibility.ts). The last tests hold the model to that.
 */
import { describe, expect, it } from "vitest";
import { installFoundryWorld, type World } from "../support/foundry-world.ts";
import { menuEntries } from "../support/runtime/context-menu.ts";
import type { Generation } from "../support/runtime/generation.ts";
import { COMPATIBILITY_MODES } from "../support/runtime/compatibility.ts";
import { listFiles, readText } from "../support/source-files.ts";
import { foundryGeneration } from "../../src/foundry/compat/generation.ts";
import { applyMessageMode, userMessageMode } from "../../src/foundry/compat/message-mode.ts";
import { deletionOf, foundryUpdate } from "../../src/foundry/compat/deletion.ts";
import { coreMenuEntry } from "../../src/foundry/compat/context-menu.ts";
import { childWindowOptions } from "../../src/foundry/compat/detached-window.ts";
import {
  effectDurationData,
  effectLength,
  effectStart,
  type EffectLength,
} from "../../src/foundry/compat/effect-duration.ts";

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

/** The running client's `CONFIG.compatibility` (runtime/compatibility.ts). */
const compatibility = (): { mode: number } => CONFIG.compatibility as unknown as { mode: number };

/** An effect's prepared `duration` (the model's ActiveEffect). */
const durationOf = (effect: unknown): object => (effect as { duration?: object } | undefined)?.duration ?? {};

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

  it("a card's visibility is the user's roll mode (v13) or message mode (v14), applied by that generation's API", async () => {
    for (const generation of GENERATIONS)
      await inWorld(generation, async (world) => {
        expect(userMessageMode()).toBe("public");
        await world.setMessageMode("self");
        expect(userMessageMode()).toBe("self");
        const blind: ChatMessage.CreateData = {};
        applyMessageMode(blind, "blind");
        expect(blind).toEqual({ whisper: ["gm"], blind: true });
        const self: ChatMessage.CreateData = {};
        await world.as(world.users.get("p1") ?? world.gm, async () => {
          await world.setMessageMode("self");
          applyMessageMode(self, userMessageMode());
        });
        expect(self.whisper).toEqual(["p1"]);
        const open: ChatMessage.CreateData = {};
        applyMessageMode(open, "public");
        expect(open).toEqual({});
        expect(world.deprecations).toEqual([]);
      });
  });

  it("a deletion is `-=key` on v13 and a ForcedDeletion on v14; either way the key is gone and nothing warns", async () => {
    for (const generation of GENERATIONS)
      await inWorld(generation, async (world) => {
        const actor = await world.addActor("A", [], "character", {});
        await actor.update({ flags: { tempo: { expired: true, kept: 1 } } });
        await actor.update({ flags: { tempo: deletionOf("expired") } });
        await world.idle();
        expect(actor.flags.tempo).toEqual({ kept: 1 });
        const engineDiff = { system: { a: { "-=b": null, c: 2 } } };
        const sent = foundryUpdate(engineDiff);
        if (generation === 13) expect(sent).toBe(engineDiff);
        else expect(Object.keys(sent.system.a)).toEqual(["b", "c"]);
        expect(world.deprecations).toEqual([]);
      });
  });

  it("a context-menu entry has the generation's shape: its label, icon, condition and click work as core reads them", async () => {
    for (const generation of GENERATIONS)
      await inWorld(generation, async (world) => {
        const clicked: string[] = [];
        const entry = coreMenuEntry({
          label: "TEMPO.TRACKER.Menu.Delay",
          icon: "fa-solid fa-clock",
          visible: (li) => li.dataset.combatantId === "a",
          onClick: async (li) => clicked.push(li.dataset.combatantId ?? ""),
        });
        const [read] = menuEntries([entry]);
        const row = (id: string) => ({ dataset: { combatantId: id } }) as unknown as HTMLElement;
        expect(read?.label).toBe("TEMPO.TRACKER.Menu.Delay");
        expect(read?.icon).toBe(generation === 13 ? '<i class="fa-solid fa-clock"></i>' : "fa-solid fa-clock");
        expect([read?.shown(row("a")), read?.shown(row("b"))]).toEqual([true, false]);
        await read?.choose(row("a"));
        expect(clicked).toEqual(["a"]);
        expect(world.deprecations).toEqual([]);
      });
  });

  it("DUR-1: an effect's length and start are read in either shape and written back in the generation's, the same length to the engine", async () => {
    const lengths = [{ seconds: 12 }, { rounds: 2 }, { turns: 1 }, { rounds: 1, turns: 1 }, { rounds: 2, turns: 3 }];
    const engine = (l: Partial<EffectLength>) => ({
      s: l.seconds ?? 0,
      end: (l.turns ?? 0) > 0,
      r: (l.rounds ?? 0) + Math.max(0, (l.turns ?? 0) - 1),
    });
    for (const generation of GENERATIONS)
      await inWorld(generation, async (world) => {
        const actor = await world.addActor("B", [], "character", {});
        for (const length of lengths) {
          const data = { name: "Hex", ...effectDurationData(length, { combat: "c1" }) };
          const [made] = await actor.createEmbeddedDocuments("ActiveEffect", [data]);
          expect(engine(effectLength(made ?? {}))).toEqual(engine(length));
          expect(effectStart(made ?? {})).toEqual({ time: 0, combat: "c1" });
        }
        if (generation === 14) {
          const native = (value: number, units: string, expiry: string | null = null) => ({
            duration: { value, units, expiry },
          });
          expect(effectLength(native(2, "minutes"))).toEqual({ seconds: 120, rounds: null, turns: null });
          expect(effectLength(native(1, "rounds", "turnStart"))).toEqual({ seconds: null, rounds: 1, turns: null });
          expect(effectLength(native(1, "rounds", "turnEnd"))).toEqual({ seconds: null, rounds: 1, turns: 1 });
          expect(effectLength(native(1, "months"))).toEqual({ seconds: null, rounds: null, turns: null });
        }
        expect(world.deprecations).toEqual([]);
      });
  });

  it("a window opened from a detached sheet opens in its browser window on v14 (window.detached, windowId); v13 has none", async () => {
    for (const generation of GENERATIONS) {
      await inWorld(generation, async () => {
        const detached = childWindowOptions({ window: { windowId: "w1" } });
        expect(detached).toEqual(generation === 14 ? { window: { detached: true, windowId: "w1" } } : {});
        expect(childWindowOptions({ window: {} })).toEqual({});
        expect(childWindowOptions({})).toEqual({});
      });
    }
  });

  it("Tempo's windows keep core's header controls, where v14 puts its Detach control: none overrides _getHeaderControls or sets window.controls", () => {
    // v14's "Detach Window" is an entry of ApplicationV2's controls menu (foundryvtt/pf2e #22408,
    // Muttley/foundryvtt-shadowdark #1343); a window that replaces the menu's entries loses it.
    const replaces = /_getHeaderControls|\bcontrols\s*:\s*\[/;
    const apps = listFiles("src/foundry/applications", [".ts"]);
    expect(apps.length).toBeGreaterThan(10);
    expect(apps.filter((f) => replaces.test(readText(f)))).toEqual([]);
  });

  it("no module outside src/foundry/compat asks for the Foundry version", () => {
    const asks = /release\??\.generation|game\.version|foundryGeneration\(|isGenerationAtLeast\(/;
    const outside = listFiles("src", [".ts"]).filter((f) => !f.startsWith("src/foundry/compat/"));
    expect(outside.filter((f) => asks.test(readText(f)))).toEqual([]);
  });
});

describe("the runtime model's v14 mode: v13 names v14 deprecates warn, and fail the test", () => {
  /** The v13 calls v14 deprecates, each made once on the running world. */
  async function legacyCalls(world: World): Promise<void> {
    ChatMessage.applyRollMode({}, "gmroll");
    game.settings.get("core", "rollMode");
    const actor = await world.addActor("B", [], "character", {});
    await actor.update({ flags: { tempo: { x: 1 } } });
    await actor.update({ "flags.tempo.-=x": null });
    menuEntries([{ name: "A", icon: "", condition: true, callback: () => undefined }]);
    const [hex] = await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Hex", duration: { rounds: 2 } }]);
    Reflect.get(durationOf(hex), "startTime");
  }

  it("v14: applyRollMode, core.rollMode, `-=key` and v13's menu entry each log one warning; CONFIG.compatibility ERROR throws", async () => {
    await inWorld(14, async (world) => {
      expect(() => ChatMessage.applyRollMode({}, "gmroll")).toThrow(/deprecated in favor of ChatMessage.applyMode/);
      world.deprecations.splice(0);
      compatibility().mode = COMPATIBILITY_MODES.WARNING;
      await legacyCalls(world);
      const said = world.deprecations.splice(0).map((d) => d.message);
      expect(said).toHaveLength(6);
      expect(said[0]).toMatch(/^ChatMessage.applyRollMode is deprecated/);
      expect(said[1]).toMatch(/^The core.rollMode setting is deprecated/);
      expect(said[2]).toMatch(/forced deletion or replacement key "flags.tempo.-=x" using legacy syntax/);
      expect(said[3]).toMatch(/^ContextMenuEntry#name, #condition and #callback are deprecated/);
      expect(said[4]).toMatch(/^ActiveEffect duration.rounds is deprecated/);
      expect(said[5]).toMatch(/^ActiveEffect duration.startTime is deprecated/);
      compatibility().mode = COMPATIBILITY_MODES.SILENT;
      await legacyCalls(world);
      expect(world.deprecations).toEqual([]);
    });
  });

  it("v14: an effect made with v13's duration fields is stored in v14's shape (duration value/units, start, system.changes), as core shims it", async () => {
    await inWorld(14, async (world) => {
      compatibility().mode = COMPATIBILITY_MODES.WARNING;
      world.worldTime = 30;
      const actor = await world.addActor("B", [], "character", {});
      const data = { name: "Hex", changes: [], duration: { rounds: 2, turns: 1, combat: "c1" } };
      const [hex] = await actor.createEmbeddedDocuments("ActiveEffect", [data]);
      expect(world.deprecations.splice(0).map((d) => d.message)).toHaveLength(2); // changes, duration
      const source = hex?.toObject() ?? {};
      expect(source.duration).toEqual({ value: 2, units: "rounds", expiry: null, expired: false });
      expect(source.start).toEqual({
        combat: "c1",
        combatant: null,
        initiative: null,
        round: null,
        turn: null,
        time: 30,
      });
      expect(source.system).toEqual({ changes: [] });
      expect(source).not.toHaveProperty("changes");
      expect(Reflect.get(durationOf(hex), "rounds")).toBe(2);
      expect(world.deprecations).toHaveLength(1);
      world.deprecations.splice(0);
    });
  });

  it("either generation: a compatibility warning throws where it is logged (CONFIG.compatibility ERROR) and is left in the ledger the test setup fails on", async () => {
    for (const generation of GENERATIONS)
      await inWorld(generation, async (world) => {
        expect(compatibility().mode).toBe(COMPATIBILITY_MODES.ERROR);
        const log = (foundry.utils as unknown as { logCompatibilityWarning(m: string): void }).logCompatibilityWarning;
        expect(() => log("X is deprecated in favor of Y.")).toThrow(/Deprecation: X is deprecated/);
        expect(world.deprecations.splice(0).map((d) => d.message)).toEqual(["X is deprecated in favor of Y."]);
        return Promise.resolve();
      });
  });

  it("v13: the same calls are v13's own API and warn nothing; v14's names are not there", async () => {
    await inWorld(13, async (world) => {
      await legacyCalls(world);
      expect(world.deprecations).toEqual([]);
      expect(() => (ChatMessage as unknown as FoundryV14.ChatMessageStatics).applyMode({}, "gm")).toThrow(/v14 API/);
      expect(() => Reflect.get(foundry.data, "operators")).toThrow(/foundry.data.operators is not modelled/);
      expect(Reflect.get(CONFIG.ChatMessage, "modes")).toBeUndefined();
    });
  });
});
