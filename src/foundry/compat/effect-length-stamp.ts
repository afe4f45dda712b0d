/**
 * Issue 20 item 1: on v13, every timed ActiveEffect carries its length in v13's terms in
 * `flags.tempo.v13Length` ({seconds, rounds, turns}), so that the v14 migration (effect-migration.ts)
 * can give it back in v14's shape when the world moves.
 *
 * Why a copy: v14 core migrates a v13 effect when it loads it, keeping one unit of v13's `rounds` and
 * `turns` ("The new data structure requires a single unit and a single value", foundryvtt/foundryvtt
 * #14112), and what a v14 page reads from the effect's source afterwards is derived from that one unit
 * (sun-dragon-cult/fvtt-system-rqg #984 and PR #987: v14's legacy duration keys are accessors "that
 * derive their values from the new value/units/start fields"). "1 round and 1 turn" ("end of your next
 * turn", foundryvtt/foundryvtt-premium-content #1420) would end a turn early. Flags are kept as they are
 * across the move (they are the package's own data, https://foundryvtt.com/article/module-development/ "flags").
 *
 * Written with the effect's own writes, never as an extra one: `preCreateActiveEffect` puts it in the
 * new effect's source (`updateSource`, as dnd5e's and Crucible's `_preCreate` fill an effect's start),
 * and `preUpdateActiveEffect` adds it to an update that changes the length (the hook's `changes` are
 * "the differential data that will be used to update the document", https://foundryvtt.com/api/v13/functions/hookEvents.preUpdateDocument.html).
 * Effects made before this release get theirs once from the active GM at `ready` (one update per
 * document holding effects that lack one). Nothing on v14.
 */
import { SYSTEM_ID } from "../system-id.ts";
import { effectParents, type EffectParent } from "./effect-parents.ts";
import type { EffectLength } from "./effect-duration.ts";
import { isGenerationAtLeast } from "./generation.ts";

export const V13_LENGTH_FLAG = "v13Length";

type Source = Record<string, unknown>;

const obj = (value: unknown): Source =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Source) : {};
const num = (value: unknown): number | null => (typeof value === "number" && value > 0 ? value : null);

/** The length a v13 duration gives (each part null when not given), or null for an untimed effect. */
export function v13LengthOf(duration: unknown): EffectLength | null {
  const d = obj(duration);
  const length = { seconds: num(d.seconds), rounds: num(d.rounds), turns: num(d.turns) };
  return length.seconds === null && length.rounds === null && length.turns === null ? null : length;
}

/** The length stamped on an effect source (null: none). */
export function stampedLength(source: unknown): EffectLength | null {
  const stamp = obj(obj(obj(source).flags)[SYSTEM_ID])[V13_LENGTH_FLAG];
  return stamp === undefined ? null : v13LengthOf(stamp);
}

const sameLength = (a: EffectLength | null, b: EffectLength | null): boolean =>
  a?.seconds === b?.seconds && a?.rounds === b?.rounds && a?.turns === b?.turns;

/** The flag data stamping `length` (null: clearing an old stamp). */
const stampData = (length: EffectLength | null): Source => ({
  flags: { [SYSTEM_ID]: { [V13_LENGTH_FLAG]: length } },
});

interface StampedEffect {
  readonly _source: unknown;
  updateSource(changes: object): unknown;
}

/** The duration an update leaves: the source's with the update's duration keys (dotted or nested) over it. */
function updatedDuration(source: unknown, changes: Source): Source {
  const duration = { ...obj(obj(source).duration), ...obj(changes.duration) };
  for (const [key, value] of Object.entries(changes))
    if (key.startsWith("duration.")) duration[key.slice("duration.".length)] = value;
  return duration;
}

const changesLength = (changes: Source): boolean =>
  "duration" in changes || Object.keys(changes).some((key) => key.startsWith("duration."));

/** v13 only: every new or re-timed effect carries its length in the same write. */
export function registerLengthStamps(): void {
  if (isGenerationAtLeast(14)) return;
  const hooks = Hooks as unknown as {
    on(hook: string, fn: (effect: StampedEffect, changes: Source) => void): number;
  };
  hooks.on("preCreateActiveEffect", (effect) => {
    const length = v13LengthOf(obj(effect._source).duration);
    if (length !== null) effect.updateSource(stampData(length));
  });
  hooks.on("preUpdateActiveEffect", (effect, changes) => {
    if (!changesLength(changes)) return;
    const length = v13LengthOf(updatedDuration(effect._source, changes));
    if (sameLength(length, stampedLength(effect._source))) return;
    const flags = obj(changes.flags);
    changes.flags = { ...flags, [SYSTEM_ID]: { ...obj(flags[SYSTEM_ID]), [V13_LENGTH_FLAG]: length } };
  });
}

async function stampParent(parent: EffectParent): Promise<number> {
  const updates: Source[] = [];
  for (const effect of parent.effects ?? []) {
    const source = obj(effect._source);
    const length = v13LengthOf(source.duration);
    if (length !== null && !sameLength(length, stampedLength(source)))
      updates.push({ _id: source._id, ...stampData(length) });
  }
  if (updates.length > 0) await parent.updateEmbeddedDocuments("ActiveEffect", updates);
  let count = updates.length;
  for (const item of parent.items ?? []) count += await stampParent(item);
  return count;
}

/**
 * v13, at `ready`, the active GM: stamps every timed effect of the world that lacks its stamp (one update
 * per document holding such effects); the number stamped (0 on v14, on another client, or once done).
 */
export async function stampEffectLengths(): Promise<number> {
  if (isGenerationAtLeast(14) || game.users.activeGM?.isSelf !== true) return 0;
  let count = 0;
  for (const parent of effectParents()) count += await stampParent(parent);
  return count;
}
