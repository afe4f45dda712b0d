import { execFileSync } from "node:child_process";
import { ROOT } from "./source-files.ts";

/**
 * The names of the documents in a compiled LevelDB pack, read back with the official CLI's `extractPack`
 * (the way Foundry's own tooling opens a pack), in a child Node process so the CLI's LevelDB binding
 * loads outside vitest's module runner.
 */
export function compiledDocumentNames(folder: string): string[] {
  const script = `
    import { mkdtemp, rm } from "node:fs/promises";
    import { tmpdir } from "node:os";
    import { join } from "node:path";
    import { extractPack } from "@foundryvtt/foundryvtt-cli";
    const scratch = await mkdtemp(join(tmpdir(), "tempo-count-"));
    const names = [];
    await extractPack(process.argv[1], scratch, { transformEntry: async (doc) => { names.push(doc.name); return false; } });
    await rm(scratch, { recursive: true, force: true });
    console.log(JSON.stringify(names));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script, folder], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return JSON.parse(output) as string[];
}
