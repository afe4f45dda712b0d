/**
 * Registers Tempo's in-world integration tests with the Quench module when it is active: Quench fires
 * `quenchReady` with its instance in its `setup` hook (deprecated since Quench 0.5, still fired).
 * Without Quench the hook never fires and this does nothing. Display names are developer-facing, so
 * they are plain strings, not translation keys.
 */
import type { QuenchBatchFunction, Quench } from "./quench-api.ts";
import { attackBatch } from "./attack-batch.ts";
import { countBatch } from "./count-batch.ts";
import { damageBatch } from "./damage-batch.ts";
import { phaseBatch } from "./phase-batch.ts";
import { rotationBatch } from "./rotation-batch.ts";
import { segmentBatch } from "./segment-batch.ts";
import { sheetsBatch } from "./sheets-batch.ts";
import { standardBatch } from "./standard-batch.ts";
import { encounterBatch } from "./encounter-batch.ts";
import { coreHooksBatch } from "./core-hooks-batch.ts";
import { writersBatch } from "./writers-batch.ts";
import { socketBatch } from "./socket-batch.ts";
import { trackerBatch } from "./tracker-batch.ts";
import { consoleAttacksBatch } from "./console-attacks-batch.ts";
import { movementBatch } from "./movement-batch.ts";

/** Key, display name and registration function of each batch: the rulesets' order, the chat cards, then issue 17's and 18's. */
export const QUENCH_BATCHES: readonly {
  readonly key: string;
  readonly name: string;
  readonly fn: QuenchBatchFunction;
  /** Unchecked in the Quench window: the batch needs a tester at a second browser. */
  readonly manual?: boolean;
}[] = [
  { key: "tempo.combat.count", name: "TEMPO: count-up track combat", fn: countBatch },
  { key: "tempo.combat.standard", name: "TEMPO: standard turn order combat", fn: standardBatch },
  { key: "tempo.combat.phase", name: "TEMPO: phase rounds combat", fn: phaseBatch },
  { key: "tempo.combat.segment", name: "TEMPO: segment rounds combat", fn: segmentBatch },
  { key: "tempo.combat.rotation", name: "TEMPO: rotation combat", fn: rotationBatch },
  { key: "tempo.chat.damage", name: "TEMPO: damage cards, apply and undo", fn: damageBatch },
  { key: "tempo.encounters", name: "TEMPO: encounters deployed, joined and undone", fn: encounterBatch },
  { key: "tempo.chat.attack", name: "TEMPO: attack cards from an owned weapon", fn: attackBatch },
  { key: "tempo.sheets", name: "TEMPO: actor sheet, edit/play, an action, close", fn: sheetsBatch },
  { key: "tempo.core.hooks", name: "TEMPO: core hooks, turn events and combatant over two rounds", fn: coreHooksBatch },
  { key: "tempo.core.writers", name: "TEMPO: two next commands at once are two steps in order", fn: writersBatch },
  {
    key: "tempo.socket.endTurn",
    name: "TEMPO: a player's End my turn over the system socket",
    fn: socketBatch,
    manual: true,
  },
  { key: "tempo.tracker.parts", name: "TEMPO: partial tracker render draws the scheme part", fn: trackerBatch },
  {
    key: "tempo.attacks.console",
    name: "TEMPO: a player's console cheats change nothing (run as a player)",
    fn: consoleAttacksBatch,
    manual: true,
  },
  { key: "tempo.canvas.movement", name: "TEMPO: movement costs measured by core", fn: movementBatch },
];

/** `Hooks` with the `quenchReady` hook, which the Foundry types do not list (called on `Hooks` itself). */
const hooks = () => Hooks as unknown as { on(hook: "quenchReady", fn: (quench: Quench) => void): number };

export function registerQuenchBatches(): void {
  hooks().on("quenchReady", (quench) => {
    for (const batch of QUENCH_BATCHES) {
      quench.registerBatch(batch.key, batch.fn, { displayName: batch.name, preSelected: batch.manual !== true });
    }
  });
}
