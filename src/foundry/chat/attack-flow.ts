/**
 * Using an owned weapon or spell on the user's targeted tokens (or the given actors), with the attack
 * dialog's choices (issue 19; the sheet's Attack and the hotbar macro's `CONFIG.TEMPO.useItem` ask for them
 * first, attack-with-dialog.ts).
 * - In a `count` or `segment` combat the attack is declared on the combat first (CNT-6, SEG-2), as the
 *   sheet does (sheet-commands.ts); its card comes when the action lands (event-cards.ts).
 * - Otherwise a weapon rolls ONE attack card PER TARGET (every ruleset rolls one attack per target, AP-1,
 *   each against that target's defence, with its own odds and Apply) and, on a hit, that target's damage card.
 * - A spell posts its damage card (of the spell's damage kind) for each target (no attack roll: the seeds
 *   give spells none); a spell that calls for a save posts a save card per target instead (issue 19).
 * What the rules decide is in src/view/chat/item-attack.ts; here documents are read and cards posted.
 * Every target is checked before anything is rolled: a refusal posts nothing.
 * The declared item and its targets are recorded with the declaration (declared-uses.ts); Resolve on its
 * pending card rolls it here (`rollDeclaredItem`).
 */
import {
  attackEffectsOf,
  spellCallsForSave,
  type Message,
  type RulesetId,
  type SegmentDeclaration,
} from "../../engine/index.ts";
import {
  attacksThroughCombat,
  cleaveDice,
  planDamage,
  planWeaponAttack,
  type AttackPlan,
  type DamageInput,
} from "../../view/chat/item-attack.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { actorCombatOf, useItemNow, type UsableItem } from "../applications/sheets/sheet-commands.ts";
import { showNotice } from "../notice.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { postCard } from "./post-card.ts";
import { attackOptionsOf } from "../applications/attack-dialog.ts";
import {
  attackShape,
  choiceNotes,
  settleChoices,
  targetSwings,
  type AttackChoices,
} from "../../view/chat/attack-options.ts";
import { declareCountAttack } from "./count-declare-attack.ts";
import { rotationAttackRefusal, spendRotationUse } from "./rotation-use.ts";
import { spendAttackUse } from "./turn-use.ts";
import { refusedSwingShares } from "./swing-shares.ts";
import { postSpellSaves } from "./spell-saves.ts";
import { afterAttack, sealAttackInput, sealDamageInput } from "./sealed-cards.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";
import { unseenTargets } from "../conditions/stealth-flow.ts";
import { startsAnimation } from "../../view/integrations/animation-carrier.ts";
import { orderRolls } from "../integrations/dice-so-nice.ts";
import { animationFlags, targetTokenUuids } from "../integrations/automated-animations.ts";
import { attackFlags, useBy, type UseBy } from "./use-card-flags.ts";
import { refusedOnScene } from "../canvas/scene-rules.ts";
import { placeAreaFor, removeAreaOf } from "../canvas/area-regions.ts";
import { gather, phaseExtra, rulesetOf, targetedActors, type Gathered } from "./attack-parties.ts";

export interface UseItemOptions {
  /** The creatures to attack; default: the user's targeted tokens' actors. */
  readonly targets?: readonly Actor.Implementation[];
  /** Issue 19: the attack dialog's choices (none: the defaults, one plain attack). */
  readonly choices?: AttackChoices;
  /** CNT-7: the target (index into `targets`) each attack of the action is aimed at (null: every target). */
  readonly aims?: readonly number[] | null;
  /** SEG-9: in a segment combat, the declaration the declare form gave (default: the weapon's attack alone). */
  readonly declaration?: SegmentDeclaration;
}

type Refusal = Message | null;

/** AP-2: what a constant-damage weapon's roll gathers: the targets it hit and its attack messages. */
interface ConstantRoll {
  readonly hits: string[];
  readonly attacks: string[];
}

async function rollAll(formulas: readonly string[]): Promise<Roll[]> {
  const rolls: Roll[] = [];
  for (const formula of formulas) {
    const roll = new Roll(formula);
    await roll.evaluate();
    rolls.push(roll);
  }
  return rolls;
}

