/**
 * Core's Scene with its embedded Tokens and Walls on one client, and the actor of an unlinked token,
 * as public sources show v13:
 * - `scene.dimensions` (API SceneDimensions) names the scene rectangle inside the canvas padding
 *   (`sceneX`, `sceneY`, `sceneWidth`, `sceneHeight`) and the grid `size` in pixels; the padding is the
 *   scene's `padding` fraction of its width and height, rounded up to whole grid squares. A token's `x`,
 *   `y` are its top-left corner in pixels and its `width`, `height` in squares; a wall's `c` is
 *   [x0, y0, x1, y1] and `move` 0 lets movement through (dnd5e's and Draw Steel's placement code read
 *   the same fields).
 * - A linked token (`actorLink: true`) stands for the world actor `actorId`. An unlinked token's actor
 *   is a synthetic actor: the base world actor's source with the token's ActorDelta (`token.delta`)
 *   merged over it. `actor.isToken` is true, `actor.token` is the token document and `token.parent`
 *   its scene; the actor keeps its base actor's id and its UUID is `Scene.<s>.Token.<t>.Actor.<a>`
 *   (pf2e's ActorDeltaPF2e rebuilds the synthetic actor whenever the delta changes; dnd5e and pf2e
 *   resolve such UUIDs with `fromUuid`). The synthetic actor is rebuilt when the delta or the base
 *   actor changes.
 * - `scene.updateEmbeddedDocuments("Token", [{ _id, delta: { system } }, …])` is ONE write for several
 *   tokens, the delta merging key by key (the RuneQuest system sun-dragon-cult/fvtt-system-rqg writes
 *   unlinked tokens' actor data so, one batch per scene beside one `Actor.updateDocuments`). A
 *   synthetic actor's own `update` is modelled as one such write of its token's delta (core routes it
 *   through the ActorDelta, which lives on the token).
 * - A token's ownership is its actor's, and an unlinked token's actor has its base actor's ownership
 *   (foundryvtt/foundryvtt#9655 and #11034: "Unlinked tokens … inherit the default permission from
 *   their base actors"; `token.actor.ownership` equals the base actor's there); the server (server.ts)
 *   enforces it.
 */
import { Collection } from "./collection.ts";
import { currentClient } from "./context.ts";
import { isObj, type Obj } from "./diff.ts";
import { ClientDocument, type DocumentContext, type UserLike } from "./document.ts";
import { ActorModel, type ActiveEffectModel } from "./actor.ts";
import { SyntheticActorModel, syntheticSource } from "./synthetic-actor.ts";
import { OWNERSHIP } from "./permissions.ts";
import { RegionModel } from "./regions.ts";
import { measureMovementPath, type MeasureResult, type MovementInput, type Waypoint } from "./token-movement.ts";
import { clearMovementHistory, movementOfUpdates, moveToken } from "./token-move.ts";
import { rulerOf, type TokenRulerModel } from "./token-ruler.ts";

const num = (v: unknown, fallback = 0): number => (typeof v === "number" ? v : fallback);

export class WallModel extends ClientDocument {
  static override documentName = "Wall" as const;
  get c(): number[] {
    return Array.isArray(this._source.c) ? this._source.c.map(Number) : [];
  }
  get move(): number {
    return num(this._source.move, 20);
  }
}

export class TokenModel extends ClientDocument {
  static override documentName = "Token" as const;
  #synthetic: { base: Obj; delta: unknown; actor: SyntheticActorModel } | null = null;

