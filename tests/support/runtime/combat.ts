/**
 * Core's Combat, Combatant and CombatantGroup on one client, as public sources show v13's behaviour:
 * - `turns` is a cached, sorted array rebuilt by `setupTurns()` (Draw Steel 0.11.1 and the weirdwizard
 *   system's copy of core's combat.mjs: `return this.turns = turns`); core rebuilds it when combatants
 *   are created, updated or deleted (the descendant callbacks), NOT when the Combat alone is updated;
 *   `combatant` is `turns[turn]` (API v11 Combat: "the Combatant who has the current turn").
 * - `_manageTurnEvents` runs from `_onUpdate` and the three descendant callbacks unless the operation
 *   says `turnEvents: false` (foundryvtt/foundryvtt #10387); it does nothing before the combat started;
 *   on the active GM's client only it walks core's linear order (`_onEndTurn`, `_onEndRound`,
 *   `_onStartRound`, `_onStartTurn`); on every client it then calls `combatTurnChange(combat, prior,
 *   current)` with `{round, turn, combatantId, tokenId}` states (API hookEvents.combatTurnChange, v13.350;
 *   weirdwizard's copy of core).
 * - core's `_onStartTurn` / `_onEndTurn` / `_onStartRound` / `_onEndRound` trigger the Region events
 *   TOKEN_TURN_START/END and TOKEN_ROUND_START/END for the tokens concerned (Draw Steel 0.11.1
 *   combat.mjs ~l.156: `region._triggerEvent(CONST.REGION_EVENTS.TOKEN_TURN_END, …)`); the model
 *   records each in the runtime's `regionEvents`.
 * - a client that deletes a combatant before the current turn writes `turn` itself so the same
 *   creature keeps acting (the issue text: "Deleting a combatant makes core write turn from the
 *   deleting client").
 * - a Combatant's ownership is its actor's (API: Combatant#actor, "the Actor this Combatant
 *   represents"); one with no actor belongs to the GMs; `visible` is `isOwner || !hidden`.
 */
import { modelClock } from "./clock.ts";
import { Collection } from "./collection.ts";
import type { Obj } from "./diff.ts";
import { ClientDocument, type DocumentContext, type UserLike } from "./document.ts";

export interface TurnContext {
  readonly round: number;
  readonly turn?: number;
  readonly skipped?: boolean;
}

export interface TurnState {
  readonly round: number;
  readonly turn: number | null;
  readonly combatantId: string | null;
  readonly tokenId: string | null;
}

/** What the runtime records of core's own turn events (the region behaviours they trigger). */
export interface RegionEvent {
  readonly client: string;
  readonly event: "tokenTurnStart" | "tokenTurnEnd" | "tokenRoundStart" | "tokenRoundEnd";
  readonly combatantId: string;
  readonly round: number;
}

/** The runtime's record of region events (set by runtime.ts). */
export const regionEventLog: { events: RegionEvent[] } = { events: [] };

/** A group set by data preparation (not a class field: `_initialize` runs before field initializers). */
const preparedGroups = new WeakMap<object, CombatantGroupModel | null>();

