/**
 * SEG-19: allies moving through each other jostle, which breaks any concentration: the mover's and that of
 * every ally whose space it passed (engine shared-space.ts `passThrough`), along the squares of a move the
 * active GM accepted (landed-move.ts reads core's movement once; a move put back jostles nobody). It applies where the mover fights under the segment
 * ruleset (its Tempo combat's, else the world's). A creature jostled while casting is interrupted in its
 * combat and its `concentrating` and `casting` statuses are taken off, with a chat message saying why
 * (conditions/break-concentration.ts).
 */
import { passThrough, type Message, type Square } from "../../engine/index.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { breakConcentration } from "../conditions/break-concentration.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { gridSnapshotOf, tokensOf } from "./scene-geometry.ts";

/** The ruleset the mover fights under: its Tempo combat's, else the world's. */
function segmentFighter(actor: Actor.Implementation): boolean {
  const found = actorCombatOf(actor);
  const host = found === null ? null : tempoModelOf(found.combat)?.host.id;
  return (host ?? game.settings.get(SYSTEM_ID, "ruleset")) === "segment";
}

const JOSTLED: Message = { key: "TEMPO.MOVEMENT.Jostled" };

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
    if (creature !== null) await breakConcentration(creature, JOSTLED);
  }
}
