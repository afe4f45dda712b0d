import { describe, expect, it, vi } from "vitest";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { precompileTemplates } from "../../src/preview/precompile-templates.ts";
import { sampleActorInput } from "../../src/preview/sample-sheets.ts";
import { sampleSheetEncounter, sheetCombatOf } from "../../src/preview/sheet-combat.ts";
import { buildActorSheetContext } from "../../src/view/sheets/actor-sheet-context.ts";
import { listFiles, readText } from "../support/source-files.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const PARTS = ["header", "tabs", "attributes", "combat", "inventory", "spells", "effects", "biography"];

describe("the preview compiles its templates at page load, as Foundry does at init", () => {
  it("every template is compiled by precompileTemplates; the first sheet render after it compiles nothing", () => {
    const env = createHandlebarsHost(en, sources);
    // Handlebars' code generator (`env.JavaScriptCompiler`, untyped in @types): it runs once per compiled template.
    const generator: unknown = Reflect.get(env, "JavaScriptCompiler");
    if (typeof generator !== "function") throw new Error("Handlebars has no JavaScriptCompiler");
    const compile = vi.spyOn(generator.prototype as { compile: (...args: unknown[]) => unknown }, "compile");
    const compiled = precompileTemplates(env, sources);
    expect(compiled.size).toBe(Object.keys(sources).length);
    expect(compile.mock.calls.length).toBeGreaterThanOrEqual(compiled.size);
    compile.mockClear();
    const combat = sheetCombatOf(sampleSheetEncounter("segment"), "ilsa");
    const context = buildActorSheetContext(
      sampleActorInput({ kind: "character", ruleset: "segment", mode: "play", combat }),
    );
    const html = PARTS.map((part) => compiled.get(`systems/tempo/templates/sheets/actor/${part}.hbs`)?.(context)).join(
      "",
    );
    expect(html).toContain("Ilsa");
    expect(html).toContain("Attack with Javelin");
    expect(compile).not.toHaveBeenCalled();
  });
});
