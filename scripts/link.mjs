// Links the built system into a Foundry user-data folder: `FOUNDRY_DATA=/path/to/FoundryData npm run link`.
// Creates $FOUNDRY_DATA/Data/systems/tempo -> dist/ (or $FOUNDRY_DATA/systems/tempo when FOUNDRY_DATA
// already points at the Data folder), so `npm run build` or `npm run dev` updates what Foundry loads.
import { lstat, mkdir, readlink, stat, symlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");

function fail(message) {
  console.error(`tempo link: ${message}`);
  process.exit(1);
}

async function isDirectory(path) {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

const data = process.env.FOUNDRY_DATA;
if (data === undefined || data.trim() === "") {
  fail(
    "FOUNDRY_DATA is not set. Set it to your Foundry user-data folder (the one that contains Data/), e.g.\n" +
      '  FOUNDRY_DATA="$HOME/.local/share/FoundryVTT" npm run link',
  );
}
const userData = resolve(data);
if (!(await isDirectory(userData))) fail(`FOUNDRY_DATA=${userData} is not a folder.`);

// Accept both the user-data folder (contains Data/) and the Data folder itself (contains systems/).
let dataFolder;
if (await isDirectory(join(userData, "Data"))) dataFolder = join(userData, "Data");
else if (await isDirectory(join(userData, "systems"))) dataFolder = userData;
else fail(`${userData} has neither Data/ nor systems/: is FOUNDRY_DATA the Foundry user-data folder?`);

if (!(await isDirectory(dist))) fail("dist/ does not exist yet: run `npm run build` first.");

const systems = join(dataFolder, "systems");
const target = join(systems, "tempo");
await mkdir(systems, { recursive: true });

const existing = await lstat(target).catch(() => null);
if (existing !== null) {
  if (existing.isSymbolicLink() && resolve(systems, await readlink(target)) === dist) {
    console.log(`tempo link: ${target} already points at ${dist}`);
    process.exit(0);
  }
  fail(
    `${target} already exists and is not a link to ${dist}. Move it away first (Foundry may have installed Tempo there).`,
  );
}

await symlink(dist, target, "dir");
console.log(
  `tempo link: ${target} -> ${dist}\nRestart Foundry (or return to Setup) to see Tempo among the game systems.`,
);
