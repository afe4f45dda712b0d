/**
 * A model of Foundry v13's ApplicationV2 render pipeline with HandlebarsApplicationMixin, enough to run a
 * real Tempo application (its `_configureRenderParts`, `_preparePartContext`, `_replaceHTML` overrides)
 * against a real DOM (happy-dom) and Tempo's real Handlebars templates.
 *
 * What is modelled, and where it is shown in public:
 * - `render(options)` → `_configureRenderOptions` → `_prepareContext` → `_renderHTML` → `_replaceHTML` →
 *   `_onFirstRender` (first render only) → `_onRender`. The order and the hooks' names are those of the API
 *   docs (foundryvtt.com/api, ApplicationV2 and HandlebarsApplicationMixin) and of the systems overriding
 *   them: dnd5e (module/applications/api/application-v2-mixin.mjs: `_configureRenderOptions`,
 *   `_preparePartContext`, `_replaceHTML` then super, `_onFirstRender`, `_onRender`), Draw Steel
 *   (src/module/applications/sidebar/tabs/combat-tracker.mjs: `_onFirstRender`, `_onRender`).
 * - `options.parts`: "Some Application classes, for example the HandlebarsApplication, support re-rendering
 *   a subset of application parts instead of the full Application HTML" (ApplicationRenderOptions docs). A
 *   first render, or one that names no parts, draws every configured part; a later one draws only the
 *   named parts that `_configureRenderParts` returned this time (a name that is not a configured part is
 *   dropped: it draws nothing), and leaves every other part on screen as it is. pf2e's encounter tracker
 *   reads `options.parts.includes("tracker")` and `rendered["header"]` in its `_renderHTML` override
 *   (src/module/apps/sidebar/encounter-tracker.ts): the record holds the requested parts only.
 * - `_configureRenderParts(options)` returns a deep copy of the class's static `PARTS` (Draw Steel's
 *   comment on it: "deep clone of static PARTS"; it and Project FU delete entries from it per render).
 * - `_renderHTML` prepares each requested part's context with `_preparePartContext(partId, context, options)`
 *   (docs: "Prepare context that is specific to only a single rendered part"; the shared context is
 *   passed and may be mutated, as Draw Steel's override does), renders the part's template, and returns
 *   "a single rendered HTMLElement for each requested part" (docs), marked with `data-application-part`
 *   (dnd5e finds parts by that attribute: module/applications/api/application-v2-mixin.mjs
 *   `_renderContainers`), with the part's `id` and `classes` (HandlebarsTemplatePart docs).
 * - `_replaceHTML(result, content, options)` puts each rendered part in place of the one on screen (or
 *   appends it on a first draw), carries the part's state over (`scrollable`: "selectors within this part
 *   whose scroll positions should be persisted during a re-render operation. A blank string is used to
 *   denote that the root level of the part is scrollable", HandlebarsTemplatePart docs) and then attaches
 *   the part's listeners with `_attachPartListeners(partId, htmlElement, options)` — once per freshly
 *   rendered element.
 * - `DEFAULT_OPTIONS.actions` merged down the class chain (Draw Steel and Daggerheart declare only their
 *   own actions and keep core's), dispatched from one click listener on the application's element, bound
 *   once (`_attachFrameListeners`, which Weird Wizard's tracker extends: module/apps/combat-tracker.mjs):
 *   a click on (or inside) a `[data-action]` element calls that action's handler with the application as
 *   `this` and `(event, target)`.
 *
 * - After each render, the hook `render<Class>(application, element, context, options)` fires for every
 *   class in the chain (API hookEvents.renderApplicationV2: "Each ApplicationV2 class in the inheritance
 *   chain will also fire this hook, i.e. \"renderApplicationV2\" will also fire"); a model class names
 *   the core class it stands for (`static CORE_NAME`), so a listener of `renderCombatTracker` hears a
 *   subclass of the tracker model. Core's classes between them that the model does not have
 *   (AbstractSidebarTab, HandlebarsApplication) fire nothing here.
 *
 * Modelling choices (not claims about core): renders run one after another (a render asked for during
 * another starts when it ends); an application without a frame is its content element (as the sidebar
 * tabs are); `forms` are not modelled. For double-binding checks the model counts, per element, how many
 * times `_attachPartListeners` was given it or an ancestor (`partAttachCount`) and how many listeners of
 * each type were added to it through `addEventListener` while the DOM was installed (`listenerCount`).
 */