const totalsOf = (rolls: readonly Roll[]) => rolls.map((r) => r.total ?? 0);

/**
 * How a damage card is rolled: its own Rolls, or a cleave's shared ones (FEAT-CLEAVE): rolled once for
 * every target hit, and carried by each target's card, as the GM's side checks a player's card against
 * the rolls on its own message (engine trustedDamage).
 */
interface DamageRolls {
  readonly shared: { rolls: Roll[] | null; messageId: string | null } | null;
  readonly sealedAttackId?: string | null; // issue 18: the sealed attack card it follows (sealed-cards.ts)
}

/** One damage card: the item's damage on one target, with who rolled what against whom (issue 18). */
async function postDamage(
  attacker: Actor.Implementation,
  item: Item.Implementation,
  target: Gathered["targets"][number],
  damage: Pick<
    DamageInput,
    "formula" | "kind" | "swings" | "weaponUse" | "effect" | "shield" | "statuses" | "multiplierUse"
  >,
  critical: { readonly attackMessageId: string } | null = null,
  how: DamageRolls = { shared: null },
  by: UseBy = useBy(attacker),
): Promise<void> {
  const drMode = game.settings.get(SYSTEM_ID, "drMode") === "perAttack" ? "perAttack" : "perHit";
  const provenance = { attackerUuid: attacker.uuid, itemUuid: item.uuid, targetUuid: target.actor.uuid };
  const plan = planDamage({
    attacker: attacker.name,
    target: target.card.snapshot,
    ...damage,
    drMode,
    provenance,
    critical,
  });
  const shared = how.shared;
  const sharedRoll = shared?.rolls !== null && shared?.rolls !== undefined;
  const rolls = shared?.rolls ?? (await rollAll(Array.from({ length: plan.swings }, () => plan.formula)));
  if (shared !== null) shared.rolls = rolls;
  if (!sharedRoll) orderRolls("damage", rolls);
  // Issue 22: a cleave's further cards link the card whose dice were thrown; one card starts the animation.
  const starts = startsAnimation({ kind: "damage", afterAttack: by.afterAttack, sharedRoll });
  const targets =
    target.card.hiddenRef === undefined ? [{ tokenUuids: targetTokenUuids(target.actor), hit: true }] : [];
  const flags = {
    ...(starts ? animationFlags({ item, attacker, token: by.token, targets }) : {}),
    ...(sharedRoll && shared?.messageId ? { rollsShownOn: shared.messageId } : {}),
  };
  const input = sealDamageInput(plan.card(totalsOf(rolls)), target.card.hiddenRef, how.sealedAttackId); // issue 18
  const audience = { speaker: by.speaker, ...target.card.audience }; // issue 18 item 5 (hidden-targets.ts)
  const posted = (await postCard({ type: "damage", input }, { rolls, flags, ...audience })) as
    ChatMessage.Implementation | undefined;
  if (shared !== null && !sharedRoll) shared.messageId = posted?.id ?? null;
}

/** STL-3: the gathered targets that have not seen the attacker (null: no rotation combat, the status decides). */
export function unseenTargetsOf(gathered: Gathered): Promise<ReadonlySet<Actor.Implementation> | null> {
  const targets = gathered.targets.map((t) => t.actor);
  return unseenTargets(gathered.attacker, targets);
}

