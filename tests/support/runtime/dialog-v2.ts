/**
 * v13's `foundry.applications.api.DialogV2.prompt` / `confirm` and
 * `foundry.applications.handlebars.renderTemplate` on the runtime model, for the tracker's prompts
 * (tracker-dialogs.ts, segment-declare-dialog.ts, phase-delay-dialog.ts, group-menu.ts), the GM's
 * question on a player's join (join-requests.ts) and the chat cards' templates. Installed on top of
 * foundry-world.ts by the tests that open dialogs or render templates.
 *
 * Modelled as open-source v13 systems call them:
 * - `renderTemplate(path, context)` renders a system template to an HTML string that becomes the
 *   prompt's `content` (the Daggerheart system's roll dialog, modules/dialog.js, renders its .hbs and
 *   prompts with it). Here the template is compiled with the preview's Handlebars host (Tempo's helpers).
 * - `prompt({ window, content, ok: { label, callback } })`: the content is a form; pressing OK calls
 *   `ok.callback(event, button, dialog)` and the prompt resolves to what it returns, with `button.form`
 *   the dialog's form (Daggerheart reads `button.form.elements`; fantastic-depths reads
 *   `new FormDataExtended(button.form)`).
 * - `confirm({ window, content })` has a Yes and a No button and resolves true or false (API DialogV2
 *   `confirm`: "a dialog with yes and no buttons").
 * - Closing a dialog without a choice rejects: "the raw statics reject when the dialog is dismissed
 *   unless rejectClose: false is passed" (coffee-pub-blacksmith's DialogV2 wiki page; API
 *   DialogV2WaitOptions#rejectClose "Throw a Promise rejection if the dialog is dismissed";
 *   fantastic-depths passes `rejectClose: false` to get null on close). Tempo's callers catch it.
 * - v14 only: `renderOptions` are "Options forwarded to the dialog's render call"
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.DialogV2WaitOptions.html; v13's DialogV2WaitOptions
 *   has none, https://foundryvtt.com/api/interfaces/foundry.DialogV2WaitOptions.html), and render options
 *   `window: {detached: true, windowId}` render "into" "an existing detached window"
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationWindowRenderOptions.html):
 *   the dialog records the browser window it opened in (`windowId`; null: the main window).
 * A dialog opens on the page whose code asked for it (the running client) and waits for that page's
 * user. The user here is the test: each dialog takes the next answer it scripted (`{ fields }` typed
 * over the form's own values and OK pressed; `{ live }`: the prompt on a page with its `render` option
 * called, worked in by the test, then OK pressed (dialog-live.ts); `"yes"` / `"no"` for a confirm, or
 * `"close"`), and every
 * dialog is recorded with the user it opened for. A dialog with no answer scripted throws, so a test
 * never passes on a dialog it did not expect.
 */
import { parseDocument } from "htmlparser2";
import { createHandlebarsHost } from "../../../src/preview/handlebars-host.ts";
import { listFiles, readText } from "../source-files.ts";
import { currentClient } from "./context.ts";
import { runLivePrompt, type LiveAnswer } from "./dialog-live.ts";
import { worldGeneration } from "./generation.ts";

export type DialogAnswer = { readonly fields: Readonly<Record<string, string>> } | LiveAnswer | "yes" | "no" | "close";

export interface DialogSeen {
  /** The user whose page opened it. */
  readonly user: string;
  readonly kind: "prompt" | "confirm";
  readonly title: string;
  readonly content: string;
  /** The names of the form's controls. */
  readonly names: readonly string[];
  /** The detached browser window it opened in (v14), or null: the main window. */
  readonly windowId: string | null;
}

/** The user in front of the dialogs: the answers the test scripted, and every dialog that opened. */
export interface DialogUser {
  readonly answers: DialogAnswer[];
  readonly prompts: DialogSeen[];
  uninstall(): void;
}

/** A form control as `form.elements.namedItem` returns it: its name and value. */
class FormControl {
  constructor(
    readonly name: string,
    public value: string,
    /** A checkbox's state: unticked ones are left out of FormData, as the browser does. */
    public checked: boolean | null,
  ) {}
}
class InputElement extends FormControl {}
class SelectElement extends FormControl {}

class FormElement {
  constructor(readonly controls: readonly FormControl[]) {}
  get elements(): { namedItem(name: string): FormControl | null } {
    return { namedItem: (name) => this.controls.find((c) => c.name === name) ?? null };
  }
}

