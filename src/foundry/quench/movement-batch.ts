/**
 * Quench batch `tempo.canvas.movement` (issue 21): in a real world, as a GM, proves that Tempo's movement
 * costs reach core's own measuring. On a scratch scene (5 ft squares) it places a token of a new
 * character and asks core's `TokenDocument#measureMovementPath` for a path of two diagonal steps then one
 * straight step (walking): the cost must be the engine's for the world's ruleset (MOV-1; STD-7's 7 ft
 * diagonals in `standard`), and a Region or walls play no part. It also checks that core builds its token
 * rulers from Tempo's class. The scene and the actor are deleted afterwards.
 */
import { DIAGONAL_RULE_BY_RULESET, gridStepCost } from "../../engine/index.ts";
import { SYSTEM_ID } from "../system-id.ts";
import type { QuenchBatchFunction } from "./quench-api.ts";

const TIMEOUT_MS = 30_000;
const SQUARE = 100;

/** The squares walked: two diagonals down-right, then one step right. */
const PATH = [
  { x: 2, y: 2 },
  { x: 3, y: 3 },
  { x: 4, y: 4 },
  { x: 5, y: 4 },
] as const;

/** The engine's cost of PATH in the world's ruleset (each step priced as Tempo's cost function does). */
export function expectedPathFeet(): number {
  const diagonal = DIAGONAL_RULE_BY_RULESET[game.settings.get(SYSTEM_ID, "ruleset")];
  let feet = 0;
  let diagonals = 0;
  for (let i = 1; i < PATH.length; i++) {
    const from = PATH[i - 1];
    const to = PATH[i];
    if (from === undefined || to === undefined) continue;
    feet += gridStepCost(from, to, diagonal, diagonals, false, 5);
    if (from.x !== to.x && from.y !== to.y) diagonals++;
  }
  return feet;
}

interface Measurable {
  measureMovementPath(waypoints: readonly { x: number; y: number; action: string }[]): { cost: number };
}

export const movementBatch: QuenchBatchFunction = ({ describe, it, before, after, assert }) => {
  describe("movement costs measured by core with Tempo's cost function", function () {
    this.timeout(TIMEOUT_MS);
    let scene: Scene.Implementation | null = null;
    let actor: Actor.Implementation | null = null;

    before(async () => {
      scene = (await Scene.implementation.create({
        name: "Quench Movement Scene",
        width: 20 * SQUARE,
        height: 20 * SQUARE,
        padding: 0,
        grid: { size: SQUARE, distance: 5, units: "ft" },
      } as never)) as Scene.Implementation | null;
      actor = (await Actor.implementation.create({
        name: "Quench Mover",
        type: "character",
      } as never)) as Actor.Implementation | null;
    });

    after(async () => {
      if (scene !== null && game.scenes.has(scene.id ?? "")) await scene.delete();
      if (actor !== null && game.actors.has(actor.id ?? "")) await actor.delete();
    });

    it("MOV-1, STD-7: core prices two diagonal steps and a straight one as the engine does for the world's ruleset", async () => {
      assert.ok(scene !== null && actor !== null, "scene and actor made");
      if (scene === null || actor === null) return;
      const start = PATH[0];
      const [token] = (await scene.createEmbeddedDocuments("Token", [
        { name: actor.name, actorId: actor.id, actorLink: true, x: start.x * SQUARE, y: start.y * SQUARE },
      ] as never)) as unknown as TokenDocument.Implementation[];
      assert.ok(token !== undefined, "token placed");
      if (token === undefined) return;
      const waypoints = PATH.map((p) => ({ x: p.x * SQUARE, y: p.y * SQUARE, action: "walk" }));
      const measured = (token as unknown as Measurable).measureMovementPath(waypoints);
      assert.strictEqual(measured.cost, expectedPathFeet());
    });

    it("core builds its token rulers from Tempo's ruler class", () => {
      assert.strictEqual((CONFIG.Token.rulerClass as { name?: unknown }).name, "TempoTokenRuler");
    });
  });
};
