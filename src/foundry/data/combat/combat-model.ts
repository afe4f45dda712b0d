/**
 * System data of a Combat: the ruleset's per-combat options and the engine's state in its stored
 * form (src/engine/storage: no arrays, so Foundry's key-by-key diff sends only what a step changed),
 * with the undo history as patches. One class per ruleset (the Combat subtypes), sharing a schema:
 * each ruleset reads the options its rules name.
 *
 * The options are copied from the world settings when the combat is created, so changing a world
 * setting never changes an encounter in progress.
 *
 * Derived on every update, in `prepareBaseData`: `state`, the engine state read back, and `rank`,
 * each combatant id's place in the engine's order (what `_sortCombatants` reads). A state that cannot
 * be read leaves `state` null and the combat refuses commands with a clear error instead of guessing.
 * It is read in the BASE step because Foundry's `ClientDocument#prepareData` runs `prepareBaseData`,
 * then `prepareEmbeddedDocuments`, then `prepareDerivedData` (API v13 ClientDocument#prepareData,
 * https://foundryvtt.com/api/classes/foundry.ClientDocument.html; the community wiki's "From Load to
 * Render" guide, https://foundryvtt.wiki/en/development/guides/from-load-to-render, walks the same
 * order; a TypeDataModel's `prepareBaseData` runs inside the document's, API v13 TypeDataModel): the
 * combatants, prepared in between, derive their `initiative` from this state (combatant-model.ts).
 *
 * `format` is the version of the stored engine format (engine/host/combat-format.ts). An older combat
 * (version 0 or 1) is read as it is and moved forward by the GM's next write, diffed against the source
 * the server holds: `migrateData`, the public v13 hook every TypeDataModel has for older sources
 * (dnd5e's and Draw Steel's data models override it; Tempo's actor model does too: actor-model.ts),
 * only writes down version 0 where a source has none, because a source rewritten in a client's memory
 * would never reach the server and the next update would be merged into the old one there. One that
 * cannot run (saved by a newer Tempo, or a state that no longer reads) gets `resetReason`, derived
 * like `state`: the tracker shows it and the GM's Reset rebuilds the encounter (table-step.ts). It is
 * not stored, because migrateData also sees partial updates (foundryvtt/foundryvtt #14482).
 */
import {
  COMBAT_FORMAT,
  createRowsMemo,
  EMPTY_PATCH_HISTORY,
  combatFormatReason,
  readPatchHistory,
  UNREADABLE_COMBAT,
  migrateStoredCombat,
  readCombatState,
  hostRegistry,
  readStoredCombat,
  sameItems,
  type AnyRulesetHost,
  type CombatantFacts,
  type HostOptions,
  type Message,
  type PatchHistory,
  type RowsMemo,
  type RulesetId,
  type StoredCombat,
  type StoredObject,
} from "../../../engine/index.ts";
import { cachedState, primeState, storeMemoOf } from "../../combat/state-cache.ts";
import { restoreSecret } from "../../combat/secret-store.ts";
import { perPage } from "../../page-key.ts";
import { hostOptionsOf, type CombatOptions } from "../../combat/host-options.ts";
import { derivedTable, type DerivedRecord, type DerivedTable } from "./derived-table.ts";

/**
 * One host per ruleset and round length for every combat of this page (issue 17: read at every step).
 * Per page (page-key.ts `perPage`): a host keeps what it found of the states its page reads (the facts a
 * GM's page skips unchanged combatants by, combatant-model.ts), as each browser's own module does.
 */
const pageHosts = perPage(() => hostRegistry());
const hostOf = (ruleset: RulesetId, roundSeconds: number): AnyRulesetHost => pageHosts()(ruleset, roundSeconds);

export const DR_MODES = ["perHit", "perAttack"] as const;
export type DrMode = (typeof DR_MODES)[number];

