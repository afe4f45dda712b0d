/**
 * The globals every page of a runtime-model world shares (foundry-world.ts): `CONST`, the strict `foundry`
 * namespace (runtime/strict.ts), the document classes, `Roll`, `Handlebars`, `fromUuid`; and the `CONFIG`
 * each page starts from before the system's `init`. What differs between Foundry v13 and v14 here, with
 * sources: runtime/message-modes.ts (`CONFIG.ChatMessage.modes` for `CONFIG.Dice.rollModes`),
 * runtime/operators.ts (`foundry.data.operators`), runtime/effect-registry.ts (`CONFIG.ActiveEffect`'s
 * expiry settings, `foundry.documents.ActiveEffect.registry`), runtime/compatibility.ts (`CONFIG.compatibility`,
 * `CONST.COMPATIBILITY_MODES`, `foundry.utils.logCompatibilityWarning`).
 */
import Handlebars from "handlebars";
import { sheetApplications } from "./runtime/document-sheets.ts";
import { CombatTrackerModel } from "./runtime/combat-tracker-model.ts";
import { strict } from "./runtime/strict.ts";
import { ActiveEffectModel, ActorModel, ItemModel } from "./runtime/actor.ts";
import { activeEffectConfig, activeEffectRegistry } from "./runtime/effect-registry.ts";
import type { Runtime } from "./runtime/runtime.ts";
import { defineSharedGlobal } from "./runtime/context.ts";
import { CombatModel } from "./runtime/combat.ts";
import { ChatMessageModel } from "./runtime/chat.ts";
import { FIELDS, TypeDataModel } from "./runtime/fields.ts";
import { isObj, type Obj } from "./runtime/diff.ts";
import { makeRollClass } from "./runtime/roll.ts";
import { uuidGlobals } from "./runtime/uuid.ts";
import type { Generation } from "./runtime/generation.ts";
import { COMPATIBILITY_MODES, compatibilityConfig, logCompatibilityWarning } from "./runtime/compatibility.ts";
import { chatMessageModes, diceRollModes } from "./runtime/message-modes.ts";
import { ForcedDeletion, OPERATOR_IDENTIFIER } from "./runtime/operators.ts";
import { coreMovementActions } from "./runtime/token-movement.ts";
import { TokenRulerModel } from "./runtime/token-ruler.ts";
import { SceneModel } from "./runtime/scene.ts";
import type { IdleCallbacks } from "./runtime/idle-callbacks.ts";

const SHARED_GLOBALS = [
  "foundry",
  "Combat",
  "Roll",
  "ChatMessage",
  "CONST",
  "Handlebars",
  "Actor",
  "Item",
  "Scene",
  "fromUuid",
  "fromUuidSync",
  "requestIdleCallback",
  "cancelIdleCallback",
];

export function baseConfig(generation: Generation): Obj {
  const documentConfig = () => ({ documentClass: null as unknown, dataModels: {} as Record<string, unknown> });
  const chat = generation === 14 ? { modes: chatMessageModes() } : {};
  return {
    compatibility: compatibilityConfig(),
    ...(generation === 13 ? { Dice: { rollModes: diceRollModes() } } : {}),
    Combat: { ...documentConfig(), documentClass: CombatModel },
    Combatant: documentConfig(),
    Item: documentConfig(),
    CombatantGroup: documentConfig(),
    Actor: documentConfig(),
    // Core's token movement actions and ruler class (runtime/token-movement.ts, token-ruler.ts).
    Token: { ...documentConfig(), movement: { actions: coreMovementActions() }, rulerClass: TokenRulerModel },
    // v14's expiry settings (runtime/effect-registry.ts).
    ActiveEffect: activeEffectConfig(ActiveEffectModel, generation),
    ChatMessage: { ...documentConfig(), documentClass: ChatMessageModel, ...chat },
    queries: {} as Obj,
    ui: {} as Obj,
    // Core's own status list, in part: Tempo keeps core's entries and replaces "unconscious" (status-effects.ts).
    statusEffects: [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
    ],
  };
}

