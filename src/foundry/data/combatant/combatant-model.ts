/**
 * System data of a Tempo Combatant (subtype `tempo`): the facts the rulesets read when it joins (its
 * side and the numbers its ruleset's initiative uses), its action tracker and its declared uses. The
 * engine's own record of the combatant lives in the Combat's stored state. Issue 18: every field here
 * bears on the rules, so system.json lists them all as the subtype's `gmOnlyFields`, which Foundry's
 * server refuses to a non-GM's update ("Fields that can only be updated by a GM user":
 * https://foundryvtt.com/api/v14/interfaces/foundry.packages.types.ServerSanitizationFields.html; Draw
 * Steel declares its GM-only field the same way, its commit 26aec2ff). A fact left null is read from
 * the combatant's actor (actor-combat-facts.ts), and is 0 without a Tempo actor. Core's `base` subtype
 * has no model: a `base` combatant carries no rules data (join-requests.ts turns one into a `tempo`).
 *
 * Issue 18: a hidden combatant's `initiativeBonus` (its DEX or count bonus) is not moved to the GM's half
 * (combat/secret-store.ts): the number it stands in for is its actor's stat, and no public source shows
 * Foundry withholding a world Actor from players (moo-man/WFRP4e-FoundryVTT #2418, v12: players "can see
 * all Actors currently in the world, even if they otherwise have no permissions"; the v14 data-model
 * docs: "There are no ways to prevent a user from reading properties via the console";
 * docs/research/foundry-secrets-and-write-guards.md), as core sends a hidden Combatant to every client.
 * Moving the copy would hide nothing its actor does not tell. What Tempo keeps from players is what the
 * rules made of it: the roll, the total, the place (engine host/published.ts, public-order.ts).
 */
import { isActionRecordShape, type HostCombatant, type HostSide } from "../../../engine/index.ts";
import { isDeclaredUseRecord } from "../../combat/declared-uses.ts";
import { effectiveGroupId, shownGroupOf } from "../../combat/groups/membership.ts";
import { sideEpoch } from "../../combat/groups/side-epoch.ts";
import { actorCombatFacts } from "../actor/actor-combat-facts.ts";
import { combatantConditions } from "../../conditions/actor-conditions.ts";
import { TempoCombatModel } from "../combat/combat-model.ts";
import type { DerivedRecord } from "../combat/derived-table.ts";
import { perPass } from "../combat/per-pass.ts";
import { initiativeShown } from "../../../view/tracker/initiative-shown.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { ownerInitiativeIn } from "../../combat/owner-state.ts";

export const COMBATANT_SIDES = ["pc", "ally", "enemy"] as const satisfies readonly HostSide[];

function defineCombatantSchema() {
  const fields = foundry.data.fields;
  /** null: read from the actor (actor-combat-facts.ts). */
  const fromActor = () => new fields.NumberField({ required: true, nullable: true, integer: true, initial: null });
  return {
    /** null: read from the actor (player-owned: pc; otherwise friendly tokens ally, the rest enemy). */
    side: new fields.StringField({ required: true, nullable: true, choices: [...COMBATANT_SIDES], initial: null }),
    initiativeBonus: fromActor(),
    int: fromActor(),
    agi: fromActor(),
    dexReaction: fromActor(),
    surprised: new fields.BooleanField({ required: true, initial: false }),
    /**
     * STD-6: its action tracker, written by the active GM with each step (combat/step-actions.ts):
     * `{ now, undo, redo }` (engine/host/economy-records.ts); a value of another shape is refused.
     */
    actions: new fields.ObjectField({
      required: true,
      nullable: false,
      initial: { now: null, undo: {}, redo: {} },
      validate: (value: unknown) => isActionRecordShape(value),
    }),
    /** Issue 11: what each declared action rolls when resolved (combat/declared-uses.ts), GM-written. */
    declaredUses: new fields.ObjectField({
      required: true,
      nullable: false,
      initial: {},
      validate: (value: unknown) => isDeclaredUseRecord(value),
    }),
  };
}