function defineCombatSchema() {
  const fields = foundry.data.fields;
  const flag = () => new fields.BooleanField({ required: true, initial: false });
  return {
    options: new fields.SchemaField({
      surprise: new fields.StringField({ required: true, choices: ["automatic", "declared"], initial: "automatic" }),
      drMode: new fields.StringField({ required: true, choices: [...DR_MODES], initial: "perHit" }),
      sharedInitiative: flag(),
      enemyGroups: flag(),
      noThreePlayersInRow: flag(),
      planningPhase: flag(),
      initiator: new fields.StringField({
        required: true,
        choices: ["players", "enemies", "both"],
        initial: "players",
      }),
      dexReaction: flag(),
      roundSeconds: new fields.NumberField({
        required: true,
        nullable: false,
        integer: true,
        min: 0,
        initial: DEFAULT_ROUND_SECONDS,
      }),
    }),
    engine: new fields.ObjectField({ required: true, nullable: true, initial: null }),
    /** Issue 17: the number of Tempo writes so far; a step computed on an older number is computed again. */
    seq: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    /** The stored engine format's version (combat-format.ts); older sources have none (version 0). */
    format: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: COMBAT_FORMAT }),
    history: new fields.ObjectField({ required: true, initial: { undo: {}, redo: {} } }),
    /** DUR-1: the effects this combat times, with their changes per undo step (duration-ledger.ts). */
    durations: new fields.ObjectField({ required: true, initial: { effects: {}, steps: {} } }),
    /** Issue 20: the turn events core was told of, owed back by undo (engine turn-event-ledger.ts). */
    turnLog: new fields.ObjectField({ required: true, initial: { owed: {}, steps: {} } }),
  };
}

type CombatSchema = ReturnType<typeof defineCombatSchema>;

const DEFAULT_ROUND_SECONDS = 6;

