import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../support/source-files.ts";

/** The parts of system.json the pack tests read. */
export interface Manifest {
  readonly esmodules: readonly string[];
  readonly styles: readonly { readonly src: string; readonly layer: string }[];
  readonly languages: readonly { readonly lang: string; readonly path: string }[];
  readonly documentTypes: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly packs: readonly { readonly name: string; readonly path: string; readonly type: string }[];
  readonly license: string;
  readonly readme: string;
  readonly changelog: string;
}

export const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as Manifest;

/** One pack source file, parsed. */
export interface PackSource {
  readonly file: string;
  readonly doc: Readonly<Record<string, unknown>>;
}

/** The JSON sources of the pack at `path` (relative to the repository root). */
export function packSources(path: string): PackSource[] {
  return readdirSync(join(ROOT, path))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = `${path}/${name}`;
      return { file, doc: JSON.parse(readFileSync(join(ROOT, file), "utf8")) as Record<string, unknown> };
    });
}
