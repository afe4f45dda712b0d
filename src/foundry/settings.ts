import type { RulesetId } from "../engine/initiative/index.ts";
import type { CombatOptions } from "./combat/host-options.ts";
import type { OddsVisibility } from "../view/chat/card-common.ts";
import { RULESET_CONFIGS } from "./ruleset-configs.ts";
import { SYSTEM_ID } from "./system-id.ts";
import { registerNpcPackAccess } from "./npc-pack-access.ts";
import { refreshShownInitiative } from "./combat/shown-initiative.ts";

/**
 * World settings. They are the defaults a NEW combat copies into its own options (its Combat
 * subtype and `system.options`), so changing a setting never breaks an encounter in progress.
 */
export function registerSettings(): void {
  const choices: Record<string, string> = {};
  for (const ruleset of RULESET_CONFIGS) choices[ruleset.id] = ruleset.label;
  const world = { scope: "world", config: true } as const;
  const flag = (
    key: "enemyGroups" | "sharedInitiative" | "twoInARow" | "planningPhase" | "dexReaction",
    name: string,
    hint: string,
  ) => game.settings.register(SYSTEM_ID, key, { ...world, name, hint, type: Boolean, default: false });

  game.settings.register(SYSTEM_ID, "ruleset", {
    ...world,
    name: "TEMPO.SETTINGS.ruleset.name",
    hint: "TEMPO.SETTINGS.ruleset.hint",
    type: String,
    choices,
    default: "count" satisfies RulesetId,
  });
  game.settings.register(SYSTEM_ID, "surprise", {
    ...world,
    name: "TEMPO.SETTINGS.surprise.name",
    hint: "TEMPO.SETTINGS.surprise.hint",
    type: String,
    choices: { automatic: "TEMPO.SETTINGS.surprise.automatic", declared: "TEMPO.SETTINGS.surprise.declared" },
    default: "automatic",
  });
  game.settings.register(SYSTEM_ID, "drMode", {
    ...world,
    name: "TEMPO.SETTINGS.drMode.name",
    hint: "TEMPO.SETTINGS.drMode.hint",
    type: String,
    choices: { perHit: "TEMPO.SETTINGS.drMode.perHit", perAttack: "TEMPO.SETTINGS.drMode.perAttack" },
    default: "perHit",
  });
  flag("enemyGroups", "TEMPO.SETTINGS.enemyGroups.name", "TEMPO.SETTINGS.enemyGroups.hint");
  flag("sharedInitiative", "TEMPO.SETTINGS.sharedInitiative.name", "TEMPO.SETTINGS.sharedInitiative.hint");
  flag("twoInARow", "TEMPO.SETTINGS.twoInARow.name", "TEMPO.SETTINGS.twoInARow.hint");
  flag("planningPhase", "TEMPO.SETTINGS.planningPhase.name", "TEMPO.SETTINGS.planningPhase.hint");
  flag("dexReaction", "TEMPO.SETTINGS.dexReaction.name", "TEMPO.SETTINGS.dexReaction.hint");
  game.settings.register(SYSTEM_ID, "npcInitiative", {
    ...world,
    name: "TEMPO.SETTINGS.npcInitiative.name",
    hint: "TEMPO.SETTINGS.npcInitiative.hint",
    type: Boolean,
    default: false,
    // Issue 18: players' clients show NPCs' `combatant.initiative` as the setting says, at once.
    onChange: () => refreshShownInitiative(),
  });
  game.settings.register(SYSTEM_ID, "roundSeconds", {
    ...world,
    name: "TEMPO.SETTINGS.roundSeconds.name",
    hint: "TEMPO.SETTINGS.roundSeconds.hint",
    type: Number,
    range: { min: 0, max: 600, step: 1 },
    default: 6,
  });
  game.settings.register(SYSTEM_ID, "odds", {
    ...world,
    name: "TEMPO.SETTINGS.odds.name",
    hint: "TEMPO.SETTINGS.odds.hint",
    type: String,
    choices: {
      everyone: "TEMPO.SETTINGS.odds.everyone",
      gm: "TEMPO.SETTINGS.odds.gm",
      nobody: "TEMPO.SETTINGS.odds.nobody",
    } satisfies Record<OddsVisibility, string>,
    // Odds reveal the target's defence (its AC, Dodge, DEF) and DR: hidden from players unless the GM
    // opts in, as dnd5e keeps attack results and target ACs from players by default.
    default: "gm",
  });
  // Issue 18: where older worlds kept the GM's record of every Apply of a player's damage card. Every
  // client receives a world setting, so the ledger now lives in the GM's browser (chat/damage-ledger.ts);
  // this setting is only read once, emptied by the active GM at `ready`, and never written again.
  game.settings.register(SYSTEM_ID, "damageLedger", {
    scope: "world",
    config: false,
    name: "TEMPO.SETTINGS.damageLedger.name",
    hint: "TEMPO.SETTINGS.damageLedger.hint",
    type: Array,
    default: [],
  });
  // Issue 19: the attack dialog's last choices per actor, on this client only (attack-dialog.ts).
  game.settings.register(SYSTEM_ID, "attackChoices", {
    scope: "client",
    config: false,
    name: "TEMPO.SETTINGS.attackChoices.name",
    hint: "TEMPO.SETTINGS.attackChoices.hint",
    type: Object,
    default: {},
  });
  registerNpcPackAccess();
}

/** The options a new combat copies from the world settings. */
export function worldCombatOptions(): CombatOptions {
  const settings = game.settings;
  const seconds = settings.get(SYSTEM_ID, "roundSeconds");
  return {
    surprise: settings.get(SYSTEM_ID, "surprise") === "declared" ? "declared" : "automatic",
    drMode: settings.get(SYSTEM_ID, "drMode") === "perAttack" ? "perAttack" : "perHit",
    sharedInitiative: settings.get(SYSTEM_ID, "sharedInitiative") === true,
    enemyGroups: settings.get(SYSTEM_ID, "enemyGroups") === true,
    noThreePlayersInRow: settings.get(SYSTEM_ID, "twoInARow") === true,
    planningPhase: settings.get(SYSTEM_ID, "planningPhase") === true,
    initiator: "players",
    dexReaction: settings.get(SYSTEM_ID, "dexReaction") === true,
    roundSeconds: Number.isInteger(seconds) && seconds >= 0 ? seconds : 6,
  };
}
