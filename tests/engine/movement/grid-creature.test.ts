import { describe, expect, it } from "vitest";
import { gridCreatureOf, type PlacedCreature } from "../../../src/engine/movement/grid-snapshot.ts";
import { flankersOf } from "../../../src/engine/movement/scene-measures.ts";

const placed = (id: string, disposition: number, x: number, statuses: string[] = []): PlacedCreature => ({
  id,
  disposition,
  square: { x, y: 0 },
  width: 1,
  height: 1,
  statuses,
  defeated: false,
});

describe("one idea of who fights on the map", () => {
  it("ATK-ROT-5, PHS-6: an unconscious enemy neither threatens nor flanks; a secret token fights on the hostile side", () => {
    const target = gridCreatureOf(placed("hero", 1, 1));
    const awake = gridCreatureOf(placed("orc", -1, 0));
    const out = gridCreatureOf(placed("ogre", -1, 2, ["unconscious"]));
    expect(out.threatens).toBe(false);
    expect(flankersOf({ creatures: [target, awake, out], obstacles: [] }, "hero")).toEqual({ ok: true, value: 1 });
    const hidden = gridCreatureOf(placed("spy", -2, 2));
    expect(hidden).toMatchObject({ side: awake.side, threatens: true });
    expect(flankersOf({ creatures: [target, awake, hidden], obstacles: [] }, "hero")).toEqual({ ok: true, value: 2 });
    expect(gridCreatureOf({ ...placed("orc", -1, 0), defeated: true }).threatens).toBe(false);
    expect(gridCreatureOf(placed("cat", 0, 0)).threatens).toBe(false);
  });
});
