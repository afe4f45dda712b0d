/**
 * Lets a benchmark import the Foundry layer under Node: `src/foundry/init.ts` imports the system's
 * stylesheet (bundled by vite), which Node cannot load. A module hook loads every `.css` import as an
 * empty module. Import this file before anything that imports `src/foundry`.
 */
import { register } from "node:module";

const HOOK = `export async function load(url, context, next) {
  if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true };
  return next(url, context);
}`;

register(`data:text/javascript,${encodeURIComponent(HOOK)}`);
