/**
 * ROT-8 grapple and ROT-9 trip from the actor sheet's Combat tab (view/sheets/rotation-uses.ts): against
 * the user's one targeted creature, in a rotation combat. The engine checks both creatures' skills and the
 * action (ACT-ROT: grapple a Full action, trip a Swift, refused with its reason when none is left), the
 * action is spent through the combat's entry point (`use`, one undo step), two d20 Rolls are made, the
 * engine resolves the contest, a chat message tells it, and a won contest sets the target's condition
 * (grappled, knocked down) as the token HUD would.
 */
import {
  CONDITIONS,
  CONTEST_CONDITION,
  resolveRotationContest,
  rotationContestOdds,
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
import { targetedActors } from "./attack-flow.ts";

const TASK_WORD = { grapple: "TEMPO.SHEET.Rotation.TaskGrapple", trip: "TEMPO.SHEET.Rotation.TaskTrip" } as const;

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
  const condition = CONTEST_CONDITION[task];
  const result: Message = success
    ? { key: task === "grapple" ? "TEMPO.SHEET.Rotation.Grappled" : "TEMPO.SHEET.Rotation.KnockedDown", data: names }
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
  if (success && !target.statuses.has(condition)) {
    if (target.isOwner) await target.toggleStatusEffect(condition, { active: true });
    else
      showNotice({
        key: "TEMPO.SHEET.Rotation.GmApplies",
        data: { target: target.name, status: game.i18n.localize(CONDITIONS[condition].name) },
      });
  }
  return true;
}