/** One part of a Handlebars application, as `static PARTS` declares it (HandlebarsTemplatePart docs). */
export interface PartConfig {
  template: string;
  templates?: string[];
  scrollable?: string[];
  classes?: string[];
  id?: string;
}

export interface RenderOptionsModel {
  parts?: string[];
  force?: boolean;
  isFirstRender?: boolean;
}

export type ActionHandler = (this: ApplicationV2Model, event: PointerEvent, target: HTMLElement) => unknown;

export interface ApplicationOptionsModel {
  actions?: Record<string, ActionHandler>;
}

type RenderTemplate = (path: string, context: object) => string;

interface Runtime {
  readonly document: Document;
  readonly renderTemplate: RenderTemplate;
  readonly listeners: WeakMap<EventTarget, Map<string, number>>;
  readonly partAttaches: WeakMap<Element, number>;
}

let runtime: Runtime | null = null;

function current(): Runtime {
  if (runtime === null) throw new Error("installApplicationRuntime() first: the model renders into its DOM");
  return runtime;
}

export interface ApplicationRuntime {
  readonly document: Document;
  uninstall(): void;
}

const DOM_GLOBALS = ["document", "HTMLElement", "Element", "Node", "Event", "PointerEvent", "MouseEvent"] as const;

/**
 * Installs the DOM (a happy-dom window, whose DOM classes become globals, as in a browser) and the template
 * renderer (Foundry's `renderTemplate`: template path and context to HTML) the model renders with.
 */
export async function installApplicationRuntime(renderTemplate: RenderTemplate): Promise<ApplicationRuntime> {
  // Loaded here, not at the top: happy-dom takes about half a second to import, and only the tests that render
  // the tracker pay for it (every Foundry test imports this module through the world).
  const { Window } = await import("happy-dom");
  const window = new Window({ url: "http://localhost/" });
  const scope = window as unknown as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  for (const name of DOM_GLOBALS) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, { value: scope[name], configurable: true, writable: true });
  }
  const listeners = new WeakMap<EventTarget, Map<string, number>>();
  // The prototype that owns `addEventListener` (happy-dom's own EventTarget, below the window's classes).
  let prototype: EventTarget = window.document.createElement("div") as unknown as EventTarget;
  while (!Object.hasOwn(prototype, "addEventListener")) prototype = Object.getPrototypeOf(prototype) as EventTarget;
  const add = prototype.addEventListener;
  prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget["addEventListener"]>) {
    const byType = listeners.get(this) ?? new Map<string, number>();
    byType.set(args[0], (byType.get(args[0]) ?? 0) + 1);
    listeners.set(this, byType);
    add.apply(this, args);
  };
  const document = window.document as unknown as Document;
  runtime = { document, renderTemplate, listeners, partAttaches: new WeakMap() };
  return {
    document,
    uninstall() {
      prototype.addEventListener = add;
      for (const [name, descriptor] of saved) {
        if (descriptor === undefined) Reflect.deleteProperty(globalThis, name);
        else Object.defineProperty(globalThis, name, descriptor);
      }
      runtime = null;
      void window.happyDOM.close();
    },
  };
}

/** How many `type` listeners were added to `target` while the runtime was installed. */
export const listenerCount = (target: EventTarget, type: string): number =>
  current().listeners.get(target)?.get(type) ?? 0;

/** How many times `_attachPartListeners` was given `element` or one of its ancestors. */
export const partAttachCount = (element: Element): number => current().partAttaches.get(element) ?? 0;

/** The part state `_preSyncPartState` keeps for `_syncPartState`: scroll positions by `scrollable` selector. */
export interface PartState {
  scrollPositions: [selector: string, top: number, left: number][];
}

