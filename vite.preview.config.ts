import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** The preview page: engine + view + real templates + real CSS in a browser, without Foundry. */
export default defineConfig({
  root: fileURLToPath(new URL("./src/preview", import.meta.url)),
  publicDir: false,
  server: { host: "127.0.0.1", port: 5173, strictPort: false },
  // The page imports templates/, styles/ and lang/ from the repository root.
  envDir: fileURLToPath(new URL(".", import.meta.url)),
  // Four pages: the tracker (index.html), the sheets (sheets.html), the chat cards (cards.html) and the DOM
  // helpers the browser tests drive directly (probes.html).
  build: {
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL("./src/preview/index.html", import.meta.url)),
        sheets: fileURLToPath(new URL("./src/preview/sheets.html", import.meta.url)),
        cards: fileURLToPath(new URL("./src/preview/cards.html", import.meta.url)),
        probes: fileURLToPath(new URL("./src/preview/probes.html", import.meta.url)),
      },
    },
  },
});
