/**
 * Deleting a key in a document update. v13: the key `-=name` with the value null (the documented way to
 * unset a flag; Foundry's own `Document#unsetFlag`). v14: `{name: foundry.data.operators.ForcedDeletion.create()}`
 * (https://foundryvtt.com/api/modules/foundry.data.operators.html); v14 still reads `-=name` but logs "You
 * are specifying a forced deletion or replacement key … using legacy syntax which should be migrated to
 * instead pass … foundry.data.operators.ForcedDeletion" (Muttley/foundryvtt-fallout #751; foundryvtt/pf2e
 * PR #21998). dnd5e branches the same way on the generation (item.mjs, `generation < 14`).
 */
import { isGenerationAtLeast } from "./generation.ts";

/** v14's `foundry.data.operators` (declared in ../fvtt-v14.d.ts: the installed types are v13's). */
const operators = (): FoundryV14.DataOperators =>
  (foundry.data as unknown as { operators: FoundryV14.DataOperators }).operators;

/** The update entries that delete `key` of the object they sit in. */
export function deletionOf(key: string): Record<string, unknown> {
  if (isGenerationAtLeast(14)) return { [key]: operators().ForcedDeletion.create() };
  return { [`-=${key}`]: null };
}

const LEGACY_PREFIX = "-=";

function withOperators(
  update: Record<string, unknown>,
  make: () => FoundryV14.ForcedDeletion,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith(LEGACY_PREFIX) && value === null) out[key.slice(LEGACY_PREFIX.length)] = make();
    else if (typeof value === "object" && value !== null && !Array.isArray(value))
      out[key] = withOperators(value as Record<string, unknown>, make);
    else out[key] = value;
  }
  return out;
}

/**
 * An update whose deletions are the engine's `"-=key": null` (engine/storage/update-diff.ts, Foundry's v13
 * shape), in the running generation's shape: the same object on v13, a copy with ForcedDeletions on v14.
 */
export function foundryUpdate<T extends Record<string, unknown>>(update: T): T {
  if (!isGenerationAtLeast(14)) return update;
  const { ForcedDeletion } = operators();
  return withOperators(update, () => ForcedDeletion.create()) as T;
}
