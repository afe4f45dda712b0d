import { defineConfig } from "vite";

/**
 * The Foundry bundle: one ES module (`tempo.mjs`) and one stylesheet (`tempo.css`), written to
 * `dist/`. `scripts/build.mjs` runs this build, then copies the manifest, templates and languages
 * and compiles the compendium packs into the same folder.
 *
 * No minification and `keepNames`: Foundry derives hook names from class names (`TempoCombat`
 * must stay `TempoCombat`), and a readable bundle makes stack traces in a GM's console useful.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    minify: false,
    cssMinify: false,
    sourcemap: true,
    reportCompressedSize: false,
    lib: {
      entry: "src/foundry/init.ts",
      formats: ["es"],
      fileName: () => "tempo.mjs",
      cssFileName: "tempo",
    },
    rolldownOptions: {
      output: { keepNames: true },
    },
  },
});