export interface WorldGlobals {
  readonly runtime: Runtime;
  readonly generation: Generation;
  /** Scripted roll totals, taken first to last. */
  readonly scriptedTotals: number[];
  /** The world's seeded random numbers in [0, 1). */
  readonly random: () => number;
}

export function defineWorldGlobals({ runtime, generation, scriptedTotals, random }: WorldGlobals): void {
  defineSharedGlobal("CONST", { TOKEN_DISPOSITIONS: { FRIENDLY: 1, NEUTRAL: 0, HOSTILE: -1 }, COMPATIBILITY_MODES });
  // v14's data-field operators (runtime/operators.ts); v13 has none.
  const operators =
    generation === 14 ? { operators: strict({ ForcedDeletion, OPERATOR_IDENTIFIER }, "foundry.data.operators") } : {};
  defineSharedGlobal(
    "foundry",
    strict(
      {
        abstract: strict({ TypeDataModel }, "foundry.abstract"),
        applications: {
          sidebar: { tabs: { CombatTracker: CombatTrackerModel } },
          handlebars: { loadTemplates: async () => [] },
          ...sheetApplications(),
        },
        // v14's `foundry.documents.ActiveEffect.registry` (runtime/effect-registry.ts).
        ...(generation === 14
          ? { documents: strict({ ActiveEffect: { registry: activeEffectRegistry } }, "foundry.documents") }
          : {}),
        data: strict({ fields: strict(FIELDS, "foundry.data.fields"), ...operators }, "foundry.data"),
        utils: strict(
          {
            escapeHTML: (s: string) => s.replace(/[&<>"']/g, ""),
            randomID: () => runtime.newId().slice(-16),
            deepClone: <T>(v: T): T => structuredClone(v),
            isEmpty: (v: unknown) => !isObj(v) || Object.keys(v).length === 0,
            logCompatibilityWarning,
          },
          "foundry.utils",
        ),
        // Core's TokenRuler base class (runtime/token-ruler.ts).
        canvas: strict(
          {
            placeables: strict(
              { tokens: strict({ TokenRuler: TokenRulerModel }, "foundry.canvas.placeables.tokens") },
              "foundry.canvas.placeables",
            ),
          },
          "foundry.canvas",
        ),
        helpers: { interaction: { KeyboardManager: { MODIFIER_KEYS: { SHIFT: "Shift" } } } },
      },
      "foundry",
    ),
  );
  defineSharedGlobal("Combat", CombatModel);
  // Foundry's global Handlebars, the library itself (an environment of its own per world): init
  // registers Tempo's helpers on it (handlebars-helpers.ts).
  defineSharedGlobal("Handlebars", Handlebars.create());
  defineSharedGlobal("Roll", makeRollClass({ scripted: () => scriptedTotals.shift(), random }));
  defineSharedGlobal("ChatMessage", ChatMessageModel);
  defineSharedGlobal("Actor", ActorModel);
  defineSharedGlobal("Item", ItemModel);
  // Core's global Scene document class (Quench batches make scratch scenes with `Scene.implementation.create`).
  defineSharedGlobal("Scene", SceneModel);
  const { fromUuid, fromUuidSync } = uuidGlobals(runtime.compendia);
  defineSharedGlobal("fromUuid", fromUuid);
  defineSharedGlobal("fromUuidSync", fromUuidSync);
  // The browser's idle callbacks, run when a test says the pages are idle (runtime/idle-callbacks.ts).
  defineSharedGlobal("requestIdleCallback", (callback: Parameters<IdleCallbacks["request"]>[0]) =>
    runtime.idleCallbacks.request(callback),
  );
  defineSharedGlobal("cancelIdleCallback", (id: number) => runtime.idleCallbacks.cancel(id));
}

export function removeWorldGlobals(): void {
  for (const name of SHARED_GLOBALS) Reflect.deleteProperty(globalThis, name);
}
