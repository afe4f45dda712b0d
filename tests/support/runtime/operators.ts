/**
 * v14's data-field operators, in part: `foundry.data.operators.ForcedDeletion` (the namespace's classes
 * are DataFieldOperator, ForcedDeletion and ForcedReplacement: https://foundryvtt.com/api/modules/foundry.data.operators.html).
 * `{key: ForcedDeletion.create()}` in an update deletes `key`, replacing v13's `{"-=key": null}`, which v14
 * still applies but warns about: "You are specifying a forced deletion or replacement key "-=buffout" using
 * legacy syntax which should be migrated to instead pass {buffout: foundry.data.operators.ForcedDeletion…"
 * (Muttley/foundryvtt-fallout #751; foundryvtt/pf2e PR #21998 "Replace remaining deletion keys with
 * ForcedDeletion"; systems call `ForcedDeletion.create()`, e.g. the v14 code of Star Wars FFG PR #2280).
 * An operator crosses the socket as an object marked with `OPERATOR_IDENTIFIER`, "a unique string used in
 * serialization to identify that an object should be deserialized to a DataFieldOperator"
 * (https://foundryvtt.com/api/variables/foundry.data.operators.OPERATOR_IDENTIFIER.html): the model's
 * instance carries that mark as an own property, so it survives the model's structured clones.
 * ForcedReplacement is not modelled (Tempo has no use for it).
 */
import { logCompatibilityWarning } from "./compatibility.ts";
import { isObj } from "./diff-shape.ts";
import { worldGeneration } from "./generation.ts";

export const OPERATOR_IDENTIFIER = "__$OPERATOR$__";

export class ForcedDeletion {
  readonly [OPERATOR_IDENTIFIER] = "ForcedDeletion";
  static create(): ForcedDeletion {
    return new ForcedDeletion();
  }
}

/** Whether a value is a forced deletion, as sent or as received. */
export const isForcedDeletion = (value: unknown): boolean =>
  isObj(value) && value[OPERATOR_IDENTIFIER] === "ForcedDeletion";

/** The first "-=key" of an update, at any depth or in a dotted path, or null. */
function legacyDeletionKey(data: unknown): string | null {
  if (!isObj(data)) return null;
  for (const [key, value] of Object.entries(data)) {
    if (key.split(".").some((part) => part.startsWith("-="))) return key;
    const inner = legacyDeletionKey(value);
    if (inner !== null) return inner;
  }
  return null;
}

/** v14 warns when an update deletes with the legacy "-=key" syntax (see the file comment). */
export function warnLegacyDeletion(data: unknown): void {
  if (worldGeneration.current < 14) return;
  const key = legacyDeletionKey(data);
  if (key === null) return;
  logCompatibilityWarning(
    `You are specifying a forced deletion or replacement key "${key}" using legacy syntax which should be ` +
      "migrated to instead pass foundry.data.operators.ForcedDeletion.",
    { since: 14, until: 16 },
  );
}

/** Core's `unsetFlag` update: v13 deletes with "-=key", v14 with a ForcedDeletion. */
export function flagDeletion(scope: string, key: string): Record<string, unknown> {
  if (worldGeneration.current >= 14) return { [`flags.${scope}.${key}`]: ForcedDeletion.create() };
  return { [`flags.${scope}.-=${key}`]: null };
}
