/**
 * Issue 19: a weapon attack declared on the count track with the dialog's choices (CNT-7 attacks,
 * FEAT-CHARGED, FEAT-VERSATILE's Heavy); the choices ride with the record so Resolve rolls exactly them.
 * (The attack flow, attack-flow.ts, sends a count combat's weapon attacks here.)
 * CNT-7, CNT-12: attacks the dialog aimed at different creatures (view/chat/attack-aims.ts) are declared
 * with their targets named on the track, one per attack; each attack's record then rolls on its own
 * target (declared-uses.ts), and a reaction may redirect them as the seed says. An aimed creature that is
 * not in this combat cannot be named on the track: that attack keeps the user's targets, as before.
 */
import { primaryModifierOf, type WeaponStats } from "../../engine/index.ts";
import { attackShape, settleChoices, type AttackChoices } from "../../view/chat/attack-options.ts";
import { countAttackCommand } from "../../view/sheets/sheet-commands.ts";
import { attackOptionsOf } from "../applications/attack-dialog.ts";
import { actorCombatOf, combatantOfActor, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";
import { showNotice } from "../notice.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";

/** The targets the user aimed at, and the one each attack is aimed at (index into `targets`; null: all). */
export interface CountAim {
  readonly targets: readonly Actor.Implementation[];
  readonly aims: readonly number[] | null;
}

export async function declareCountAttack(
  item: Item.Implementation,
  actor: Actor.Implementation,
  weapon: WeaponStats,
  aim: CountAim,
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
  // CNT-7: the combatant each attack is aimed at (null: not aimed, or not in this combat).
  const named = (aim.aims ?? []).map((t) => {
    const target = aim.targets[t];
    return target?.id == null ? null : combatantOfActor(found.combat, { id: target.id, uuid: target.uuid });
  });
  const command = countAttackCommand(found.combatantId, shape, choices, primaryModifierOf(self.stats), named);
  // CNT-7: each staggered attack is its own pending action with this record: each Resolve rolls one attack.
  const targetUuids = aim.targets.map((t) => t.uuid);
  const record = { itemUuid: item.uuid, targetUuids, choices: { ...choices, attacks: 1 } };
  return sendSheetCommand(found.combat, command, record);
}