async function attackWith(
  item: Item.Implementation,
  ruleset: RulesetId,
  gathered: Gathered,
  wanted: AttackChoices | null,
  hits: ConstantRoll | null,
  aims: readonly number[] | null = null,
): Promise<Refusal> {
  const row = sheetItemOf(item);
  if (row?.type !== "weapon") return { key: "TEMPO.SHEET.NoItemCommand", data: { name: item.name } };
  const self = creatureSnapshotOf(gathered.attacker);
  if (self === null) return { key: "TEMPO.CHAT.Damage.NotTempoActor", data: { name: gathered.attacker.name } };
  const weapon = { name: item.name, stats: row.stats };
  // Issue 19: the dialog's (or the declaration's recorded) choices, settled again against the rules.
  const options = attackOptionsOf({ actor: gathered.attacker, weapon: row.stats, ruleset, attacker: self });
  const choices = settleChoices(options, wanted ?? {});
  const shape = attackShape(options, row.stats, choices);
  const plans: { plan: AttackPlan; target: Gathered["targets"][number] }[] = [];
  // STL-3: in a rotation combat the GM's stealth watch says which targets have not seen the attacker.
  const unseen = ruleset === "rotation" ? await unseenTargetsOf(gathered) : null;
  for (const target of gathered.targets) {
    const { actor, card } = target;
    const snapshot = card.snapshot; // issue 18 item 5: a hidden creature named by reference
    const extra = ruleset === "phase" ? phaseExtra(gathered.attacker, actor) : null;
    const hidden = unseen === null ? null : unseen.has(actor);
    const input = { ruleset, attacker: self, target: snapshot, weapon, phaseExtra: extra, situation: choices };
    const sealed = card.hiddenRef !== undefined; // issue 18: dice that fit any target (engine sealed-attack.ts)
    const plan = planWeaponAttack({ ...input, unseen: hidden, sealed });
    if (!plan.ok) return plan.error;
    plans.push({ plan: plan.value, target });
  }
  // AP-1: the Full action's swings shared by the targets (engine shareSwings), in target order.
  const shares = targetSwings(choices, plans.length);
  if (!shares.ok) return shares.error;
  const stepped = choices.charged || choices.twoHanded;
  const weaponUse = stepped ? { charged: choices.charged, twoHanded: choices.twoHanded } : null;
  // OSH-2: the statuses a hit applies (the engine reads the weapon's list; the GM's side checks it again).
  const statuses = attackEffectsOf(row.stats);
  if (!statuses.ok) return statuses.error;
  // SEG-15: the multipliers chosen ride on the damage card; the GM's side derives the one that applies again.
  const multiplierUse =
    shape.multiplier > 1
      ? { backstab: choices.backstab, setVsCharge: choices.setVsCharge, multiplier: shape.multiplier }
      : null;
  const damage = {
    formula: shape.damage,
    kind: row.stats.damageKind,
    swings: choices.swings,
    weaponUse,
    statuses: statuses.value,
    multiplierUse,
  };
  const notes = choiceNotes(options, choices, shape);
  const by = useBy(gathered.attacker);
  const hitBy = { ...by, afterAttack: true };
  // CNT-7: outside a count combat (nothing to stagger on) the action's attacks are rolled one after another.
  for (let k = 0; k < choices.attacks; k++) {
    // FEAT-CLEAVE: one attack roll against every target and one damage roll for every target hit.
    const cleave = choices.cleave
      ? { attack: null as Roll[] | null, messageId: null as string | null, damage: { rolls: null, messageId: null } }
      : null;
    for (const [i, { plan, target }] of plans.entries()) {
      if (cleave === null && aims?.[k] !== undefined && aims[k] !== i) continue; // CNT-7: aimed (attack-aims.ts)
      const sharedAttack = cleave?.attack ?? null;
      const rolls = sharedAttack ?? (await rollAll(cleave === null ? plan.dice : cleaveDice(ruleset, plan.dice)));
      if (cleave !== null) cleave.attack = rolls;
      // Issue 19: the attack card records who attacked with what against whom, as the damage card does.
      const provenance = { attackerUuid: gathered.attacker.uuid, itemUuid: item.uuid, targetUuid: target.actor.uuid };
      const input = { ...plan.resolve(totalsOf(rolls)), ...provenance, choices: notes };
      const carried = sharedAttack === null ? rolls : [];
      orderRolls("attack", carried);
      const posted = (await postCard(
        { type: "attack", input: sealAttackInput(input, target.card.hiddenRef) }, // issue 18: sealed-cards.ts
        {
          rolls: carried,
          speaker: by.speaker,
          flags: attackFlags(item, gathered.attacker, by, plans, target, rolls, cleave),
          ...target.card.audience,
        },
      )) as ChatMessage.Implementation | undefined;
      if (cleave !== null && sharedAttack === null) cleave.messageId = posted?.id ?? null;
      // ATK-ROT-4: a critical's damage card names this attack message, which the GM's side verifies.
      const { hit, critical, sealedAttackId } = afterAttack(input, posted?.id, target.card.hiddenRef);
      // AP-2: the targets a constant-damage weapon's roll hit, which it keeps damaging every turn, and the
      // attack messages the active GM reads them from (constant-claims.ts).
      const judged = hit && sealedAttackId === null; // issue 18: a sealed attack is judged on the GM's side only
      if (judged && hits !== null && !hits.hits.includes(target.actor.uuid)) hits.hits.push(target.actor.uuid);
      if (hits !== null && posted?.id) hits.attacks.push(posted.id);
      const swings = shares.value?.[i] ?? choices.swings;
      const how = { shared: cleave?.damage ?? null, sealedAttackId };
      if (hit) await postDamage(gathered.attacker, item, target, { ...damage, swings }, critical, how, hitBy);
    }
  }
  return null;
}

