/**
 * A DialogV2 prompt the user works in before pressing OK (the answer `{ live }` of dialog-v2.ts): the
 * prompt is put on a page (a happy-dom window, loaded only for these answers) as a form holding the content
 * and the OK button, its `render` option is called with the dialog, and the test changes the form as a
 * user does (sets a value, fires the event the browser fires), sees what the dialog redraws, and then OK
 * is pressed: `ok.callback(event, button, dialog)` with the real button, whose `form` is the dialog's form.
 *
 * As public code calls it: `render: (event, dialog) => …` is called once the dialog is rendered and reads
 * `dialog.element` (Draw Steel's advancement creation dialog listens for "change" on
 * `dialog.element.querySelector(…)`; quasireal-publishing/mythcraft's actor sheet reads `dialog.element`
 * the same way); the OK button sits in the dialog's form (Daggerheart reads `button.form.elements`).
 * Modelling choices (not claims about core): the element is a `<dialog>` around the form; the page's DOM
 * classes (`document`, `FormData`, `HTMLFormElement` …) are the globals while the dialog is open, as in a
 * browser, and the ones before are put back when it closes.
 */

/** The open dialog as the test's user sees it. */
export interface LiveDialog {
  readonly element: HTMLElement;
  /** Waits until what a change set off (a redraw rendering a template) is on screen. */
  settle(): Promise<void>;
}

export interface LiveAnswer {
  readonly live: (dialog: LiveDialog) => Promise<void>;
}

export interface LivePromptOptions {
  readonly content: string;
  readonly render?: (event: Event, dialog: { element: HTMLElement }) => unknown;
  readonly ok?: (event: Event, button: HTMLButtonElement, dialog: { element: HTMLElement }) => unknown;
}

const PAGE_GLOBALS = [
  "document",
  "Element",
  "HTMLElement",
  "HTMLFormElement",
  "HTMLInputElement",
  "HTMLSelectElement",
  "HTMLButtonElement",
  "FormData",
  "Event",
] as const;

/** Opens the prompt on a page, lets `answer.live` work in it, presses OK; what the OK callback returns. */
export async function runLivePrompt(options: LivePromptOptions, answer: LiveAnswer): Promise<unknown> {
  const { Window } = await import("happy-dom");
  const window = new Window({ url: "http://localhost/" });
  const scope = window as unknown as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  for (const name of PAGE_GLOBALS) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, { value: scope[name], configurable: true, writable: true });
  }
  try {
    const page = scope.document as Document;
    const element = page.createElement("dialog");
    const form = page.createElement("form");
    form.innerHTML = `${options.content}<button type="submit" name="ok">OK</button>`;
    element.append(form);
    page.body.append(element);
    const dialog = { element };
    options.render?.(new Event("render"), dialog);
    const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    await answer.live({ element, settle });
    const button = form.querySelector("button");
    if (button === null) throw new Error("Runtime model: the dialog lost its OK button");
    return await Promise.resolve(options.ok?.(new Event("submit"), button, dialog) ?? "ok");
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor === undefined) Reflect.deleteProperty(globalThis, name);
      else Object.defineProperty(globalThis, name, descriptor);
    }
    await window.happyDOM.close();
  }
}
