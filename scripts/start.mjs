// `npm start`: build the Foundry system into dist/, then serve the preview page and print its URL.
// `npm start -- --no-build` skips the build (the preview itself needs none: vite compiles on the fly).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));

if (!process.argv.includes("--no-build")) {
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("Tempo: the build failed, so the preview was not started. See the messages above.");
    process.exit(build.status ?? 1);
  }
}

const server = await createServer({ configFile: fileURLToPath(new URL("../vite.preview.config.ts", import.meta.url)) });
await server.listen();
const url = server.resolvedUrls?.local[0] ?? "http://127.0.0.1:5173/";
console.log(`\nTempo preview: ${url}\n(press Ctrl+C to stop)`);
