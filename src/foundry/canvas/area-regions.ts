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
  propertiesFromFlags,
  spellAreaSpec,
  type AreaCreature,
  type AreaSpec,
  type Message,
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
  const squares = areaSquares(spec, bodyOf(scene, token), bodyOf(scene, aim));
  if (!squares.ok) return refused(squares.error);
  const creatures = tokensOf(scene).map((t) => bodyOf(scene, t));
  const tokenIds = creaturesInArea(squares.value, creatures, token.id ?? "");
  await removeRegions(scene, areasOf(scene, token.id ?? "", null));
  const g = sceneGeometry(scene);
  const shapes = areaRectangles(squares.value).map((r) => ({
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

/**
 * Places the area `item` covers when used by `actor` and aimed at the first of `aimed`, and answers the
 * creatures in it: null when there is no area to place (no area, or the scene does not show both), false
 * when the GM refused (the reason shown).
 */
export async function placeAreaFor(
  item: Item.Implementation,
  actor: Actor.Implementation,
  aimed: readonly Actor.Implementation[],
  cleave: boolean,
  lasts: AreaMark["lasts"],
): Promise<Actor.Implementation[] | null | false> {
  const scene = drawnScene();
  const first = aimed[0];
  if (scene === null || first === undefined || areaSpecOf(item, cleave) === null) return null;
  const token = tokenOf(actor, scene);
  const aim = tokenOf(first, scene);
  if (token === null || aim === null) return null;
  const request = { sceneId: scene.id, tokenId: token.id, itemId: item.id, aimTokenId: aim.id, cleave, lasts };
  const answer = await askActiveGm("area", request);
  if (!answer.ok) {
    showNotice(answer.error);
    return false;
  }
  const ids = Array.isArray(answer.value) ? (answer.value as unknown[]) : [];
  const tokens = tokensOf(scene);
  return ids.flatMap((id) => {
    const found = tokens.find((t) => t.id === id)?.actor ?? null;
    return found === null ? [] : [found];
  });
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
