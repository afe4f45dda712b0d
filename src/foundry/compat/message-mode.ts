/**
 * Who sees a chat message Tempo posts: the user's choice, or a mode the caller names, applied with the
 * running generation's API.
 *
 * - v13: the user's choice is the client setting `core.rollMode` ("publicroll", "gmroll", "blindroll",
 *   "selfroll") and `ChatMessage.applyRollMode(data, mode)` writes the whisper and blind fields (dnd5e
 *   and Draw Steel call it before `ChatMessage.create`).
 * - v14: the setting is `core.messageMode` and the modes are the keys of `CONFIG.ChatMessage.modes`,
 *   "Supported chat message visibility modes" (https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html),
 *   "public", "gm", "blind", "self"; `ChatMessage.applyMode(data, mode)` applies one
 *   (https://foundryvtt.com/api/v14/classes/foundry.documents.ChatMessage.html). The v13 names are
 *   deprecated in v14 and removed in v16 (Foundry_WoD20 #1395/#1396; dnd5e #6958; Star Wars FFG PR #2280
 *   modules/compatibility/chat.js maps the two sets of names the same way).
 *
 * Tempo names modes by their v14 keys.
 */
import { isGenerationAtLeast } from "./generation.ts";

export type MessageMode = "public" | "gm" | "blind" | "self";

const ROLL_MODE: Readonly<Record<MessageMode, string>> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

const isMessageMode = (value: unknown): value is MessageMode =>
  value === "public" || value === "gm" || value === "blind" || value === "self";

/** A setting's value as a mode: a v14 key as it is, a v13 roll mode by its key; else public. */
function modeOf(value: unknown): MessageMode {
  if (isMessageMode(value)) return value;
  const found = Object.entries(ROLL_MODE).find(([, roll]) => roll === value)?.[0];
  return isMessageMode(found) ? found : "public";
}

/** The mode the user chose in the chat controls. */
export function userMessageMode(): MessageMode {
  return modeOf(game.settings.get("core", isGenerationAtLeast(14) ? "messageMode" : "rollMode"));
}

/** Sets the whisper and blind fields of `data` for `mode` (changes `data`). */
export function applyMessageMode(data: ChatMessage.CreateData, mode: MessageMode): void {
  if (isGenerationAtLeast(14)) (ChatMessage as unknown as FoundryV14.ChatMessageStatics).applyMode(data, mode);
  else ChatMessage.applyRollMode(data, ROLL_MODE[mode] as Parameters<typeof ChatMessage.applyRollMode>[1]);
}
