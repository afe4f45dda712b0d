/**
 * Issue 19 item 1: Attack with a weapon through the attack dialog (attack-dialog.ts): the sheet's Attack
 * and the hotbar macro ask first, then use the item with the choices (attack-flow.ts `useItemDocument`):
 * rolled at once outside a count or segment combat, declared on the track with the choices recorded in
 * one. A spell, or an item that is no weapon, is used as before, without a dialog. In a segment combat the
 * declare form follows, filled with the weapon (SEG-9: the user adds minors there; segment-attack-declare.ts).
 * The hotbar macro's `CONFIG.TEMPO.useItem(uuid)` asks too, unless its caller already gives the choices
 * (a script: `useItem(uuid, { choices })`).
 * Outside a combat that declares, the targets are checked before the dialog opens: with none (or one
 * that is not a Tempo creature) the user is told why and nothing opens.
 */
import type { Message, RulesetId, WeaponStats } from "../../engine/index.ts";
import { attacksThroughCombat } from "../../view/chat/item-attack.ts";
import { attackCommand } from "../../view/sheets/sheet-commands.ts";
import { refusal } from "../../view/tracker/tracker-controls.ts";
import { askAttackChoices, type AttackRequest } from "../applications/attack-dialog.ts";
import { areaPreview } from "../canvas/area-regions.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { trackerInputOf } from "../applications/tracker-input.ts";
import { showNotice } from "../notice.ts";
import { unseenTargetsOf, useItemDocument, type UseItemOptions } from "./attack-flow.ts";
import { gather, phaseExtra, rulesetOf, targetedActors } from "./attack-parties.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";
import { measuredFlankers, refusedOnScene, sceneRefusal } from "../canvas/scene-rules.ts";
import { rotationAttackRefusal } from "./rotation-use.ts";
import { askSegmentAttack } from "./segment-attack-declare.ts";
import { attackUseRefusal } from "./turn-use.ts";

/** CNT-6: the count the actor's creature declares on now (its count on the track), or null. */
function declaringCount(actor: Actor.Implementation): number | null {
  const found = actorCombatOf(actor);
  const input = found === null ? null : trackerInputOf(found.combat, game.user);
  if (found === null || input === null || input.host.id !== "count") return null;
  return input.host.initiative(input.state, found.combatantId);
}

/**
 * CNT-6, SEG-2: in a combat that declares, the engine's reason the creature cannot attack now (not its
 * turn, its action spent …), tried on the state with the plain attack the sheet would send, so the
 * dialog does not open for an attack that would be refused; null when it may.
 */
function declareRefusal(actor: Actor.Implementation, weapon: WeaponStats): Message | null {
  const found = actorCombatOf(actor);
  const input = found === null ? null : trackerInputOf(found.combat, game.user);
  if (found === null || input === null) return null;
  const command = attackCommand(input.host.id, found.combatantId, weapon);
  return command === null ? null : refusal(input, command);
}

/**
 * Issue 20 item 4: what the dialog says of a cleave's cone (the creatures standing in it now, with their
 * snapshots for the odds), read before anything is placed; null when no cone would be placed.
 */
function cleaveArea(
  item: Item.Implementation,
  actor: Actor.Implementation,
  ruleset: RulesetId,
  targets: readonly Actor.Implementation[],
): AttackRequest["area"] {
  const preview = areaPreview(item, actor, targets, true);
  if (preview === null) return null;
  if (preview.kind === "noGm") return { shown: { kind: "unplaced" }, targets: [] };
  if (preview.kind === "refused") return { shown: { kind: "refused", reason: preview.error }, targets: [] };
  const inCone = preview.creatures.flatMap((creature) => {
    const snapshot = creatureSnapshotOf(creature);
    const extra = ruleset === "phase" ? phaseExtra(actor, creature) : null;
    return snapshot === null ? [] : [{ snapshot, phaseExtra: extra, unseen: null }];
  });
  return { shown: { kind: "cone", aim: preview.aim }, targets: inCone };
}