/**
 * A spell on each target: a spell that calls for a save posts one save card per target (issue 19,
 * spell-saves.ts; its damage, if any, is rolled once the save is, and follows the save); any other
 * spell with damage posts its damage card.
 */
async function castWith(item: Item.Implementation, ruleset: RulesetId, gathered: Gathered): Promise<Refusal> {
  const row = sheetItemOf(item);
  if (row?.type === "spell" && spellCallsForSave(row.stats.save)) {
    const combatId = actorCombatOf(gathered.attacker)?.combat.id ?? null;
    await postSpellSaves(gathered.attacker, item, gathered.targets, ruleset, combatId);
    return null;
  }
  // OSH-6: a spell granting a shield may have no formula (a shield without hit points); any other needs one.
  const grants = row?.type === "spell" && row.stats.use === "shield";
  if (row?.type !== "spell" || (!grants && row.stats.damage.trim() === ""))
    return { key: "TEMPO.SHEET.NoItemCommand", data: { name: item.name } };
  const statuses = attackEffectsOf(row.stats);
  if (!statuses.ok) return statuses.error;
  // OSH-3, OSH-5: a healing or shield spell's card heals or grants on Apply; the shield is named by the spell.
  const shield = grants ? { effect: item.name, condition: row.stats.shieldCondition } : null;
  const damage = {
    formula: row.stats.damage,
    kind: row.stats.damageKind,
    swings: null,
    effect: row.stats.use,
    shield,
    statuses: statuses.value,
  };
  for (const target of gathered.targets) await postDamage(gathered.attacker, item, target, damage);
  return null;
}

/** Rolls the item on `targets` now (attack and damage cards; AP-2: `hits` gets those hit); false when refused. */
async function rollOn(
  item: Item.Implementation,
  actor: Actor.Implementation,
  ruleset: RulesetId,
  targets: readonly Actor.Implementation[],
  choices: AttackChoices | null,
  hits: ConstantRoll | null = null,
  aims: readonly number[] | null = null,
): Promise<boolean> {
  const gathered = gather(actor, targets);
  if (!("targets" in gathered)) {
    showNotice(gathered);
    return false;
  }
  if (refusedOnScene(item, actor, ruleset, targets)) return false; // SEG-18, SEG-19 as the casting completes
  const spell = sheetItemOf(item)?.type === "spell";
  const refusal = spell
    ? await castWith(item, ruleset, gathered)
    : await attackWith(item, ruleset, gathered, choices, hits, aims);
  if (refusal !== null) showNotice(refusal);
  return refusal === null;
}

/**
 * Issue 11: rolls a declared item when its pending card is resolved (card-actions.ts): the attack card(s)
 * with their odds, then damage on a hit, on the recorded targets (none recorded: the user's targets).
 */
export async function rollDeclaredItem(
  item: Item.Implementation,
  targets: readonly Actor.Implementation[],
  choices: AttackChoices | null = null,
): Promise<boolean> {
  const actor = item.actor;
  if (actor === null) {
    showNotice({ key: "TEMPO.SHEET.MacroUnowned" });
    return false;
  }
  const on = targets.length > 0 ? targets : targetedActors();
  const rolled = await rollOn(item, actor, rulesetOf(actor).ruleset, on, choices);
  // Issue 20 item 4: the declared use's area leaves the scene once Resolve rolled it (area-regions.ts).
  if (rolled) await removeAreaOf(item, actor);
  return rolled;
}

