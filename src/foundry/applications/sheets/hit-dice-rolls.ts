/**
 * SEG-14 at the table: the sheet's "Roll hit points" rolls the hit points a creature's hit dice give
 * (Xd8 + X·Y, the engine's `enhancedHitDice`: 4+4 HD has 4d8+16) as one Roll, posts it to chat (the roll
 * on the message, as rotation-contest.ts posts its contest) and sets the creature's hit points and their
 * maximum to the total in one actor update. A creature without valid hit dice is told why; nothing changes.
 */
import type { Message } from "../../../engine/index.ts";
import { tempoActorModelOf } from "../../data/actor/actor-model.ts";
import { localizeMessage } from "../../localize.ts";
import { showNotice } from "../../notice.ts";

/** Rolls and sets the creature's hit points from its hit dice; the total, or null when it has none. */
export async function rollHitDiceHitPoints(actor: Actor.Implementation): Promise<number | null> {
  const hitDice = tempoActorModelOf(actor)?.derived.hitDice ?? null;
  if (hitDice === null) {
    showNotice({ key: "TEMPO.ERRORS.Actor.NoHitDice", data: { name: actor.name } });
    return null;
  }
  const roll = new Roll(hitDice.hitPoints);
  await roll.evaluate();
  const total = roll.total ?? 0;
  // DR-3: hit points of at least 1 (a creature is never made with none).
  const hp = Math.max(1, total);
  const said: Message = {
    key: "TEMPO.SHEET.HitPointsRolled",
    data: { name: actor.name, formula: hitDice.hitPoints, hp },
  };
  const content = `<p>${foundry.utils.escapeHTML(localizeMessage(said))}</p>`;
  await ChatMessage.create({ content, rolls: [roll], speaker: ChatMessage.getSpeaker({ actor }) });
  const change: Record<string, unknown> = { "system.hp.value": hp, "system.hp.max": hp };
  await actor.update(change);
  return hp;
}
