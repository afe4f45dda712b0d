/**
 * Scenes, tokens, walls and compendium actors on the runtime model, made as a GM makes them (one write
 * each, broadcast to every client; runtime/scene.ts and runtime/uuid.ts say what is modelled). Each
 * helper returns the GM client's copy; a test acting as another user reaches that user's copy through
 * the document's `here()` (runtime/document.ts).
 */
import type { World } from "./foundry-world.ts";
import type { ActorModel } from "./runtime/actor.ts";
import type { SceneModel, TokenModel, WallModel } from "./runtime/scene.ts";

type Obj = Record<string, unknown>;

export interface SceneSpec {
  readonly name?: string;
  /** Scene width and height in grid squares. */
  readonly squares?: number;
  /** Grid square size in pixels. */
  readonly size?: number;
  /** The canvas padding, a fraction of the scene's size (core's `padding`). */
  readonly padding?: number;
}

/** A scene the GM makes. */
export async function addScene(world: World, spec: SceneSpec = {}): Promise<SceneModel> {
  const { name = "Scene", squares = 20, size = 100, padding = 0.15 } = spec;
  const data = { name, width: squares * size, height: squares * size, padding, grid: { size } };
  const SceneClass = world.runtime.clientOf(world.gm.id).documentClass("Scene") as unknown as {
    create(data: Obj): Promise<SceneModel | undefined>;
  };
  const made = await world.as(world.gm, () => SceneClass.create(data));
  await world.idle();
  if (made === undefined) throw new Error(`Runtime model: scene ${name} was not made`);
  return made;
}

/** Tokens the GM places on `scene` in one write; each `data` is token data (`actorId`, `x`, `y` …). */
export async function placeTokens(world: World, scene: SceneModel, data: readonly Obj[]): Promise<TokenModel[]> {
  const made = await world.as(world.gm, () => scene.createEmbeddedDocuments("Token", [...data]));
  await world.idle();
  return made as TokenModel[];
}

/** One token of `actor` on `scene` at canvas pixel (x, y): its prototype token with `data` over it. */
export async function placeToken(
  world: World,
  scene: SceneModel,
  actor: ActorModel,
  data: Obj = {},
): Promise<TokenModel> {
  const token = await actor.getTokenDocument(data);
  const [made] = await placeTokens(world, scene, [token.toObject()]);
  if (made === undefined) throw new Error(`Runtime model: no token of ${actor.name}`);
  return made;
}

/** Walls the GM draws on `scene` in one write (`c`: [x0, y0, x1, y1] in pixels; `move` 0 lets movement through). */
export async function addWalls(
  world: World,
  scene: SceneModel,
  walls: readonly { c: number[]; move: number }[],
): Promise<WallModel[]> {
  const made = await world.as(world.gm, () => scene.createEmbeddedDocuments("Wall", [...walls]));
  await world.idle();
  return made as WallModel[];
}

/** An actor in the compendium pack `<package>.<pack>`; returns its UUID. */
export function addCompendiumActor(world: World, pack: string, source: Obj): string {
  return world.runtime.compendia.add(pack, "Actor", source);
}
