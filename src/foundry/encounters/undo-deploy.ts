/**
 * Undoing a deploy (issue 12 item 2) removes only what the deploy created, as its record on the Combat
 * lists it (deploy-record.ts): the Combat (its combatants and groups go with it), the deploy's tokens
 * still on the scene (one batched deletion), and the actors it imported that no token on any scene
 * stands for any more (one batched deletion). Tokens and actors the GM made since are left alone.
 */
import { err, ok, type Result } from "../../engine/index.ts";
import { deployRecordOf } from "./deploy-record.ts";

export interface UndoneDeploy {
  readonly tokens: number;
  readonly actors: number;
}

function actorInUse(id: string): boolean {
  return game.scenes.contents.some((scene) => scene.tokens.contents.some((token) => token.actorId === id));
}

export async function undoDeploy(combat: Combat.Implementation): Promise<Result<UndoneDeploy>> {
  if (!game.user.isGM) return err("TEMPO.ERRORS.Encounter.GmOnly");
  const record = deployRecordOf(combat);
  if (record === null) return err("TEMPO.ERRORS.Encounter.NotDeployed");
  await combat.delete();
  const scene = game.scenes.get(record.sceneId);
  const tokenIds = scene === undefined ? [] : record.tokenIds.filter((id) => scene.tokens.has(id));
  if (scene !== undefined && tokenIds.length > 0) await scene.deleteEmbeddedDocuments("Token", tokenIds);
  const actorIds = record.actorIds.filter((id) => game.actors.has(id) && !actorInUse(id));
  if (actorIds.length > 0) await Actor.implementation.deleteDocuments(actorIds);
  return ok({ tokens: tokenIds.length, actors: actorIds.length });
}
