/**
 * What one click costs on the wire: the ONE place the click-bytes bench (and, later, the runtime
 * model's server) turns a click's document writes into bytes and write operations.
 *
 * Per written document, Foundry's update diff against the stored source (tests/support/runtime/diff.ts:
 * dotted keys expanded, unchanged keys dropped, arrays whole), with the document's `_id`; a batched
 * embedded update sends each changed document's diff. On top, the JSON of the operation options (core
 * broadcasts them with the update: `tempoEvents`, `direction`, `worldTime` …). A created document
 * (a chat card, a group) and any other write cost their whole data. Nothing is dropped for being
 * small: no figure measures less than a user pays.
 *
 * Writes: every document write operation the click made; a batched embedded update counts once.
 */
import { diffUpdate, expandDotted, isObj, jsonBytes, type Obj } from "../../tests/support/runtime/diff.ts";
import type { Write } from "../../tests/support/foundry-world.ts";

export interface ClickCost {
  /** Bytes sent to the server and broadcast to every client. */
  readonly bytes: number;
  /** Document write operations (a batched embedded update is one). */
  readonly writes: number;
  /** Bytes by document name, and of the options alone, for the tables. */
  readonly byDocument: Readonly<Record<string, number>>;
}

/** The diff of one document's change against its stored source, with its `_id`; 0 when nothing changes. */
function changeBytes(before: unknown, change: unknown): number {
  if (!isObj(change)) return jsonBytes(change);
  const { _id: id, ...rest } = change;
  const diff = diffUpdate(isObj(before) ? before : {}, expandDotted(rest));
  if (Object.keys(diff).length === 0) return 0;
  return jsonBytes(id === undefined ? diff : { _id: id, ...diff });
}

function optionBytes(options: unknown): number {
  return isObj(options) && Object.keys(options).length > 0 ? jsonBytes(options) : 0;
}

function writeBytes(write: Write): number {
  if (write.before === undefined) return jsonBytes(write.data);
  if (Array.isArray(write.data)) {
    const before = Array.isArray(write.before) ? (write.before as unknown[]) : [];
    return write.data.reduce((sum: number, change: unknown, i) => sum + changeBytes(before[i], change), 0);
  }
  return changeBytes(write.before, write.data as Obj);
}

/** The cost of one click from the writes it made (see the file comment). */
export function clickCost(writes: readonly Write[]): ClickCost {
  const byDocument: Record<string, number> = {};
  let bytes = 0;
  for (const write of writes) {
    const document = writeBytes(write);
    const options = optionBytes(write.options);
    byDocument[write.document] = (byDocument[write.document] ?? 0) + document;
    byDocument.options = (byDocument.options ?? 0) + options;
    bytes += document + options;
  }
  return { bytes, writes: writes.length, byDocument };
}
