// Builds the Foundry system folder: `node scripts/build.mjs [--watch] [--out-dir <dir>] [--release]`.
// `--release` (used by `npm run package`) leaves out the source maps: the bundle is unminified and readable
// anyway, and a map would carry every TypeScript source into the release zip.
//
// 1. vite (vite.config.ts) bundles src/foundry/init.ts into tempo.mjs and styles/tempo.css into
//    tempo.css. It empties the output folder, so everything else is written after it.
// 2. system.json, lang/, templates/ and the files system.json names (licence, readme, changelog)
//    are copied beside the bundle.
// 3. Every pack system.json declares is compiled from packs/<name>/*.json to LevelDB with the official
//    CLI. The CLI skips a source without `_key` silently, so sources are checked first and the
//    compiled pack is read back and counted: any difference fails the build. Item sources (embedded
//    ones too) are run through the engine's item check (src/engine/items: the validation the Item data
//    models use) and Actor sources through its actor check (src/engine/actors `checkActorSource`), so a
//    bad value fails the build naming the file and the field. A pack may hold Folder documents
//    (`_key` "!folders!<id>", as the CLI stores them); embedded documents need their own `_key`
//    ("!actors.items!<actor>.<item>", "!journal.pages!<entry>.<page>"), which the CLI also needs.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { watch as watchFiles } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { build, runnerImport } from "vite";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Collection names used in `_key` ("!items!<id>"), by document type. */
const COLLECTIONS = {
  Actor: "actors",
  Adventure: "adventures",
  Cards: "cards",
  Item: "items",
  JournalEntry: "journal",
  Macro: "macros",
  Playlist: "playlists",
  RollTable: "tables",
  Scene: "scenes",
};

const { values: options } = parseArgs({
  options: {
    watch: { type: "boolean", default: false },
    "out-dir": { type: "string", default: "dist" },
    release: { type: "boolean", default: false },
  },
});
const outDir = resolve(root, options["out-dir"]);
// The output folder is emptied before each build: never let that be the repository or a folder above it.
if (!relative(outDir, root).startsWith("..")) {
  console.error(`tempo: refusing to build into ${outDir}: it is or contains the repository.`);
  process.exit(1);
}

async function readManifest() {
  return JSON.parse(await readFile(join(root, "system.json"), "utf8"));
}

async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Copies the manifest, the lang/, templates/ and icons/ folders, and every other file system.json names. */
async function copyStatic(manifest) {
  for (const folder of ["lang", "templates", "icons"]) {
    if (await exists(join(root, folder))) await cp(join(root, folder), join(outDir, folder), { recursive: true });
  }
  const named = [
    "system.json",
    ...(manifest.languages ?? []).map((language) => language.path),
    manifest.license,
    manifest.readme,
    manifest.changelog,
  ];
  for (const file of named) {
    if (typeof file !== "string") continue;
    const from = join(root, file);
    if (!(await exists(from))) throw new Error(`system.json names ${file}, which does not exist.`);
    await cp(from, join(outDir, file), { recursive: true });
  }
}

/** Embedded collections the build checks, by the collection of their parent (the CLI's hierarchy). */
const EMBEDDED = { actors: ["items", "effects"], items: ["effects"], journal: ["pages", "categories"] };

/** The engine's item and actor checks and the English messages, loaded once (the engine is TypeScript: vite runs it). */
let itemCheck = null;
async function loadItemCheck() {
  if (itemCheck !== null) return itemCheck;
  const load = async (path) =>
    (await runnerImport(join(root, path), { root, configFile: false, logLevel: "error" })).module;
  const module = { ...(await load("src/engine/items/index.ts")), ...(await load("src/engine/actors/index.ts")) };
  const lang = join(root, "lang/en.json");
  const en = (await exists(lang)) ? JSON.parse(await readFile(lang, "utf8")) : {};
  const text = (key, data = {}) => {
    const template = key.split(".").reduce((node, part) => (node === undefined ? undefined : node[part]), en);
    if (typeof template !== "string") return `${key} ${JSON.stringify(data)}`;
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in data ? String(data[name]) : whole));
  };
  itemCheck = { module, text };
  return itemCheck;
}

/** The engine's problems with an Item source's system data, as "system.<field>: <message>" lines. */
async function itemProblems(doc) {
  const { module, text } = await loadItemCheck();
  if (!module.isItemType(doc.type)) return [];
  return module.checkItemSource(doc.type, doc.system ?? {}).map((problem) => {
    const field = problem.field === "" ? "system" : `system.${problem.field}`;
    return `${field}: ${text(problem.message.key, problem.message.data)}`;
  });
}

