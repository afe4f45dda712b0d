/**
 * Tempo's Combat document. Each ruleset is a Combat subtype whose data model stores the engine's
 * state; every core method that moves the combat delegates to the engine through `tempoCommand`,
 * the one documented entry point (README, "Combat API"), and writes one small update.
 *
 * Departures from core, on purpose:
 * - `previousTurn` is undo (the engine's exact earlier state), not "turn − 1";
 * - `turn` and `round` are whatever the engine says; core's linear turn events are replaced by the
 *   engine's events, dispatched once by the active GM, while `combatTurnChange` still fires on every
 *   client; `turns` is set up again whenever the engine state changes (issue 17);
 * - every write to the engine state goes through the active GM's writer queue (writer-queue.ts);
 * - `started` is true from `start` on, also in a surprise or planning round (round 0).
 *
 * `_sortCombatants` never reads `this`: core may hand it to `Array#sort` as a bare function, so the
 * combat is found through the combatants' parent.
 */
import { decodeEventSummary, turnEventPlan, tempoHookNames, type HostCommand } from "../../engine/index.ts";
import { takeStepEvents } from "../combat/step-events.ts";
import { giveCommand, type CommandAnswer } from "../combat/queries.ts";
import { guardCombatUpdate } from "../combat/guard.ts";
import { syncRosterCreated, syncRosterDeleted } from "../combat/roster-sync.ts";
import { answerJoinRequests, rememberDeparted } from "../combat/join-requests.ts";
import { groupSyncWanted, syncGroups } from "../combat/groups/group-sync.ts";
import { answerCombatantWrites } from "../combat/combatant-writes.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { initialCombatSystem } from "../combat/initial-system.ts";
import { newCombatType } from "../new-combat-type.ts";
import { applyEffectTiming } from "../combat/effect-expiry.ts";
import { nextTurnCommand } from "../combat/core-controls.ts";
import { inWriterQueue } from "../combat/writer-queue.ts";
import { restoreCoreFields } from "../combat/reconcile.ts";
import { forgetState } from "../combat/state-cache.ts";
import { forgetActionRecords } from "../combat/step-actions.ts";
import { sortRankOf } from "../data/combatant/combatant-model.ts";

/** Core's turn state (`CombatHistoryData`): what `combatTurnChange` reports. */
interface TurnAnnouncement {
  readonly round: number;
  readonly turn: number | null;
  readonly combatantId: string | null;
  readonly tokenId: string | null;
}

/**
 * The last turn state announced on each client's copy of a combat (core's `previous`/`current` pair).
 * Not a private field: core may set up the turns while the document is still being constructed,
 * before a subclass's private fields exist.
 */
const announced = new WeakMap<Combat, TurnAnnouncement>();

function turnStateOf(combat: Combat): TurnAnnouncement {
  const combatant = combat.combatant;
  return {
    round: combat.round,
    turn: combat.turn,
    combatantId: combatant?.id ?? null,
    tokenId: combatant?.tokenId ?? null,
  };
}

/** The engine order (its rank map) each client's `turns` were last sorted by, and those turns. */
const setUpWith = new WeakMap<object, { readonly rank: ReadonlyMap<string, number>; readonly turns: unknown }>();

/**
 * Whether `turns` already hold the engine's order: sorted by this very rank map (kept while the order
 * holds, combat-model.ts) over the same combatants. Issue 17: a turn step that keeps the order then
 * sorts a thousand combatants no more; a roster change sets the turns up in core's own callbacks.
 */
function turnsHold(combat: Combat.Implementation): boolean {
  const last = setUpWith.get(combat);
  const model = tempoModelOf(combat);
  return (
    last !== undefined &&
    model !== null &&
    last.rank === model.rank &&
    last.turns === combat.turns &&
    combat.turns.length === combat.combatants.size
  );
}

export class TempoCombat extends Combat {
  /** Gives a Tempo command (engine commands and the table's own, see run-command.ts). */
  async tempoCommand(command: HostCommand): Promise<CommandAnswer> {
    return giveCommand(this, command);
  }

