/**
 * Issue 19: a spell that calls for a save (its item's `save.ability` / `save.dc`, SpellStats) posts one
 * save card per target, naming who rolls (the target's owner, or the GM for a creature no player owns),
 * the ability and DC and what a success and a failure do (engine spell-save.ts rules; the card is
 * view/chat/spell-save-card.ts). The card records the spell and the target by UUID; when it is rolled
 * the roll is checked against the save those documents call for now (issue 18: never the card's own
 * formula or DC), and a damaging spell's damage is rolled then, halved on a success.
 */
import {
  damageAfterSave,
  err,
  ok,
  recordedRollTotal,
  creatureSaveRoll,
  spellSaveModifier,
  type CheckedSave,
  type RecordedRoll,
  type Result,
  type RulesetId,
  type SpellSaveRoll,
} from "../../engine/index.ts";
import type { SaveCardInput } from "../../view/chat/save-card.ts";
import { planDamage } from "../../view/chat/item-attack.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";
import type { TempoCardModel } from "../data/chat/chat-card-model.ts";
import { TempoCombat } from "../documents/combat.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { postCard } from "./post-card.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";
import { sealDamageInput, sealedTargetActor } from "./sealed-cards.ts";
import { sealedSaveInput } from "./sealed-saves.ts";
import { targetCardOf, type TargetCard } from "./hidden-targets.ts";
import { isActor, isItem } from "../document-kinds.ts";

interface SpellTarget {
  readonly actor: Actor.Implementation;
  /** Issue 18 item 5: how its card names it and who sees it (hidden-targets.ts). */
  readonly card: TargetCard;
}

function documentAt(uuid: unknown): unknown {
  if (typeof uuid !== "string" || uuid === "") return null;
  return fromUuidSync(uuid as `Actor.${string}`);
}

/** The save `item` calls for against `target` under `ruleset` (null: not a spell, or not a Tempo target). */
function saveRollOf(item: Item.Implementation, target: Actor.Implementation, ruleset: RulesetId): SpellSaveRoll | null {
  const row = sheetItemOf(item);
  const system = tempoActorModelOf(target);
  if (row?.type !== "spell" || system === null) return null;
  const modifier = spellSaveModifier(actorStatsOf(system).abilities, row.stats.save.ability);
  // SEG-14: a segment creature with hit dice saves by them (engine creatureSaveRoll).
  return creatureSaveRoll(ruleset, row.stats.save.dc, modifier, system.derived.hitDice?.saveHitDice ?? null);
}

/** The card of one target's save: who rolls it, against what, and what it does. */
function saveInput(
  caster: Actor.Implementation,
  item: Item.Implementation,
  actor: Actor.Implementation,
  save: SpellSaveRoll,
  hiddenRef?: string,
): SaveCardInput {
  // Issue 18: a hidden creature's save card names it by reference (hidden-creature-ref.ts), not by its uuid.
  const named = hiddenRef === undefined ? { targetUuid: actor.uuid } : { targetUuid: "", targetRef: hiddenRef };
  const row = sheetItemOf(item);
  const stats = row?.type === "spell" ? row.stats : null;
  return {
    kind: "spell",
    combatantId: "",
    name: actor.name,
    effect: item.name,
    formula: save.formula,
    target: save.target,
    endPhaseKind: "ends",
    concentration: "casting",
    total: null,
    spell: {
      caster: caster.name,
      ability: stats?.save.ability ?? "",
      hasDamage: (stats?.damage.trim() ?? "") !== "",
      roller: actor.hasPlayerOwner ? "owner" : "gm",
      rule: save.rule,
      itemUuid: item.uuid,
      ...named,
    },
  };
}

/** Posts one save card per target of `item` cast by `caster` (spoken by the caster). */
export async function postSpellSaves(
  caster: Actor.Implementation,
  item: Item.Implementation,
  targets: readonly SpellTarget[],
  ruleset: RulesetId,
  combatId: string | null,
): Promise<void> {
  const speaker = ChatMessage.getSpeaker({ actor: caster });
  for (const { actor, card } of targets) {
    const save = saveRollOf(item, actor, ruleset);
    if (save === null) continue;
    const open = { ...saveInput(caster, item, actor, save, card.hiddenRef), name: card.snapshot.name };
    const input = card.hiddenRef === undefined ? open : sealedSaveInput(open); // issue 18: sealed-saves.ts
    await postCard({ type: "save", input }, { speaker, combatId, ...card.audience });
  }
}

