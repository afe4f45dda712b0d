// Import rules, checked by `npm run depcruise` (part of `npm run lint`): the layers of ARCHITECTURE.md
// (foundry → view → engine, preview → view → engine) and, inside the Foundry layer, data that flows one
// way (documents → commands → queue → writes; the sheets, the tracker and the chat cards call commands).
const LAYER = "^src/(engine|view|foundry|preview)/";

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
    {
      name: "engine-is-pure",
      comment: "src/engine is the bottom layer: it imports no view, Foundry or preview code.",
      severity: "error",
      from: { path: "^src/engine/" },
      to: { path: "^src/(view|foundry|preview)/" },
    },
    {
      name: "view-is-pure",
      comment: "src/view builds view models from engine state: it imports no Foundry or preview code.",
      severity: "error",
      from: { path: "^src/view/" },
      to: { path: "^src/(foundry|preview)/" },
    },
    {
      name: "foundry-not-preview",
      comment: "The Foundry layer and the preview page are two hosts of the same view: neither imports the other.",
      severity: "error",
      from: { path: "^src/foundry/" },
      to: { path: "^src/preview/" },
    },
    {
      name: "commands-not-up",
      comment:
        "Commands, the queue and the writes (src/foundry/combat) never call up into the documents, the sheets or the tracker.",
      severity: "error",
      from: { path: "^src/foundry/combat/" },
      to: { path: "^src/foundry/(documents|applications)/" },
    },
    {
      name: "documents-not-up",
      comment: "Documents call commands; they never import the sheets, the tracker or the chat cards.",
      severity: "error",
      from: { path: "^src/foundry/documents/" },
      to: { path: "^src/foundry/(applications|chat)/" },
    },
    {
      name: "data-models-not-up",
      comment: "Data models are read by everything above them and import none of it.",
      severity: "error",
      from: { path: "^src/foundry/data/" },
      to: { path: "^src/foundry/(documents|applications|chat)/" },
    },
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
