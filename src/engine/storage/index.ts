// Public API of the stored form: engine states as Foundry documents keep them, diffs and undo patches.
export * from "./stored-json.ts";
export * from "./update-diff.ts";
export * from "./patch-history.ts";
export * from "./store-memo.ts";
export { createRowsMemo, type RowsMemo } from "./column-read.ts";
export * from "./fingerprint.ts";
export { compressText, decompressText } from "./lz-text.ts";
