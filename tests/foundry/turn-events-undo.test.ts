/**
 * Issue 20 item 2, on the runtime model in both generations (this file runs in the `foundry` and
 * `foundry-v14` projects): core's turn events for a Tempo combat are the engine's, told once. An undo
 * does not run core's linear walk (no `_onEndTurn` / `_onStartTurn` for the turn it goes back over, no
 * Region events), and advancing again over the same turn does not tell core of that turn's start a
 * second time (foundryvtt/foundryvtt #13983, #14271); `tempo.turnStarted` still reports it, marked
 * `repeat`. A redo replays the stored step and tells core nothing; the turn after it is told once.
 * Every ruleset.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/engine/index.ts";
import { installTempoWorld, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(20);
const { world } = t;
afterAll(() => world.uninstall());
const runtime = world.runtime;

/** Core's turn events and Tempo's turn hooks since `from`, on the GM's client. */
function since(from: number): { core: string[]; tempo: { id: unknown; repeat: unknown }[] } {
  const hooks = world.hooks.slice(from);
  const core = hooks
    .filter((h) => h.name === "_onStartTurn" || h.name === "_onEndTurn")
    .map((h) => `${h.name}:${String(h.args[0])}`);
  const tempo = hooks
    .filter((h) => h.name === "tempo.turnStarted")
    .map((h) => {
      const event = h.args[1] as { combatantId?: unknown; repeat?: unknown };
      return { id: event.combatantId, repeat: event.repeat };
    });
  return { core, tempo };
}

async function advance(combat: Tempo): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const m = t.model(combat);
    if (m.host.pending(m.state).length === 0) break;
    await combat.rollAll();
    await world.idle();
  }
  await combat.nextTurn();
  await world.idle();
}

describe("Issue 20: turn events told once across undo and redo (both generations, every ruleset)", () => {
  for (const ruleset of ["count", "standard", "phase", "segment", "rotation"] as RulesetId[]) {
    it(`${ruleset}: advancing, undoing and advancing again (or redoing) tells core of the turn start once`, async () => {
      const combat = await t.encounter(ruleset, 3);
      await combat.startCombat();
      await world.idle();
      await advance(combat);
      const from = world.hooks.length;
      await advance(combat);
      const first = since(from);
      const started = first.tempo.map((e) => e.id);
      expect(first.core.filter((c) => c.startsWith("_onStartTurn")).length).toBe(started.length);
      expect(started.length).toBeGreaterThan(0);

      const undoFrom = world.hooks.length;
      const regionFrom = runtime.regionEvents.length;
      await combat.previousTurn();
      await world.idle();
      expect(since(undoFrom).core, "an undo runs no linear walk of core's").toEqual([]);
      expect(runtime.regionEvents.slice(regionFrom)).toEqual([]);

      const againFrom = world.hooks.length;
      await advance(combat);
      const again = since(againFrom);
      expect(again.core, "the same turn is not started again in core").toEqual([]);
      expect(again.tempo.map((e) => e.id)).toEqual(started);
      expect(again.tempo.every((e) => e.repeat === true)).toBe(true);

      const nextFrom = world.hooks.length;
      await advance(combat);
      const next = since(nextFrom);
      expect(next.core.filter((c) => c.startsWith("_onStartTurn")).length).toBe(next.tempo.length);

      // Undo and redo (the tracker's Redo): the redone step's turns are not started again in core.
      await combat.previousTurn();
      await world.idle();
      const redoFrom = world.hooks.length;
      await combat.tempoCommand({ type: "redo" });
      await world.idle();
      const redone = since(redoFrom);
      expect(redone.core, "a redo starts no turn again in core").toEqual([]);
      expect(redone.tempo, "a redo replays the step; it tells no turn again").toEqual([]);
      const afterFrom = world.hooks.length;
      await advance(combat);
      const after = since(afterFrom);
      expect(after.tempo.length).toBeGreaterThan(0);
      expect(after.core.filter((c) => c.startsWith("_onStartTurn")).length).toBe(after.tempo.length);
      expect(after.tempo.some((e) => e.repeat === true)).toBe(false);
    });
  }
});
