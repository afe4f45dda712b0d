/**
 * Issue 17: the rotation part of a page's memo of its reads of one combat (shared/linear-reads.ts says what
 * it keeps and why).
 */
import type { RowsMemo } from "../../storage/column-read.ts";
import { LinearReads } from "../shared/linear-reads.ts";
import { schemeReads } from "../shared/scheme-reads.ts";

/** The rotation part of a page's memo (made on first use), or undefined without one. */
export function rotationReadsOf(memo: RowsMemo | undefined): LinearReads | undefined {
  return schemeReads(memo, "rotation", LinearReads);
}
