import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

/** Every file under `dir` (relative to the repository root) whose name ends with one of `suffixes`. */
export function listFiles(dir: string, suffixes: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (suffixes.some((s) => name.endsWith(s))) out.push(relative(ROOT, full));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

export function readText(path: string): string {
  return readFileSync(join(ROOT, path), "utf8");
}
