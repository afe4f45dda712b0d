/**
 * Issue 19: a weapon attack declared on the count track with the dialog's choices (CNT-7 attacks,
 * FEAT-CHARGED, FEAT-VERSATILE's Heavy); the choices ride with the record so Resolve rolls exactly them.
 * (The attack flow, attack-flow.ts, sends a count combat's weapon attacks here.)
 */
import { primaryModifierOf, type WeaponStats } from "../../engine/index.ts";
import { attackShape, settleChoices, type AttackChoices } from "../../view/chat/attack-options.ts";
import { countAttackCommand } from "../../view/sheets/sheet-commands.ts";
import { attackOptionsOf } from "../applications/attack-dialog.ts";
import { actorCombatOf, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";
import { showNotice } from "../notice.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";

export async function declareCountAttack(
  item: Item.Implementation,
  actor: Actor.Implementation,
  weapon: WeaponStats,
  targets: readonly Actor.Implementation[],
  wanted: AttackChoices,
): Promise<boolean> {
  const found = actorCombatOf(actor);
  const self = creatureSnapshotOf(actor);
  if (found === null || self === null) {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
    return false;
  }
  const options = attackOptionsOf({ actor, weapon, ruleset: "count", attacker: self });
  const choices = settleChoices(options, wanted);
  const shape = attackShape(options, weapon, choices);
  const command = countAttackCommand(found.combatantId, shape, choices, primaryModifierOf(self.stats));
  // CNT-7: each staggered attack is its own pending action with this record: each Resolve rolls one attack.
  const record = { itemUuid: item.uuid, targetUuids: targets.map((t) => t.uuid), choices: { ...choices, attacks: 1 } };
  return sendSheetCommand(found.combat, command, record);
}