/** The engine's problems with an Actor source's system data, as "system.<field>: <message>" lines. */
async function actorProblems(doc) {
  const { module, text } = await loadItemCheck();
  return module.checkActorSource(doc.system).map((problem) => {
    const field = problem.path === "system" ? "system" : `system.${problem.path}`;
    return `${field}: ${text(problem.key, problem.data)}`;
  });
}

/** Problems of a document's embedded documents (ids, keys; embedded Items through the item check). */
async function embeddedProblems(doc, collection) {
  const problems = [];
  for (const name of EMBEDDED[collection] ?? []) {
    const list = doc[name] ?? [];
    if (!Array.isArray(list)) {
      problems.push(`${name}: must be a list`);
      continue;
    }
    for (const [i, child] of list.entries()) {
      const where = `${name}[${i}]${typeof child?.name === "string" ? ` (${child.name})` : ""}`;
      const key = `!${collection}.${name}!${doc._id}.${child?._id}`;
      if (typeof child?._id !== "string" || !/^[A-Za-z0-9]{16}$/.test(child._id))
        problems.push(`${where}: _id must be 16 letters or digits`);
      else if (child._key !== key) problems.push(`${where}: _key must be ${key}`);
      if (name !== "items") continue;
      const { module } = await loadItemCheck();
      if (!module.isItemType(child?.type))
        problems.push(`${where}: type ${JSON.stringify(child?.type)} is not an Item type`);
      for (const problem of await itemProblems(child)) problems.push(`${where}.${problem}`);
    }
  }
  return problems;
}

/** The engine's encounter check (src/engine/encounters), loaded once. */
let encounterCheck = null;

/** The _ids of a declared pack's sources. */
async function packIds(pack) {
  const folder = join(root, pack.path);
  if (!(await exists(folder))) return new Set();
  const names = (await readdir(folder)).filter((name) => name.endsWith(".json"));
  const docs = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(folder, name), "utf8"))));
  return new Set(docs.map((doc) => doc._id));
}

/**
 * The engine's problems with an encounter source (issue 12), and its references into Tempo's own packs:
 * a reference into a pack system.json declares must name a document of it. A reference into a pack not
 * declared yet (the NPC packs, see scripts/encounters/npcs.json) has nothing to be checked against.
 */
async function encounterProblems(doc, manifest) {
  const { text } = await loadItemCheck();
  if (encounterCheck === null) {
    const { module } = await runnerImport(join(root, "src/engine/encounters/index.ts"), {
      root,
      configFile: false,
      logLevel: "error",
    });
    encounterCheck = module;
  }
  const problems = encounterCheck.encounterProblems(doc.system ?? {}).map((problem) => {
    const field = problem.field === "" ? "system" : `system.${problem.field}`;
    return `${field}: ${text(problem.message.key, problem.message.data)}`;
  });
  const entries = Array.isArray(doc.system?.entries) ? doc.system.entries : [];
  for (const [index, entry] of entries.entries()) {
    const match = /^Compendium\.tempo\.([\w-]+)\.Actor\.([A-Za-z0-9]{16})$/.exec(entry?.uuid ?? "");
    const target = match === null ? undefined : (manifest.packs ?? []).find((pack) => pack.name === match[1]);
    if (target !== undefined && !(await packIds(target)).has(match[2]))
      problems.push(`system.entries.${index}.uuid: ${entry.name} (${entry.uuid}) is not in the pack ${target.name}`);
  }
  return problems;
}

/** Problems of one primary source (not its _id/_key): type, folder, system data and embedded documents. */
async function documentProblems(doc, pack, collection, subtypes, folders, manifest) {
  if (doc.folder != null && !folders.has(doc.folder)) return [`folder ${doc.folder} is not a folder of the pack`];
  if (subtypes.length === 0) return embeddedProblems(doc, collection);
  if (!subtypes.includes(doc.type))
    return [`type ${JSON.stringify(doc.type)} is not in system.json documentTypes.${pack.type}`];
  const own =
    pack.type === "Item"
      ? await itemProblems(doc)
      : pack.type === "Actor" && doc.type === "encounter"
        ? await encounterProblems(doc, manifest)
        : pack.type === "Actor"
          ? await actorProblems(doc)
          : [];
  return [...own, ...(await embeddedProblems(doc, collection))];
}

