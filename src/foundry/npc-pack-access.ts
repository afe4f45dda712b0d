/**
 * Issue 18: who may open Tempo's NPC compendium. Its stat blocks (AC, hit points, attacks, DR) are what
 * the tracker and the cards keep from players, so a pack every player may observe would give them away.
 * The GM chooses in a world setting; the default is NONE: a careful GM expects the monster book to be
 * theirs, and LIMITED would still list the pack in every player's sidebar, telling what the party may
 * meet. `system.json` ships the same default (`packs[].ownership`), so a world is safe before the
 * setting is ever applied.
 *
 * The level is written with the pack's `configure({ ownership })`, which stores it in core's world-scope
 * `compendiumConfiguration` setting (v13 API: `CompendiumCollection.CONFIG_SETTING` and
 * `WorldCompendiumPackConfiguration.ownership`, https://foundryvtt.com/api/interfaces/foundry.types.WorldCompendiumPackConfiguration.html);
 * the Essence20 system syncs pack ownership from its own GM setting the same way
 * (WookieeMatt/Essence20, module/apps/compendium-browser-sources.mjs). Only the active GM writes it.
 */
import { isActiveGm } from "./combat/active-gm.ts";
import { SYSTEM_ID } from "./system-id.ts";

/** The NPC pack's id (`system.json` `packs[].name` under the system's id). */
export const NPC_PACK_ID = `${SYSTEM_ID}.npcs`;

export type NpcPackAccess = "NONE" | "LIMITED" | "OBSERVER";

export const NPC_PACK_DEFAULT: NpcPackAccess = "NONE";

const CHOICES = {
  NONE: "TEMPO.SETTINGS.npcPackAccess.none",
  LIMITED: "TEMPO.SETTINGS.npcPackAccess.limited",
  OBSERVER: "TEMPO.SETTINGS.npcPackAccess.observer",
} as const satisfies Record<NpcPackAccess, string>;

function isAccess(value: unknown): value is NpcPackAccess {
  return value === "NONE" || value === "LIMITED" || value === "OBSERVER";
}

export function registerNpcPackAccess(): void {
  game.settings.register(SYSTEM_ID, "npcPackAccess", {
    scope: "world",
    config: true,
    name: "TEMPO.SETTINGS.npcPackAccess.name",
    hint: "TEMPO.SETTINGS.npcPackAccess.hint",
    type: String,
    choices: CHOICES,
    default: NPC_PACK_DEFAULT,
    onChange: () => void applyNpcPackAccess(),
  });
  // A world made before this setting, or one whose pack a GM reconfigured by hand, follows it at load.
  Hooks.once("ready", () => void applyNpcPackAccess());
}

/** Players and trusted players get the chosen level; the other roles keep theirs. */
export async function applyNpcPackAccess(): Promise<void> {
  if (!isActiveGm()) return;
  const pack = game.packs.get(NPC_PACK_ID);
  if (pack === undefined) return;
  const chosen = game.settings.get(SYSTEM_ID, "npcPackAccess");
  const level = isAccess(chosen) ? chosen : NPC_PACK_DEFAULT;
  const ownership = pack.ownership;
  if (ownership.PLAYER === level && ownership.TRUSTED === level) return;
  await pack.configure({ ownership: { ...ownership, PLAYER: level, TRUSTED: level } });
}
