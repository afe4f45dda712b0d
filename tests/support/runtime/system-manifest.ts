/**
 * The system's manifest (system.json) as the runtime model's server reads it: Foundry's server takes
 * each subtype's `gmOnlyFields` (paths relative to `system`) from `documentTypes` and refuses a
 * non-GM's update to them (`ServerSanitizationFields.gmOnlyFields`, "Fields that can only be updated
 * by a GM user": https://foundryvtt.com/api/v14/interfaces/foundry.packages.types.ServerSanitizationFields.html).
 * The server reads the manifest when the world starts (it keeps old field lists until a restart).
 */
import { readFileSync } from "node:fs";

type DocumentTypes = Readonly<Record<string, Readonly<Record<string, { readonly gmOnlyFields?: readonly string[] }>>>>;

let cached: DocumentTypes | null = null;

function documentTypes(): DocumentTypes {
  if (cached === null) {
    const manifest = JSON.parse(readFileSync(new URL("../../../system.json", import.meta.url), "utf8")) as {
      documentTypes?: DocumentTypes;
    };
    cached = manifest.documentTypes ?? {};
  }
  return cached;
}

/** The `system` paths only a GM may write for a document of `type` (none for an undeclared type). */
export function gmOnlyFields(documentName: string, type: string): readonly string[] {
  return documentTypes()[documentName]?.[type]?.gmOnlyFields ?? [];
}
