/**
 * Issue 20 item 4: an area (FEAT-CLEAVE's cone, a spell's cone, line, burst or cube) is placed as a
 * Region on the scene drawn on the user's canvas, and the creatures standing in it become the card's
 * targets. The engine decides the squares and who stands in them (engine damage/areas.ts); this file
 * reads the tokens and writes the Region.
 * - Aim: the user's first targeted creature (engine rulings). With no scene drawn, no token of the user
 *   on it, or none of the aimed creature, nothing is placed and the user's targets are used as before.
 * - The Region is the covered squares as rectangles, one per run along a row (`shapes: [{ type:
 *   "rectangle", x, y, width, height }]` in canvas pixels; RegionData "shapes: The shapes that make up
 *   the Region", https://foundryvtt.com/api/interfaces/foundry.documents.types.RegionData.html, and
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.RegionData.html). Rectangles are
 *   shapes on v13 and v14 alike (the v13 knowledge base: "Each Shape can be rectangular, elliptical, or
 *   polygonal", https://foundryvtt.com/article/scene-regions/), so one build places the same Region on
 *   both, and it shows exactly the squares the engine counted (a circle or v14's cone would not).
 *   `visibility: 2` is CONST.REGION_VISIBILITY.ALWAYS, "Visible to anyone" (2 on v13 and v14,
 *   https://foundryvtt.com/api/v14/variables/CONST.REGION_VISIBILITY.html). Modules place Regions the
 *   same way, `canvas.scene.createEmbeddedDocuments("Region", [{ name, shapes }])`
 *   (roth-michael/region-attacher scripts/helpers.js).
 * - With no GM connected nothing is placed: the use goes on against the user's own targets, with a
 *   notice saying the area could not be placed (a player expects the attack a cleave was before areas,
 *   not a refusal). The attack dialog says beforehand what the area will hold (`areaPreview`).
 * - Who creates it: always the active GM, asked on the system socket as every player request is
 *   (socket-channel.ts). v14 lets a player create a Region only under conditions ("Non-GMs cannot create
 *   Regions while the game is paused", https://foundryvtt.com/api/v14/interfaces/foundry.canvas.layers.types.RegionPlacementOptions.html)
 *   and Regions are the GM's scene tool on v13 (the knowledge base's Region controls), so Tempo never
 *   relies on a player's right. The GM checks that the sender owns the user's token and computes the
 *   area itself from the documents; the request carries ids only.
 * - Removal (what Tempo chose): a creature has at most one area on a scene; placing its next one
 *   removes the last. An area used at once in a combat is removed when its user's turn ends
 *   (`tempo.turnEnded`, on the active GM). A declared use (count, segment) keeps its area on the scene
 *   while it is pending and the area is removed when Resolve rolls it; a use refused after its area was placed removes it at once.
 *   The GM can delete any area by hand.
 */
import {
  areaRectangles,
  areaSquares,
  cleaveAreaSpec,
  creaturesInArea,
  ok,
  propertiesFromFlags,
  spellAreaSpec,
  type AreaCreature,
  type AreaSpec,
  type Message,
  type Result,
} from "../../engine/index.ts";
import { sheetItemOf } from "../applications/sheets/sheet-documents.ts";
import { sceneGeometry, squareAt } from "../encounters/scene-board.ts";
import { showNotice } from "../notice.ts";
import { askActiveGm, registerRequestHandler, type Answer } from "../socket/socket-channel.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { drawnScene, tokenOf, tokensOf, type PlacedToken } from "./scene-geometry.ts";

/** CONST.REGION_VISIBILITY.ALWAYS (v13 and v14). */
const VISIBLE_TO_ANYONE = 2;
const AREA_COLOUR = "#d9822b";

interface AreaRequest {
  readonly sceneId?: unknown;
  readonly tokenId?: unknown;
  readonly itemId?: unknown;
  readonly aimTokenId?: unknown;
  readonly cleave?: unknown;
  /** Remove the token's area of this item instead of placing one. */
  readonly remove?: unknown;
  /** "turn": used at once, removed when the user's turn ends; else kept until Resolve or the next area. */
  readonly lasts?: unknown;
}

