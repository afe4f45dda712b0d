/**
 * Actor and Item documents as the sheet builders read them (src/view/sheets/sheet-input.ts): documents
 * in, plain data out. Nothing here decides what is shown. The actor's biography is the stored HTML of
 * `system.biography`; the sheet enriches it (sheet-enrich.ts).
 */
import { CONDITION_IDS, type ConditionId, type RulesetId } from "../../../engine/index.ts";
import type {
  ActorSheetInput,
  ItemSheetInput,
  SheetCombat,
  SheetItem,
  SheetMode,
} from "../../../view/sheets/sheet-input.ts";
import { actorActionsOf, actorStatsOf } from "../../data/actor/actor-stats-of.ts";
import { ArmorModel } from "../../data/item/armor-model.ts";
import { FeatModel } from "../../data/item/feat-model.ts";
import { GearModel } from "../../data/item/gear-model.ts";
import { itemOwnerOf } from "../../data/item/item-owner.ts";
import { PowerModel } from "../../data/item/power-model.ts";
import { SpellModel } from "../../data/item/spell-model.ts";
import { WeaponModel } from "../../data/item/weapon-model.ts";
import { tempoActorModelOf } from "../../data/actor/actor-model.ts";
import { SYSTEM_ID } from "../../system-id.ts";
import { trackerInputOf } from "../tracker-input.ts";
import { actorCombatOf } from "./sheet-commands.ts";

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** An owned or world item as a sheet row reads it; null for an item of another system's type. */
export function sheetItemOf(item: Item.Implementation): SheetItem | null {
  const system: unknown = item.system;
  const base = { id: item.id ?? "", name: item.name, img: item.img ?? null };
  const description = (model: { description?: unknown }) => textOf(model.description);
  if (system instanceof WeaponModel)
    return { ...base, type: "weapon", stats: system.stats, description: description(system) };
  if (system instanceof SpellModel)
    return { ...base, type: "spell", stats: system.stats, description: description(system) };
  if (system instanceof ArmorModel)
    return { ...base, type: "armor", stats: system.stats, description: description(system) };
  if (system instanceof FeatModel)
    return { ...base, type: "feat", stats: system.stats, description: description(system) };
  if (system instanceof PowerModel)
    return { ...base, type: "power", stats: system.stats, description: description(system) };
  if (system instanceof GearModel)
    return { ...base, type: "gear", stats: system.stats, description: description(system) };
  return null;
}

/** The world's ruleset (the combat's, when the actor fights in one). */
function worldRuleset(): RulesetId {
  return game.settings.get(SYSTEM_ID, "ruleset");
}

function conditionsOf(actor: Actor.Implementation): ConditionId[] {
  const statuses: ReadonlySet<string> = actor.statuses;
  return CONDITION_IDS.filter((id) => statuses.has(id));
}

/** The actor's combat now, as the tracker reads it for this user, or null. */
export function sheetCombatOfActor(actor: Actor.Implementation, user: User.Implementation): SheetCombat | null {
  const found = actorCombatOf(actor);
  if (found === null) return null;
  const input = trackerInputOf(found.combat, user);
  return input === null ? null : { input, combatantId: found.combatantId };
}

export function actorSheetInputOf(
  actor: Actor.Implementation,
  mode: SheetMode,
  editable: boolean,
  user: User.Implementation = game.user,
): ActorSheetInput | null {
  const system = tempoActorModelOf(actor);
  if (system === null) return null;
  const combat = sheetCombatOfActor(actor, user);
  const items: SheetItem[] = [];
  for (const item of actor.items) {
    const row = sheetItemOf(item);
    if (row !== null) items.push(row);
  }
  const biography = textOf(system.biography);
  return {
    actor: {
      id: actor.id ?? "",
      name: actor.name,
      img: actor.img ?? null,
      type: actor.type === "npc" ? "npc" : "character",
      stats: actorStatsOf(system),
      biography,
      conditions: conditionsOf(actor),
      actions: actorActionsOf(system),
    },
    items,
    ruleset: combat?.input.host.id ?? worldRuleset(),
    drMode: game.settings.get(SYSTEM_ID, "drMode") === "perAttack" ? "perAttack" : "perHit",
    mode,
    editable,
    combat,
  };
}

export function itemSheetInputOf(item: Item.Implementation, mode: SheetMode, editable: boolean): ItemSheetInput | null {
  const row = sheetItemOf(item);
  if (row === null) return null;
  return {
    item: row,
    ruleset: worldRuleset(),
    mode,
    editable,
    owner: item.actor === null ? null : itemOwnerOf(item),
  };
}