const scrollTarget = (part: HTMLElement, selector: string): Element | null =>
  selector === "" ? part : part.querySelector(selector);

/** One render as the model ran it: the parts asked for, and the parts drawn. */
export interface RenderRecord {
  requested: string[] | undefined;
  drawn: string[];
}

let applicationsMade = 0;

export class ApplicationV2Model {
  static DEFAULT_OPTIONS: ApplicationOptionsModel = {};

  /**
   * The application's own id: "The CSS id of this Application's outermost element" (ApplicationV2 API
   * docs), so no two open applications share it; systems prefix their templates' ids with it (the DCC
   * system's settings menus: `context.rootId = this.id`). Modelling choice, not a claim about core's format:
   * the class name and a number unique among the applications made on the page.
   */
  readonly id = `${this.constructor.name}-${++applicationsMade}`;

  /** The core class a model class stands for, in hook names. */
  static CORE_NAME = "ApplicationV2";

  static PARTS: Record<string, PartConfig> = {};

  #element: HTMLElement | null = null;

  #parts: Record<string, HTMLElement> = {};

  #configured: Record<string, PartConfig> = {};

  #queue: Promise<unknown> = Promise.resolve();

  /** Every render the model ran, in order. */
  readonly renders: RenderRecord[] = [];

  /** The application's element (its content: a sidebar tab has no frame). */
  get element(): HTMLElement {
    if (this.#element === null) throw new Error("not rendered yet");
    return this.#element;
  }

  get rendered(): boolean {
    return this.#element !== null;
  }

  /** "A record of all rendered template parts" (HandlebarsApplication docs). */
  get parts(): Record<string, HTMLElement> {
    return this.#parts;
  }

  /** The options: `actions` merged from the base class down to this one. */
  get options(): { actions: Record<string, ActionHandler> } {
    const chain: (typeof ApplicationV2Model)[] = [];
    for (let c = this.constructor as typeof ApplicationV2Model; c !== Function.prototype; c = Object.getPrototypeOf(c))
      if (Object.hasOwn(c, "DEFAULT_OPTIONS")) chain.unshift(c);
    return {
      actions: Object.assign({}, ...chain.map((c) => c.DEFAULT_OPTIONS.actions ?? {})) as Record<string, ActionHandler>,
    };
  }

  render(options: RenderOptionsModel = {}): Promise<this> {
    const run = this.#queue.then(() => this.#render({ ...options }));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #render(options: RenderOptionsModel): Promise<this> {
    const requested = options.parts === undefined ? undefined : [...options.parts];
    options.isFirstRender = !this.rendered;
    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    const result = await this._renderHTML(context, options);
    const first = this.#element === null;
    if (first) {
      this.#element = current().document.createElement("section");
      this._attachFrameListeners();
    }
    this._replaceHTML(result, this.element, options);
    this.renders.push({ requested, drawn: Object.keys(result) });
    if (first) await this._onFirstRender(context, options);
    await this._onRender(context, options);
    this.#callRenderHooks(context, options);
    return this;
  }

  /** `render<Class>` for this class and each one above it (see the file comment). */
  #callRenderHooks(context: object, options: RenderOptionsModel): void {
    const hooks = (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks;
    for (
      let c = this.constructor as typeof ApplicationV2Model;
      c !== Function.prototype;
      c = Object.getPrototypeOf(c)
    ) {
      const name = Object.hasOwn(c, "CORE_NAME") ? c.CORE_NAME : c.name;
      hooks.callAll(`render${name}`, this, this.element, context, options);
      if (c === ApplicationV2Model) break;
    }
  }

  protected _configureRenderOptions(options: RenderOptionsModel): void {
    this.#configured = this._configureRenderParts(options);
    const all = Object.keys(this.#configured);
    options.parts =
      options.isFirstRender === true || options.parts === undefined || options.parts.length === 0
        ? all
        : options.parts.filter((id) => all.includes(id));
  }

  protected _configureRenderParts(_options: RenderOptionsModel): Record<string, PartConfig> {
    return structuredClone((this.constructor as typeof ApplicationV2Model).PARTS);
  }

  protected _prepareContext(_options: RenderOptionsModel): Promise<object> {
    return Promise.resolve({});
  }

  protected _preparePartContext(_partId: string, context: object, _options: RenderOptionsModel): Promise<object> {
    return Promise.resolve(context);
  }

  protected async _renderHTML(context: object, options: RenderOptionsModel): Promise<Record<string, HTMLElement>> {
    const rendered: Record<string, HTMLElement> = {};
    for (const partId of options.parts ?? []) {
      const part = this.#configured[partId];
      if (part === undefined) continue;
      const partContext = await this._preparePartContext(partId, context, options);
      rendered[partId] = this.#parsePart(partId, part, current().renderTemplate(part.template, partContext));
    }
    return rendered;
  }

  /** A part's HTML as its one element, marked as that part. */
  #parsePart(partId: string, part: PartConfig, html: string): HTMLElement {
    const template = current().document.createElement("template");
    template.innerHTML = html;
    const roots = Array.from(template.content.children);
    const root = roots[0];
    if (roots.length !== 1 || !(root instanceof HTMLElement))
      throw new Error(`Template part "${partId}" must render a single HTML element`);
    root.dataset.applicationPart = partId;
    if (part.id !== undefined) root.id = part.id;
    if (part.classes !== undefined) root.classList.add(...part.classes);
    return root;
  }

  protected _replaceHTML(result: Record<string, HTMLElement>, content: HTMLElement, options: RenderOptionsModel): void {
    for (const [partId, htmlElement] of Object.entries(result)) {
      const prior = content.querySelector<HTMLElement>(`[data-application-part="${partId}"]`);
      const state: PartState = { scrollPositions: [] };
      if (prior === null) content.append(htmlElement);
      else {
        this._preSyncPartState(partId, htmlElement, prior, state);
        prior.replaceWith(htmlElement);
      }
      this._syncPartState(partId, htmlElement, prior, state);
      this._attachPartListeners(partId, htmlElement, options);
      this.#parts[partId] = htmlElement;
    }
  }

  protected _preSyncPartState(partId: string, _next: HTMLElement, prior: HTMLElement, state: PartState): void {
    for (const selector of this.#configured[partId]?.scrollable ?? []) {
      const target = scrollTarget(prior, selector);
      if (target !== null) state.scrollPositions.push([selector, target.scrollTop, target.scrollLeft]);
    }
  }

  protected _syncPartState(_partId: string, next: HTMLElement, _prior: HTMLElement | null, state: PartState): void {
    for (const [selector, top, left] of state.scrollPositions) {
      const target = scrollTarget(next, selector);
      if (target === null) continue;
      target.scrollTop = top;
      target.scrollLeft = left;
    }
  }

  /** Counted: the element and every element inside it were given to this once more. */
  protected _attachPartListeners(_partId: string, htmlElement: HTMLElement, _options: RenderOptionsModel): void {
    const { partAttaches } = current();
    for (const element of [htmlElement, ...Array.from(htmlElement.querySelectorAll("*"))])
      partAttaches.set(element, (partAttaches.get(element) ?? 0) + 1);
  }

  /** Once, on the first render: one click listener on the element dispatches `[data-action]` clicks. */
  protected _attachFrameListeners(): void {
    this.element.addEventListener("click", (event) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
      if (target === null || !this.element.contains(target)) return;
      const action = target.dataset.action ?? "";
      const handler = this.options.actions[action];
      if (handler === undefined) this._onClickAction(event as PointerEvent, target);
      else void handler.call(this, event as PointerEvent, target);
    });
  }

  protected _onClickAction(_event: PointerEvent, _target: HTMLElement): void {}

  protected _onFirstRender(_context: object, _options: RenderOptionsModel): Promise<void> {
    return Promise.resolve();
  }

  protected _onRender(_context: object, _options: RenderOptionsModel): Promise<void> {
    return Promise.resolve();
  }
}