export class CombatantModel extends ClientDocument {
  static override documentName = "Combatant" as const;
  /**
   * A data field as core's are: set from the source by `_initialize`, then open to the system's data
   * preparation (Tempo derives it from the combat's engine state). `declare`d so that no class field
   * initializer overwrites what the constructor's `_initialize` set.
   */
  declare initiative: number | null;
  protected override _initialize(): void {
    this.initiative = (this._source.initiative as number | null | undefined) ?? null;
    preparedGroups.delete(this);
  }
  get actorId(): string | null {
    return (this._source.actorId as string | null) ?? null;
  }
  get tokenId(): string | null {
    return (this._source.tokenId as string | null) ?? null;
  }
  get sceneId(): string | null {
    return (this._source.sceneId as string | null) ?? null;
  }
  get img(): string | null {
    return (this._source.img as string | null) ?? null;
  }
  /** Core's `hasRolled` (API v13 Combatant#hasRolled: "has this combatant rolled initiative yet?"): a prepared initiative. */
  get hasRolled(): boolean {
    return this.initiative !== null;
  }
  get hidden(): boolean {
    return this._source.hidden === true;
  }
  get defeated(): boolean {
    return this._source.defeated === true;
  }
  get combat(): CombatModel | null {
    return this.parent as CombatModel | null;
  }
  /**
   * Core's prepared `group`, the CombatantGroup document (Draw Steel's squad model reads
   * `combatant.group?.id`): from the source, open to the system's data preparation like `initiative`
   * (Tempo shows a segment creature's side group there without writing it).
   */
  get group(): CombatantGroupModel | null {
    const prepared = preparedGroups.get(this);
    if (prepared !== undefined) return prepared;
    const id = this._source.group;
    return typeof id === "string" ? ((this.parent as CombatModel).groups.get(id) ?? null) : null;
  }
  set group(group: CombatantGroupModel | null) {
    preparedGroups.set(this, group);
  }
  /** Its token's actor (an unlinked token's is synthetic, scene.ts), else the world actor `actorId`. */
  get actor(): unknown {
    const token = this.token as { actor?: unknown } | null;
    return token?.actor ?? this.client.actor(this.actorId);
  }
  /** The token on this client's copy of the combatant's scene (API Combatant#token); null without one. */
  get token(): { readonly disposition?: number; readonly id?: string | null } | null {
    const { tokenId, sceneId } = this._source;
    if (typeof tokenId !== "string" || typeof sceneId !== "string") return null;
    return (this.client.copyOf("Token", tokenId, sceneId) as { disposition?: number; id: string | null }) ?? null;
  }
  override getUserLevel(user: UserLike): number {
    return user.isGM ? 3 : this.client.combatantLevel(this._source, user.id);
  }
  get isNPC(): boolean {
    return !this.hasPlayerOwner;
  }
  get isDefeated(): boolean {
    return this.defeated;
  }
  get visible(): boolean {
    return this.isOwner || !this.hidden;
  }
  get players(): UserLike[] {
    return this.client.users.filter((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
}

export class CombatantGroupModel extends ClientDocument {
  static override documentName = "CombatantGroup" as const;
  get initiative(): number | null {
    return (this._source.initiative as number | null) ?? null;
  }
  get members(): Set<CombatantModel> {
    const combat = this.parent as CombatModel;
    return new Set(combat.combatants.filter((c) => c._source.group === this.id));
  }
}

export class CombatModel extends ClientDocument {
  static override documentName = "Combat" as const;
  readonly combatants = new Collection<CombatantModel>();
  readonly groups = new Collection<CombatantGroupModel>();
  /** Core's cached turn order (see the file comment). */
  turns: CombatantModel[] = [];
  previous: TurnState | null = null;
  current: TurnState = { round: 0, turn: null, combatantId: null, tokenId: null };

  constructor(source: Obj = {}, context: Partial<DocumentContext> = {}) {
    super(source, context);
  }

  get round(): number {
    return Number(this._source.round ?? 0);
  }
  get turn(): number | null {
    return (this._source.turn as number | null) ?? null;
  }
  get active(): boolean {
    return this._source.active === true;
  }
  /**
   * API Combat#activate: "Set the current Combat encounter as active within the Scene. Deactivate all
   * other Combat encounters within the viewed Scene and set this one as active". The model has no
   * viewed scene: every other active combat of this page is deactivated.
   */
  async activate(): Promise<this> {
    const Combats = (globalThis as unknown as { game: { combats: { contents: CombatModel[] } } }).game.combats;
    for (const other of Combats.contents) if (other !== this && other.active) await other.update({ active: false });
    return this.update({ active: true });
  }
  get started(): boolean {
    return this.round > 0;
  }
  /** Core's `combat.scene`: the Scene document of the stored id, from `game.scenes` (where a test installs one). */
  get scene(): unknown {
    const id = this._source.scene;
    const scenes = (globalThis as unknown as { game: { scenes?: { get(id: string): unknown } } }).game.scenes;
    return typeof id === "string" ? (scenes?.get(id) ?? null) : null;
  }
  get combatant(): CombatantModel | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }

  /** Core prepares the embedded combatants and groups between the combat's base and derived data. */
  override prepareEmbeddedDocuments(): void {
    for (const combatant of this.combatants) combatant.prepareData();
    for (const group of this.groups) group.prepareData();
  }

  override getEmbeddedCollection(documentName: string): Collection<ClientDocument> & Map<string, ClientDocument> {
    const collection =
      documentName === "Combatant" ? this.combatants : documentName === "CombatantGroup" ? this.groups : null;
    if (collection === null) return super.getEmbeddedCollection(documentName) as never;
    return collection as unknown as Collection<ClientDocument> & Map<string, ClientDocument>;
  }

  /** Core's order: by initiative, highest first, then by name (a system overrides it). */
  protected _sortCombatants(a: CombatantModel, b: CombatantModel): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    return ib - ia || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  }

  /** Rebuilds the cached order; core hands `_sortCombatants` to `Array#sort` as a bare function. */
  setupTurns(): CombatantModel[] {
    const sort = this._sortCombatants;
    this.turns = this.combatants.contents.sort((a, b) => sort(a, b));
    this.current = this.#state();
    this.previous ??= this.current;
    return this.turns;
  }

  #state(): TurnState {
    const combatant = this.combatant;
    return {
      round: this.round,
      turn: this.turn,
      combatantId: combatant?.id ?? null,
      tokenId: combatant?.tokenId ?? null,
    };
  }

  protected override _onUpdate(changed: Obj, options: Obj, _userId: string): void {
    if ("turn" in changed || "round" in changed) {
      if (options.turnEvents !== false) void this._manageTurnEvents();
    }
  }

