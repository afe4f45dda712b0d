/**
 * SEG-2 step 1 in Foundry: the row's "Declare" control opens the shared declare form
 * (templates/combat/segment-declare.hbs) in a DialogV2 prompt, rendered with core's renderTemplate, as
 * v13 systems prompt for a form (the Daggerheart system's roll dialog renders its template and reads
 * `button.form` in the ok callback). It offers the combat's creatures as the target (SEG-11, SEG-16) and the
 * minor activities that change the timing (SEG-4, SEG-9). The form is read back by the view (`segmentDeclarationFromForm`); a
 * form it cannot read is a notice, and nothing is sent.
 */
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorActionsOf } from "../data/actor/actor-stats-of.ts";
import { dialogWindowOptions } from "../compat/detached-window.ts";
import type { HostCommand, SegmentDeclaration } from "../../engine/index.ts";
import {
  buildSegmentDeclareForm,
  segmentDeclarationFromForm,
  segmentDeclarationOfCommand,
  segmentDeclareCommand,
  segmentTargetChoices,
} from "../../view/tracker/segment-declare.ts";
import type { TempoCombat } from "../documents/combat.ts";
import { showNotice } from "../notice.ts";
import { fieldsOf } from "./form-fields.ts";
import { askCombatant } from "./tracker-dialogs.ts";
import { trackerInputOf } from "./tracker-input.ts";

const TEMPLATE = "systems/tempo/templates/combat/segment-declare.hbs";

/**
 * Asks for a creature's declaration, starting from the one its control carries (`data-command`); the
 * `declare` command to give, or null when the user cancels or the form cannot be read.
 */
export async function askSegmentDeclaration(
  combat: TempoCombat,
  combatantId: string,
  carried: string | undefined,
  opener: object | null = null,
): Promise<HostCommand | null> {
  let start: unknown;
  try {
    start = JSON.parse(carried ?? "null");
  } catch {
    start = null;
  }
  const declared = await askSegmentDeclarationFrom(combat, combatantId, segmentDeclarationOfCommand(start), opener);
  return declared === null ? null : segmentDeclareCommand(combatantId, declared);
}

/** SEG-16: the attack routines a round the combatant's stat block gives (1 without a Tempo actor). */
function routinesOf(combat: TempoCombat, combatantId: string): number {
  const system = tempoActorModelOf(combat.combatants.get(combatantId)?.actor ?? null);
  return system === null ? 1 : actorActionsOf(system).segment.attackRoutines;
}

/**
 * The declare form filled with `start` (SEG-9: the sheet's Attack starts from its weapon as the major
 * action); the declaration the user submitted, or null when cancelled or the form cannot be read.
 */
export async function askSegmentDeclarationFrom(
  combat: TempoCombat,
  combatantId: string,
  start: SegmentDeclaration,
  opener: object | null = null,
): Promise<SegmentDeclaration | null> {
  const name = combat.combatants.get(combatantId)?.name ?? "";
  // SEG-11, SEG-16: the target is one of the combat's creatures the user can see on the tracker.
  const input = trackerInputOf(combat, game.user);
  const targets = input === null ? [] : segmentTargetChoices(input, combatantId);
  // SEG-16: the field offers no more routines than the stat block gives (the GM refuses more: declared-routines.ts).
  const form = buildSegmentDeclareForm(combatantId, name, start, targets, routinesOf(combat, combatantId));
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATE, { ...form });
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    ...dialogWindowOptions(opener), // issue 20: in the opening sheet's detached window (v14)
    window: { title: "TEMPO.TRACKER.Segment.Declare.Title" },
    content,
    ok: {
      label: "TEMPO.TRACKER.Segment.Declare.Submit",
      callback: (_event: Event, button: HTMLButtonElement) => (button.form === null ? null : fieldsOf(button.form)),
    },
  }).catch(() => null);
  if (typeof answer !== "object" || answer === null) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(answer)) if (typeof value === "string") fields[key] = value;
  const declaration = segmentDeclarationFromForm(fields);
  if (!declaration.ok) {
    showNotice(declaration.error);
    return null;
  }
  return declaration.value;
}

/**
 * SEG-11: "Name target…" on a caster's D1 turn asks which creature (the tracker's combatant picker, as
 * PHS-9's delay asks whom to wait for); the `nameTarget` command, or null when cancelled.
 */
export async function askSegmentTarget(
  combat: TempoCombat,
  combatantId: string,
  opener: object | null = null,
): Promise<HostCommand | null> {
  const input = trackerInputOf(combat, game.user);
  const choices = input === null ? [] : segmentTargetChoices(input, combatantId);
  const targetId = await askCombatant(
    "TEMPO.TRACKER.Control.NameTarget",
    "TEMPO.TRACKER.Segment.Declare.Target",
    choices,
    opener,
  );
  return targetId === null ? null : { type: "nameTarget", combatantId, targetId };
}
