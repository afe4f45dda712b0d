/**
 * ROT-8 grapple, its escape and ROT-9 trip from the actor sheet's Combat tab (view/sheets/rotation-uses.ts):
 * against the user's one targeted creature (the grappler, for an escape), in a rotation combat. The engine checks both creatures' skills and the
 * action (ACT-ROT: grapple a Full action, trip a Swift, refused with its reason when none is left), the
 * action is spent through the combat's entry point (`use`, one undo step), two d20 Rolls are made, the
 * engine resolves the contest, a chat message tells it, and a won contest sets the target's condition
 * (grappled, knocked down) as the token HUD would, or ends the escaper's own grapple. Standing up (ROT-9)
 * spends its action and ends knocked down, with no roll. An escape or a stand-up by a creature without
 * the status it ends is refused before anything is spent (engine attack/rotation-contest.ts).
 */
import {
  CONDITIONS,
  CONTEST_EFFECT,
  resolveRotationContest,
  rotationContestOdds,
  statusTaskRefusal,
  TASK_ENDS_STATUS,
  type ContestEffect,
  type Message,
  type RotationContestTask,
} from "../../engine/index.ts";
import { rotationUseCommand } from "../../view/sheets/rotation-uses.ts";
import { actorCombatOf, sendSheetCommand } from "../applications/sheets/sheet-commands.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";
import { localizeMessage } from "../localize.ts";
import { showNotice } from "../notice.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { targetedActors } from "./attack-parties.ts";

const TASK_WORD = {
  grapple: "TEMPO.SHEET.Rotation.TaskGrapple",
  trip: "TEMPO.SHEET.Rotation.TaskTrip",
  escape: "TEMPO.SHEET.Rotation.TaskEscape",
} as const;

const WON = {
  grapple: "TEMPO.SHEET.Rotation.Grappled",
  trip: "TEMPO.SHEET.Rotation.KnockedDown",
  escape: "TEMPO.SHEET.Rotation.Escaped",
} as const;

function skillsOf(actor: Actor.Implementation): { vigor: number; dexterity: number } | null {
  const system = tempoActorModelOf(actor);
  if (system === null) return null;
  const { skills } = actorStatsOf(system);
  return { vigor: skills.vigor, dexterity: skills.dexterity };
}

async function d20(): Promise<Roll> {
  const roll = new Roll("1d20");
  await roll.evaluate();
  return roll;
}

function paragraph(message: Message): string {
  return `<p>${foundry.utils.escapeHTML(localizeMessage(message))}</p>`;
}

/**
 * Grapples or trips the user's one target for `actor`; false with a notice when refused (nothing spent,
 * rolled or written). `targets` defaults to the user's targeted tokens' actors.
 */
export async function rotationContest(
  actor: Actor.Implementation,
  task: RotationContestTask,
  targets: readonly Actor.Implementation[] = targetedActors(),
): Promise<boolean> {
  const found = actorCombatOf(actor);
  if (found === null || tempoModelOf(found.combat)?.ruleset !== "rotation") {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
    return false;
  }
  const target = targets.length === 1 ? targets[0] : undefined;
  if (target === undefined) {
    showNotice({ key: "TEMPO.SHEET.Rotation.OneTarget" });
    return false;
  }
  const mine = skillsOf(actor);
  const theirs = skillsOf(target);
  if (mine === null || theirs === null) {
    const name = mine === null ? actor.name : target.name;
    showNotice({ key: "TEMPO.CHAT.Damage.NotTempoActor", data: { name } });
    return false;
  }
  // ROT-8: only a grappled creature breaks free.
  const held = task === "escape" ? statusTaskRefusal("escape", actor.statuses) : null;
  if (held !== null) {
    showNotice(held);
    return false;
  }
  const odds = rotationContestOdds(task, mine, theirs);
  if (!odds.ok) {
    showNotice(odds.error);
    return false;
  }
  // ACT-ROT: the action is spent first (refused with the engine's reason when none is left).
  if (!(await sendSheetCommand(found.combat, rotationUseCommand(found.combatantId, task)))) return false;
  const rolls = [await d20(), await d20()];
  const faces = { attacker: rolls[0]?.total ?? 0, target: rolls[1]?.total ?? 0 };
  const outcome = resolveRotationContest(task, faces, mine, theirs);
  if (!outcome.ok) {
    showNotice(outcome.error);
    return false;
  }
  const names = { attacker: actor.name, target: target.name };
  const { success, attackerTotal, defenderTotal } = outcome.value;
  const result: Message = success
    ? { key: WON[task], data: names }
    : { key: "TEMPO.SHEET.Rotation.Failed", data: names };
  const title = {
    key: "TEMPO.SHEET.Rotation.ContestTitle",
    data: { ...names, task: game.i18n.localize(TASK_WORD[task]) },
  };
  const content = [
    `<h3>${foundry.utils.escapeHTML(localizeMessage(title as Message))}</h3>`,
    paragraph({ key: "TEMPO.SHEET.Rotation.ContestRolls", data: { ...names, attackerTotal, defenderTotal } }),
    paragraph(result),
  ].join("");
  await ChatMessage.create({ content, rolls, speaker: ChatMessage.getSpeaker({ actor }) });
  if (success) await setContestStatus(CONTEST_EFFECT[task], task === "escape" ? actor : target);
  return true;
}

/** A won contest's status on the creature it concerns, as the token HUD sets it (the GM's, when not owned). */
async function setContestStatus(effect: ContestEffect, creature: Actor.Implementation): Promise<void> {
  const { condition, active } = effect;
  if (creature.statuses.has(condition) === active) return;
  if (creature.isOwner) await creature.toggleStatusEffect(condition, { active });
  else
    showNotice({
      key: "TEMPO.SHEET.Rotation.GmApplies",
      data: { target: creature.name, status: game.i18n.localize(CONDITIONS[condition].name) },
    });
}

/**
 * ROT-9: the sheet's Stand up: refused (nothing spent) unless the creature is knocked down; otherwise its
 * action is spent through the combat's entry point and the status ends, with a chat line saying so.
 */
export async function rotationStandUp(actor: Actor.Implementation): Promise<boolean> {
  const found = actorCombatOf(actor);
  if (found === null || tempoModelOf(found.combat)?.ruleset !== "rotation") {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: actor.name } });
    return false;
  }
  const refused = statusTaskRefusal("standUp", actor.statuses);
  if (refused !== null) {
    showNotice(refused);
    return false;
  }
  if (!(await sendSheetCommand(found.combat, rotationUseCommand(found.combatantId, "standUp")))) return false;
  const content = paragraph({ key: "TEMPO.SHEET.Rotation.StoodUp", data: { name: actor.name } });
  await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor }) });
  await setContestStatus({ condition: TASK_ENDS_STATUS.standUp, on: "self", active: false }, actor);
  return true;
}
