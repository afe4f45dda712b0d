/**
 * The system's entry point (bundled as `tempo.mjs`). Registers documents, data models, settings,
 * keys and queries on `init`; everything else hangs off those.
 */
import "../../styles/tempo.css";
import { TempoCombatTracker } from "./applications/combat-tracker.ts";
import { registerQueries } from "./combat/queries.ts";
import { registerSocket } from "./socket/socket-channel.ts";
import { registerReconcile } from "./combat/reconcile.ts";
import { registerSecretCleanup } from "./combat/secret-store.ts";
import { registerGmReplica } from "./combat/gm-replica.ts";
import { registerOwnerViews } from "./combat/owner-view.ts";
import { registerIdlePreparation } from "./combat/idle-preparation.ts";
import { registerSideEpoch } from "./combat/groups/side-epoch.ts";
import { registerRosterEpoch } from "./combat/roster-epoch.ts";
import { registerHiddenActionMoves } from "./combat/hidden-actions.ts";
import { registerSecrecyHooks } from "./combat/secrecy.ts";
import { migrateEffectsToV14 } from "./compat/effect-migration.ts";
import { registerLengthStamps, stampEffectLengths } from "./compat/effect-length-stamp.ts";
import { TEMPO } from "./config.ts";
import { registerHandlebarsHelpers } from "./handlebars-helpers.ts";
import { COMBAT_MODELS } from "./data/combat/combat-model.ts";
import { TempoCombatantModel } from "./data/combatant/combatant-model.ts";
import { registerCombatantType, TEMPO_COMBATANT_TYPE } from "./combat/join-requests.ts";
import { TEMPO_GROUP_TYPE, TempoCombatantGroupModel } from "./data/combatant-group/combatant-group-model.ts";
import { registerGroupHooks } from "./combat/groups/group-hooks.ts";
import { WeaponModel } from "./data/item/weapon-model.ts";
import { ITEM_MODELS } from "./data/item/item-models.ts";
import { TempoCombat } from "./documents/combat.ts";
import { registerKeybindings } from "./keybindings.ts";
import { registerQuenchBatches } from "./quench/register-quench-batches.ts";
import { registerSettings } from "./settings.ts";
import { registerEffectTracking } from "./combat/effect-tracking.ts";
import { registerExpiryEvents } from "./compat/expiry-events.ts";
import { decideExpiry, tempoEffectStart } from "./combat/tempo-expiry.ts";
import { registerStatusSync } from "./conditions/status-sync.ts";
import { registerStealth } from "./conditions/stealth-flow.ts";
import { registerMoveRules } from "./canvas/register-move-rules.ts";
import { registerStealthCards } from "./conditions/stealth-cards.ts";
import { registerActorModels } from "./data/actor/register-actor-models.ts";
import { registerStatusEffects } from "./conditions/status-effects.ts";
import { registerChatCards } from "./chat/register-chat-cards.ts";
import { registerSheets } from "./applications/sheets/register-sheets.ts";
import { registerEncounterControls } from "./applications/encounter-controls.ts";
import { registerEffectConfigField } from "./conditions/effect-config-field.ts";
import { registerIntegrations } from "./integrations/register-integrations.ts";
import { registerCanvas } from "./canvas/register-canvas.ts";
import { registerTokenHud } from "./applications/hud/token-hud.ts";
import { migrateDamageLedger } from "./chat/damage-ledger.ts";

Hooks.once("init", () => {
  CONFIG.TEMPO = TEMPO;
  registerHandlebarsHelpers();
  CONFIG.Combat.documentClass = TempoCombat;
  CONFIG.ui.combat = TempoCombatTracker;
  CONFIG.Combat.dataModels.count = COMBAT_MODELS.count;
  CONFIG.Combat.dataModels.standard = COMBAT_MODELS.standard;
  CONFIG.Combat.dataModels.phase = COMBAT_MODELS.phase;
  CONFIG.Combat.dataModels.segment = COMBAT_MODELS.segment;
  CONFIG.Combat.dataModels.rotation = COMBAT_MODELS.rotation;
  CONFIG.Combatant.dataModels[TEMPO_COMBATANT_TYPE] = TempoCombatantModel;
  CONFIG.Item.dataModels.weapon = WeaponModel;
  CONFIG.Item.dataModels.spell = ITEM_MODELS.spell;
  CONFIG.Item.dataModels.armor = ITEM_MODELS.armor;
  CONFIG.Item.dataModels.feat = ITEM_MODELS.feat;
  CONFIG.Item.dataModels.power = ITEM_MODELS.power;
  CONFIG.Item.dataModels.gear = ITEM_MODELS.gear;
  CONFIG.CombatantGroup.dataModels[TEMPO_GROUP_TYPE] = TempoCombatantGroupModel;
  registerSettings();
  registerKeybindings();
  registerExpiryEvents(decideExpiry, tempoEffectStart); // issue 20: v14 only
  registerQueries();
  // Issue 17: player requests on the system socket; a GM who becomes the active one reconciles.
  Hooks.once("setup", registerSocket);
  registerReconcile();
  registerSecretCleanup();
  // Issue 18: what a GM keeps of the rules' secrets is kept by every connected GM (a takeover loses nothing).
  registerGmReplica();
  // Issue 18: a player who owns a hidden creature gets its own view of it from the active GM.
  registerOwnerViews();
  // Issue 17: the active GM works the next step out while its page is idle (idle-preparation.ts).
  registerIdlePreparation();
  // Issue 17, SEG-2: what moves a creature's side group (groups/side-epoch.ts).
  registerSideEpoch();
  // Issue 17: which ids a combat's roster holds, checked again only when it changes (roster-epoch.ts).
  registerRosterEpoch();
  registerHiddenActionMoves();
  registerSecrecyHooks();
  // Issue 20: on v13 each timed effect keeps its v13 length in a flag (compat/effect-length-stamp.ts), from
  // which, on v14, the active GM rewrites the effects a v13 world stored, once (compat/effect-migration.ts).
  registerLengthStamps();
  Hooks.once("ready", () => {
    stampEffectLengths().catch((error: unknown) => console.error("Tempo | stamping effect lengths failed", error));
    migrateEffectsToV14().catch((error: unknown) => console.error("Tempo | the v14 effect migration failed", error));
    // Issue 18: an older world's damage ledger leaves its world setting for the GM's browser.
    migrateDamageLedger().catch((error: unknown) => console.error("Tempo | moving the damage ledger failed", error));
  });
  registerCombatantType();
  registerQuenchBatches();
  registerGroupHooks();
  registerEffectTracking();
  registerStatusSync();
  registerStealth();
  registerMoveRules();
  registerStealthCards();
  registerActorModels();
  registerStatusEffects();
  registerChatCards();
  registerSheets();
  registerEncounterControls();
  registerEffectConfigField();
  registerIntegrations();
  registerCanvas(); // issue 21: movement costs, the token ruler, the over-budget guard
  registerTokenHud(); // issue 19: the action budget left and the creature's actions on the token HUD
});