/** Uses a resolved item document (tests and macros holding the item). True when cards were posted or a command given. */
export async function useItemDocument(item: Item.Implementation, options: UseItemOptions = {}): Promise<boolean> {
  const actor = item.actor;
  if (actor === null) {
    showNotice({ key: "TEMPO.SHEET.MacroUnowned" });
    return false;
  }
  const aimed = options.targets ?? targetedActors();
  // Issue 20 item 4: an area (a cleave's cone, a spell's area) aimed at the first target is placed as a
  // Region, and the creatures in it are the targets (area-regions.ts); without a drawn scene, the targets.
  // A use refused after all takes its area off the scene again.
  const { ruleset, inCombat } = rulesetOf(actor);
  const weapon = sheetItemOf(item)?.type === "weapon";
  const declared =
    inCombat && (attacksThroughCombat(ruleset) || (ruleset === "count" && weapon && options.choices !== undefined));
  const lasts = inCombat && !declared ? "turn" : "resolve";
  const area = await placeAreaFor(item, actor, aimed, options.choices?.cleave === true, lasts);
  if (area === false) return false;
  const used = await useOn(item, actor, area ?? aimed, options);
  if (!used && area !== null) await removeAreaOf(item, actor);
  return used;
}

async function useOn(
  item: Item.Implementation,
  actor: Actor.Implementation,
  targets: readonly Actor.Implementation[],
  options: UseItemOptions,
): Promise<boolean> {
  const { ruleset, inCombat } = rulesetOf(actor);
  const row = sheetItemOf(item);
  if (inCombat && ruleset === "count" && row?.type === "weapon" && options.choices !== undefined)
    return declareCountAttack(item, actor, row.stats, { targets, aims: options.aims ?? null }, options.choices);
  if (inCombat && attacksThroughCombat(ruleset)) {
    const use: UsableItem["use"] =
      row?.type === "weapon"
        ? { type: "weapon", stats: row.stats }
        : row?.type === "spell"
          ? { type: "spell", stats: row.stats }
          : null;
    // Issue 11: what Resolve on the pending card rolls (declared-uses.ts).
    const choices = options.choices === undefined ? {} : { choices: options.choices };
    const record = { itemUuid: item.uuid, targetUuids: targets.map((t) => t.uuid), ...choices };
    const owner = { id: actor.id, uuid: actor.uuid, name: actor.name };
    return useItemNow({ name: item.name, actor: owner, use }, record, options.declaration ?? null);
  }
  if (inCombat && ruleset === "rotation" && row?.type === "weapon" && row.stats.constantDamage)
    return attackConstant(item, actor, targets, options.choices ?? null);
  // ACT-ROT, AP-1: in a rotation combat an attack (all its swings, shared by its targets: refused first when
  // they cannot reach each) or a spell spends its Full action first; STD-6: standard's Action (turn-use.ts).
  if (row?.type === "weapon" && refusedSwingShares(actor, row.stats, ruleset, targets.length, options.choices))
    return false;
  const cast = row?.type === "spell" ? row.stats : null;
  if (inCombat && !(await spendAttackUse(actor, ruleset, cast))) return false;
  return rollOn(item, actor, ruleset, targets, options.choices ?? null, null, options.aims ?? null);
}

/**
 * AP-2 (engine damage/constant-damage.ts): a constant-damage weapon in a rotation combat. Its one roll of
 * the rotation is checked first (nothing is rolled when refused), then rolled, then its Full action is
 * spent with the targets it hit, in one step: the GM's client posts the weapon's damage on them at the
 * start of every turn until the wielder's next (event-card-posts.ts).
 */
async function attackConstant(
  item: Item.Implementation,
  actor: Actor.Implementation,
  targets: readonly Actor.Implementation[],
  choices: AttackChoices | null,
): Promise<boolean> {
  const refused = rotationAttackRefusal(actor, item.uuid);
  if (refused !== null) {
    showNotice(refused);
    return false;
  }
  const hits: ConstantRoll = { hits: [], attacks: [] };
  if (!(await rollOn(item, actor, "rotation", targets, choices, hits))) return false;
  return spendRotationUse(actor, "attack", { item: item.uuid, ...hits });
}
