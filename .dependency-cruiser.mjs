// Import rules, checked by `npm run depcruise` (part of `npm run lint`): the layers of ARCHITECTURE.md
// (foundry → view → engine, preview → view → engine) and, inside the Foundry layer, data that flows one
// way (documents → commands → queue → writes; the sheets, the tracker and the chat cards call commands).
const LAYER = "^src/(engine|view|foundry|preview|modules)/";

/**
 * A rule that modules matching `from` import nothing under the path `to`.
 * @param {string} name
 * @param {string} comment
 * @param {{ path: string, pathNot?: string }} from
 * @param {string} to
 * @returns {import("dependency-cruiser").IForbiddenRuleType}
 */
function layerRule(name, comment, from, to) {
  return { name, comment, severity: "error", from, to: { path: to } };
}

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles anywhere in src/: lay modules out so each layer only calls down.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    ...[
      [
        "engine-is-pure",
        "src/engine is the bottom layer: it imports no view, Foundry or preview code.",
        "^src/engine/",
        "^src/(view|foundry|preview)/",
      ],
      [
        "view-is-pure",
        "src/view builds view models from engine state: it imports no Foundry or preview code.",
        "^src/view/",
        "^src/(foundry|preview)/",
      ],
      [
        "foundry-not-preview",
        "The Foundry layer and the preview page are two hosts of the same view: neither imports the other.",
        "^src/foundry/",
        "^src/preview/",
      ],
      [
        "commands-not-up",
        "Commands, the queue and the writes (src/foundry/combat) never call up into the documents, the sheets or the tracker.",
        "^src/foundry/combat/",
        "^src/foundry/(documents|applications)/",
      ],
      [
        "documents-not-up",
        "Documents call commands; they never import the sheets, the tracker or the chat cards.",
        "^src/foundry/documents/",
        "^src/foundry/(applications|chat)/",
      ],
      [
        "data-models-not-up",
        "Data models are read by everything above them and import none of it.",
        "^src/foundry/data/",
        "^src/foundry/(documents|applications|chat)/",
      ],
    ].map(([name, comment, from, to]) => layerRule(name, comment, { path: from }, to)),
    {
      name: "modules-use-the-public-api",
      comment:
        "A module package (src/modules) is bundled on its own and uses Tempo through CONFIG.TEMPO only: it imports types of the system, no code.",
      severity: "error",
      from: { path: "^src/modules/" },
      to: { path: "^src/(engine|view|foundry|preview)/", dependencyTypesNot: ["type-only"] },
    },
    // The other direction, with one exception: the browser tests' probes page publishes two DOM helpers of
    // the Foundry tracker (tracker-parts.ts, which imports only a view type) so Chromium can run them.
    layerRule(
      "preview-not-foundry",
      "The preview page imports no Foundry code (but for the browser tests' probes page).",
      { path: "^src/preview/", pathNot: "^src/preview/probes-main\\.ts$" },
      "^src/foundry/",
    ),
    {
      name: "resolvable",
      comment: "Every relative import in a layer resolves (so no import escapes the rules above unseen).",
      severity: "error",
      from: { path: LAYER },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count too: they tie layers at compile time.
    tsPreCompilationDeps: true,
    // The repo imports `.ts` files by their real name (allowImportingTsExtensions).
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".d.ts", ".js", ".mjs", ".json"] },
  },
};
