/**
 * A minimal double of v13's `foundry.applications.api.DialogV2.prompt` and
 * `foundry.applications.handlebars.renderTemplate`, for the tracker's prompts (tracker-dialogs.ts,
 * segment-declare-dialog.ts, phase-delay-dialog.ts). Installed on top of foundry-world.ts.
 *
 * Modelled as open-source v13 systems call them:
 * - `renderTemplate(path, context)` renders a system template to an HTML string that becomes the
 *   prompt's `content` (the Daggerheart system's roll dialog, modules/dialog.js, renders its .hbs and
 *   prompts with it). Here the template is compiled with the preview's Handlebars host (Tempo's helpers).
 * - `prompt({ window, content, ok: { label, callback } })`: the content is a form; pressing OK calls
 *   `ok.callback(event, button, dialog)` and the prompt resolves to what it returns, with `button.form`
 *   the dialog's form (Daggerheart reads `button.form.elements`; fantastic-depths reads
 *   `new FormDataExtended(button.form)`). Closing it instead rejects: fantastic-depths passes
 *   `rejectClose: false` to get null on close, so the default is a rejection, which Tempo's prompts catch.
 * The "user" is scripted: each prompt takes the next answer (`{ fields }`, typed over the form's own
 * values, or `"close"`). A prompt with no answer scripted throws, so a test never passes on a prompt
 * it did not expect.
 */
import { parseDocument } from "htmlparser2";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { listFiles, readText } from "./source-files.ts";

export type DialogAnswer = { readonly fields: Readonly<Record<string, string>> } | "close";

export interface PromptSeen {
  readonly title: string;
  readonly content: string;
  readonly names: readonly string[];
}

export interface DialogDouble {
  readonly answers: DialogAnswer[];
  readonly prompts: PromptSeen[];
  uninstall(): void;
}

/** A form control as `form.elements.namedItem` returns it: its name and value. */
class ControlDouble {
  constructor(
    readonly name: string,
    public value: string,
    /** A checkbox's state: unticked ones are left out of FormData, as the browser does. */
    public checked: boolean | null,
  ) {}
}
class InputDouble extends ControlDouble {}
class SelectDouble extends ControlDouble {}

class FormDouble {
  constructor(readonly controls: readonly ControlDouble[]) {}
  get elements(): { namedItem(name: string): ControlDouble | null } {
    return { namedItem: (name) => this.controls.find((c) => c.name === name) ?? null };
  }
}

/** `new FormData(form)` of the double's form: each named control's value, ticked checkboxes only. */
class FormDataDouble {
  readonly #entries: [string, string][];
  constructor(form: FormDouble) {
    this.#entries = form.controls.filter((c) => c.checked !== false).map((c) => [c.name, c.checked ? "on" : c.value]);
  }
  [Symbol.iterator](): Iterator<[string, string]> {
    return this.#entries[Symbol.iterator]();
  }
}

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[] };

/** The form's controls as the browser would fill them from the markup. */
function controlsOf(html: string): ControlDouble[] {
  const out: ControlDouble[] = [];
  const walk = (node: Node): void => {
    const a = node.attribs ?? {};
    if (node.name === "input" && a.name !== undefined) {
      const box = a.type === "checkbox";
      out.push(new InputDouble(a.name, a.value ?? "", box ? "checked" in a : null));
    } else if (node.name === "select" && a.name !== undefined) {
      const options = (node.children ?? []).filter((c) => c.name === "option");
      const chosen = options.find((o) => "selected" in (o.attribs ?? {})) ?? options[0];
      out.push(new SelectDouble(a.name, chosen?.attribs?.value ?? "", null));
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(parseDocument(html) as unknown as Node);
  return out;
}

function defineGlobal(name: string, value: unknown): () => void {
  const had = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  return () => {
    if (had === undefined) Reflect.deleteProperty(globalThis, name);
    else Object.defineProperty(globalThis, name, had);
  };
}

export function installDialogs(): DialogDouble {
  const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
  const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
  const handlebars = createHandlebarsHost(en, sources);
  const double: DialogDouble = { answers: [], prompts: [], uninstall: () => undefined };
  const prompt = async (options: {
    window?: { title?: string };
    content?: string;
    ok?: { callback?: (event: unknown, button: { form: FormDouble }, dialog: unknown) => unknown };
  }): Promise<unknown> => {
    const content = options.content ?? "";
    const controls = controlsOf(content);
    double.prompts.push({ title: options.window?.title ?? "", content, names: controls.map((c) => c.name) });
    const answer = double.answers.shift();
    if (answer === undefined) throw new Error("Dialog double: a prompt opened with no answer scripted");
    if (answer === "close") throw new Error("Dialog was closed without a choice");
    for (const [name, value] of Object.entries(answer.fields)) {
      const control = controls.find((c) => c.name === name);
      if (control === undefined) throw new Error(`Dialog double: the form has no field ${name}`);
      if (control.checked !== null) control.checked = value === "on";
      else control.value = value;
    }
    const form = new FormDouble(controls);
    return Promise.resolve(options.ok?.callback?.({}, { form }, {}) ?? "ok");
  };
  const applications = (globalThis as unknown as { foundry: { applications: Record<string, unknown> } }).foundry
    .applications;
  applications.api = { DialogV2: { prompt } };
  applications.handlebars = {
    renderTemplate: async (path: string, context: object) =>
      Promise.resolve(handlebars.compile(`{{> "${path}"}}`)(context)),
  };
  const restores = [
    defineGlobal("HTMLInputElement", InputDouble),
    defineGlobal("HTMLSelectElement", SelectDouble),
    defineGlobal("HTMLFormElement", FormDouble),
    defineGlobal("FormData", FormDataDouble),
  ];
  return {
    ...double,
    uninstall: () => {
      for (const restore of restores) restore();
      delete applications.api;
      delete applications.handlebars;
    },
  };
}
