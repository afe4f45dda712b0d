/**
 * SEG-16 in Foundry: "Free attack…" and "Immediate attack…" (src/view/sheets/segment-attacks.ts) from the
 * sheet's Combat tab, the token HUD or Token Action HUD. A DialogV2 prompt of the view's form
 * (templates/combat/segment-attack.hbs, as segment-declare-dialog.ts prompts its form) asks which weapon,
 * at which opponent (the user's first target in the combat chosen first) and with what situational modifier
 * (SEG-12 "d20 + modifiers"); then the engine's `freeAttack` / `immediateAttack` is given through the
 * combat's one entry point (one Combat write; refused: the engine's reason, nothing written, nothing
 * rolled), and the weapon is rolled at once against the opponent with its attack card and, on a hit, its
 * damage card (attack-flow.ts), as a declared attack's Resolve rolls it: the free attack hits
 * as its trigger happens. A natural weapon strikes with the creature's whole routine (claw/claw/bite, one
 * attack card per attack: routine-items.ts). The engine also ends the attacker's concentration or casting (SEG-16).
 */
import { DEFAULT_ATTACK_CHOICES } from "../../view/chat/attack-options.ts";
import {
  buildSegmentAttackForm,
  segmentAttackCommand,
  segmentAttackFromForm,
  segmentAttackRefusal,
  type SegmentAttackChoices,
  type SegmentAttackKind,
} from "../../view/sheets/segment-attacks.ts";
import { segmentTargetChoices } from "../../view/tracker/segment-declare.ts";
import { fieldsOf } from "../applications/form-fields.ts";
import { actorCombatOf, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { trackerInputOf } from "../applications/tracker-input.ts";
import { refusedOnScene } from "../canvas/scene-rules.ts";
import { dialogWindowOptions } from "../compat/detached-window.ts";
import { showNotice } from "../notice.ts";
import { rollDeclaredItem } from "./attack-flow.ts";
import { routineItems } from "./routine-items.ts";
import { gather, targetedActors } from "./attack-parties.ts";

/** The form's markup is the view's (view/sheets/segment-attacks.ts `buildSegmentAttackForm`), as the preview draws it. */
const TEMPLATE = "systems/tempo/templates/combat/segment-attack.hbs";

/** The form's fields, or null when the user closes it. */
async function askFields(
  kind: SegmentAttackKind,
  offered: SegmentAttackChoices,
  aimed: string | null,
  opener: object | null,
): Promise<Record<string, string> | null> {
  const form = buildSegmentAttackForm(kind, offered, aimed);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATE, { ...form });
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    ...dialogWindowOptions(opener), // issue 20: in the opening sheet's detached window (v14)
    window: { title: form.title },
    content,
    ok: {
      label: "TEMPO.SHEET.SegmentAttack.Roll",
      callback: (_event: Event, button: HTMLButtonElement) => (button.form === null ? null : fieldsOf(button.form)),
    },
  }).catch(() => null);
  if (typeof answer !== "object" || answer === null) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(answer)) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * SEG-16: `actor`'s free (or immediate) attack, asked, given and rolled; false when refused or cancelled
 * (a refusal is shown with its reason and nothing is written or rolled).
 */
export async function segmentFreeAttack(
  actor: Actor.Implementation,
  kind: SegmentAttackKind,
  opener: object | null = null,
): Promise<boolean> {
  const found = actorCombatOf(actor);
  const input = found === null ? null : trackerInputOf(found.combat, game.user);
  if (found === null || input === null || input.host.id !== "segment") {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
    return false;
  }
  const { combat, combatantId } = found;
  // Asked first, so no dialog opens for an attack the rules refuse against every opponent.
  const refused = segmentAttackRefusal(input, kind, combatantId);
  if (refused !== null) {
    showNotice(refused);
    return false;
  }
  const weapons = actor.items.contents
    .filter((item) => sheetItemOf(item)?.type === "weapon")
    .map((item) => ({ id: item.id ?? "", name: item.name }));
  if (weapons.length === 0) {
    showNotice({ key: "TEMPO.SHEET.SegmentAttack.NoWeapon", data: { name: actor.name } });
    return false;
  }
  const offered = { weapons, opponents: segmentTargetChoices(input, combatantId) };
  const first = targetedActors()[0];
  const aimed = combat.combatants.contents.find((c) => first !== undefined && c.actor?.uuid === first.uuid)?.id ?? null;
  const fields = await askFields(kind, offered, aimed, opener);
  if (fields === null) return false;
  const answer = segmentAttackFromForm(fields, offered);
  if (!answer.ok) {
    showNotice(answer.error);
    return false;
  }
  const { itemId, targetId, modifier } = answer.value;
  const item = actor.items.get(itemId);
  const target = combat.combatants.get(targetId)?.actor ?? null;
  // The opponent must be a creature the rules can attack before the attack is spent.
  const gathered = target === null ? null : gather(actor, [target]);
  if (item === undefined || target === null || gathered === null || !("targets" in gathered)) {
    const unknown = { key: "TEMPO.SHEET.SegmentAttack.UnknownOpponent" } as const;
    showNotice(gathered !== null && !("targets" in gathered) ? gathered : unknown);
    return false;
  }
  // SEG-19: a weapon that needs room to swing is refused before the attack is spent.
  if (refusedOnScene(item, actor, "segment", [target])) return false;
  if (!(await sendSheetCommand(combat, segmentAttackCommand(kind, combatantId, targetId)))) return false;
  // SEG-16: the creature's primary attack routine: a natural weapon strikes with all of them (routine-items.ts).
  let rolled = false;
  for (const weapon of routineItems(item))
    rolled = (await rollDeclaredItem(weapon, [target], { ...DEFAULT_ATTACK_CHOICES, modifier })) || rolled;
  return rolled;
}