/**
 * Asks how to attack with `item`, then uses it; false when cancelled or refused (with a notice). `opener`:
 * the sheet it was asked from, whose detached window (v14) the dialog opens in.
 */
export async function attackWithDialog(
  item: Item.Implementation,
  options: UseItemOptions = {},
  opener: object | null = null,
): Promise<boolean> {
  const row = sheetItemOf(item);
  const actor = item.actor;
  // SEG-18: a segment spell at a target the scene shows covered or concealed is not declared (nor cast).
  const on = options.targets ?? targetedActors();
  if (row?.type === "spell" && actor !== null && refusedOnScene(item, actor, rulesetOf(actor).ruleset, on))
    return false;
  if (row?.type !== "weapon" || actor === null) return useItemDocument(item, options);
  const { ruleset, inCombat } = rulesetOf(actor);
  const targets = options.targets ?? targetedActors();
  const declares = inCombat && attacksThroughCombat(ruleset);
  const gathered = gather(actor, targets);
  const attacker = creatureSnapshotOf(actor);
  if (!("targets" in gathered) && !(declares && targets.length === 0)) {
    showNotice(gathered);
    return false;
  }
  if (attacker === null) {
    showNotice({ key: "TEMPO.CHAT.Damage.NotTempoActor", data: { name: actor.name } });
    return false;
  }
  const refused =
    sceneRefusal(item, actor, ruleset, targets) ??
    (declares
      ? declareRefusal(actor, row.stats)
      : inCombat && ruleset === "rotation"
        ? rotationAttackRefusal(actor, row.stats.constantDamage ? item.uuid : null)
        : inCombat
          ? attackUseRefusal(actor, ruleset, null)
          : null);
  if (refused !== null) {
    showNotice(refused);
    return false;
  }
  const chosen = "targets" in gathered ? gathered.targets : [];
  // STL-3: the odds shown count the advantage against the targets that have not seen the attacker.
  const unseen = ruleset === "rotation" && "targets" in gathered ? await unseenTargetsOf(gathered) : null;
  // ATK-ROT-5: the flankers of the (first) target, counted on the scene when both tokens stand there.
  const first = chosen[0];
  const flankers = ruleset === "rotation" && first !== undefined ? measuredFlankers(actor, first.actor) : null;
  const answer = await askAttackChoices({
    actor,
    item,
    weapon: row.stats,
    ruleset,
    attacker,
    targets: chosen.map((t) => ({
      snapshot: t.snapshot,
      phaseExtra: ruleset === "phase" ? phaseExtra(actor, t.actor) : null,
      unseen: unseen === null ? null : unseen.has(t.actor),
    })),
    count: inCombat ? declaringCount(actor) : null,
    flankers,
    opener,
    area: cleaveArea(item, actor, ruleset, targets),
  });
  if (answer === null) return false;
  const { choices, aims } = answer;
  if (!(declares && ruleset === "segment")) return useItemDocument(item, { ...options, targets, choices, aims });
  // SEG-9: then the declare form, filled with this weapon, where the user adds minors and the target.
  const declared = await askSegmentAttack(actor, row.stats, targets, opener);
  if (declared.kind === "done") return declared.given;
  return useItemDocument(item, { ...options, targets: declared.targets, choices, declaration: declared.declaration });
}

/** `CONFIG.TEMPO.useItem(uuid, { targets, choices })`: the hotbar macro's action (hotbar-macro.ts). */
export async function useItem(itemUuid: string, options: UseItemOptions = {}): Promise<boolean> {
  const doc: unknown = await fromUuid(itemUuid as `Actor.${string}`);
  const isItem = typeof doc === "object" && doc !== null && "system" in doc && "actor" in doc;
  if (!isItem) {
    showNotice({ key: "TEMPO.SHEET.MacroNoItem", data: { uuid: itemUuid } });
    return false;
  }
  const item = doc as Item.Implementation;
  return options.choices === undefined ? attackWithDialog(item, options) : useItemDocument(item, options);
}
