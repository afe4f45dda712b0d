/**
 * Core's Region document on a scene, in part: `shapes` (a rectangle is `{ type: "rectangle", x, y,
 * width, height }` in pixels) and its behaviours. A Region's behaviours are embedded RegionBehavior
 * documents; the model keeps them as the Region's `behaviors` array, created with the Region (core's
 * `createEmbeddedDocuments("Region", [{ shapes, behaviors: [...] }])` creates the embedded ones in the
 * same write). The "Modify movement cost" behaviour (`type: "modifyMovementCost"`,
 * foundry.data.regionBehaviors.ModifyMovementCostRegionBehaviorType,
 * https://foundryvtt.com/api/v14/modules/foundry.data.regionBehaviors.html) gives each movement action a
 * terrain difficulty in `system.difficulties` (TokenMovementActionConfig#deriveTerrainDifficulty
 * "derive[s] the terrain difficulty from nonderived difficulties … Used by
 * ModifyMovementCostRegionBehaviorType", https://foundryvtt.com/api/interfaces/foundry.types.TokenMovementActionConfig.html);
 * 1 is normal ground, 2 costs double. A disabled behaviour does nothing.
 * Who writes them: only a GM creates or deletes a Region here (server.ts). Regions are the GM's scene tool
 * (the knowledge base's Scene Regions article, https://foundryvtt.com/article/scene-regions/); v14 lets a
 * player create one only under conditions ("Non-GMs cannot create Regions while the game is paused",
 * https://foundryvtt.com/api/v14/interfaces/foundry.canvas.layers.types.RegionPlacementOptions.html), which
 * the model does not grant: a system that asks its GM to place Regions meets both.
 * Issue 20 item 4: Tempo's areas are Regions of rectangles flagged `flags.tempo.area`; `contains` tests
 * a point against the rectangles (RegionData `shapes`,
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.RegionData.html).
 * Only rectangles, on purpose: core's shapes are, on v13, RectangleShapeData, CircleShapeData,
 * EllipseShapeData and PolygonShapeData (https://foundryvtt.com/api/modules/foundry.data.html, the v13
 * API's `foundry.data` namespace; the knowledge base: "Each Shape can be rectangular, elliptical, or
 * polygonal", https://foundryvtt.com/article/scene-regions/), and v14 adds ConeShapeData, LineShapeData,
 * RingShapeData, EmanationShapeData and TokenShapeData (https://foundryvtt.com/api/v14/modules/foundry.data.html).
 * Tempo itself creates only rectangles (src/foundry/canvas/area-regions.ts: one per run of covered
 * squares, so the Region shows exactly the squares the engine counted, the same on both versions;
 * area-regions.test.ts checks every shape it writes is one), and the tests' terrain Regions are
 * rectangles. Any other shape contains nothing here, so a test relying on one would fail visibly (no
 * creature in the area, no terrain cost) rather than pass on a guess about core's geometry.
 * SEG-18: `testPoint({ x, y, elevation })` (RegionDocument#testPoint with an ElevatedPoint, as
 * caewok/fvtt-terrain-mapper scripts/regions/RegionElevationHandler.js calls it on v13): the point is in a
 * rectangle and its elevation in the Region's `elevation` range, `{ bottom, top }` with null as −∞ and +∞
 * (RegionElevationData, https://foundryvtt.com/api/interfaces/foundry.documents.types.RegionElevationData.html).
 * Modelling choice, not a claim about core: the top is included (core's `topInclusive` is not modelled).
 */
import { isObj } from "./diff.ts";
import { ClientDocument } from "./document.ts";

const num = (v: unknown): number => (typeof v === "number" ? v : 0);

export class RegionModel extends ClientDocument {
  static override documentName = "Region" as const;

  /** Is the point inside one of this Region's rectangles? */
  contains(point: { x: number; y: number }): boolean {
    const shapes = Array.isArray(this._source.shapes) ? this._source.shapes : [];
    return shapes.some((s) => {
      if (!isObj(s) || s.type !== "rectangle") return false;
      const [x, y, w, h] = [num(s.x), num(s.y), num(s.width), num(s.height)];
      return point.x >= x && point.x < x + w && point.y >= y && point.y < y + h;
    });
  }

  /** RegionDocument#testPoint: inside a rectangle, within the elevation range (see the file comment). */
  testPoint(point: { x: number; y: number; elevation: number }): boolean {
    const range = isObj(this._source.elevation) ? this._source.elevation : {};
    const bottom = typeof range.bottom === "number" ? range.bottom : -Infinity;
    const top = typeof range.top === "number" ? range.top : Infinity;
    return this.contains(point) && point.elevation >= bottom && point.elevation <= top;
  }

  /** The terrain difficulty this Region gives `action` at `point` (1: none). */
  difficultyAt(point: { x: number; y: number }, action: string): number {
    if (!this.contains(point)) return 1;
    const behaviors = Array.isArray(this._source.behaviors) ? this._source.behaviors : [];
    let difficulty = 1;
    for (const b of behaviors) {
      if (!isObj(b) || b.type !== "modifyMovementCost" || b.disabled === true) continue;
      const system = isObj(b.system) ? b.system : {};
      const difficulties = isObj(system.difficulties) ? system.difficulties : {};
      const value = difficulties[action];
      if (typeof value === "number" && value > 0) difficulty *= value;
    }
    return difficulty;
  }
}
