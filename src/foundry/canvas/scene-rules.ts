/**
 * Issue 21 item 4: the rules that read the scene, asked where a creature attacks, casts or sneaks. The
 * scene is read by scene-geometry.ts; every verdict is the engine's:
 * - ATK-ROT-5: the flankers of an attack's target, counted on the scene (the dialog starts from them and
 *   the user may still change the number, as the GM rules a flank the map does not show).
 * - SEG-18: a segment spell is refused at a target with more than 50% cover or 75% concealment from the
 *   caster (line-of-effect.ts `lineOfEffectAndSight`), measured by rays between their tokens, or across the
 *   surface between air and water (the GM's water Regions, water-regions.ts; the engine's ruling).
 * - SEG-19: an attack is refused from a square shared with another creature, and with a weapon needing
 *   more than 4 ft when no adjacent square is open (shared-space.ts).
 * - STL-1, STL-2: whether one creature's token sees another's (scene-measures.ts `seesThrough`).
 * Nothing is measured unless both tokens stand on the scene drawn on the canvas: then null is returned
 * and the callers keep their unmeasured rulings.
 */
import {
  canFightFromSpace,
  crossesWaterSurface,
  flankersOf,
  lineOfEffectAndSight,
  seesThrough,
  sightMeasure,
  squaresAround,
  weaponHasSpace,
  weaponSpaceFeet,
  withinTouch,
  type GridSnapshot,
  type Message,
  type RulesetId,
} from "../../engine/index.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { showNotice } from "../notice.ts";
import {
  drawnScene,
  gridSnapshotOf,
  raysBetween,
  tokenOf,
  tokensOf,
  wallBetween,
  type PlacedToken,
} from "./scene-geometry.ts";
import { waterAlong } from "./water-regions.ts";

interface Placed {
  readonly scene: Scene.Implementation;
  readonly tokens: readonly PlacedToken[];
}

/** The tokens of these actors on the drawn scene, or null when any has none there. */
function placed(actors: readonly Actor.Implementation[]): Placed | null {
  const scene = drawnScene();
  if (scene === null) return null;
  const tokens: PlacedToken[] = [];
  for (const actor of actors) {
    const token = tokenOf(actor, scene);
    if (token === null) return null;
    tokens.push(token);
  }
  return { scene, tokens };
}

/** ATK-ROT-5: the enemies adjacent to `target` on the scene, the attacker included; null: not measured. */
export function measuredFlankers(attacker: Actor.Implementation, target: Actor.Implementation): number | null {
  const found = placed([attacker, target]);
  const targetToken = found?.tokens[1];
  if (found === null || targetToken === undefined) return null;
  const flankers = flankersOf(gridSnapshotOf(found.scene), targetToken.id ?? "");
  return flankers.ok ? flankers.value : null;
}

/** SEG-19: the snapshot with every adjacent square behind a movement wall marked as an obstacle. */
function withWalls(scene: Scene.Implementation, snapshot: GridSnapshot, token: PlacedToken): GridSnapshot {
  const around = squaresAround(snapshot, token.id ?? "");
  if (!around.ok) return snapshot;
  return { ...snapshot, obstacles: around.value.filter((square) => wallBetween(scene, token, square)) };
}

/** SEG-19: the attacker's reason it cannot fight with this weapon where it stands, or null. */
function spaceRefusal(actor: Actor.Implementation, item: Item.Implementation): Message | null {
  const row = sheetItemOf(item);
  const found = placed([actor]);
  const token = found?.tokens[0];
  if (row?.type !== "weapon" || found === null || token === undefined) return null;
  const id = token.id ?? "";
  const snapshot = gridSnapshotOf(found.scene);
  const free = canFightFromSpace(snapshot, id);
  if (free.ok && !free.value) return { key: "TEMPO.MOVEMENT.SharedSquare", data: { name: actor.name } };
  const feet = weaponSpaceFeet(row.stats);
  const room = weaponHasSpace(withWalls(found.scene, snapshot, token), id, feet);
  if (room.ok && !room.value)
    return { key: "TEMPO.MOVEMENT.NoRoomToSwing", data: { weapon: item.name, feet, name: actor.name } };
  return null;
}

/** SEG-18: the caster's reason it cannot cast this spell at `target`, or null (also when not measured). */
function sightRefusal(caster: Actor.Implementation, spell: string, target: Actor.Implementation): Message | null {
  const found = placed([caster, target]);
  const [from, to] = found?.tokens ?? [];
  if (found === null || from === undefined || to === undefined) return null;
  const touch = withinTouch(gridSnapshotOf(found.scene), from.id ?? "", to.id ?? "");
  const rays = raysBetween(found.scene, from, to);
  const measure = rays === null ? null : sightMeasure(rays);
  if (!touch.ok || measure === null || !measure.ok) return null;
  const { coverPercent: cover, concealmentPercent: concealment } = measure.value;
  const verdict = lineOfEffectAndSight({
    touch: touch.value,
    coverPercent: cover,
    concealmentPercent: concealment,
    crossesWaterSurface: crossesWaterSurface(waterAlong(found.scene, from, to)),
  });
  if (!verdict.ok) return verdict.error;
  const data = { spell, target: target.name, cover, concealment };
  if (verdict.value.reason === "TEMPO.MOVEMENT.WaterSurfaceBlocks")
    return { key: "TEMPO.MOVEMENT.SpellWaterSurface", data };
  if (!verdict.value.lineOfEffect) return { key: "TEMPO.MOVEMENT.SpellCovered", data };
  if (!verdict.value.lineOfSight) return { key: "TEMPO.MOVEMENT.SpellConcealed", data };
  return null;
}

/**
 * SEG-18, SEG-19: in the segment ruleset, why the creature cannot use `item` on `targets` from where its
 * token stands, as measured on the drawn scene; null when it may (or nothing could be measured).
 */
export function sceneRefusal(
  item: Item.Implementation,
  actor: Actor.Implementation,
  ruleset: RulesetId,
  targets: readonly Actor.Implementation[],
): Message | null {
  if (ruleset !== "segment") return null;
  const row = sheetItemOf(item);
  if (row?.type === "weapon") return spaceRefusal(actor, item);
  if (row?.type !== "spell") return null;
  for (const target of targets) {
    const refusal = sightRefusal(actor, item.name, target);
    if (refusal !== null) return refusal;
  }
  return null;
}

/** SEG-18, SEG-19: `sceneRefusal`, its reason shown to the user; true when refused. */
export function refusedOnScene(
  item: Item.Implementation,
  actor: Actor.Implementation,
  ruleset: RulesetId,
  targets: readonly Actor.Implementation[],
): boolean {
  const refusal = sceneRefusal(item, actor, ruleset, targets);
  if (refusal !== null) showNotice(refusal);
  return refusal !== null;
}

/** STL-1, STL-2: whether `observer`'s token sees `sneaker`'s on the drawn scene; null: not measured. */
export function tokenSees(observer: PlacedToken | null, sneaker: PlacedToken | null): boolean | null {
  const scene = drawnScene();
  if (scene === null || observer === null || sneaker === null) return null;
  const on = new Set(tokensOf(scene).map((t) => t.id));
  if (!on.has(observer.id) || !on.has(sneaker.id)) return null;
  const rays = raysBetween(scene, observer, sneaker);
  return rays === null ? null : seesThrough(rays);
}