/** `new FormData(form)` of a dialog's form: each named control's value, ticked checkboxes only. */
class FormDataModel {
  readonly #entries: [string, string][];
  constructor(form: FormElement) {
    this.#entries = form.controls.filter((c) => c.checked !== false).map((c) => [c.name, c.checked ? "on" : c.value]);
  }
  [Symbol.iterator](): Iterator<[string, string]> {
    return this.#entries[Symbol.iterator]();
  }
}

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[] };

/** The form's controls as the browser would fill them from the markup. */
function controlsOf(html: string): FormControl[] {
  const out: FormControl[] = [];
  const walk = (node: Node): void => {
    const a = node.attribs ?? {};
    if (node.name === "input" && a.name !== undefined) {
      const box = a.type === "checkbox";
      out.push(new InputElement(a.name, a.value ?? "", box ? "checked" in a : null));
    } else if (node.name === "select" && a.name !== undefined) {
      const options = (node.children ?? []).filter((c) => c.name === "option");
      const chosen = options.find((o) => "selected" in (o.attribs ?? {})) ?? options[0];
      out.push(new SelectElement(a.name, chosen?.attribs?.value ?? "", null));
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

type Options = {
  window?: { title?: string };
  renderOptions?: { window?: { detached?: boolean; windowId?: string } };
  content?: string;
  render?: (event: Event, dialog: { element: HTMLElement }) => unknown;
  ok?: { callback?: (event: unknown, button: { form: FormElement }, dialog: unknown) => unknown };
};

/** Installs DialogV2 and renderTemplate beside what `foundry.applications` has; the user answers them. */
export function installDialogs(): DialogUser {
  const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
  const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
  const handlebars = createHandlebarsHost(en, sources);
  const answers: DialogAnswer[] = [];
  const prompts: DialogSeen[] = [];
  /** Opens a dialog on the running page and takes the user's next answer. */
  const open = (kind: DialogSeen["kind"], options: Options): { answer: DialogAnswer; controls: FormControl[] } => {
    const content = options.content ?? "";
    const controls = controlsOf(content);
    const user = (currentClient().game as { user?: { id: string } }).user?.id ?? "?";
    const into = worldGeneration.current >= 14 ? options.renderOptions?.window : undefined;
    const windowId = into?.detached === true && typeof into.windowId === "string" ? into.windowId : null;
    const names = controls.map((c) => c.name);
    prompts.push({ user, kind, title: options.window?.title ?? "", content, names, windowId });
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`Runtime model: a ${kind} dialog opened with no answer scripted`);
    if (answer === "close") throw new Error("Dialog was closed without a choice");
    return { answer, controls };
  };
  const prompt = async (options: Options): Promise<unknown> => {
    const { answer, controls } = open("prompt", options);
    if (typeof answer === "string") throw new Error(`Runtime model: a prompt has no ${answer} button`);
    if ("live" in answer) {
      const ok = options.ok?.callback as
        ((event: Event, button: HTMLButtonElement, dialog: unknown) => unknown) | undefined;
      return runLivePrompt({ content: options.content ?? "", render: options.render, ok }, answer);
    }
    for (const [name, value] of Object.entries(answer.fields)) {
      const control = controls.find((c) => c.name === name);
      if (control === undefined) throw new Error(`Runtime model: the dialog's form has no field ${name}`);
      if (control.checked !== null) control.checked = value === "on";
      else control.value = value;
    }
    const form = new FormElement(controls);
    return Promise.resolve(options.ok?.callback?.({}, { form }, {}) ?? "ok");
  };
  const confirm = async (options: Options): Promise<boolean> => {
    const { answer } = open("confirm", options);
    if (typeof answer !== "string") throw new Error("Runtime model: a confirm dialog has no form to fill");
    return Promise.resolve(answer === "yes");
  };
  const applications = (globalThis as unknown as { foundry: { applications: Record<string, unknown> } }).foundry
    .applications;
  const before = { api: applications.api, handlebars: applications.handlebars };
  applications.api = { ...(before.api as object), DialogV2: { prompt, confirm } };
  applications.handlebars = {
    ...(before.handlebars as object),
    renderTemplate: async (path: string, context: object) =>
      Promise.resolve(handlebars.compile(`{{> "${path}"}}`)(context)),
  };
  const restores = [
    defineGlobal("HTMLInputElement", InputElement),
    defineGlobal("HTMLSelectElement", SelectElement),
    defineGlobal("HTMLFormElement", FormElement),
    defineGlobal("FormData", FormDataModel),
  ];
  return {
    answers,
    prompts,
    uninstall: () => {
      for (const restore of restores) restore();
      applications.api = before.api;
      applications.handlebars = before.handlebars;
    },
  };
}
