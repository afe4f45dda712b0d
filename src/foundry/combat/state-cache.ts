/**
 * Decoded engine states, cached per combat and sequence number (issue 17): the active GM computes
 * each step's state itself, so when its own write comes back the combat model takes that state
 * instead of decoding and validating the whole stored engine again (3 ms at 300 in count, 15 ms at
 * 1,000 in segment). A state is used only for the exact `seq` it was written with; any other write
 * (another client's, a migration, a reload) is decoded as before.
 *
 * A `seq` alone does not name a write: while one GM takes over from another both may write the same
 * `seq` (no compare-and-swap, see the race fuzz's TAKEOVER), and a write whose changes the server
 * already holds is applied as nothing. So a Combat write of `system` by another user forgets the
 * entry and the model reads that write from the document (documents/combat.ts `_onUpdate`, race fuzz
 * segment seed 115: a GM that had cached its own no-op seq 10 took the new active GM's seq 10 for it).
 * Writes reach a client in the server's order (a websocket keeps its order), so a write of this
 * client's that the server applied after another's is read from the document too.
 *
 * Keyed by page (page-key.ts): in Foundry each page has its own module state; the test runtime
 * runs several clients in one process, and a reloaded page must not find its closed page's states.
 */
import {
  createStoreMemo,
  type StoreMemo,
  type StoredCombat,
  type StoredObject,
  type TurnEventLedger,
} from "../../engine/index.ts";
import { pageKey } from "../page-key.ts";
import { forgetWrittenSecrets, saveSecret } from "./secret-store.ts";
import { forgetKeptActions } from "./secret-actions.ts";
import { forgetKeptUses } from "./secret-uses.ts";
import { forgetDeparted } from "./departed.ts";
import { forgetConstantClaims } from "./constant-claims-kept.ts";
import { forgetSecrecy } from "./secrecy.ts";

/** A step this client wrote: its state, and the stored form it wrote (engine/host/combat-step.ts). */
export interface CachedStep {
  readonly state: unknown;
  /**
   * The whole engine, history and format of the step, as it made them (issue 18: `Combat.system` holds
   * their published form, engine/host/published.ts): the next step diffs against them part by part,
   * sharing what did not change, instead of against the document's copy.
   */
  readonly stored: StoredCombat;
  /**
   * Issue 18: the engine the write published (engine/host/published.ts), where it differs from the
   * whole one (`stored.engine`); the next write diffs against it.
   */
  readonly published?: StoredObject;
  /**
   * Issue 18: the published state's order (engine host/public-order.ts), which core's `turns` follow on
   * every client; absent where it is the whole state's.
   */
  readonly publicOrder?: readonly string[];
  /**
   * Issue 17: each creature's place in `publicOrder`, where the step was worked out ahead (write-step.ts
   * `planWrite`): the page's combat model takes it instead of building it at the click (combat-model.ts).
   */
  readonly places?: ReadonlyMap<string, number>;
  /**
   * Issue 17: the published state itself, where `published` is set: the guard's core position (core-position.ts)
   * reads it instead of decoding `published` again on every update of the combat.
   */
  readonly shown?: unknown;
  /**
   * Issue 17: the turn-event ledger the write stored (step-turn-log.ts), so the next step moves it from
   * there instead of reading the document's copy back.
   */
  readonly turnLog?: TurnEventLedger;
}

const cache = new Map<string, CachedStep & { readonly seq: number }>();

function keyOf(combatId: string): string {
  return (globalThis as { game?: unknown }).game === undefined ? combatId : pageKey(combatId);
}

/**
 * Remembers that the write of `combatId` with `seq` holds `step` (the writer, before its update), and
 * keeps its undo history and secrets in the GM's browser (issue 18, secret-store.ts) unless `persist` is
 * false (a step read back from there).
 */
export function primeState(combatId: string, seq: number, step: CachedStep, persist = true): void {
  cache.set(keyOf(combatId), { seq, ...step });
  if (persist) saveSecret(combatId, seq, step.stored, step.published, storeMemoOf(combatId));
}

/** The step written with `seq` for `combatId`, when this client wrote it; else undefined. */
export function cachedState(combatId: string | null | undefined, seq: number): CachedStep | undefined {
  if (combatId === null || combatId === undefined) return undefined;
  const entry = cache.get(keyOf(combatId));
  return entry !== undefined && entry.seq === seq ? entry : undefined;
}

const memos = new Map<string, StoreMemo>();

/**
 * What this client remembers between the steps it computes for `combatId` (engine storage/store-memo.ts):
 * the stored form of the parts of a state a step did not change is the one it stored before.
 */
export function storeMemoOf(combatId: string | null): StoreMemo {
  const key = keyOf(combatId ?? "");
  let memo = memos.get(key);
  if (memo === undefined) memos.set(key, (memo = createStoreMemo()));
  return memo;
}

/** Forgets the state cached for `combatId` (another user wrote its `system`). */
export function forgetState(combatId: string): void {
  cache.delete(keyOf(combatId));
}

/** Forgets every cached state (a reload does; tests that travel back in time call it too). */
export function clearStateCache(): void {
  cache.clear();
  memos.clear();
  forgetWrittenSecrets();
  forgetKeptActions();
  forgetKeptUses();
  forgetDeparted();
  forgetConstantClaims();
  forgetSecrecy();
}
