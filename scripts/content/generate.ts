// Writes the compendium sources from the content tables: `node --import tsx scripts/content/generate.ts`.
// Every .json file of a generated pack folder is rewritten; files no table produces are removed.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { contentPacks, documentText } from "./packs.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

for (const [pack, docs] of contentPacks()) {
  const folder = join(root, "packs", pack);
  mkdirSync(folder, { recursive: true });
  for (const name of readdirSync(folder)) if (name.endsWith(".json") && !docs.has(name)) rmSync(join(folder, name));
  for (const [name, doc] of docs) writeFileSync(join(folder, name), documentText(doc));
  console.log(`packs/${pack}: ${docs.size} files`);
}