  /** A core method's Tempo command: given, and the combat returned as core's methods return it. */
  async #command(command: HostCommand): Promise<this> {
    await this.tempoCommand(command);
    return this;
  }

  override get started(): boolean {
    const model = tempoModelOf(this);
    if (model === null || model.state === null) return super.started;
    return model.host.started(model.state);
  }

  protected override async _preCreate(
    data: Combat.CreateData,
    options: Combat.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    if (this.type === "base") {
      const type = newCombatType();
      if (type !== null) this.updateSource({ type });
    }
    const system = initialCombatSystem(this.type);
    if (system !== null && tempoModelOf(this)?.engine == null) this.updateSource({ system } as Combat.UpdateData);
    return undefined;
  }

  override async startCombat(): Promise<this> {
    return tempoModelOf(this) === null ? super.startCombat() : this.#command({ type: "start" });
  }

  override async nextTurn(): Promise<this> {
    return tempoModelOf(this) === null ? super.nextTurn() : this.#command(nextTurnCommand(this));
  }

  override async previousTurn(): Promise<this> {
    return tempoModelOf(this) === null ? super.previousTurn() : this.#command({ type: "undo" });
  }

  override async nextRound(): Promise<this> {
    return tempoModelOf(this) === null ? super.nextRound() : this.#command({ type: "nextRound" });
  }

  override async previousRound(): Promise<this> {
    return tempoModelOf(this) === null ? super.previousRound() : this.#command({ type: "previousRound" });
  }

  override async rollInitiative(ids: string | string[], options?: Combat.InitiativeOptions): Promise<this> {
    if (tempoModelOf(this) === null) return super.rollInitiative(ids, options);
    return this.#command({ type: "rollInitiative", combatantIds: typeof ids === "string" ? [ids] : ids });
  }

  override async rollAll(options?: Combat.InitiativeOptions): Promise<this> {
    if (tempoModelOf(this) === null) return super.rollAll(options);
    const ids = this.combatants.filter((c) => c.isOwner && c.id !== null).map((c) => c.id ?? "");
    return this.rollInitiative(ids, options);
  }

  override async rollNPC(options?: Combat.InitiativeOptions): Promise<this> {
    if (tempoModelOf(this) === null) return super.rollNPC(options);
    const ids = this.combatants.filter((c) => c.isNPC && c.isOwner && c.id !== null).map((c) => c.id ?? "");
    return this.rollInitiative(ids, options);
  }

  override async resetAll(): Promise<this | undefined> {
    return tempoModelOf(this) === null ? super.resetAll() : this.#command({ type: "reset" });
  }

  /**
   * Core's linear turn events are replaced by the engine's (`_onUpdate`). What core's method does on
   * every client besides them, `combatTurnChange`, Tempo does too (#announceTurnChange).
   */
  protected override async _manageTurnEvents(): Promise<void> {
    if (tempoModelOf(this) === null) return super._manageTurnEvents();
    this.#announceTurnChange();
  }

  /**
   * A client that loads a running combat (a page reload) starts from the turn state it loaded, so the
   * first change it receives is announced there too (API hookEvents.combatTurnChange: every client).
   */
  override setupTurns(): Combatant.Implementation[] {
    const turns = super.setupTurns();
    const model = tempoModelOf(this);
    if (model !== null && !announced.has(this)) announced.set(this, turnStateOf(this));
    if (model !== null) setUpWith.set(this, { rank: model.rank, turns });
    return turns;
  }

  /**
   * `combatTurnChange(combat, prior, current)` on this client when the acting creature, the turn or
   * the round changed (API hookEvents.combatTurnChange: fired on every client after the update), once
   * per change however many writes report it.
   */
  #announceTurnChange(): void {
    const current = turnStateOf(this);
    const prior = announced.get(this) ?? null;
    announced.set(this, current);
    if (prior === null || !this.started) return;
    if (prior.round === current.round && prior.turn === current.turn && prior.combatantId === current.combatantId)
      return;
    Hooks.callAll("combatTurnChange", this, prior, current);
  }

  protected override _onUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.OnUpdateOperation,
    userId: string,
  ): void {
    const tempo = tempoModelOf(this) !== null;
    // Issue 17: another user's write of the engine is read from the document, never taken for this
    // client's own cached step of the same `seq` (combat/state-cache.ts).
    if (tempo && "system" in changed && userId !== game.user.id) this.#rereadForeignWrite();
    // Issue 17: core sorts `turns` again only when combatants change; the engine's order changes with
    // the Combat's own update, so the turns are set up before core's `_onUpdate` reads `combatant`.
    if (tempo && "system" in changed && !turnsHold(this)) this.setupTurns();
    super._onUpdate(changed, options, userId);
    if (!tempo) return;
    this.#announceTurnChange();
    const summary = decodeEventSummary((options as { tempo?: unknown }).tempo);
    if (summary !== null) {
      // Issue 17: the writer holds the whole list; other clients get the summary and the counts left out.
      const held = takeStepEvents(this.id ?? "");
      const events = held ?? summary.events;
      const hooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };
      for (const { hook, event } of tempoHookNames(events)) hooks.callAll(hook, this, event);
      if (held === null && Object.keys(summary.omitted).length > 0)
        hooks.callAll("tempo.eventsOmitted", this, summary.omitted);
      if (isActiveGm()) void inWriterQueue(this, () => this.#dispatchTurnEvents(events));
      if (isActiveGm()) void inWriterQueue(this, () => applyEffectTiming(this, events));
      // Issue 17: another GM's Tempo write reaching the active GM was written during a takeover, its
      // Combatant mirror left to this GM (write-step.ts): core's fields become the engine's again.
      if (isActiveGm() && userId !== game.user.id) void inWriterQueue(this, () => restoreCoreFields(this));
    }
    if (isActiveGm() && ("turn" in changed || "round" in changed))
      void inWriterQueue(this, () => guardCombatUpdate(this, changed, userId));
  }

  #rereadForeignWrite(): void {
    forgetState(this.id ?? "");
    const model = tempoModelOf(this);
    if (model?.fromCache !== true) return;
    // The state read again, and every combatant's initiative derived from it (combatant-model.ts).
    model.readState();
    for (const combatant of this.combatants) combatant.prepareData();
  }

  async #dispatchTurnEvents(events: readonly { readonly type: string }[]): Promise<void> {
    const turn = this.turn ?? 0;
    for (const call of turnEventPlan(events)) {
      const context = { round: call.round, turn, skipped: false };
      if (call.call === "startRound") await this._onStartRound(context);
      else if (call.call === "endRound") await this._onEndRound(context);
      else if (call.call === "startTurn" || call.call === "endTurn") {
        const combatant = this.combatants.get(call.combatantId);
        if (combatant === undefined) continue;
        if (call.call === "startTurn") await this._onStartTurn(combatant, context);
        else await this._onEndTurn(combatant, context);
      }
    }
  }

  protected override _onCreateDescendantDocuments(...args: Parameters<Combat["_onCreateDescendantDocuments"]>): void {
    super._onCreateDescendantDocuments(...args);
    if (tempoModelOf(this) === null || !isActiveGm()) return;
    const [, collection, created, changes, options, userId] = args;
    if (collection === "combatants") answerJoinRequests(this, created as readonly Combatant.Implementation[], userId);
    void inWriterQueue(this, () => syncRosterCreated(this));
    if (groupSyncWanted("create", collection, changes, options))
      void inWriterQueue(this, () => syncGroups(this, userId));
  }

  /**
   * For a Tempo combat core's own handling is not run: it would write `turn` from the deleting client
   * (a second write the guard then rolls back). The turns are set up here and the roster sync writes
   * the engine's order in its one write.
   */
  protected override _onDeleteDescendantDocuments(...args: Parameters<Combat["_onDeleteDescendantDocuments"]>): void {
    if (tempoModelOf(this) === null) {
      super._onDeleteDescendantDocuments(...args);
      return;
    }
    this.setupTurns();
    this.#announceTurnChange();
    if (!isActiveGm()) return;
    const [, collection, deleted, ids, options, userId] = args;
    if (collection === "combatants") rememberDeparted(this, deleted as readonly Combatant.Implementation[]);
    void inWriterQueue(this, () => syncRosterDeleted(this));
    if (groupSyncWanted("delete", collection, ids, options)) void inWriterQueue(this, () => syncGroups(this, userId));
  }

  protected override _onUpdateDescendantDocuments(...args: Parameters<Combat["_onUpdateDescendantDocuments"]>): void {
    super._onUpdateDescendantDocuments(...args);
    const [, collection, updated, changes, options, userId] = args;
    if (tempoModelOf(this) === null) return;
    // Issue 17: a rewritten action record is checked afresh by the next step (step-actions.ts), even if
    // the data model kept the same object and changed it in place.
    if (collection === "combatants") forgetActionRecords(this, updated as readonly Combatant.Implementation[]);
    if (!isActiveGm()) return;
    void inWriterQueue(this, async () => {
      if (collection === "combatants")
        await answerCombatantWrites(this, changes as readonly Record<string, unknown>[], options, userId);
      if (groupSyncWanted("update", collection, changes, options)) await syncGroups(this, userId);
    });
  }

  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    // Issue 17: each combatant's place, derived with its data (combatant-model.ts), one read per side.
    const ra = sortRankOf(a);
    const rb = sortRankOf(b);
    if (ra !== undefined && rb !== undefined) {
      if (ra !== rb) return ra - rb;
      const ia = a.id ?? "";
      const ib = b.id ?? "";
      return ia < ib ? -1 : ia > ib ? 1 : 0;
    }
    const model = tempoModelOf(a.parent);
    if (model === null) return super._sortCombatants(a, b);
    const x = model.rank.get(a.id ?? "");
    const y = model.rank.get(b.id ?? "");
    if (x !== undefined && y !== undefined) return x - y;
    if (x !== undefined) return -1;
    if (y !== undefined) return 1;
    const ia = a.id ?? "";
    const ib = b.id ?? "";
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }
}
