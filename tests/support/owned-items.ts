/**
 * Owned items on the runtime model: an Item made on a world actor by the GM (one
 * `createEmbeddedDocuments("Item")` write; the server validates its `system` with the registered item
 * model, runtime/server.ts). Returns the GM client's copy, whose UUID is `Actor.<id>.Item.<id>`.
 */
import type { World } from "./foundry-world.ts";
import type { ActorModel, ItemModel } from "./runtime/actor.ts";

type Obj = Record<string, unknown>;

export async function ownedItem(
  world: World,
  actor: ActorModel,
  name: string,
  type: string,
  system: Obj,
): Promise<ItemModel> {
  const [item] = await world.as(world.gm, () => actor.createEmbeddedDocuments("Item", [{ name, type, system }]));
  await world.idle();
  if (item === undefined) throw new Error(`Runtime model: item ${name} was not made on ${actor.name}`);
  return item as ItemModel;
}