  get actorId(): string | null {
    return typeof this._source.actorId === "string" ? this._source.actorId : null;
  }
  get actorLink(): boolean {
    return this._source.actorLink === true;
  }
  get x(): number {
    return num(this._source.x);
  }
  get y(): number {
    return num(this._source.y);
  }
  /** TokenDocument `elevation`, in grid units (modules read `token.document.elevation`, 0 when unset). */
  get elevation(): number {
    return num(this._source.elevation);
  }
  get width(): number {
    return num(this._source.width, 1);
  }
  get height(): number {
    return num(this._source.height, 1);
  }
  get hidden(): boolean {
    return this._source.hidden === true;
  }
  get disposition(): number {
    return num(this._source.disposition, -1);
  }
  /** The ActorDelta's data: what this token's actor has that the base actor has not. */
  get delta(): { readonly system: Obj; readonly effects: readonly ActiveEffectModel[] } {
    const delta = isObj(this._source.delta) ? this._source.delta : {};
    // The delta's own effects (synthetic-actor.ts), as this token's actor holds them.
    const own = new Set(Array.isArray(delta.effects) ? delta.effects.map((e) => (isObj(e) ? e._id : null)) : []);
    const effects = this.actorLink ? [] : (this.actor?.effects.filter((e) => own.has(e.id)) ?? []);
    return { system: isObj(delta.system) ? delta.system : {}, effects };
  }
  get baseActor(): ActorModel | null {
    const actor = this.actorId === null ? null : this.client.actor(this.actorId);
    return actor instanceof ActorModel ? actor : null;
  }
  get actor(): ActorModel | null {
    const base = this.baseActor;
    if (base === null || this.actorLink) return base;
    const delta = this._source.delta;
    const cached = this.#synthetic;
    if (cached !== null && cached.base === base._source && cached.delta === delta) {
      cached.actor.syncEffects(base); // the base actor's effects change without its source (actor.ts)
      cached.actor.syncItems(base); // and its items
      return cached.actor;
    }
    // Made once per token on a client and reset in place when the delta or the base changes (synthetic-actor.ts).
    const actor = cached?.actor ?? new SyntheticActorModel(syntheticSource(base, delta), this, this.client);
    if (cached !== null) actor.resetSource(syntheticSource(base, delta));
    actor.syncEffects(base);
    actor.syncItems(base);
    if (cached === null) actor.prepareData();
    this.#synthetic = { base: base._source, delta, actor };
    return actor;
  }
  // Core's v13/v14 movement API (token-movement.ts, token-move.ts, token-ruler.ts).
  get movementAction(): string {
    return typeof this._source.movementAction === "string" ? this._source.movementAction : "walk";
  }
  get movementHistory(): readonly Waypoint[] {
    return Array.isArray(this._source._movementHistory) ? (this._source._movementHistory as Waypoint[]) : [];
  }
  /** The last movement this client heard of (TokenDocument#movement). */
  movement: unknown = null;
  move(waypoints: MovementInput | readonly MovementInput[], options: Obj = {}): Promise<boolean> {
    const here = this.here();
    return here === this ? moveToken(this, waypoints, options) : here.move(waypoints, options);
  }
  measureMovementPath(waypoints: readonly MovementInput[], options: Obj = {}): MeasureResult {
    const { steps: _steps, ...result } = measureMovementPath(this, waypoints, options);
    return result;
  }
  clearMovementHistory(): Promise<void> {
    const here = this.here();
    return here === this ? clearMovementHistory(this) : here.clearMovementHistory();
  }
  /** The placeable Token on this client's canvas, with its ruler (Token#ruler). */
  get object(): { readonly document: TokenModel; readonly ruler: TokenRulerModel } {
    return { document: this, ruler: rulerOf(this) };
  }
  override getUserLevel(user: UserLike): number {
    return this.baseActor?.getUserLevel(user) ?? (user.isGM ? OWNERSHIP.OWNER : OWNERSHIP.NONE);
  }
  /** A changed delta resets the synthetic actor and its effects at once (synthetic-actor.ts). */
  protected override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("delta" in changed && !this.actorLink) void this.actor;
  }
}

export class SceneModel extends ClientDocument {
  static override documentName = "Scene" as const;
  readonly tokens = new Collection<TokenModel>();
  readonly walls = new Collection<WallModel>();
  readonly regions = new Collection<RegionModel>();

  constructor(source: Obj = {}, context: Partial<DocumentContext> = {}) {
    super(source, context);
  }

  get dimensions(): { sceneX: number; sceneY: number; sceneWidth: number; sceneHeight: number; size: number } {
    const grid = isObj(this._source.grid) ? this._source.grid : {};
    const size = num(grid.size, 100);
    const [width, height] = [num(this._source.width, 4000), num(this._source.height, 3000)];
    const padding = num(this._source.padding, 0.25);
    const pad = (side: number) => Math.ceil((padding * side) / size) * size;
    return { sceneX: pad(width), sceneY: pad(height), sceneWidth: width, sceneHeight: height, size };
  }

  /** Token updates that move a token run core's movement workflow first (token-move.ts `movementOfUpdates`). */
  override async updateEmbeddedDocuments(
    documentName: string,
    updates: Obj[],
    options: Obj = {},
  ): Promise<ClientDocument[]> {
    const here = this.here();
    if (here !== this) return here.updateEmbeddedDocuments(documentName, updates, options);
    if (documentName !== "Token") return super.updateEmbeddedDocuments(documentName, updates, options);
    const moved = movementOfUpdates(this.tokens, updates, options);
    if (moved.updates.length === 0) return [];
    return super.updateEmbeddedDocuments(documentName, moved.updates, moved.options);
  }

  override getEmbeddedCollection(documentName: string): Collection<ClientDocument> & Map<string, ClientDocument> {
    const collection =
      documentName === "Token"
        ? this.tokens
        : documentName === "Wall"
          ? this.walls
          : documentName === "Region"
            ? this.regions
            : null;
    if (collection === null) return super.getEmbeddedCollection(documentName) as never;
    return collection as unknown as Collection<ClientDocument> & Map<string, ClientDocument>;
  }
}

/** The running client's scenes (core's `game.scenes`). */
export function runningScenes(): Collection<SceneModel> {
  return (currentClient().game as { scenes: Collection<SceneModel> }).scenes;
}
