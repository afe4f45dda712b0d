// Part of `npm test`: the browser tests drive Debian's Chromium. On a fresh machine where it is
// missing, install it from Debian's packages (as root, the way CI does) so the README's one test
// command works with nothing installed by hand. CHROMIUM_PATH points at another Chromium build.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status !== 0) {
  console.error(
    `Tempo: the browser tests need Chromium at ${path}.\n` +
      "Install it with `sudo apt-get install chromium`, or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

console.log("Tempo: installing Debian's chromium for the browser tests (apt-get)…");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [
  ["update", "-qq"],
  ["install", "-y", "-qq", "chromium"],
]) {
  const run = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env });
  if (run.status !== 0) {
    console.error(`Tempo: \`apt-get ${args.join(" ")}\` failed; install chromium by hand and run npm test again.`);
    process.exit(1);
  }
}