function rulesetOfCard(model: TempoCardModel): RulesetId {
  const combat = model.combatId === null ? null : (game.combats.get(model.combatId) ?? null);
  return (
    tempoModelOf(combat instanceof TempoCombat ? combat : null)?.host.id ?? game.settings.get(SYSTEM_ID, "ruleset")
  );
}

/** The UUIDs a spell save card records (null: not a spell save card). */
function spellUuids(model: TempoCardModel): { itemUuid: unknown; targetUuid: unknown; targetRef: unknown } | null {
  const spell = (model.input as { spell?: unknown }).spell;
  if (typeof spell !== "object" || spell === null) return null;
  const [itemUuid, targetUuid, targetRef] = ["itemUuid", "targetUuid", "targetRef"].map((k) => Reflect.get(spell, k));
  return { itemUuid, targetUuid, targetRef };
}

/** The documents a spell save card names, read now. */
function cardDocuments(model: TempoCardModel): { item: Item.Implementation; target: Actor.Implementation } | null {
  const spell = spellUuids(model);
  const item = documentAt(spell?.itemUuid);
  const target = documentAt(spell?.targetUuid) ?? sealedTargetActor(spell?.targetRef);
  return isItem(item) && isActor(target) ? { item, target } : null;
}

/** The save a spell save card calls for now, from its spell and target (null: either is gone). */
export function spellSaveOfCard(model: TempoCardModel): SpellSaveRoll | null {
  const docs = cardDocuments(model);
  return docs === null ? null : saveRollOf(docs.item, docs.target, rulesetOfCard(model));
}

/** The target actor of a spell save card (its owner rolls it). */
export function spellSaveTarget(model: TempoCardModel): Actor.Implementation | null {
  return cardDocuments(model)?.target ?? null;
}

/** Issue 18 for spell saves: the recorded roll's total, checked against the save the documents call for. */
export function checkedSpellSave(model: TempoCardModel, roll: RecordedRoll | null): Result<CheckedSave> {
  const save = spellSaveOfCard(model);
  const uuid = String(spellUuids(model)?.itemUuid ?? "?");
  if (save === null) return err("TEMPO.CHAT.Save.SpellGone", { uuid });
  if (roll === null) return err("TEMPO.ERRORS.Trust.RollFormula", { formula: "?", expected: save.formula });
  const total = recordedRollTotal(save.formula, roll);
  return total.ok ? ok({ formula: save.formula, target: save.target, total: total.value }) : total;
}

/**
 * A damaging spell's damage once its save is rolled (Ruling of engine spell-save.ts: all of it on a
 * failure, half rounded down on a success), one damage card on the saving target.
 */
export async function postDamageAfterSave(model: TempoCardModel, success: boolean): Promise<void> {
  const docs = cardDocuments(model);
  const caster = docs?.item.actor ?? null;
  const row = docs === null ? null : sheetItemOf(docs.item);
  if (docs === null || caster === null || row?.type !== "spell" || row.stats.damage.trim() === "") return;
  // Issue 18: the damage is the caster's; a card whose author does not own the caster deals none.
  const author = model.parent?.author ?? null;
  if (author === null || !(author.isGM || caster.testUserPermission(author, "OWNER"))) return;
  const snapshot = creatureSnapshotOf(docs.target);
  if (snapshot === null) return;
  // Issue 18 item 5: a hidden creature's damage goes, as its save went, to the GMs only (hidden-targets.ts).
  const { snapshot: target, audience, hiddenRef } = targetCardOf(docs.target, snapshot, caster);
  const drMode = game.settings.get(SYSTEM_ID, "drMode") === "perAttack" ? "perAttack" : "perHit";
  const provenance = { attackerUuid: caster.uuid, itemUuid: docs.item.uuid, targetUuid: docs.target.uuid };
  const plan = planDamage({
    attacker: caster.name,
    target,
    formula: row.stats.damage,
    kind: row.stats.damageKind,
    swings: null,
    drMode,
    provenance,
  });
  const roll = new Roll(plan.formula);
  await roll.evaluate();
  // Issue 18: a hidden creature's card, the GM's (sealed-saves.ts): no roll and no `halved` telling its save.
  const sealed = hiddenRef !== undefined && game.user.isGM;
  const halved = success && !sealed ? { halved: true } : {};
  const rolled = { ...plan.card([damageAfterSave(roll.total ?? 0, success)]), ...halved };
  const card = sealDamageInput(rolled, hiddenRef); // issue 18: no uuid and no DR of a hidden creature (sealed-cards.ts)
  await postCard(
    { type: "damage", input: card },
    { rolls: sealed ? [] : [roll], speaker: ChatMessage.getSpeaker({ actor: caster }), ...audience },
  );
}
