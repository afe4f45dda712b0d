/**
 * Core's token HUD, the part a system touches (issue 19). In v13 and v14 it is an ApplicationV2,
 * `foundry.applications.hud.TokenHUD` extending `BasePlaceableHUD`
 * (https://foundryvtt.com/api/v14/modules/foundry.applications.hud.html,
 * https://foundryvtt.com/api/classes/foundry.applications.hud.BasePlaceableHUD.html), one per client's
 * canvas (`canvas.tokens.hud`), replaceable through `CONFIG.Token.hudClass`
 * (https://foundryvtt.com/api/v14/variables/CONFIG.Token.html; Draw Steel sets it, draw-steel.mjs).
 *
 * What is modelled:
 * - `bind(token)` binds the HUD to a placed token and draws it (BasePlaceableHUD#bind, "Bind the HUD to a
 *   new PlaceableObject and display it"); `object` is that placeable (with its `document` and `actor`, as
 *   core's Token has them) and `actor` its actor (Draw Steel's TokenHUD subclass reads `this.actor`,
 *   src/module/applications/hud/token-hud.mjs); `clear()` hides it; `rendered` says whether it is drawn
 *   (ApplicationV2#rendered, https://foundryvtt.com/api/classes/foundry.applications.api.ApplicationV2.html).
 * - `canvas.tokens.hud` is the running client's HUD (`installTokenHud`).
 * - Core opens it with a right-click on a token the user controls (https://foundryvtt.com/article/tokens/:
 *   "right click on the Token to display the Token HUD"; a user "can only manipulate tokens you have
 *   control over", and a player controls the tokens it owns): `bind` draws nothing for a user below
 *   OWNER on the token and returns false.
 * - `render()` draws the HUD's element — a `<form id="token-hud">` with its three columns `.col.left`,
 *   `.col.middle`, `.col.right` (the columns modules add their buttons to: Unarekin/FoundryVTT-Sprite-
 *   Animations src/tokenHUD.ts queries `.col.left` of the v13 HTMLElement, PF2e Afflictioner `div.col.right`)
 *   — and then fires `renderTokenHUD`, `renderBasePlaceableHUD` and `renderApplicationV2` with
 *   `(application, element, context, options)` on the running client, each class of the chain in turn
 *   (https://foundryvtt.com/api/functions/hookEvents.renderApplicationV2.html: "Each ApplicationV2 class
 *   in the inheritance chain will also fire this hook"), as application-v2.ts does for Tempo's own.
 *
 * Modelling choices (not claims about core): the columns are empty (core's own controls — elevation,
 * visibility, the status palette — are not drawn); every render draws the element anew, so a listener
 * a hook added lives as long as its drawing; the HUD is not positioned.
 */
import { currentClient } from "./context.ts";
import type { TokenModel } from "./scene.ts";
import { OWNERSHIP } from "./permissions.ts";

interface HookCaller {
  callAll(name: string, ...args: unknown[]): boolean;
}
interface UserOfClient {
  readonly id: string;
  readonly isGM: boolean;
}

const CHAIN = ["TokenHUD", "BasePlaceableHUD", "ApplicationV2"] as const;

export class TokenHUDModel {
  /** The placeable the HUD is bound to (null: not bound). */
  object: { readonly document: TokenModel; readonly actor: TokenModel["actor"] } | null = null;
  /** The drawn element; null before the first render. */
  element: HTMLElement | null = null;
  /** Model-only: whether it is shown (bound and drawn, not cleared). */
  shown = false;

  get document(): TokenModel | null {
    return this.object?.document ?? null;
  }

  get rendered(): boolean {
    return this.shown && this.element !== null;
  }

  get actor(): TokenModel["actor"] {
    return this.document?.actor ?? null;
  }

  /** Binds to the running client's copy of `token` and draws it; false for a user who does not control it. */
  async bind(token: TokenModel): Promise<boolean> {
    const here = token.here();
    const user = (currentClient().game as { user: UserOfClient }).user;
    if (here.getUserLevel(user as never) < OWNERSHIP.OWNER) return false;
    this.object = {
      document: here,
      get actor() {
        return here.actor;
      },
    };
    await this.render();
    return true;
  }

  async render(options: object = {}): Promise<this> {
    await Promise.resolve();
    if (this.object === null) return this;
    const element = document.createElement("form");
    element.id = "token-hud";
    for (const side of ["left", "middle", "right"]) {
      const column = document.createElement("div");
      column.className = `col ${side}`;
      element.append(column);
    }
    this.element = element;
    this.shown = true;
    const context = { actorId: this.actor?.id ?? null, id: this.document?.id ?? null };
    const hooks = currentClient().Hooks as HookCaller;
    for (const name of CHAIN) hooks.callAll(`render${name}`, this, element, context, options);
    return this;
  }

  clear(): void {
    this.shown = false;
  }
}

const HUDS = new WeakMap<object, TokenHUDModel>();

/** The running client's token HUD (`canvas.tokens.hud`). */
export function tokenHud(): TokenHUDModel {
  const game = currentClient().game;
  const known = HUDS.get(game);
  if (known !== undefined) return known;
  const hud = new TokenHUDModel();
  HUDS.set(game, hud);
  return hud;
}

/**
 * `canvas.tokens.hud` on every client: the running client's HUD, added to the `canvas` global the test
 * already installed (targets.ts, canvas-collision.ts) or a new one. Returns the uninstall.
 */
export function installTokenHud(): () => void {
  const scope = globalThis as unknown as { canvas?: { tokens?: object } };
  const existing = scope.canvas;
  const canvas = existing ?? {};
  const tokens = canvas.tokens ?? {};
  canvas.tokens = tokens;
  Object.defineProperty(tokens, "hud", { get: tokenHud, configurable: true });
  if (existing === undefined) Object.defineProperty(globalThis, "canvas", { value: canvas, configurable: true });
  return () => {
    Reflect.deleteProperty(tokens, "hud");
    if (existing === undefined) Reflect.deleteProperty(globalThis, "canvas");
  };
}