export abstract class TempoCombatModel extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  static override defineSchema(): CombatSchema {
    return defineCombatSchema();
  }

  /** The ruleset this subtype runs. */
  static readonly ruleset: RulesetId;

  /** An older stored engine's version written down (a partial update is left as it is). */
  static override migrateData(source: Record<string, unknown>) {
    const ruleset = (this as typeof TempoCombatModel).ruleset as RulesetId | undefined;
    // The round's length does not change how a state reads; the schema's default stands in for it.
    if (ruleset !== undefined) migrateStoredCombat(hostOf(ruleset, DEFAULT_ROUND_SECONDS), source);
    return super.migrateData(source);
  }

  /** The engine state, read back on every update; null before it exists or when it cannot be read. */
  state: unknown = null;
  /**
   * Combatant id → place in the public order (`publicOrder`): core's `turns` follow it on every client.
   */
  rank: ReadonlyMap<string, number> = new Map();
  /**
   * Issue 18: the order of the published state (engine host/public-order.ts: no hidden creature but the
   * one acting now). A player's client holds the published state, so its order is this; the GM's holds
   * the whole state and takes the order its own step published (combat/state-cache.ts), or the
   * document's (what a GM reads from it is the published state).
   */
  publicOrder: readonly string[] = [];
  /** Why this combat must be reset before it runs again (saved by another Tempo), or null. */
  resetReason: Message | null = null;
  /** Whether `state` is this client's own cached step (combat/state-cache.ts), not read from the document. */
  fromCache = false;
  /** The stored form of this client's own cached step (its published form is the document's), or null. */
  cachedStored: StoredCombat | null = null;
  /** Issue 18: the engine that step published, where it differs from `cachedStored.engine`; else null. */
  cachedPublished: StoredObject | null = null;
  /** Issue 17: the state `cachedPublished` stores, as that step made it (undefined: it is decoded when asked). */
  cachedShown: unknown = undefined;

  /**
   * Issue 18: the undo history as this client holds it: the GM's own (combat/secret-store.ts), else
   * what the document holds (empty unless an older Tempo wrote it).
   */
  get keptHistory(): PatchHistory {
    return this.cachedStored?.history ?? readPatchHistory(this.history) ?? EMPTY_PATCH_HISTORY;
  }

  get ruleset(): RulesetId {
    return (this.constructor as typeof TempoCombatModel).ruleset;
  }

  /** The host of this combat's ruleset, with its own round length (TIME-1). */
  get host(): AnyRulesetHost {
    return hostOf(this.ruleset, this.options.roundSeconds);
  }

  /** The options as the engine reads them. */
  get hostOptions(): HostOptions {
    return hostOptionsOf(this.options as CombatOptions);
  }

  override prepareBaseData(): void {
    super.prepareBaseData();
    this.readState();
    this.combatantPass = {};
    this.#passFacts = this.state === null ? undefined : this.#readHost?.factsNow?.(this.state);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.combatantPass = null;
    this.#passFacts = undefined;
  }

  /**
   * Issue 17: every combatant's engine facts, read once for the pass that prepares the combat's
   * combatants with it (the host may bring the map up to date for a later state: not kept after it).
   */
  #passFacts: ReadonlyMap<string, CombatantFacts> | undefined = undefined;

  /**
   * Issue 17: set while the combat's combatants are prepared with it (between its base and derived data,
   * the order in the file comment), null otherwise: a key for what every combatant of one pass would
   * otherwise find again (per-pass.ts `perPass`: combat/groups/membership.ts, combatant-model.ts). A new
   * object each pass, so a later pass finds it anew; a combatant prepared alone (its own update) sees null
   * and reads the documents.
   */
  combatantPass: object | null = null;

  /**
   * The initiative the engine gives `combatantId` (what every client shows as `combatant.initiative`,
   * combatant-model.ts), or undefined when there is no state to read it from.
   */
  initiativeOf(combatantId: string): number | null | undefined {
    if (this.state === null || this.#readHost === null) return undefined;
    const passFacts = this.#passFacts;
    if (passFacts !== undefined) return passFacts.get(combatantId)?.initiative ?? null;
    // Issue 17: the host finds every creature's facts once per state (engine ruleset-hosts.ts).
    return this.#readHost.initiative(this.state, combatantId);
  }

  /**
   * Issue 17: what a GM's page derives for `combatantId` from this state (derived-table.ts), or undefined
   * (a player's page, no state, or a creature the engine does not hold).
   */
  derivedOf(combatantId: string): DerivedRecord | undefined {
    if (this.#table === null) {
      const state = this.state;
      this.#table = undefined;
      if (this.viewerIsGM && typeof state === "object" && state !== null) {
        const facts = this.#passFacts ?? this.#readHost?.factsNow?.(state);
        const combat = this.parent as Combat.Implementation | null;
        if (facts !== undefined)
          this.#table = derivedTable(this.#key, state, this.rank, facts, combat?.combatants.keys() ?? facts.keys());
      }
    }
    return this.#table?.get(combatantId);
  }

  /** This state's table (derived-table.ts): null until asked, undefined where there is none. */
  #table: DerivedTable | undefined | null = null;

  /** The combat document the table is kept by (its data model is built anew with each update). */
  get #key(): object {
    return (this.parent as object | null) ?? this;
  }

  /** The host the state was read with (one per preparation, not one per combatant). */
  #readHost: AnyRulesetHost | null = null;

  /**
   * Issue 18: whether this client's user sees every creature's initiative (a GM, or no user yet), found
   * once per preparation for the combatants' `initiative` (combatant-model.ts).
   */
  viewerIsGM = true;

  /** Reads the engine state (and `rank`, `resetReason`) from the stored engine or this client's cache. */
  readState(): void {
    this.state = null;
    this.#table = null;
    this.rank = new Map();
    this.publicOrder = [];
    const host = this.host;
    this.#readHost = host;
    this.viewerIsGM = game.user?.isGM !== false;
    this.resetReason = combatFormatReason(this);
    this.fromCache = false;
    this.cachedStored = null;
    this.cachedPublished = null;
    this.cachedShown = undefined;
    if (this.engine === null || this.resetReason !== null) return;
    // Issue 17: the writer's own step is not decoded again (combat/state-cache.ts).
    const parent = this.parent as { id?: string | null } | null;
    const written = cachedState(parent?.id, this.seq);
    const cached = written ?? this.#restored(parent?.id, host);
    this.fromCache = cached !== undefined;
    this.cachedStored = cached?.stored ?? null;
    this.cachedPublished = cached?.published ?? null;
    this.cachedShown = cached !== undefined && "shown" in cached ? cached.shown : undefined;
    const read =
      cached === undefined
        ? readCombatState(host, this.engine, undefined, rowsMemoOf(parent))
        : ({ ok: true, value: cached.state } as const);
    if (!read.ok) {
      this.resetReason = UNREADABLE_COMBAT;
      return;
    }
    this.state = read.value;
    this.publicOrder = cached?.publicOrder ?? host.order(read.value);
    this.rank = rankOf(parent, this.publicOrder, written?.places);
  }

  /**
   * Issue 18: a GM's page that has no step of its own for this `seq` (a reload) takes the undo history
   * and secrets its browser kept for it (combat/secret-store.ts), when the document holds the engine
   * that step published: the whole stored combat again.
   */
  #restored(combatId: string | null | undefined, host: AnyRulesetHost) {
    const memo = storeMemoOf(combatId ?? null);
    const restored = restoreSecret(combatId, this.seq, readStoredCombat(this), host, memo);
    if (restored !== undefined && typeof combatId === "string") primeState(combatId, this.seq, restored, false);
    return restored;
  }
}

