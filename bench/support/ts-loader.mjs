/**
 * Loads the benchmarks' TypeScript as the release bundle runs it. `tsx` transforms each file with esbuild's
 * `keepNames`, which wraps every named function made inside a function (`const f = () => …`) in a
 * `__name(f, "f")` call, a property definition each time the outer function runs; the release bundle
 * (vite.config.ts: rolldown's `keepNames`) names only the top-level symbols it renamed, once, when the
 * bundle loads (`dist/tempo.mjs`: `__name(keyOf$4, "keyOf")`), and its inner functions are plain
 * closures. A benchmark run under tsx booked a few microseconds of that to every call of code with inner
 * closures (the runtime model's `hasPlayerOwner`: 4-8 us under tsx). This hook transforms `.ts`/`.mts`
 * files with esbuild without `keepNames`, loads JSON imports as modules, and `.css` imports as empty
 * modules (src/foundry/init.ts imports the stylesheet vite bundles). `npm run bench` runs every benchmark
 * with it: `node --import ./bench/support/ts-loader.mjs bench/<name>.bench.ts`.
 */
import { register } from "node:module";

register("./ts-hooks.mjs", import.meta.url);
