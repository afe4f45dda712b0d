/**
 * Items dragged from a sheet onto the hotbar become script macros that attack or cast with the item's
 * actor: `CONFIG.TEMPO.useItem(uuid)` (src/foundry/chat/attack-flow.ts: the sheet's command in a count or
 * segment combat, else rolled attack cards on the user's targets). As dnd5e
 * (`create5eMacro`) and Starfinder (`createItemMacro`) do, the `hotbarDrop` hook handles an Item drop,
 * reuses a macro with the same command, assigns it to the slot and returns false so core makes none.
 * Only an item on an actor makes sense as a macro (a sidebar item has nobody to act).
 */
import { showNotice } from "../../notice.ts";

/** What a hotbar macro needs of Foundry (game.macros, Macro.create, the user's hotbar), replaceable in tests. */
export interface MacroHost {
  resolve(uuid: string): Promise<unknown>;
  find(command: string): unknown;
  create(data: { name: string; type: "script"; img: string | null; command: string }): Promise<unknown>;
  assign(macro: unknown, slot: number): Promise<unknown>;
}

/** The script a macro for `uuid` runs. */
export function itemMacroCommand(uuid: string): string {
  return `CONFIG.TEMPO.useItem(${JSON.stringify(uuid)});`;
}

interface ItemLike {
  readonly name: string;
  readonly img: string | null;
  readonly actor: unknown;
}

function isItemLike(value: unknown): value is ItemLike {
  return typeof value === "object" && value !== null && "name" in value && "actor" in value;
}

/** Creates (or reuses) the macro for an owned item and puts it in `slot`; refuses an item nobody holds. */
export async function createItemMacro(host: MacroHost, uuid: string, slot: number): Promise<boolean> {
  const item = await host.resolve(uuid);
  if (!isItemLike(item) || item.actor === null || item.actor === undefined) {
    showNotice({ key: "TEMPO.SHEET.MacroUnowned" });
    return false;
  }
  const command = itemMacroCommand(uuid);
  const macro = host.find(command) ?? (await host.create({ name: item.name, type: "script", img: item.img, command }));
  await host.assign(macro, slot);
  return true;
}

/** Core's `fromUuid` for a dropped or stored uuid (an owned item's is `Actor.<id>.Item.<id>`). */
function resolveUuid(uuid: string): Promise<unknown> {
  return fromUuid(uuid as `Actor.${string}`);
}

/** Foundry's macros and hotbar. */
export function foundryMacroHost(): MacroHost {
  return {
    resolve: resolveUuid,
    find: (command) => game.macros?.find((m) => m.command === command) ?? null,
    create: (data) => Macro.create(data),
    assign: (macro, slot) => game.user.assignHotbarMacro(macro as Macro.Implementation, slot),
  };
}
