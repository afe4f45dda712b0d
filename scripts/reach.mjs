// `npm run reach` (also one of `npm test`'s checks): which rules of RULES.md a GM or player reaches in Foundry.
//
// A rule is *reached* when three things hold, each judged from the code, not from a list kept by hand:
// 1. its engine code is in the Foundry bundle: an engine file that names the rule's ID (every ruling is
//    recorded next to its ID) left code in the bundle after tree-shaking (esbuild bundles
//    src/foundry/init.ts, as vite does for the release, and reports each input's bytes in the output);
// 2. a test of the Foundry layer (tests/foundry, on the runtime model) names the ID in its title and
//    drives an entry point a user clicks or a GM's action reaches: a sheet, the tracker, a chat card, a
//    macro, a socket command or a status effect (`DRIVES` below, judged from what the test file uses).
//    A test of a data model alone names a rule without playing it, and does not count.
//
// It prints one line per rule, then `reached N of 97 (movement/canvas: M pending)`. Rules about movement
// and the canvas belong to the next issue (issue 21) and are listed as pending, not failed. Any other
// rule that is not reached fails the check, unless it is listed in scripts/reach-pending.json with the
// reason it is still pending; a rule listed there that is reached fails too, so the list only shrinks.
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join, relative, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const verbose = process.argv.includes("--verbose");
/** `--update`: drop the rules now reached from scripts/reach-pending.json instead of failing on them. */
const update = process.argv.includes("--update");

/** The rules about movement, position and the canvas: issue 21's, pending until it lands. */
const MOVEMENT = new Set(["STD-7", "STD-8", "PHS-5", "PHS-6", "SEG-18", "SEG-19", "ROT-10", "ROT-11", "MOV-1"]);

/**
 * The entry points a Foundry test drives, judged from what its file uses: a rule's entry points are those of
 * the tests that name it. (Judging them from the import graph instead names every surface for every rule:
 * the tracker, the sheets and the cards all import the engine's index and run the same host.)
 */