/** Where an area Region came from (its `flags.tempo.area`). */
interface AreaMark {
  readonly tokenId: string;
  readonly itemId: string;
  readonly lasts: "turn" | "resolve";
}

interface RegionLike {
  readonly id: string | null;
  getFlag(scope: string, key: string): unknown;
}

type SceneLike = Scene.Implementation & {
  readonly regions: { readonly contents: readonly RegionLike[] };
  createEmbeddedDocuments(name: "Region", data: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: "Region", ids: string[]): Promise<unknown>;
};

const refused = (error: Message): Answer => ({ ok: false, error });
type AreaSquares = Parameters<typeof areaRectangles>[0];
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The area `item` covers when used so (null: none): a cleave's cone, or the spell's area. */
export function areaSpecOf(item: Item.Implementation, cleave: boolean): AreaSpec | null {
  const row = sheetItemOf(item);
  if (row?.type === "weapon" && cleave) return cleaveAreaSpec(propertiesFromFlags(row.stats.properties));
  if (row?.type === "spell") return spellAreaSpec(row.stats.area);
  return null;
}

function bodyOf(scene: Scene.Implementation, token: PlacedToken): AreaCreature {
  const square = squareAt(sceneGeometry(scene), { x: token.x, y: token.y });
  return { id: token.id ?? "", square, size: Math.max(1, Math.ceil(Math.max(token.width, token.height))) };
}

function markOf(region: RegionLike): AreaMark | null {
  const mark = region.getFlag(SYSTEM_ID, "area");
  if (typeof mark !== "object" || mark === null) return null;
  const { tokenId, itemId, lasts } = mark as Record<string, unknown>;
  if (typeof tokenId !== "string" || typeof itemId !== "string") return null;
  return { tokenId, itemId, lasts: lasts === "turn" ? "turn" : "resolve" };
}

/** The ids of `tokenId`'s area Regions on `scene` (of `itemId` only, when given; lasting a turn only, when asked). */
function areasOf(scene: SceneLike, tokenId: string, itemId: string | null, turnOnly = false): string[] {
  return scene.regions.contents
    .filter((r) => {
      const mark = markOf(r);
      if (mark === null || mark.tokenId !== tokenId || (turnOnly && mark.lasts !== "turn")) return false;
      return itemId === null || mark.itemId === itemId;
    })
    .map((r) => r.id ?? "");
}

/**
 * The squares `spec` covers used from `token` and aimed at `aim` on `scene`, and the ids of the tokens
 * among `standing` with a square in them (the user's own left out): the engine's answer (areas.ts), the
 * same for the GM who places the area and for the attack dialog's preview.
 */
function areaOn(
  scene: Scene.Implementation,
  spec: AreaSpec,
  token: PlacedToken,
  aim: PlacedToken,
  standing: readonly PlacedToken[],
): Result<{ squares: AreaSquares; tokenIds: string[] }> {
  const squares = areaSquares(spec, bodyOf(scene, token), bodyOf(scene, aim));
  if (!squares.ok) return squares;
  const creatures = standing.map((t) => bodyOf(scene, t));
  return ok({ squares: squares.value, tokenIds: creaturesInArea(squares.value, creatures, token.id ?? "") });
}