/** Reads and checks a pack's sources; returns how many documents it holds. */
async function checkSources(pack, manifest) {
  const collection = COLLECTIONS[pack.type];
  if (collection === undefined) throw new Error(`Pack ${pack.name}: unsupported document type ${pack.type}.`);
  const subtypes = Object.keys(manifest.documentTypes?.[pack.type] ?? {});
  const folder = join(root, pack.path);
  const names = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  const problems = [];
  const ids = new Set();
  const docs = [];
  for (const name of names) {
    const where = relative(root, join(folder, name));
    try {
      docs.push({ where, doc: JSON.parse(await readFile(join(folder, name), "utf8")) });
    } catch (error) {
      problems.push(`${where}: not valid JSON (${error.message})`);
    }
  }
  const isFolder = (doc) => typeof doc._key === "string" && doc._key.startsWith("!folders!");
  const folders = new Set(docs.filter(({ doc }) => isFolder(doc)).map(({ doc }) => doc._id));
  for (const { where, doc } of docs) {
    if (typeof doc._id !== "string" || !/^[A-Za-z0-9]{16}$/.test(doc._id)) {
      problems.push(`${where}: _id must be 16 letters or digits`);
    } else if (ids.has(doc._id)) {
      problems.push(`${where}: _id ${doc._id} is used twice`);
    } else {
      ids.add(doc._id);
    }
    if (doc._key === undefined) problems.push(`${where}: no _key (the CLI would skip it silently)`);
    else if (isFolder(doc)) {
      if (doc._key !== `!folders!${doc._id}`) problems.push(`${where}: _key must be !folders!${doc._id}`);
      if (doc.type !== pack.type) problems.push(`${where}: a folder of this pack must have type ${pack.type}`);
      continue;
    } else if (doc._key !== `!${collection}!${doc._id}`)
      problems.push(`${where}: _key must be !${collection}!${doc._id}`);
    for (const problem of await documentProblems(doc, pack, collection, subtypes, folders, manifest))
      problems.push(`${where}: ${problem}`);
  }
  if (problems.length > 0) throw new Error(`Pack ${pack.name} has bad sources:\n  ${problems.join("\n  ")}`);
  return names.length;
}

/** Counts the primary documents in a compiled LevelDB pack by reading it back. */
async function countCompiled(packFolder) {
  const scratch = await mkdtemp(join(tmpdir(), "tempo-pack-"));
  let count = 0;
  try {
    await extractPack(packFolder, scratch, {
      transformEntry: async () => {
        count += 1;
        return false;
      },
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return count;
}

async function buildPacks(manifest) {
  for (const pack of manifest.packs ?? []) {
    const expected = await checkSources(pack, manifest);
    const dest = join(outDir, pack.path);
    await rm(dest, { recursive: true, force: true });
    await mkdir(dirname(dest), { recursive: true });
    await compilePack(join(root, pack.path), dest, { log: false });
    const compiled = await countCompiled(dest);
    if (compiled !== expected) {
      throw new Error(`Pack ${pack.name}: ${expected} source documents but ${compiled} compiled.`);
    }
    console.log(`tempo: pack ${pack.name}: ${compiled} documents`);
  }
}

async function finish({ packs }) {
  const manifest = await readManifest();
  await copyStatic(manifest);
  if (packs) await buildPacks(manifest);
}

// The folder is emptied here rather than by vite, which will not empty a folder outside the project
// (the build test writes to a scratch folder).
const viteConfig = {
  root,
  configFile: join(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    outDir,
    emptyOutDir: false,
    watch: options.watch ? {} : null,
    ...(options.release ? { sourcemap: false } : {}),
  },
};

if (!options.watch) {
  try {
    await rm(outDir, { recursive: true, force: true });
    await build(viteConfig);
    await finish({ packs: true });
    console.log(`tempo: built ${relative(root, outDir) || "."}`);
  } catch (error) {
    console.error(`tempo: build failed: ${error.message}`);
    process.exitCode = 1;
  }
} else {
  // Watch: clean once, then rebuild the bundle on source changes and re-copy static files or
  // re-compile packs only when those change (a running Foundry holds the pack databases open).
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const watcher = await build(viteConfig);
  let first = true;
  watcher.on("event", (event) => {
    if (event.code === "ERROR") console.error(`tempo: build failed: ${event.error.message}`);
    if (event.code !== "END") return;
    const packs = first;
    first = false;
    finish({ packs }).then(
      () => console.log(`tempo: rebuilt ${relative(root, outDir)} at ${new Date().toLocaleTimeString()}`),
      (error) => console.error(`tempo: ${error.message}`),
    );
  });
  let timer = null;
  const pending = { packs: false };
  const schedule = (packs) => {
    pending.packs ||= packs;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const run = { ...pending };
      pending.packs = false;
      finish(run).then(
        () => console.log(`tempo: copied static files${run.packs ? " and packs" : ""}`),
        (error) => console.error(`tempo: ${error.message}`),
      );
    }, 200);
  };
  for (const folder of ["lang", "templates", "packs"]) {
    if (await exists(join(root, folder))) {
      watchFiles(join(root, folder), { recursive: true }, () => schedule(folder === "packs"));
    }
  }
  watchFiles(join(root, "system.json"), () => schedule(true));
  console.log(`tempo: watching; output in ${relative(root, outDir)} (Ctrl+C to stop)`);
}
