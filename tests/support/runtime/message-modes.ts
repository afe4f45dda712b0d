/**
 * Who sees a chat message: v13's roll modes and v14's message modes, as the runtime model plays them.
 *
 * - v13: the user's choice is the client setting `core.rollMode`, one of "publicroll", "gmroll",
 *   "blindroll", "selfroll" (`CONST.DICE_ROLL_MODES`), listed in `CONFIG.Dice.rollModes`, and
 *   `ChatMessage.applyRollMode(data, mode)` writes the whisper and blind fields (the Foundry knowledge
 *   base's "Chat" article: public, private GM roll, blind GM roll, self roll).
 * - v14: the setting is `core.messageMode`, the modes are `CONFIG.ChatMessage.modes`, "Supported chat
 *   message visibility modes", a `Record<string, {label, icon, handler}>`
 *   (https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html), keyed "public", "gm", "blind",
 *   "self" (Star Wars FFG PR #2280 modules/compatibility/chat.js maps publicroll/gmroll/blindroll/selfroll
 *   to them; dnd5e #6958), and `ChatMessage.applyMode(data, mode)` applies one. The v13 names stay as
 *   deprecated aliases: `applyRollMode` "deprecated in v14, removed in v16" (Foundry_WoD20 #1395/#1396),
 *   and reading `core.rollMode` is "Version 14's deprecated rollMode setting" (the same chat.js).
 * Not modelled: v14's in-character mode ("ic"), which Tempo never uses.
 */
import { logCompatibilityWarning } from "./compatibility.ts";
import type { Generation } from "./generation.ts";
import type { SettingRegistration } from "./client.ts";

export type MessageMode = "public" | "gm" | "blind" | "self";

const FROM_ROLL_MODE: Readonly<Record<string, MessageMode>> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
};
const TO_ROLL_MODE: Readonly<Record<MessageMode, string>> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

/** A v13 roll mode's v14 message mode (a v14 name is returned as it is). */
export const messageModeOf = (mode: string): string => FROM_ROLL_MODE[mode] ?? mode;
/** A v14 message mode's v13 roll mode (a v13 name is returned as it is). */
export const rollModeOf = (mode: string): string => TO_ROLL_MODE[mode as MessageMode] ?? mode;

/** The whisper and blind fields a mode writes on message data (both generations). */
export function applyVisibility(data: Record<string, unknown>, mode: MessageMode, gms: string[], self: string): void {
  if (mode === "gm") data.whisper = gms;
  if (mode === "blind") Object.assign(data, { whisper: gms, blind: true });
  if (mode === "self") data.whisper = [self];
}

const LABELS: Readonly<Record<MessageMode, string>> = {
  public: "CHAT.RollPublic",
  gm: "CHAT.RollPrivate",
  blind: "CHAT.RollBlind",
  self: "CHAT.RollSelf",
};

/** `CONFIG.ChatMessage.modes` (v14): label, icon and handler of each mode. */
export function chatMessageModes(): Record<MessageMode, { label: string; icon: string; handler: () => void }> {
  const entry = (mode: MessageMode) => ({ label: LABELS[mode], icon: "fa-solid fa-eye", handler: () => undefined });
  return { public: entry("public"), gm: entry("gm"), blind: entry("blind"), self: entry("self") };
}

/** `CONFIG.Dice.rollModes` (v13). */
export function diceRollModes(): Record<string, { label: string; icon: string }> {
  return Object.fromEntries(
    Object.entries(TO_ROLL_MODE).map(([mode, roll]) => [roll, { label: LABELS[mode as MessageMode], icon: "" }]),
  );
}

const SINCE = { since: 14, until: 16 } as const;

export function warnRollModeSetting(): void {
  logCompatibilityWarning("The core.rollMode setting is deprecated in favor of core.messageMode.", SINCE);
}

export function warnApplyRollMode(): void {
  logCompatibilityWarning("ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode.", SINCE);
}

/** Core's own chat-visibility settings of a generation (v14 keeps `core.rollMode` as a deprecated alias). */
export function coreMessageModeSettings(generation: Generation): [string, SettingRegistration][] {
  if (generation === 13) return [["core.rollMode", { scope: "client", default: "publicroll" }]];
  return [
    ["core.messageMode", { scope: "client", default: "public" }],
    ["core.rollMode", { scope: "client", default: "publicroll", aliasOf: "core.messageMode" }],
  ];
}
