/** The module hooks bench/support/ts-loader.mjs registers (see there). */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
export async function load(url, context, next) {
  if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true };
  const path = url.startsWith("file:") ? fileURLToPath(url) : null;
  if (path !== null && url.endsWith(".json") && !path.includes("/node_modules/")) {
    const text = await readFile(path, "utf8");
    return { format: "module", source: "export default " + text + ";", shortCircuit: true };
  }
  if (path !== null && (url.endsWith(".ts") || url.endsWith(".mts")) && !path.includes("/node_modules/")) {
    const text = await readFile(path, "utf8");
    const out = await transform(text, {
      loader: "ts",
      format: "esm",
      target: "es2022",
      sourcemap: "inline",
      sourcefile: path,
    });
    return { format: "module", source: out.code, shortCircuit: true };
  }
  return next(url, context);
}
