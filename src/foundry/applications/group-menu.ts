/**
 * "Move to group…" in the tracker's combatant context menu (GM only): asks which of the combat's
 * CombatantGroups the creature goes into, or "No group", and gives the `setGroup` command
 * (src/foundry/combat/groups/set-group.ts). The rules decide whether the move is allowed now (ROT-4,
 * ROT-5, SEG-2); a refusal is shown with its reason by the combat's one entry point (giveCommand), and
 * nothing changes. The prompt is v13's DialogV2 with a select, as the tracker's other prompts.
 */
import type { HostCommand } from "../../engine/index.ts";
import type { TempoCombat } from "../documents/combat.ts";

/** The select's value for "No group": never a document id (Foundry's ids are 16 letters and digits). */
export const NO_GROUP = "-";

export interface GroupChoice {
  readonly id: string;
  readonly name: string;
  readonly selected: boolean;
}

/** The combat's groups in their order, then "No group"; the creature's own group is the one selected. */
export function groupChoices(combat: TempoCombat, combatantId: string): GroupChoice[] {
  const own = combat.combatants.get(combatantId)?._source.group ?? null;
  const groups = combat.groups.contents.flatMap((group) =>
    group.id === null ? [] : [{ id: group.id, name: group.name ?? group.id, selected: group.id === own }],
  );
  const none = { id: NO_GROUP, name: game.i18n.localize("TEMPO.TRACKER.Menu.NoGroup"), selected: own === null };
  return [...groups, none];
}

function escape(text: string): string {
  return foundry.utils.escapeHTML(text);
}

/** Asks which group; the `setGroup` command for the answer, or null when cancelled. */
export async function askMoveToGroup(combat: TempoCombat, combatantId: string): Promise<HostCommand | null> {
  const options = groupChoices(combat, combatantId)
    .map((c) => `<option value="${escape(c.id)}"${c.selected ? " selected" : ""}>${escape(c.name)}</option>`)
    .join("");
  const label = escape(game.i18n.localize("TEMPO.TRACKER.Menu.Group"));
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: "TEMPO.TRACKER.Menu.MoveToGroup" },
    content: `<label>${label} <select name="group">${options}</select></label>`,
    ok: {
      label: "TEMPO.TRACKER.Menu.Confirm",
      callback: (_event: Event, button: HTMLButtonElement) => button.form?.elements.namedItem("group") ?? null,
    },
  }).catch(() => null);
  if (!(answer instanceof HTMLSelectElement) || answer.value === "") return null;
  return { type: "setGroup", combatantId, groupId: answer.value === NO_GROUP ? null : answer.value };
}
