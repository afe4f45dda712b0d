/**
 * The stored form of an engine state (`Combat.system.engine`, format 2; issue 17): what a scheme can
 * derive from the rest of its state is not stored (the pending rolls of `standard` and `rotation`, the round's
 * schedule of `segment`, the tie order of `count`, the ranking of `phase`: initiative/<scheme>/packed.ts;
 * phase's rolled values as one string per roster leaf; both since format 4), and rows of records are
 * stored as columns (storage/columns.ts).
 * `packState` is used on every write, `unpackState` on every read;
 * `unpackState(packState(s))` is `s`, and a state stored unpacked (format 1) reads back as it is.
 */
import { packCountState, unpackCountState } from "../initiative/count/packed.ts";
import type { CountState } from "../initiative/count/types.ts";
import { packPhaseState, unpackPhaseState } from "../initiative/phase/packed.ts";
import type { PhaseState } from "../initiative/phase/types.ts";
import { packRotationState, unpackRotationState } from "../initiative/rotation/packed.ts";
import type { RotationState } from "../initiative/rotation/state.ts";
import { packSegmentState, unpackSegmentState } from "../initiative/segment/packed.ts";
import type { BuiltSchedules } from "../initiative/segment/round-schedule.ts";
import type { SegmentState } from "../initiative/segment/types.ts";
import { packStandardState, unpackStandardState } from "../initiative/standard/packed.ts";
import type { StandardState } from "../initiative/standard/state.ts";
import { columnize } from "../storage/columns.ts";
import { uncolumnize, type RowsMemo } from "../storage/column-read.ts";
import type { Json } from "../storage/stored-json.ts";
import type { StoreMemo } from "../storage/store-memo.ts";

/** The scheme a state belongs to: its `scheme` field; a segment state has none but its group rolls say it. */
function schemeOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const scheme = (value as { readonly scheme?: unknown }).scheme;
  if (typeof scheme === "string") return scheme;
  if (Object.hasOwn(value, "ranking") && Object.hasOwn(value, "phase")) return "phase";
  return Object.hasOwn(value, "groupRolls") && Object.hasOwn(value, "schedule") ? "segment" : null;
}

/**
 * The stored form of an engine state (before stored-json's encoding); `memo`: columns.ts. `built`: the
 * segment schedules the host's steps built (initiative/segment/round-schedule.ts), not built again here.
 */
export function packState(state: unknown, memo?: StoreMemo, built?: BuiltSchedules): Json {
  return columnize(packScheme(state, memo, built), HOT_FIELDS, memo);
}

/**
 * Per-creature fields a turn step changes for the acting creature (count: CNT-6, CNT-11, CNT-12;
 * phase: PHS-3, PHS-7): kept per row, so a turn step sends one field, not a column of 32 cells.
 * Count's `count` and `countRound` are columns (format 3): a roll all (CNT-2) and a round boundary
 * (CNT-13, and every record brought up to the new round) change them for every creature, where a
 * column costs a few characters per creature and a row some 15 B; a turn step rarely changes them.
 */
export const HOT_FIELDS: ReadonlySet<string> = new Set([
  "turnRound",
  "turnCount",
  "actedRound",
  "reactedRound",
  "resolvedRound",
  "savesRound",
  "movedRound",
  "casting",
  "pending",
]);

function packScheme(state: unknown, memo: StoreMemo | undefined, built: BuiltSchedules | undefined): Json {
  switch (schemeOf(state)) {
    case "phase":
      return packPhaseState(state as PhaseState, memo);
    case "standard":
      return packStandardState(state as StandardState, memo);
    case "rotation":
      return packRotationState(state as RotationState, memo);
    case "segment":
      return packSegmentState(state as SegmentState, memo, built);
    case "count":
      return packCountState(state as CountState);
    default:
      return state as Json;
  }
}

/**
 * The engine state a stored form holds (for the scheme's `read` to check). `rows`: what the page found in
 * its last read of the same combat (column-read.ts), so rows stored as the same text are not built again.
 */
export function unpackState(stored: Json, rows?: RowsMemo): unknown {
  const value = uncolumnize(stored, rows);
  const record = value as Readonly<Record<string, unknown>>;
  switch (schemeOf(value)) {
    case "standard":
      return unpackStandardState(record, rows);
    case "rotation":
      return unpackRotationState(record, rows);
    case "segment":
      return unpackSegmentState(record);
    case "phase":
      return unpackPhaseState(record, rows);
    case "count":
      return unpackCountState(record, rows);
    default:
      return value;
  }
}
