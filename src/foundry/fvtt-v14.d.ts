/**
 * The Foundry v14 surface Tempo uses, which the installed type package (v13) does not declare yet
 * (issue 20). Each declaration names its public API page. Merging these into the package's own
 * `ChatMessage` and `foundry.data` namespaces would hide the package's declarations, so they live in
 * `FoundryV14`, and only src/foundry/compat/ reaches them, after asking the generation
 * (compat/generation.ts).
 */
declare module "fvtt-types/configuration" {
  interface SettingConfig {
    /** v14's chat visibility choice, a key of `CONFIG.ChatMessage.modes` (replaces v13's `core.rollMode`):
     * https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html */
    "core.messageMode": string;
  }
}

declare global {
  namespace FoundryV14 {
    /** A visibility mode, a key of `CONFIG.ChatMessage.modes` ("Supported chat message visibility modes"):
     * https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html */
    type MessageMode = "public" | "gm" | "blind" | "self" | "ic";

    /** v14's `ChatMessage` statics Tempo calls: https://foundryvtt.com/api/v14/classes/foundry.documents.ChatMessage.html */
    interface ChatMessageStatics {
      applyMode(data: ChatMessage.CreateData, mode: MessageMode): ChatMessage.CreateData;
    }

    /** v14's context-menu entry: https://foundryvtt.com/api/v14/interfaces/foundry.ContextMenuEntry.html */
    interface ContextMenuEntry {
      label: string;
      /** "A string containing a className." */
      icon?: string;
      classes?: string;
      group?: string;
      /** https://foundryvtt.com/api/v14/types/foundry.ContextMenuCondition.html */
      visible?: boolean | ((target: HTMLElement) => boolean);
      /** https://foundryvtt.com/api/v14/types/foundry.ContextMenuCallback.html */
      onClick?: (event: PointerEvent, target: HTMLElement) => unknown;
    }

    /** The options of the `combatRound` / `combatTurn` hooks (v13's are the same; the installed types
     * say v12's `advanceTime`): https://foundryvtt.com/api/v14/functions/hookEvents.combatRound.html */
    interface CombatTurnUpdateOptions {
      readonly direction: 1 | -1 | 0;
      readonly worldTime: { readonly delta: number };
    }

    /** `CONFIG.ActiveEffect`'s expiry settings: https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html */
    interface ActiveEffectConfig {
      /** "The action taken by the ActiveEffectRegistry upon an ActiveEffect's expiration." */
      expiryAction: "update" | "delete" | null;
      /** "Additional expiry events registered by packages": identifier → label. */
      expiryEvents: Record<string, string>;
      documentClass: unknown;
    }

    /** The context of a registry refresh; packages add their own keys (dnd4e reads `context.effect`). */
    interface ExpiryContext {
      readonly actors?: Set<Actor.Implementation>;
      readonly combat?: Combat.Implementation;
      readonly [key: string]: unknown;
    }

    /** `foundry.documents.ActiveEffect.registry`: https://foundryvtt.com/api/classes/foundry.helpers.ActiveEffectRegistry.html */
    interface ActiveEffectRegistry {
      refresh(event: string, context?: ExpiryContext): Promise<void>;
    }

    /** An operator that deletes the key it is the value of in an update. */
    interface ForcedDeletion {
      readonly __brand: "ForcedDeletion";
    }

    /** `foundry.data.operators`: https://foundryvtt.com/api/modules/foundry.data.operators.html */
    interface DataOperators {
      ForcedDeletion: { create(): ForcedDeletion };
    }
  }
}

export {};
