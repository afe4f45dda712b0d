/**
 * Compiles every template when the page loads, as Foundry compiles a system's templates when they are
 * loaded at init (`foundry.applications.handlebars.loadTemplates`, which systems such as dnd5e and Draw
 * Steel call from their init hook), so the first render of a sheet measures rendering, not compiling.
 * `Handlebars.compile` is lazy (it compiles on the template's first call), so each template is called
 * once here with an empty context: the compile happens then, and whatever the empty context makes a
 * helper do is thrown away. Partials are re-registered as the compiled functions, so a part that
 * includes one does not compile it on its first render either.
 */
import type Handlebars from "handlebars";
import { foundryTemplatePath } from "./handlebars-host.ts";

export type CompiledTemplate = ReturnType<typeof Handlebars.compile>;

/** Every template compiled now, by its Foundry path ("systems/tempo/templates/…"). */
export function precompileTemplates(
  env: typeof Handlebars,
  templates: Readonly<Record<string, string>>,
): Map<string, CompiledTemplate> {
  const compiled = new Map<string, CompiledTemplate>();
  for (const [path, source] of Object.entries(templates)) {
    const template = env.compile(source);
    try {
      template({});
    } catch {
      // The empty context may upset a helper; the template is compiled before any helper runs.
    }
    const name = foundryTemplatePath(path);
    env.registerPartial(name, template);
    compiled.set(name, template);
  }
  return compiled;
}
