/**
 * The world of a test played on a drawn scene: the runtime model's world with its named players (added
 * before the targets helper, which gives every user its targets), the chat log, targets and selection,
 * dialogs and the canvas, each undone after the file; the system loaded as a page loads it and `init` run.
 */
import { afterAll } from "vitest";
import { chatLog } from "./chat-log.ts";
import { installFoundryWorld, type WorldUser } from "./foundry-world.ts";
import { installCanvas } from "./runtime/canvas-collision.ts";
import { installDialogs } from "./runtime/dialog-v2.ts";
import { installTargets } from "./targets.ts";

export async function installSceneWorld<const N extends readonly string[]>(seed: number, players: N) {
  const world = installFoundryWorld(seed);
  afterAll(() => world.uninstall());
  const users = players.map((name) => world.addUser(name)) as { -readonly [K in keyof N]: WorldUser };
  const chat = chatLog(world);
  const targeting = installTargets(world);
  const dialogs = installDialogs();
  afterAll(() => dialogs.uninstall());
  const drawn = installCanvas(world);
  afterAll(() => drawn.uninstall());
  await world.loadSystem();
  world.callHook("init");
  return { world, users, chat, targeting, dialogs, drawn };
}
