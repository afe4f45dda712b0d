// Issue 22 item 4: the module packages built from this repository beside the system (one so far: Tempo's
// Token Action HUD adapter). Each has its manifest in modules/<id>/module.json and its script bundled on its
// own from src/modules/; `npm run package` writes release/<id>.zip (module.json and the script at the top,
// as Foundry unpacks a module's zip into Data/modules/<id>) and release/<id>.json, the same manifest.
// The manifest is uploaded as <id>.json rather than module.json: a GitHub release's files are one flat
// list, beside the system's system.json, and a name per package says which is which.
// The fields follow Foundry's module manifest (https://foundryvtt.com/article/module-development/:
// `relationships.systems`, `relationships.requires` with their `compatibility`) as Token Action HUD's own
// system adapters write them (github.com/Larkinabout/fvtt-token-action-hud-dnd5e, module.json).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { type PackageJson, ReleaseError, releaseVersion, repositoryUrl } from "./release-manifest.ts";
import { folderEntries, writeZip } from "./zip.ts";

export interface ModulePackage {
  /** The module's id (module.json `id`), its folder under modules/ and the release files' names. */
  readonly id: string;
  /** Its script's entry, bundled alone (imports of the system are types only: dependency-cruiser checks). */
  readonly entry: string;
  /** The bundle's name, as module.json `esmodules` lists it. */
  readonly script: string;
}

export const MODULE_PACKAGES: readonly ModulePackage[] = [
  { id: "tempo-token-action-hud", entry: "src/modules/token-action-hud/main.ts", script: "tempo-token-action-hud.mjs" },
];

/** The URLs of a module's release, beside the system's: the newest manifest, and this version's zip. */
export function moduleReleaseUrls(id: string, pkg: PackageJson): { url: string; manifest: string; download: string } {
  const repo = repositoryUrl(pkg);
  return {
    url: repo,
    manifest: `${repo}/releases/latest/download/${id}.json`,
    download: `${repo}/releases/download/v${releaseVersion(pkg)}/${id}.zip`,
  };
}

type Obj = Record<string, unknown>;

/**
 * The module's release manifest: its module.json with the version of package.json (the module and the
 * system are released together) and the release URLs; it needs this version of Tempo or newer (the
 * public API it was built against).
 */
export function moduleManifest(source: Readonly<Obj>, pkg: PackageJson): Obj {
  const version = releaseVersion(pkg);
  const relationships = (source.relationships ?? {}) as Obj;
  const systems = Array.isArray(relationships.systems) ? (relationships.systems as Obj[]) : [];
  if (!systems.some((s) => s.id === "tempo"))
    throw new ReleaseError(`module ${String(source.id)}: module.json must require the system "tempo".`);
  return {
    ...source,
    version,
    ...moduleReleaseUrls(String(source.id), pkg),
    relationships: {
      ...relationships,
      systems: systems.map((s) => (s.id === "tempo" ? { ...s, compatibility: { minimum: version } } : s)),
    },
  };
}

/** Builds `module` and returns its zip and manifest text (the script, module.json and the licence). */
export async function packageModule(
  root: string,
  module: ModulePackage,
  pkg: PackageJson,
): Promise<{ zip: Buffer; manifestText: string; files: number }> {
  const source = JSON.parse(readFileSync(join(root, "modules", module.id, "module.json"), "utf8")) as Obj;
  if (source.id !== module.id) throw new ReleaseError(`modules/${module.id}/module.json has id ${String(source.id)}.`);
  const manifestText = `${JSON.stringify(moduleManifest(source, pkg), null, 2)}\n`;
  const outDir = mkdtempSync(join(tmpdir(), `${module.id}-`));
  try {
    // No minification and `keepNames`, as the system's bundle (vite.config.ts); no source map in a release.
    await build({
      root,
      configFile: false,
      logLevel: "warn",
      publicDir: false,
      build: {
        outDir,
        emptyOutDir: false,
        target: "es2022",
        minify: false,
        sourcemap: false,
        reportCompressedSize: false,
        lib: { entry: join(root, module.entry), formats: ["es"], fileName: () => module.script },
        rolldownOptions: { output: { keepNames: true } },
      },
    });
    writeFileSync(join(outDir, "module.json"), manifestText);
    writeFileSync(join(outDir, "LICENSE"), readFileSync(join(root, "LICENSE")));
    const entries = folderEntries(outDir);
    return { zip: writeZip(entries), manifestText, files: entries.length };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