/** The GM's side: checks the sender and the documents, then places (or removes) the area. */
export async function answerArea(data: AreaRequest, sender: User.Implementation): Promise<Answer> {
  if (!game.user.isGM) return refused({ key: "TEMPO.ERRORS.Access.NotGm" });
  const scene = game.scenes.get(text(data?.sceneId)) as SceneLike | undefined;
  const token = scene === undefined ? undefined : tokensOf(scene).find((t) => t.id === text(data.tokenId));
  if (scene === undefined || token === undefined || token.actor === null)
    return refused({ key: "TEMPO.ERRORS.Area.NoToken" });
  if (!token.actor.testUserPermission(sender, "OWNER")) return refused({ key: "TEMPO.ERRORS.Area.NotOwner" });
  const item = token.actor.items.get(text(data.itemId));
  if (data.remove === true) {
    await removeRegions(scene, areasOf(scene, token.id ?? "", text(data.itemId)));
    return { ok: true };
  }
  const spec = item === undefined ? null : areaSpecOf(item, data.cleave === true);
  if (item === undefined || spec === null) return refused({ key: "TEMPO.ERRORS.Area.NoArea" });
  const aim = tokensOf(scene).find((t) => t.id === text(data.aimTokenId));
  if (aim === undefined) return refused({ key: "TEMPO.ERRORS.Area.NoAim" });
  const covered = areaOn(scene, spec, token, aim, tokensOf(scene));
  if (!covered.ok) return refused(covered.error);
  const { squares, tokenIds } = covered.value;
  await removeRegions(scene, areasOf(scene, token.id ?? "", null));
  const g = sceneGeometry(scene);
  const shapes = areaRectangles(squares).map((r) => ({
    type: "rectangle",
    x: g.originX + r.x * g.size,
    y: g.originY + r.y * g.size,
    width: r.width * g.size,
    height: r.height * g.size,
    rotation: 0,
    hole: false,
  }));
  const name = game.i18n.format("TEMPO.AREA.RegionName", { item: item.name, user: token.actor.name });
  const mark: AreaMark = {
    tokenId: token.id ?? "",
    itemId: item.id ?? "",
    lasts: data.lasts === "turn" ? "turn" : "resolve",
  };
  const region = {
    name,
    color: AREA_COLOUR,
    shapes,
    visibility: VISIBLE_TO_ANYONE,
    flags: { [SYSTEM_ID]: { area: mark } },
  };
  await scene.createEmbeddedDocuments("Region", [region]);
  return { ok: true, value: tokenIds };
}

async function removeRegions(scene: SceneLike, ids: readonly string[]): Promise<void> {
  const present = ids.filter((id) => scene.regions.contents.some((r) => r.id === id));
  if (present.length > 0) await scene.deleteEmbeddedDocuments("Region", [...present]);
}

/** Where a use's area would go: the drawn scene, the user's and the aimed creature's tokens on it, the area. */
interface AreaSite {
  readonly scene: Scene.Implementation;
  readonly token: PlacedToken;
  readonly aim: PlacedToken;
  readonly spec: AreaSpec;
}

/** The site of `item`'s area aimed at the first of `aimed`; null when none is placed (no area, or the scene does not show both). */
function areaSite(
  item: Item.Implementation,
  actor: Actor.Implementation,
  aimed: readonly Actor.Implementation[],
  cleave: boolean,
): AreaSite | null {
  const scene = drawnScene();
  const first = aimed[0];
  const spec = areaSpecOf(item, cleave);
  if (scene === null || first === undefined || spec === null) return null;
  const token = tokenOf(actor, scene);
  const aim = tokenOf(first, scene);
  return token === null || aim === null ? null : { scene, token, aim, spec };
}

/**
 * Only a GM places a Region (file comment). With none connected the area cannot be placed, and the use
 * goes on against the user's own targets, as an area did before Tempo placed Regions, rather than being
 * refused (issue 20: a plain cleave rolled without a GM before): the user is told so.
 */
const noGmToPlace = (): boolean => game.users.activeGM === null;

function actorsOf(scene: Scene.Implementation, ids: readonly unknown[]): Actor.Implementation[] {
  const tokens = tokensOf(scene);
  return ids.flatMap((id) => {
    const found = tokens.find((t) => t.id === id)?.actor ?? null;
    return found === null ? [] : [found];
  });
}

/**
 * Places the area `item` covers when used by `actor` and aimed at the first of `aimed`, and answers the
 * creatures in it: null when there is no area to place (no area, the scene does not show both, or no GM
 * is connected to place it: then the user's targets are used, with a notice), false when the GM refused
 * (the reason shown).
 */
