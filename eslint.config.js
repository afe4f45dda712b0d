// Lint: strict TypeScript everywhere, and engine purity enforced (no Foundry, no DOM, no Math.random).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const foundryGlobals = [
  "game",
  "CONFIG",
  "Hooks",
  "canvas",
  "foundry",
  "ui",
  "ChatMessage",
  "Roll",
  "Actor",
  "Item",
  "Combat",
  "Combatant",
  "Token",
  "TokenDocument",
  "Dialog",
  "Application",
  "fromUuid",
  "fromUuidSync",
];
const domGlobals = ["window", "document", "navigator", "localStorage", "sessionStorage", "HTMLElement", "fetch"];
const purity = [
  ...foundryGlobals.map((name) => ({ name, message: "src/engine is pure: no Foundry globals (ARCHITECTURE)." })),
  ...domGlobals.map((name) => ({ name, message: "src/engine is pure: no DOM (ARCHITECTURE)." })),
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "test-results/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": [
        "error",
        { "ts-ignore": true, "ts-nocheck": true, "ts-expect-error": "allow-with-description" },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "error",
    },
  },
  {
    files: ["scripts/**/*.mjs", "eslint.config.js", "bench/**/*.ts", "tests/**/*.ts", "*.config.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["src/engine/**/*.ts", "src/view/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", ...purity],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "The engine never rolls: return a dice request." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='globalThis']",
          message: "src/engine and src/view are pure: no globalThis.",
        },
      ],
    },
  },
);
