/**
 * The data model both actor types share: refuses statistics the engine finds wrong (with a localized
 * reason, nothing saved), clamps bounded resources a write overshoots (hit points healed past their
 * maximum end at it: actor-pool-clamp.ts), migrates older shapes, and prepares the derived values from
 * the engine.
 */
import {
  deriveActorValues,
  validateActorActions,
  validateActorStats,
  type ActorDerived,
  type CarriedWeapon,
  type WornArmor,
} from "../../../engine/index.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { migrateActorSource } from "./actor-migration.ts";
import { clampPoolChanges, clampSourcePools } from "./actor-pool-clamp.ts";
import { refuseProblems } from "./actor-refusal.ts";
import { defineActorSchema, type ActorSchema } from "./actor-schema.ts";
import { actorActionsOf, actorStatsOf, type ActorSystemLike } from "./actor-stats-of.ts";

/** AP-1, AP-2: what the engine needs of the actor's weapons (items the item models define). */
function carriedWeapons(actor: Actor.Implementation | null): CarriedWeapon[] {
  const weapons: CarriedWeapon[] = [];
  for (const item of actor?.items ?? []) {
    if (item.type !== "weapon" || item.id === null) continue;
    // Read by name: a prepared model's fields may be accessors, which a spread would miss.
    const system: object = item.system;
    const apCost = "apCost" in system && typeof system.apCost === "number" ? system.apCost : null;
    const constantDamage = "constantDamage" in system && system.constantDamage === true;
    weapons.push({ id: item.id, apCost, constantDamage });
  }
  return weapons;
}

/** SEG-12: what the engine needs of the actor's armour and shields (their AC bonus, whether worn). */
function wornArmor(actor: Actor.Implementation | null): WornArmor[] {
  const worn: WornArmor[] = [];
  for (const item of actor?.items ?? []) {
    if (item.type !== "armor") continue;
    const system: object = item.system;
    const acBonus = "acBonus" in system && typeof system.acBonus === "number" ? system.acBonus : 0;
    // An item stored before `equipped` existed is worn (the field's initial value).
    const equipped = !("equipped" in system) || system.equipped !== false;
    worn.push({ acBonus, equipped });
  }
  return worn;
}

export abstract class TempoActorModel extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  /** Never stored: written by `prepareDerivedData` from the engine. */
  declare derived: ActorDerived;

  static override defineSchema(): ActorSchema {
    return defineActorSchema({ side: null, hitDice: "" });
  }

  /** An older shape brought forward; a stored value above its maximum clamped (a full source has both). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(clampSourcePools(migrateActorSource(source)));
  }

  /**
   * A write that overshoots a pool (a sheet edit of hit points above the maximum, a lowered maximum, an
   * undo that gives back more than the maximum now allows) is clamped, not refused. The TypeDataModel's
   * `_preUpdate` receives the candidate changes before they are sent and may change them: the Ryuutama
   * system (ryuutama actor data model, `_preUpdate(changes, options, user)` reading
   * `system.resources.stamina.spent` from `changes`) and the Essence system (EssenceActor `_preUpdate`
   * raising `changes.system` attributes below 1 to 1) adjust changes there the same way.
   */
  override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation>["_preUpdate"]>
  ) {
    const [changes] = args;
    clampPoolChanges(changes, this);
    return super._preUpdate(...args);
  }

  /** The engine's checks on the whole system data: any problem refuses the change. */
  static override validateJoint(data: ActorSystemLike): void {
    refuseProblems([...validateActorStats(actorStatsOf(data)), ...validateActorActions(actorActionsOf(data))]);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.derived = deriveActorValues(actorStatsOf(this), {
      drMode: game.settings.get(SYSTEM_ID, "drMode"),
      weapons: carriedWeapons(this.parent),
      armor: wornArmor(this.parent),
      actions: actorActionsOf(this),
    });
  }
}

/** A character's or NPC's system data as Tempo's model, or null for any other actor (or none). */
export function tempoActorModelOf(actor: unknown): TempoActorModel | null {
  const system: unknown = typeof actor === "object" && actor !== null ? Reflect.get(actor, "system") : undefined;
  return system instanceof TempoActorModel ? system : null;
}
