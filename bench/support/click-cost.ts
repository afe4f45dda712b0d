/**
 * What one click costs on the wire: the ONE place the click-bytes bench turns a click's writes into
 * bytes and write operations. The figures are the runtime model's server's (tests/support/runtime/
 * server.ts ledger): per document operation, the diff it broadcast (Foundry's: unchanged keys
 * dropped, objects by key, arrays whole) plus the operation options that travel with it. Chat
 * messages are documents on that server too (runtime/chat.ts): a posted card counts the created
 * source the server broadcast, an updated card its diff, from the same ledger. Nothing is dropped
 * for being small: no figure measures less than a user pays.
 *
 * Writes: every document operation the click made (a batched embedded update counts once), world
 * time and settings included; chat cards are counted in bytes, not as writes.
 */
import { isObj, jsonBytes } from "../../tests/support/runtime/diff.ts";
import type { Write } from "../../tests/support/foundry-world.ts";

export interface ClickCost {
  /** Bytes every client receives for the click. */
  readonly bytes: number;
  /** Document write operations (a batched embedded update is one). */
  readonly writes: number;
  /** Bytes by document name, and of the options alone, for the tables. */
  readonly byDocument: Readonly<Record<string, number>>;
}

/** The cost of one click from the writes the server logged for it (see the file comment). */
export function clickCost(writes: readonly Write[]): ClickCost {
  const byDocument: Record<string, number> = {};
  let bytes = 0;
  let count = 0;
  for (const write of writes) {
    const options = isObj(write.options) && Object.keys(write.options).length > 0 ? jsonBytes(write.options) : 0;
    byDocument[write.document] = (byDocument[write.document] ?? 0) + write.bytes - options;
    byDocument.options = (byDocument.options ?? 0) + options;
    bytes += write.bytes;
    if (write.document !== "ChatMessage") count++;
  }
  return { bytes, writes: count, byDocument };
}

/** Bytes a click's Combat writes added under `system.history.undo` (what a kept undo step costs). */
export function historyBytes(writes: readonly Write[]): number {
  let sum = 0;
  for (const w of writes) {
    if (w.document !== "Combat" || !Array.isArray(w.data)) continue;
    for (const diff of w.data as unknown[]) {
      const system = isObj(diff) ? diff.system : undefined;
      const history = isObj(system) ? system.history : undefined;
      if (isObj(history) && isObj(history.undo)) sum += jsonBytes(history.undo);
    }
  }
  return sum;
}