const DRIVES = {
  sheet: /\b(openSheet|sheetActor|ActorSheet|ItemSheet|sheet\.)/,
  // The tracker's buttons call core's Combat methods; a test pressing them through those methods counts.
  tracker: /\b(tracker(InputOf|ContextEntries|Parts)?|startCombat|rollAll|nextTurn|previousTurn|nextRound)\b/,
  card: /\b(cardSource|cardViewer|cardModelOf|ChatMessage|data-action)\b/,
  macro: /\b(hotbar|macro)/i,
  command: /\b(requestCommand|runCommand|sendCommand|CONFIG\.queries|query)\b/,
  // A test that toggles a status or reads a document's statuses (not the word in an item's data).
  "status effects": /\btoggleStatusEffect\b|\.statuses\b/,
  // Issue 21: a token dragged on the scene (core's `TokenDocument#move`, preMoveToken and moveToken run).
  "token move": /\btoken\.move\(/,
  // Issue 19: a test that opens a token's HUD (core's TokenHUD: `renderTokenHUD`, runtime/token-hud.ts) and presses its buttons.
  "token HUD": /\b(tokenHud|renderTokenHUD)\b/,
  // Issue 21: a test that drags a token (its ruler) or moves it through core's TokenDocument#move.
  canvas: /\bplanMovement\b|\.move\(\[/,
};

const idPattern = (id) => new RegExp(`(?<![A-Z0-9-])${id.replace(/-/g, "\\-")}(?![0-9A-Z-])`);

/**
 * The rule IDs, from the repository's copy of the specification (docs/RULES.md), so that a fresh clone has
 * them. Where the team's shared original sits beside the repository, the copy must match it.
 */
async function ruleIds() {
  const text = await readFile(join(root, "docs", "RULES.md"), "utf8");
  const shared = await readFile(join(root, "..", "shared", "RULES.md"), "utf8").catch(() => text);
  if (shared !== text) {
    console.log("reach: docs/RULES.md differs from ../shared/RULES.md: copy the specification again");
    process.exit(1);
  }
  return [...text.matchAll(/^- \*\*([A-Z][A-Z0-9-]+)\*\*/gm)].map((match) => match[1]);
}

async function filesUnder(folder, suffix) {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The source files that left code in the bundle after tree-shaking (paths relative to the repository). */
async function bundledSources() {
  const result = await build({
    entryPoints: [join(root, "src/foundry/init.ts")],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    logLevel: "silent",
    absWorkingDir: root,
    // The stylesheet is bundled by vite beside the script; only the script's graph matters here.
    loader: { ".css": "empty" },
  });
  const bundled = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) if (input.bytesInOutput > 0) bundled.add(path);
  }
  return bundled;
}

/** Test titles (it/test/describe) of each Foundry-layer test file. */
async function foundryTestTitles() {
  const titles = [];
  for (const file of await filesUnder("tests/foundry", ".test.ts")) {
    const text = await readFile(join(root, file), "utf8");
    for (const match of text.matchAll(/\b(?:it|test|describe)(?:\.\w+)*\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g)) {
      titles.push({ file, title: match[2] });
    }
  }
  return titles;
}

const ids = await ruleIds();
const bundle = await bundledSources();
const engineSources = new Map();
for (const file of await filesUnder("src/engine", ".ts"))
  engineSources.set(file, await readFile(join(root, file), "utf8"));
const titles = await foundryTestTitles();
const drives = new Map();
for (const file of new Set(titles.map((entry) => entry.file))) {
  const text = await readFile(join(root, file), "utf8");
  drives.set(
    file,
    Object.keys(DRIVES).filter((kind) => DRIVES[kind].test(text)),
  );
}
const pending = JSON.parse(await readFile(join(root, "scripts/reach-pending.json"), "utf8"));

let reached = 0;
let movementPending = 0;
const failures = [];
const listedPending = [];
for (const id of ids) {
  const pattern = idPattern(id);
  const engineFiles = [...engineSources].filter(([, text]) => pattern.test(text)).map(([file]) => file);
  const bundled = engineFiles.filter((file) => bundle.has(file));
  const tests = titles.filter((entry) => pattern.test(entry.title));
  const kinds = [...new Set(tests.flatMap((entry) => drives.get(entry.file) ?? []))].sort();
  const ok = bundled.length > 0 && kinds.length > 0;
  const missing = [
    bundled.length === 0 ? "no engine code in the bundle" : "",
    tests.length === 0 ? "no Foundry-layer test names it" : "",
    tests.length > 0 && kinds.length === 0 ? `its tests (${tests.length}) drive no entry point` : "",
  ].filter(Boolean);
  let verdict = "reached";
  if (ok) reached += 1;
  else if (MOVEMENT.has(id)) {
    movementPending += 1;
    verdict = "pending (movement/canvas)";
  } else if (pending[id]) {
    listedPending.push(id);
    verdict = "pending";
    missing.push(pending[id]);
  } else {
    failures.push(`${id}: not reached (${missing.join("; ")})`);
    verdict = "NOT REACHED";
  }
  if (ok && pending[id]) {
    if (update) Reflect.deleteProperty(pending, id);
    else failures.push(`${id} is reached: remove it from scripts/reach-pending.json (npm run reach -- --update)`);
  }
  const files = [...new Set(tests.map((entry) => entry.file.replace(/^tests\/foundry\/|\.test\.ts$/g, "")))];
  const detail = ok ? `${kinds.join(", ")} (${files.join(", ")})` : missing.join("; ");
  if (verbose || !ok) console.log(`${id.padEnd(15)} ${verdict.padEnd(26)} ${detail}`);
}
for (const id of Object.keys(pending))
  if (!ids.includes(id)) failures.push(`${id} in reach-pending.json is no rule ID`);

console.log(`\nreached ${reached} of ${ids.length} (movement/canvas: ${movementPending} pending)`);
console.log(`not reached yet, each with its reason in scripts/reach-pending.json: ${listedPending.length}`);
if (update) await writeFile(join(root, "scripts/reach-pending.json"), `${JSON.stringify(pending, null, 2)}\n`);
for (const failure of failures) console.log(`reach: ${failure}`);
process.exit(failures.length === 0 ? 0 : 1);
