// `npm run package`: builds the system for release and writes the two files a GitHub release needs:
//   release/tempo.zip    the built system folder (what Foundry installs)
//   release/system.json  the same manifest, uploaded beside the zip: Foundry reads it to install and update
// and for each module package of this repository (scripts/release/module-package.ts; issue 22 item 4):
//   release/<id>.zip     the built module folder (module.json and its script)
//   release/<id>.json    its manifest, uploaded beside it (release/tempo-token-action-hud.zip and .json)
// The version comes from package.json; the manifest and download URLs from package.json `repository`.
// It refuses, before building anything, when CHANGELOG.md has no section for the version.
//
// Options (the release test uses them to work in scratch folders):
//   --out-dir <dir>      build folder (default dist)
//   --release-dir <dir>  where the zip and manifest go (default release)
//   --changelog <file>   the changelog to check (default CHANGELOG.md)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  releaseManifest,
  ReleaseError,
  releaseVersion,
  requireChangelogEntry,
  ZIP_NAME,
} from "./release/release-manifest.ts";
import { folderEntries, writeZip } from "./release/zip.ts";
import { MODULE_PACKAGES, packageModule } from "./release/module-package.ts";

const root = resolve(import.meta.dirname, "..");

/** Files a build may leave that Foundry does not need: source maps, and LevelDB's lock and log files. */
function shipped(name: string): boolean {
  const file = basename(name);
  return !file.endsWith(".map") && !["LOCK", "LOG", "LOG.old"].includes(file);
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

async function packageRelease(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "out-dir": { type: "string", default: "dist" },
      "release-dir": { type: "string", default: "release" },
      changelog: { type: "string", default: "CHANGELOG.md" },
    },
  });
  const outDir = resolve(root, values["out-dir"]);
  const releaseDir = resolve(root, values["release-dir"]);
  const changelog = resolve(root, values.changelog);

  const pkg = readJson(join(root, "package.json"));
  const version = releaseVersion(pkg);
  const changelogName = relative(root, changelog) || changelog;
  if (!existsSync(changelog))
    throw new ReleaseError(`${changelogName} does not exist: it needs an entry for ${version}.`);
  requireChangelogEntry(readFileSync(changelog, "utf8"), version, changelogName);
  // Checks the repository address before the build, so a bad one fails fast.
  releaseManifest({}, pkg);

  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--out-dir", outDir, "--release"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new ReleaseError("the build failed (see above), so nothing was packaged.");

  const manifest = releaseManifest(readJson(join(outDir, "system.json")), pkg);
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  writeFileSync(join(outDir, "system.json"), manifestText);

  const entries = folderEntries(outDir, shipped);
  const zip = writeZip(entries);
  mkdirSync(releaseDir, { recursive: true });
  writeFileSync(join(releaseDir, ZIP_NAME), zip);
  writeFileSync(join(releaseDir, "system.json"), manifestText);

  const files = entries.filter((entry) => entry.data !== null).length;
  const shown = relative(root, releaseDir) || ".";
  console.log(`tempo: packaged ${version}: ${shown}/${ZIP_NAME} (${files} files, ${Math.round(zip.length / 1024)} kB)`);
  const attach = [`${shown}/${ZIP_NAME}`, `${shown}/system.json`];
  for (const module of MODULE_PACKAGES) {
    const built = await packageModule(root, module, pkg);
    writeFileSync(join(releaseDir, `${module.id}.zip`), built.zip);
    writeFileSync(join(releaseDir, `${module.id}.json`), built.manifestText);
    console.log(`tempo: packaged module ${module.id}: ${shown}/${module.id}.zip (${built.files} files)`);
    attach.push(`${shown}/${module.id}.zip`, `${shown}/${module.id}.json`);
  }
  console.log(`tempo: attach ${attach.join(", ")} to the GitHub release v${version}`);
}

try {
  await packageRelease();
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`tempo: cannot package: ${error.message}`);
  process.exitCode = 1;
}