/**
 * Issue 17: what this page found in its last read of each combat's stored engine (engine column-read.ts),
 * so a page reading a step another page wrote builds only the rows that step changed. By the Combat
 * document, which is this page's own (each client holds its own documents).
 */
const rowMemos = new WeakMap<object, RowsMemo>();

function rowsMemoOf(combat: object | null): RowsMemo | undefined {
  if (combat === null) return undefined;
  let memo = rowMemos.get(combat);
  if (memo === undefined) rowMemos.set(combat, (memo = createRowsMemo()));
  return memo;
}

/** The last order each combat's rank was built from (its data model is built anew with each update). */
const ranks = new WeakMap<object, { readonly order: readonly string[]; readonly rank: ReadonlyMap<string, number> }>();

/** Combatant id → place in `order`; the combat's last map when the order is the same (issue 17: most steps keep it). */
function rankOf(
  combat: object | null,
  order: readonly string[],
  places?: ReadonlyMap<string, number>,
): ReadonlyMap<string, number> {
  const last = combat === null ? undefined : ranks.get(combat);
  if (last !== undefined && sameItems(order, last.order)) return last.rank;
  // Issue 17: made ahead with a step worked out while the page was idle (state-cache.ts `places`).
  const rank = places ?? new Map(order.map((id, index) => [id, index]));
  if (combat !== null) ranks.set(combat, { order, rank });
  return rank;
}

export class CountCombatModel extends TempoCombatModel {
  static override readonly ruleset: RulesetId = "count";
}
export class StandardCombatModel extends TempoCombatModel {
  static override readonly ruleset: RulesetId = "standard";
}
export class PhaseCombatModel extends TempoCombatModel {
  static override readonly ruleset: RulesetId = "phase";
}
export class SegmentCombatModel extends TempoCombatModel {
  static override readonly ruleset: RulesetId = "segment";
}
export class RotationCombatModel extends TempoCombatModel {
  static override readonly ruleset: RulesetId = "rotation";
}

/** The Combat subtypes, one per ruleset, in the engine's order. */
export const COMBAT_MODELS = {
  count: CountCombatModel,
  standard: StandardCombatModel,
  phase: PhaseCombatModel,
  segment: SegmentCombatModel,
  rotation: RotationCombatModel,
} as const satisfies Record<RulesetId, typeof TempoCombatModel>;
