/**
 * SEG-19: allies moving through each other jostle, which breaks any concentration: the mover's and that of
 * every ally whose space it passed (engine shared-space.ts `passThrough`), along the squares of a move the
 * active GM accepted (landed-move.ts reads core's movement once; a move put back jostles nobody). It applies where the mover fights under the segment
 * ruleset (its Tempo combat's, else the world's). A creature jostled while casting is interrupted in its
 * combat (the `interrupt` command, as a failed concentration check does in save-outcome-writes.ts); its
 * `concentrating` and `casting` statuses are taken off and a chat message says why.
 */
import { passThrough, type Message, type Square } from "../../engine/index.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { effectsCarrying } from "../conditions/status-effect-data.ts";
import { localizeMessage } from "../localize.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { gridSnapshotOf, tokensOf } from "./scene-geometry.ts";

/** The ruleset the mover fights under: its Tempo combat's, else the world's. */
function segmentFighter(actor: Actor.Implementation): boolean {
  const found = actorCombatOf(actor);
  const host = found === null ? null : tempoModelOf(found.combat)?.host.id;
  return (host ?? game.settings.get(SYSTEM_ID, "ruleset")) === "segment";
}

async function breakConcentration(actor: Actor.Implementation): Promise<void> {
  const held = effectsCarrying(actor, ["concentrating", "casting"]);
  if (held.length === 0) return;
  const found = actorCombatOf(actor);
  const casting = actor.statuses.has("casting");
  if (casting && found !== null && tempoModelOf(found.combat)?.host.id === "segment")
    await (found.combat as unknown as { tempoCommand(c: object): Promise<unknown> }).tempoCommand({
      type: "interrupt",
      combatantId: found.combatantId,
    });
  const left = effectsCarrying(actor, ["concentrating", "casting"]);
  if (left.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", left);
  const message: Message = { key: "TEMPO.MOVEMENT.Jostled", data: { name: actor.name } };
  const content = `<p>${foundry.utils.escapeHTML(localizeMessage(message))}</p>`;
  await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor }) });
}

/** SEG-19: the creatures whose concentration a move along `path` breaks (the mover and the allies passed). */
export async function jostleAlong(
  token: {
    readonly id: string | null;
    readonly actor: Actor.Implementation | null;
    readonly parent: Scene.Implementation | null;
  },
  path: readonly Square[],
): Promise<void> {
  const scene = token.parent;
  const actor = token.actor;
  if (scene === null || actor === null || !segmentFighter(actor)) return;
  const passed = passThrough(gridSnapshotOf(scene), token.id ?? "", path);
  if (!passed.ok) return;
  const byId = new Map(tokensOf(scene).map((t) => [t.id ?? "", t]));
  for (const id of passed.value.concentrationBroken) {
    const creature = byId.get(id)?.actor ?? null;
    if (creature !== null) await breakConcentration(creature);
  }
}
