// `npm run bench`: run every benchmark under bench/ in turn; each prints its own figures and also
// merges them into bench/results.json (committed: the figures the README and the issues quote; see bench/support/results.ts).
// `npm run bench -- dice` runs only the files whose name contains "dice".
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const filter = process.argv[2] ?? "";
const files = readdirSync(new URL("../bench", import.meta.url))
  .filter((name) => name.endsWith(".bench.ts") && name.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark under bench/ matches "${filter}".`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== bench/${file} ===`);
  // The TypeScript is loaded as the release bundle runs it (bench/support/ts-loader.mjs says how tsx differs).
  const loader = "./bench/support/ts-loader.mjs";
  const run = spawnSync(process.execPath, ["--import", loader, `bench/${file}`], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) failed++;
}
console.log("\nFigures written to bench/results.json.");
process.exit(failed === 0 ? 0 : 1);