export async function placeAreaFor(
  item: Item.Implementation,
  actor: Actor.Implementation,
  aimed: readonly Actor.Implementation[],
  cleave: boolean,
  lasts: AreaMark["lasts"],
): Promise<Actor.Implementation[] | null | false> {
  const site = areaSite(item, actor, aimed, cleave);
  if (site === null) return null;
  if (noGmToPlace()) {
    showNotice({ key: "TEMPO.AREA.NoGm", data: { item: item.name } });
    return null;
  }
  const { scene, token, aim } = site;
  const request = { sceneId: scene.id, tokenId: token.id, itemId: item.id, aimTokenId: aim.id, cleave, lasts };
  const answer = await askActiveGm("area", request);
  if (!answer.ok) {
    showNotice(answer.error);
    return false;
  }
  return actorsOf(scene, Array.isArray(answer.value) ? (answer.value as unknown[]) : []);
}

/** What a use's area will hold, told before it is placed (the attack dialog's cleave line). */
export type AreaPreview =
  | { readonly kind: "placed"; readonly aim: string; readonly creatures: readonly Actor.Implementation[] }
  | { readonly kind: "refused"; readonly error: Message }
  | { readonly kind: "noGm" };

/**
 * The area `item` would cover used by `actor` and aimed at the first of `aimed`, before anything is
 * placed (null: no area is placed for this use, the user's targets are used): the creatures standing in
 * it now, counted as the active GM will count them (`areaOn`); the engine's refusal (aimed at the user's
 * own space …); or "noGm" when no GM is connected to place it (placeAreaFor then uses the user's
 * targets). A player is not shown creatures whose tokens are hidden from players (TokenDocument
 * `hidden`); the GM's count, made when the area is placed, includes them.
 */
export function areaPreview(
  item: Item.Implementation,
  actor: Actor.Implementation,
  aimed: readonly Actor.Implementation[],
  cleave: boolean,
): AreaPreview | null {
  const site = areaSite(item, actor, aimed, cleave);
  if (site === null) return null;
  if (noGmToPlace()) return { kind: "noGm" };
  const standing = tokensOf(site.scene).filter((t) => game.user.isGM || t.hidden !== true);
  const covered = areaOn(site.scene, site.spec, site.token, site.aim, standing);
  if (!covered.ok) return { kind: "refused", error: covered.error };
  return { kind: "placed", aim: aimed[0]?.name ?? "", creatures: actorsOf(site.scene, covered.value.tokenIds) };
}

/** Removes `actor`'s area of `item` from the drawn scene (Resolve rolled it); nothing when there is none. */
export async function removeAreaOf(item: Item.Implementation, actor: Actor.Implementation): Promise<void> {
  const scene = drawnScene() as SceneLike | null;
  const token = scene === null ? null : tokenOf(actor, scene);
  if (scene === null || token === null || areasOf(scene, token.id ?? "", item.id ?? "").length === 0) return;
  const answer = await askActiveGm("area", { sceneId: scene.id, tokenId: token.id, itemId: item.id, remove: true });
  if (!answer.ok) showNotice(answer.error);
}

/** The active GM's side of a turn's end: the areas its creature used at once leave the combat's scene. */
function onTurnEnded(combat: Combat.Implementation, event: { readonly combatantId?: unknown }): void {
  if (game.users.activeGM?.isSelf !== true || typeof event?.combatantId !== "string") return;
  const combatant = combat.combatants.get(event.combatantId);
  // A combatant made from a token names its scene and token (CombatantData sceneId, tokenId).
  const scene = (game.scenes.get(combatant?.sceneId ?? "") ?? combat.scene ?? null) as SceneLike | null;
  const tokenId = combatant?.tokenId ?? null;
  if (scene === null || tokenId === null) return;
  void removeRegions(scene, areasOf(scene, tokenId, null, true));
}

export function registerAreaRegions(): void {
  registerRequestHandler("area", (data, sender) => answerArea(data as AreaRequest, sender));
  const hooks = Hooks as unknown as {
    on(hook: string, fn: (combat: Combat.Implementation, event: { readonly combatantId?: unknown }) => void): number;
  };
  hooks.on("tempo.turnEnded", onTurnEnded);
}
