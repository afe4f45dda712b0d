/**
 * CNT-6 … CNT-8 and CNT-12 in Foundry: the count row's "Declare…" and "React…" controls open the shared
 * forms (templates/combat/count-declare.hbs, count-react.hbs) in a DialogV2 prompt, rendered with core's
 * renderTemplate, as segment-declare-dialog.ts does (the Daggerheart system's roll dialog renders its
 * template and reads `button.form` in the ok callback). The choices come from the view's builders; a form
 * they cannot read is a notice, and nothing is sent.
 */
import { dialogWindowOptions } from "../compat/detached-window.ts";
import type { HostCommand, I18nKey, Result } from "../../engine/index.ts";
import {
  buildCountDeclareForm,
  countDeclarationFromForm,
  countItemFromForm,
  countTargetChoices,
  countTargetFromForm,
  type CountFormFields,
  type CountItemChoice,
} from "../../view/tracker/count-declare.ts";
import { buildCountReactForm, countReactionFromForm } from "../../view/tracker/count-react.ts";
import type { TrackerInput } from "../../view/tracker/tracker-input.ts";
import { showNotice } from "../notice.ts";
import type { TempoCombat } from "../documents/combat.ts";
import { trackerInputOf } from "./tracker-input.ts";
import { fieldsOf } from "./form-fields.ts";
import { sheetItemOf } from "./sheets/sheet-documents.ts";

const TEMPLATES = "systems/tempo/templates/combat";

/** Renders `template` with `context` in a DialogV2 prompt; the submitted fields, or null when cancelled. */
async function prompt(
  template: string,
  context: object,
  title: I18nKey,
  submit: I18nKey,
  opener: object | null,
): Promise<CountFormFields | null> {
  const content = await foundry.applications.handlebars.renderTemplate(`${TEMPLATES}/${template}`, { ...context });
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    ...dialogWindowOptions(opener), // issue 20: in the opening sheet's detached window (v14)
    window: { title },
    content,
    ok: {
      label: submit,
      callback: (_event: Event, button: HTMLButtonElement) => (button.form === null ? null : fieldsOf(button.form)),
    },
  }).catch(() => null);
  if (typeof answer !== "object" || answer === null) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(answer)) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** The command a form gave, or null (cancelled; a form that cannot be read is a notice). */
function commandOf(result: Result<HostCommand> | null): HostCommand | null {
  if (result === null) return null;
  if (!result.ok) {
    showNotice(result.error);
    return null;
  }
  return result.value;
}

function viewerInput(combat: TempoCombat): TrackerInput | null {
  return trackerInputOf(combat, game.user);
}

/**
 * What the declare form said: an action declared by hand (the `declare` command to give), or one of the
 * creature's items with the target the form named (null: the user's targeted tokens), which the attack
 * flow declares (count-declare-use.ts).
 */
export type CountDeclared =
  | { readonly kind: "command"; readonly command: HostCommand }
  | { readonly kind: "item"; readonly item: Item.Implementation; readonly target: Actor.Implementation | null };

/** Issue 19: the weapons and spells of the creature's actor, when this user may use them. */
function itemChoices(actor: Actor.Implementation | null): CountItemChoice[] {
  if (actor === null || !actor.isOwner) return [];
  const choices: CountItemChoice[] = [];
  for (const item of actor.items) {
    const row = sheetItemOf(item);
    if ((row?.type === "weapon" || row?.type === "spell") && item.id !== null)
      choices.push({ id: item.id, name: item.name, use: row.type });
  }
  return choices;
}

/** The item and target an item choice names, or null with a notice (the item or the target is gone). */
function itemDeclared(combat: TempoCombat, combatantId: string, fields: CountFormFields, itemId: string) {
  const item = combat.combatants.get(combatantId)?.actor?.items.get(itemId);
  if (item === undefined) {
    showNotice({ key: "TEMPO.SHEET.MacroNoItem", data: { uuid: itemId } });
    return null;
  }
  const targetId = countTargetFromForm(fields);
  const aimed = targetId === null ? null : combat.combatants.get(targetId);
  const target = aimed?.actor ?? null;
  if (aimed !== undefined && aimed !== null && target === null) {
    showNotice({ key: "TEMPO.CHAT.Damage.NotTempoActor", data: { name: aimed.name ?? "" } });
    return null;
  }
  return { kind: "item" as const, item, target };
}

/** CNT-6: asks what the creature declares; an action by hand or one of its items, or null (cancelled, refused). */
export async function askCountDeclaration(
  combat: TempoCombat,
  combatantId: string,
  opener: object | null = null,
): Promise<CountDeclared | null> {
  const input = viewerInput(combat);
  if (input === null) return null;
  const combatant = combat.combatants.get(combatantId);
  const items = itemChoices(combatant?.actor ?? null);
  const form = buildCountDeclareForm(combatantId, combatant?.name ?? "", countTargetChoices(input, combatantId), items);
  const fields = await prompt(
    "count-declare.hbs",
    form,
    "TEMPO.TRACKER.Count.Declare.Title",
    "TEMPO.TRACKER.Count.Declare.Submit",
    opener,
  );
  if (fields === null) return null;
  const itemId = countItemFromForm(fields);
  if (itemId !== null) return itemDeclared(combat, combatantId, fields, itemId);
  const command = commandOf(countDeclarationFromForm(combatantId, fields));
  return command === null ? null : { kind: "command", command };
}

/** CNT-12: asks how the creature reacts; the `react` command to give, or null. */
export async function askCountReaction(
  combat: TempoCombat,
  combatantId: string,
  opener: object | null = null,
): Promise<HostCommand | null> {
  const input = viewerInput(combat);
  if (input === null) return null;
  const name = combat.combatants.get(combatantId)?.name ?? "";
  const form = buildCountReactForm(input, combatantId, name, countTargetChoices(input, combatantId));
  const fields = await prompt(
    "count-react.hbs",
    form,
    "TEMPO.TRACKER.Count.React.Title",
    "TEMPO.TRACKER.Count.React.Submit",
    opener,
  );
  // The answer is read against the state as it is now (another turn may have passed meanwhile).
  const now = viewerInput(combat);
  return commandOf(fields === null || now === null ? null : countReactionFromForm(now, combatantId, fields));
}
