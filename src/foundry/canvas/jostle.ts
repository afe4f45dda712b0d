/**
 * SEG-19: allies moving through each other jostle, which breaks any concentration: the mover's and that of
 * every ally whose space it passed (engine shared-space.ts `passThrough`). Read from core's `moveToken`
 * hook, which "fires for all connected clients after the update has been processed" with the movement's
 * `origin` and `passed.waypoints` (https://foundryvtt.com/api/functions/hookEvents.moveToken.html,
 * TokenMovementOperation); only the active GM answers. It applies where the mover fights under the segment
 * ruleset (its Tempo combat's, else the world's). A creature jostled while casting is interrupted in its
 * combat (the `interrupt` command, as a failed concentration check does in save-outcome-writes.ts); its
 * `concentrating` and `casting` statuses are taken off and a chat message says why.
 */
import { passThrough, squaresAlong, type Message, type Square } from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { effectsCarrying } from "../conditions/status-effect-data.ts";
import { sceneGeometry, squareAt } from "../encounters/scene-board.ts";
import { localizeMessage } from "../localize.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { gridSnapshotOf, tokensOf, type PlacedToken } from "./scene-geometry.ts";

interface Movement {
  readonly origin?: { readonly x?: unknown; readonly y?: unknown };
  readonly passed?: { readonly waypoints?: readonly { readonly x?: unknown; readonly y?: unknown }[] };
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The squares under the movement's origin and passed waypoints (a waypoint without a position is skipped). */
function waypointSquares(scene: Scene.Implementation, movement: Movement): Square[] {
  const g = sceneGeometry(scene);
  const points = [movement.origin, ...(movement.passed?.waypoints ?? [])];
  const squares: Square[] = [];
  for (const p of points) {
    const x = num(p?.x);
    const y = num(p?.y);
    if (x !== null && y !== null) squares.push(squareAt(g, { x, y }));
  }
  return squares;
}

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

/** SEG-19: the creatures whose concentration this movement breaks (the mover and the allies passed). */
async function jostled(token: PlacedToken & { parent: Scene.Implementation | null }, movement: Movement) {
  const scene = token.parent;
  const actor = token.actor;
  if (scene === null || actor === null || !segmentFighter(actor)) return;
  const path = squaresAlong(waypointSquares(scene, movement));
  const passed = passThrough(gridSnapshotOf(scene), token.id ?? "", path);
  if (!passed.ok) return;
  const byId = new Map(tokensOf(scene).map((t) => [t.id ?? "", t]));
  for (const id of passed.value.concentrationBroken) {
    const creature = byId.get(id)?.actor ?? null;
    if (creature !== null) await breakConcentration(creature);
  }
}

export function registerJostling(): void {
  const hooks = Hooks as unknown as { on(hook: string, fn: (token: unknown, movement: unknown) => void): number };
  hooks.on("moveToken", (token, movement) => {
    if (!isActiveGm() || typeof token !== "object" || token === null) return;
    void jostled(token as PlacedToken & { parent: Scene.Implementation | null }, movement as Movement);
  });
}