  protected override _onCreateDescendantDocuments(...args: unknown[]): void {
    this.#descendantsChanged(args[1], args[4]);
  }
  protected override _onUpdateDescendantDocuments(...args: unknown[]): void {
    this.#descendantsChanged(args[1], args[4]);
  }
  protected override _onDeleteDescendantDocuments(...args: unknown[]): void {
    const [, collection, documents, , options, userId] = args as [
      unknown,
      string,
      CombatantModel[],
      string[],
      Obj,
      string,
    ];
    if (collection === "combatants" && userId === this.client.user.id && this.turn !== null) {
      // The deleting client keeps the same creature acting (see the file comment).
      const acting = this.current.combatantId;
      const gone = new Set(documents.map((d) => d.id));
      this.setupTurns();
      if (acting !== null && !gone.has(acting)) {
        const index = this.turns.findIndex((c) => c.id === acting);
        if (index >= 0 && index !== this.turn) void this.update({ turn: index });
      } else if (this.turns.length > 0 && (this.turn ?? 0) >= this.turns.length) void this.update({ turn: 0 });
    }
    this.#descendantsChanged(collection, options);
  }

  #descendantsChanged(collection: unknown, options: unknown): void {
    if (collection !== "combatants") return;
    this.setupTurns();
    if ((options as Obj | undefined)?.turnEvents !== false) void this._manageTurnEvents();
  }

  /** Core's linear turn events (see the file comment); Tempo replaces the walk with the engine's. */
  protected async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const prior = this.previous ?? this.current;
    const current = this.#state();
    this.current = current;
    if (prior.round === current.round && prior.turn === current.turn && prior.combatantId === current.combatantId)
      return;
    this.previous = current;
    if (this.#isActiveGm()) {
      const context = { round: current.round, turn: current.turn ?? 0, skipped: false };
      const before = prior.combatantId === null ? undefined : this.combatants.get(prior.combatantId);
      if (before !== undefined)
        await this._onEndTurn(before, { ...context, round: prior.round, turn: prior.turn ?? 0 });
      if (current.round > prior.round) {
        await this._onEndRound({ ...context, round: prior.round });
        await this._onStartRound(context);
      }
      const now = this.combatant;
      if (now !== undefined) await this._onStartTurn(now, context);
    }
    this.client.callHook("combatTurnChange", this, prior, current);
  }

  #isActiveGm(): boolean {
    return (
      (globalThis as unknown as { game: { users: { activeGM: { id: string } | null } } }).game.users.activeGM?.id ===
      this.client.user.id
    );
  }

  #region(event: RegionEvent["event"], combatant: CombatantModel, round: number): void {
    const method = {
      tokenTurnStart: "_onStartTurn",
      tokenTurnEnd: "_onEndTurn",
      tokenRoundStart: "_onStartRound",
      tokenRoundEnd: "_onEndRound",
    }[event];
    if (event === "tokenTurnStart" || event === "tokenTurnEnd") this.client.record(method, [combatant.id, { round }]);
    regionEventLog.events.push({ client: this.client.id, event, combatantId: combatant.id ?? "", round });
  }

  // Core's own work, on the model's clock: a system calls these, core walks the tokens (a round's event
  // reaches every combatant's token), and the model's log of them is the tests' bookkeeping.
  protected async _onStartTurn(combatant: CombatantModel, context: TurnContext): Promise<void> {
    modelClock.measure(() => this.#region("tokenTurnStart", combatant, context.round));
  }
  protected async _onEndTurn(combatant: CombatantModel, context: TurnContext): Promise<void> {
    modelClock.measure(() => this.#region("tokenTurnEnd", combatant, context.round));
  }
  protected async _onStartRound(context: TurnContext): Promise<void> {
    modelClock.measure(() => {
      this.client.record("_onStartRound", [context]);
      for (const c of this.combatants) this.#region("tokenRoundStart", c, context.round);
    });
  }
  protected async _onEndRound(context: TurnContext): Promise<void> {
    modelClock.measure(() => {
      this.client.record("_onEndRound", [context]);
      for (const c of this.combatants) this.#region("tokenRoundEnd", c, context.round);
    });
  }

  async startCombat(): Promise<this> {
    return this.update({ round: 1, turn: 0 });
  }
  async nextTurn(): Promise<this> {
    const turn = (this.turn ?? -1) + 1;
    return turn >= this.turns.length ? this.nextRound() : this.update({ turn });
  }
  async previousTurn(): Promise<this> {
    return this.update({ turn: Math.max(0, (this.turn ?? 0) - 1) });
  }
  async nextRound(): Promise<this> {
    return this.update({ round: this.round + 1, turn: 0 });
  }
  async previousRound(): Promise<this> {
    return this.update({ round: Math.max(0, this.round - 1), turn: 0 });
  }
  async rollInitiative(_ids: string | string[]): Promise<this> {
    return this;
  }
  async rollAll(): Promise<this> {
    return this;
  }
  async rollNPC(): Promise<this> {
    return this;
  }
  async resetAll(): Promise<this> {
    return this;
  }
}
