/**
 * DEF-1 (issue 19): what the tracker's undo and redo do to the statuses that put a creature out of the fight
 * (`outOfFightStatuses`: core's defeated status, and unconscious outside count), decided from the combat's own
 * undo history so that it is exact after a reload, in both directions.
 *
 * The memory is kept per history step (the keys of `Combat.system.history`: patch-history.ts), as the combat
 * keeps its undo: step → creature → the out-of-fight statuses the creature showed on the side of that step
 * where it was out. It is written in the step's own Combat update (the Foundry layer's `flags`), and only the
 * creatures a step named as defeated or revived are listed, so an undo or a redo visits those and no other.
 *
 * **Ruling (DEF-1, issue 19):** the undo of a step that took a creature out of the fight takes those statuses
 * off its token and remembers them; its redo puts them back. The undo of a step that brought a creature back
 * (a revive: the last such status toggled off, or core's flag unticked) puts back what it showed just before
 * that revive; its redo takes them off again. What it showed before a revive is what it still shows of them
 * when the revive is written (core's tracker writes the flag before the status); when it shows none (the status
 * toggled off is what revived it), it is the one status that alone kept it out: core's defeated status when
 * core's flag was drawn (only that status draws it: `defeatedFlag`), else unconscious; count keeps unconscious
 * in its own state (CNT-14: its undo puts it back as a condition), so there it is core's defeated status.
 *
 * Pure.
 */
import { DEFEATED_STATUS } from "../conditions/status-table.ts";
import type { PatchHistory } from "../storage/patch-history.ts";
import type { AnyRulesetHost } from "./ruleset-hosts.ts";
import { outOfFightStatuses } from "./status-toggles.ts";

/** Per history step, per combatant: the out-of-fight statuses shown while out. */
export type OutOfFightMemory = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** What the plan needs to know of one creature the step named. */
export interface OutOfFightCreature {
  /** Whether the engine holds it out before the step and after it. */
  readonly outBefore: boolean;
  readonly outAfter: boolean;
  /** Every status its token shows when the step is written. */
  readonly shown: ReadonlySet<string>;
  /** Core's `defeated` flag before the step is mirrored. */
  readonly flagBefore: boolean;
}

export interface OutOfFightPlan {
  /** The statuses to put on each creature's token, by combatant id. */
  readonly put: ReadonlyMap<string, readonly string[]>;
  /** The statuses to take off each creature's token, by combatant id. */
  readonly takeOff: ReadonlyMap<string, readonly string[]>;
  /** The memory's update (`-=key: null` deletes a key), or null when it does not change. */
  readonly update: Record<string, unknown> | null;
}

/** The lowest (`lowest`) or the highest step number among `record`'s keys, or null when it has none. */
function endStep(record: object, lowest: boolean): number | null {
  let found: number | null = null;
  for (const k of Object.keys(record)) {
    if (!/^\d+$/.test(k)) continue;
    const n = Number(k);
    if (found === null || (lowest ? n < found : n > found)) found = n;
  }
  return found;
}

/**
 * The history step a written step made or moved: an undo's is the oldest redo entry (patch-history.ts
 * `undoStep` moves the newest undo entry there), a redo's and a new step's the newest undo entry.
 * Issue 17: one pass over the history's keys, no sorted list (asked at every step).
 */
export function historyStepOf(history: PatchHistory, moved: "undone" | "redone" | null): string | null {
  const key = moved === "undone" ? endStep(history.redo, true) : endStep(history.undo, false);
  return key === null ? null : String(key);
}

/** The ruling above: what a creature showed of the out-of-fight statuses just before a revive. */
export function statusesBeforeRevive(
  ruleset: AnyRulesetHost["id"],
  shownOut: readonly string[],
  flagBefore: boolean,
): readonly string[] {
  if (shownOut.length > 0) return shownOut;
  return ruleset === "count" || flagBefore ? [DEFEATED_STATUS] : ["unconscious"];
}

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((s, i) => s === b[i]);
}

/**
 * The statuses an engine step puts on and takes off (an undo or a redo only) and the memory's update (see the
 * file comment). `creature` answers for a combatant id (null: no longer in the combat or without an actor).
 */
export function outOfFightPlan(
  ruleset: AnyRulesetHost["id"],
  events: readonly { readonly type: string; readonly combatantId?: unknown }[],
  history: PatchHistory,
  memory: OutOfFightMemory,
  creature: (combatantId: string) => OutOfFightCreature | null,
): OutOfFightPlan {
  const moved = events.some((e) => e.type === "undone")
    ? "undone"
    : events.some((e) => e.type === "redone")
      ? "redone"
      : null;
  const key = historyStepOf(history, moved);
  const kept = key === null ? undefined : memory[key];
  const ids =
    moved !== null
      ? Object.keys(kept ?? {})
      : events
          .filter((e) => e.type === "combatantDefeated" || e.type === "combatantRevived")
          .map((e) => e.combatantId)
          .filter((id): id is string => typeof id === "string");
  const statuses = outOfFightStatuses(ruleset);
  const put = new Map<string, readonly string[]>();
  const takeOff = new Map<string, readonly string[]>();
  const entry: Record<string, readonly string[]> = {};
  for (const id of new Set(ids)) {
    const c = creature(id);
    if (c === null || c.outBefore === c.outAfter) continue;
    const shownOut = statuses.filter((s) => c.shown.has(s));
    if (moved === null) entry[id] = c.outAfter ? shownOut : statusesBeforeRevive(ruleset, shownOut, c.flagBefore);
    else if (c.outAfter) {
      const back = (kept?.[id] ?? []).filter((s) => !c.shown.has(s));
      if (back.length > 0) put.set(id, back);
    } else if (shownOut.length > 0) {
      takeOff.set(id, shownOut);
      entry[id] = shownOut;
    }
  }
  const update: Record<string, unknown> = {};
  const changed: Record<string, string[] | null> = {};
  for (const [id, list] of Object.entries(entry))
    if (moved === null || !sameList(kept?.[id], list)) changed[id] = [...list];
  // A new step reuses the number of a step an undo took back: its old entry is replaced, not merged into.
  const stale = moved === null && kept !== undefined;
  if (stale && Object.keys(changed).length > 0)
    for (const old of Object.keys(kept)) if (!(old in changed)) changed[`-=${old}`] = null;
  // Entries of steps no longer in the history go (the oldest dropped, a reset, a new step after an undo).
  const live = (old: string): boolean => Object.hasOwn(history.undo, old) || Object.hasOwn(history.redo, old);
  for (const old of Object.keys(memory))
    if (!live(old) || (stale && old === key && Object.keys(changed).length === 0)) update[`-=${old}`] = null;
  if (key !== null && Object.keys(changed).length > 0) update[key] = changed;
  return { put, takeOff, update: Object.keys(update).length > 0 ? update : null };
}
