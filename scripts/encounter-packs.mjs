// Writes packs/encounters/*.json, the ready encounters of every ruleset: `npm run encounters`.
// Designs: scripts/encounters/designs.json. NPC references: scripts/encounters/npcs.json names each NPC;
// the npc of that name in a pack system.json declares under packs/npcs* gives its pack and _id, and a
// name no pack holds stops the script. Ids are derived from each encounter's key, so writing again
// changes nothing.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const read = async (path) => JSON.parse(await readFile(join(root, path), "utf8"));

/** A stable 16-letter-or-digit id for a key. */
function idOf(key) {
  return createHash("sha256").update(`tempo.encounters.${key}`).digest("hex").slice(0, 16);
}

/** name (lower case) → UUID, from the npc sources of the NPC packs system.json declares. */
async function packNpcs(manifest) {
  const found = new Map();
  for (const pack of manifest.packs ?? []) {
    if (pack.type !== "Actor" || !pack.path.startsWith("packs/npcs")) continue;
    for (const file of (await readdir(join(root, pack.path))).filter((f) => f.endsWith(".json"))) {
      const doc = JSON.parse(await readFile(join(root, pack.path, file), "utf8"));
      if (doc.type === "npc" && typeof doc.name === "string")
        found.set(doc.name.toLowerCase(), `Compendium.tempo.${pack.name}.Actor.${doc._id}`);
    }
  }
  return found;
}

export async function encounterSources() {
  const manifest = await read("system.json");
  const table = await read("scripts/encounters/npcs.json");
  const { encounters } = await read("scripts/encounters/designs.json");
  const inPacks = await packNpcs(manifest);
  const uuidOf = (key) => {
    const npc = table.npcs[key];
    if (npc === undefined) throw new Error(`designs.json names ${key}, which is not in npcs.json`);
    const uuid = inPacks.get(npc.name.toLowerCase());
    if (uuid === undefined) throw new Error(`npcs.json names ${npc.name}, which no npc of packs/npcs* is called`);
    return { name: npc.name, uuid };
  };
  return encounters.map((design, sort) => {
    const _id = idOf(design.key);
    const entries = design.entries.map(([key, count, side, group = null]) => ({ ...uuidOf(key), count, side, group }));
    const groups = (design.groups ?? []).map(([id, name]) => ({ id, name }));
    return {
      file: `${design.key}.json`,
      doc: {
        _id,
        _key: `!actors!${_id}`,
        name: design.name,
        type: "encounter",
        img: "icons/svg/combat.svg",
        system: { ruleset: design.ruleset, surprise: design.surprise, entries, groups },
        items: [],
        effects: [],
        folder: null,
        sort: sort * 100,
        ownership: { default: 0 },
        flags: {},
      },
      fromPacks: entries.filter((e) => [...inPacks.values()].includes(e.uuid)).length,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sources = await encounterSources();
  const folder = join(root, "packs/encounters");
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (const { file, doc } of sources) await writeFile(join(folder, file), `${JSON.stringify(doc, null, 2)}\n`);
  const linked = sources.reduce((n, s) => n + s.fromPacks, 0);
  console.log(`tempo: ${sources.length} encounters written; ${linked} entries name NPCs found in packs/npcs*.`);
}
