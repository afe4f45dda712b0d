/**
 * SEG-9 (issue 19 item 2): in a segment combat the sheet's Attack (and the hotbar macro, attack-with-dialog.ts)
 * declares through the tracker's declare form (segment-declare-dialog.ts), filled with the weapon as the
 * major action (SEG-3 melee or missile, SEG-4 its speed, SEG-16 the creature the user targets), so the user
 * adds the minor actions and positioning and names the target there, as the sheet's "Declare…" lets them.
 * The declaration read back from the form is given with the item's record (attack-flow.ts `useItemDocument`)
 * while it still attacks with the weapon (`declaresWeaponAttack`).
 */
import type { SegmentDeclaration, WeaponStats } from "../../engine/index.ts";
import { declaresWeaponAttack, segmentAttackDeclaration } from "../../view/sheets/sheet-commands.ts";
import { segmentDeclareCommand } from "../../view/tracker/segment-declare.ts";
import { askSegmentDeclarationFrom } from "../applications/segment-declare-dialog.ts";
import { actorCombatOf, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";

/** What the form said: an attack with the weapon to declare with its record, or done (given or not). */
export type SegmentAttackAnswer =
  | {
      readonly kind: "attack";
      readonly declaration: SegmentDeclaration;
      /** The creatures the item's record names: the form's target when it is not among the user's targets. */
      readonly targets: readonly Actor.Implementation[];
    }
  | { readonly kind: "done"; readonly given: boolean };

/**
 * Asks `actor`'s declaration of an attack with `weapon` at `targets`. Cancelled, unreadable (a notice) or
 * outside a combat: done, nothing given. Changed to a major action that is no attack with it (a move, a
 * spell …): given at once without the weapon's record, as the tracker's Declare gives it.
 */
export async function askSegmentAttack(
  actor: Actor.Implementation,
  weapon: WeaponStats,
  targets: readonly Actor.Implementation[],
  opener: object | null,
): Promise<SegmentAttackAnswer> {
  const found = actorCombatOf(actor);
  if (found === null) return { kind: "done", given: false };
  const combatants = found.combat.combatants;
  const first = targets[0];
  const aimed = combatants.contents.find((c) => first !== undefined && c.actor?.uuid === first.uuid)?.id ?? null;
  const start = segmentAttackDeclaration(weapon, aimed === found.combatantId ? null : aimed);
  const declaration = await askSegmentDeclarationFrom(found.combat, found.combatantId, start, opener);
  if (declaration === null) return { kind: "done", given: false };
  if (!declaresWeaponAttack(declaration)) {
    const given = await sendSheetCommand(found.combat, segmentDeclareCommand(found.combatantId, declaration));
    return { kind: "done", given };
  }
  const named = declaration.targetId === null ? null : (combatants.get(declaration.targetId)?.actor ?? null);
  const recorded = named === null || targets.includes(named) ? targets : [named];
  return { kind: "attack", declaration, targets: recorded };
}
