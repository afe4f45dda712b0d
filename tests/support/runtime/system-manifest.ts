/**
 * The system's manifest (system.json) as the runtime model's server reads it: Foundry's server takes
 * each subtype's `gmOnlyFields` (paths relative to `system`) from `documentTypes` and refuses a
 * non-GM's update to them (`ServerSanitizationFields.gmOnlyFields`, "Fields that can only be updated
 * by a GM user": https://foundryvtt.com/api/v14/interfaces/foundry.packages.types.ServerSanitizationFields.html).
 * The server reads the manifest when the world starts (it keeps old field lists until a restart).
 * Its `packs` are the system's compendium packs (PackageCompendiumData: `name`, `label`, `type`, and the
 * `ownership` each role gets by default), which every client lists in `game.packs` (packs.ts).
 */
import { readFileSync } from "node:fs";

type DocumentTypes = Readonly<Record<string, Readonly<Record<string, { readonly gmOnlyFields?: readonly string[] }>>>>;

/** One `packs[]` entry of the manifest. */
export interface ManifestPack {
  readonly name: string;
  readonly label: string;
  readonly type: string;
  readonly ownership?: Readonly<Record<string, string>>;
}

interface Manifest {
  readonly id: string;
  readonly documentTypes?: DocumentTypes;
  readonly packs?: readonly ManifestPack[];
}

let cached: Manifest | null = null;

function manifest(): Manifest {
  cached ??= JSON.parse(readFileSync(new URL("../../../system.json", import.meta.url), "utf8")) as Manifest;
  return cached;
}

function documentTypes(): DocumentTypes {
  return manifest().documentTypes ?? {};
}

/** The system's id and its compendium packs. */
export function manifestPacks(): { readonly system: string; readonly packs: readonly ManifestPack[] } {
  return { system: manifest().id, packs: manifest().packs ?? [] };
}

/** The `system` paths only a GM may write for a document of `type` (none for an undeclared type). */
export function gmOnlyFields(documentName: string, type: string): readonly string[] {
  return documentTypes()[documentName]?.[type]?.gmOnlyFields ?? [];
}