type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class TempoCombatantModel extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }

  /**
   * Issue 17: Tempo never writes `Combatant.initiative` (some 42 B per creature per step); every client
   * derives it here from its combat's engine state, so `combatant.initiative`, `hasRolled`, core's
   * tracker and modules see the engine's value. Foundry prepares a Combat's embedded documents between
   * its base and derived data (API v13 ClientDocument#prepareData: `prepareBaseData`,
   * `prepareEmbeddedDocuments`, `prepareDerivedData`), and the combat's model reads its state in the
   * base step (combat-model.ts), so the state is there when a combat update re-prepares its combatants;
   * a Combatant-only update re-prepares only this combatant, which reads the combat's state as it is
   * (already decoded, cached on the combat's model). Without a Tempo state the source's value stands.
   * `combatant.group` is derived the same way for a creature that fights with its side (SEG-2).
   */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const combatant = this.parent;
    const combat: unknown = combatant.parent?.system;
    if (!(combat instanceof TempoCombatModel) || combatant.id === null) {
      this.sortRank = undefined;
      return;
    }
    // Issue 17: on a GM's page, what it derives from the state is one shared record (derived-table.ts).
    const record = combat.derivedOf(combatant.id);
    if (record !== undefined && this.#unchanged(record, combatant)) return;
    this.sortRank = undefined;
    this.#derived = null;
    // Issue 18: a player's own hidden creature is not in the published state; its owner's view has it.
    const owned = !combat.viewerIsGM && combatant.hidden && combatant.isOwner;
    const own = owned ? ownerInitiativeIn(combatant.parent?.id ?? "", combat, combatant.id) : undefined;
    const initiative = own ?? (record !== undefined ? record.initiative : combat.initiativeOf(combatant.id));
    // Issue 18: a player's client shows an NPC's or hidden creature's value only as the setting allows.
    if (initiative !== undefined)
      combatant.initiative = initiative === null || combat.viewerIsGM ? initiative : shownOn(combatant, initiative);
    this.sortRank = record?.sortRank ?? combat.rank.get(combatant.id) ?? Infinity;
    // SEG-2, issue 17: a creature without a group of its own shows its side's group, never written. The
    // prepared `combatant.group` is the CombatantGroup document (Draw Steel reads `combatant.group?.id`
    // and `.type`, its squad model; fvtt-types declares another type, hence the cast).
    if (combatant._source.group == null) {
      const shown = shownGroupOf(combatant, () => combatantSide(combatant));
      const group = shown === null ? undefined : combatant.parent?.groups.get(shown);
      if (group !== undefined) (combatant as unknown as { group: CombatantGroup.Implementation }).group = group;
    }
    // The GM's page (every value shown as the engine holds it) remembers what it derived from what.
    if (record !== undefined) this.#derived = { record, group: combatant.group, sides: sideEpoch() };
  }

  /**
   * Issue 17: what the last preparation derived on a GM's page: the record it derived from (the same
   * object while the creature's facts and place are unchanged: derived-table.ts). Core prepares every
   * combatant on each Combat update; one whose record is the same, whose `initiative` still holds the
   * derived value (core's `_initialize` would have put the stored one back), and whose side group, if it
   * shows one, is still shown and its side unmoved (SEG-2: read from its actor and token;
   * groups/side-epoch.ts) keeps it all.
   */
  #derived: {
    readonly record: DerivedRecord;
    /** The group it shows, and the count of side-moving changes then (groups/side-epoch.ts). */
    readonly group: unknown;
    readonly sides: number;
  } | null = null;

  #unchanged(record: DerivedRecord, combatant: Combatant.Implementation): boolean {
    const derived = this.#derived;
    if (derived === null || derived.record !== record || combatant.initiative !== record.initiative) return false;
    // SEG-2: a side group shown is kept while nothing that moves a side changed and it is still shown.
    if (combatant._source.group == null && (combatant.parent?.groups.size ?? 0) > 0)
      if (derived.sides !== sideEpoch() || combatant.group !== derived.group) return false;
    this.sortRank = record.sortRank;
    return true;
  }

  /**
   * Issue 17: its place in its combat's engine order, derived with `initiative` (Infinity: not placed
   * yet; undefined: not in a Tempo combat), so that sorting a thousand combatants (documents/combat.ts
   * `_sortCombatants`) reads one number per comparison.
   */
  sortRank: number | undefined = undefined;
}

