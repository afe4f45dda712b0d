/**
 * Issue 17: a scheme's part of a page's memo of its reads of one combat (storage/column-read.ts `RowsMemo`,
 * `schemes`), made on first use: what that scheme keeps of its last reads (initiative/<scheme>/read-memo.ts).
 */
import type { RowsMemo } from "../../storage/column-read.ts";

/** The `scheme` part of `memo`, of class `Reads` (made on first use), or undefined without a memo. */
export function schemeReads<T extends object>(
  memo: RowsMemo | undefined,
  scheme: string,
  Reads: new () => T,
): T | undefined {
  if (memo === undefined) return undefined;
  const kept = memo.schemes.get(scheme);
  if (kept instanceof Reads) return kept;
  const made = new Reads();
  memo.schemes.set(scheme, made);
  return made;
}