/** A combatant's place in its Tempo combat's order (`TempoCombatantModel#sortRank`), or undefined. */
export function sortRankOf(combatant: Combatant.Implementation): number | undefined {
  const system = combatant.system;
  return system instanceof TempoCombatantModel ? system.sortRank : undefined;
}

/** Issue 17: the world's NPC-initiative setting, read once per pass that prepares a combat's combatants. */
const passSettings = perPass<boolean>();

function npcInitiativeShown(combatant: Combatant.Implementation): boolean {
  const combat: unknown = combatant.parent?.system;
  const pass = combat instanceof TempoCombatModel ? combat.combatantPass : null;
  return passSettings(pass, () => game.settings.get(SYSTEM_ID, "npcInitiative") === true);
}

/** The initiative a player's client shows on `combatant` (view/tracker/initiative-shown.ts). */
function shownOn(combatant: Combatant.Implementation, initiative: number): number | null {
  const npcInitiativeVisible = npcInitiativeShown(combatant);
  const subject = {
    hidden: combatant.hidden,
    playerCharacter: combatantSide(combatant) === "pc",
    owned: combatant.isOwner,
  };
  return initiativeShown(initiative, { isGM: false, npcInitiativeVisible }, subject);
}

/** The stored action record (`system.actions`) as written, for the engine to read (undefined when none). */
export function storedActionsOf(combatant: Combatant.Implementation): unknown {
  const system = combatant.system;
  return system instanceof TempoCombatantModel ? (system.actions as unknown) : undefined;
}

/** What the engine reads of a combatant document. */
export function hostCombatantOf(combatant: Combatant.Implementation): HostCombatant {
  const system = combatant.system;
  const facts = system instanceof TempoCombatantModel ? system : null;
  const actor = actorCombatFacts(combatant);
  const side = sideOf(combatant, facts, actor);
  const own = combatant._source.group ?? null;
  const combat = combatant.parent;
  return {
    id: combatant.id ?? "",
    side,
    initiativeBonus: facts?.initiativeBonus ?? actor?.initiative?.initiativeBonus ?? 0,
    int: facts?.int ?? actor?.initiative?.int ?? 0,
    agi: facts?.agi ?? actor?.initiative?.agi ?? 0,
    // ROT-4, ROT-5, SEG-2: its group; in segment rounds its side's group when it has none (membership.ts).
    groupId: combat === null ? own : effectiveGroupId(combat, side, own),
    dexReaction: facts?.dexReaction ?? actor?.initiative?.dexReaction ?? 0,
    // CNT-4, SEG-16: marked on the combatant, or the `surprised` condition on its token.
    surprised: (facts?.surprised ?? false) || combatantConditions(combatant).has("surprised"),
    defeated: combatant.isDefeated,
  };
}

/** A combatant's side: its own fact, else its actor's, else `defaultSide`. */
function sideOf(
  combatant: Combatant.Implementation,
  facts: TempoCombatantModel | null,
  actor: { readonly side: HostSide | null } | null,
): HostSide {
  return (facts?.side as HostSide | null | undefined) ?? actor?.side ?? defaultSide(combatant);
}

/** A combatant's side alone (SEG-2: the side group it shows), its actor's stats read only without its own. */
function combatantSide(combatant: Combatant.Implementation): HostSide {
  const system = combatant.system;
  const facts = system instanceof TempoCombatantModel ? system : null;
  const own = facts?.side as HostSide | null | undefined;
  return own ?? sideOf(combatant, facts, actorCombatFacts(combatant));
}

/** A player-owned combatant is a player character; others are enemies unless their token is friendly. */
function defaultSide(combatant: Combatant.Implementation): HostSide {
  if (combatant.hasPlayerOwner) return "pc";
  const disposition = combatant.token?.disposition;
  return disposition === CONST.TOKEN_DISPOSITIONS.FRIENDLY ? "ally" : "enemy";
}
