/**
 * Who may write what on the runtime model's server (server.ts asks; the rules are here).
 *
 * Modelled, with where it is shown in public:
 * - Permissions are the server's: a write a user may not make is refused whatever that user's client
 *   does (Foundry's permission model, knowledge base "Users and Permissions"; ARCHITECTURE
 *   "Permissions"). A Combat is created, deleted and updated by a GM; a player may write only its
 *   `turn` and `round` (core lets a player end a turn, the round's last included, through them: the
 *   Nimble system's PR Nimble-Co/FoundryVTT-Nimble#853 "Foundry lets a non-GM update a Combat's
 *   turn-only fields", fvtt-fria-ligan/yearzero-combat-fvtt#85 where a player's last-turn "next" fails
 *   only on the system's own flag write; Foundry's Crucible system refuses a player's round change
 *   itself, in its own `nextRound`, foundryvtt/crucible#1136). A Combatant may be
 *   written by a GM or an owner of its actor; the `system` paths system.json lists as `gmOnlyFields`
 *   for the document's subtype only by a GM (`ServerSanitizationFields.gmOnlyFields`, "Fields that can
 *   only be updated by a GM user", https://foundryvtt.com/api/v14/interfaces/foundry.packages.types.ServerSanitizationFields.html;
 *   Draw Steel declares `biography.director` there, its commit 26aec2ff; a DataField `gmOnly` option
 *   does nothing, Draw Steel src/module/data/item/base-item.mjs:35). CombatantGroups are written by a GM. Any user creates a ChatMessage, as its author;
 *   its author and the GMs update and delete it (chat.ts names the sources). A GM creates and deletes
 *   an Actor: creating actors is the ACTOR_CREATE permission, whose default role is 3 (API
 *   CONST.USER_PERMISSIONS `ACTOR_CREATE.defaultRole: 3`), the Assistant GM (API CONST.USER_ROLES
 *   `ASSISTANT: 3`), so of the model's roles (player 1, GM 4) only a GM has it. Its owners and the
 *   GMs update it and write its embedded Items and ActiveEffects, whose level is the actor's
 *   (actor.ts): a player owning an actor creates an Item on it (`Item.create(data, { parent: actor })`
 *   succeeds for the player in foundryvtt/foundryvtt#12938), while an embedded document's own
 *   `ownership` "may only be modified by a GM or Assistant GM user" (the server's error quoted there);
 *   only a GM changes `ownership`. Scenes, Tokens and Walls are created and deleted by a GM; a Token
 *   is updated by its actor's owners too (scene.ts).
 */
import { isObj, type Obj } from "./diff.ts";
import { gmOnlyFields } from "./system-manifest.ts";
import type { DocumentName } from "./protocol.ts";

/** Ownership levels (CONST.DOCUMENT_OWNERSHIP_LEVELS). */
export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

export interface ServerUser {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  active: boolean;
}

/** A stored document, as the permission rules read it. */
export interface StoredDocument {
  readonly documentName: DocumentName;
  source: Obj;
  readonly parentId: string | null;
}

/** What the rules read from the server: a stored document, and a Combatant's level (its actor's). */
export interface PermissionWorld {
  stored(documentName: DocumentName, id: string): StoredDocument | undefined;
  combatantLevel(source: Obj, userId: string): number;
}

/**
 * A user's level of an actor source: `ownership[user]`, else `ownership.default` (API
 * DocumentOwnershipField; CONST.DOCUMENT_OWNERSHIP_LEVELS); a GM owns everything.
 */
export function actorLevel(source: Obj, user: { readonly id: string; readonly isGM: boolean }): number {
  if (user.isGM) return OWNERSHIP.OWNER;
  const ownership = isObj(source.ownership) ? source.ownership : {};
  const level = ownership[user.id] ?? ownership.default;
  return typeof level === "number" ? level : OWNERSHIP.NONE;
}

/** `user`'s level of a document `source` stored under `parentId`. */
export function levelOf(
  world: PermissionWorld,
  documentName: DocumentName,
  source: Obj,
  user: ServerUser,
  parentId: string | null = null,
): number {
  if (user.isGM) return OWNERSHIP.OWNER;
  if (documentName === "Actor") return actorLevel(source, user);
  if (documentName === "Item" || documentName === "ActiveEffect") {
    // An owned Item's effect has its actor's level; a world Item's effect the item's own (actor.ts).
    const item = parentId === null ? null : world.stored("Item", parentId);
    const owner = item === undefined || item === null ? parentId : item.parentId;
    const parent = owner === null ? item?.source : world.stored("Actor", owner)?.source;
    return isObj(parent) ? actorLevel(parent, user) : OWNERSHIP.NONE;
  }
  if (documentName === "Combatant") return world.combatantLevel(source, user.id);
  if (documentName === "Token") {
    const actor = typeof source.actorId === "string" ? world.stored("Actor", source.actorId) : undefined;
    return actor === undefined ? OWNERSHIP.NONE : actorLevel(actor.source, user);
  }
  if (documentName === "ChatMessage") return source.author === user.id ? OWNERSHIP.OWNER : OWNERSHIP.NONE;
  return OWNERSHIP.NONE;
}

/** Why `user` may not create `source` (already given its author), or null when it may. */
export function createRefusal(
  world: PermissionWorld,
  documentName: DocumentName,
  source: Obj,
  user: ServerUser,
  parentId: string | null,
): string | null {
  if (["Combat", "CombatantGroup", "Actor", "Scene", "Token", "Wall", "Region"].includes(documentName))
    return user.isGM ? null : `only a GM creates a ${documentName}`;
  if (documentName === "ChatMessage")
    return source.author === user.id || user.isGM ? null : "a player writes only as the author";
  return levelOf(world, documentName, source, user, parentId) < OWNERSHIP.OWNER
    ? `may not create ${documentName}`
    : null;
}

/** Why `user` may not apply `diff` to `stored`, or null when it may. */
export function updateRefusal(
  world: PermissionWorld,
  stored: StoredDocument,
  diff: Obj,
  user: ServerUser,
): string | null {
  if (user.isGM) return null;
  const { documentName, source } = stored;
  if (["Actor", "Item", "ActiveEffect", "Token"].includes(documentName)) {
    return levelOf(world, documentName, source, user, stored.parentId) < OWNERSHIP.OWNER || "ownership" in diff
      ? `only an owner or a GM updates ${documentName} ${String(source._id)}`
      : null;
  }
  if (documentName === "Combat") {
    const other = Object.keys(diff).filter((k) => k !== "turn" && k !== "round");
    return other.length > 0 ? `a player may write only turn and round of a Combat (${other.join(", ")})` : null;
  }
  if (documentName === "ChatMessage") {
    return levelOf(world, documentName, source, user) < OWNERSHIP.OWNER || "author" in diff
      ? `only its author or a GM updates ChatMessage ${String(source._id)}`
      : null;
  }
  if (documentName !== "Combatant" || levelOf(world, documentName, source, user) < OWNERSHIP.OWNER)
    return `may not update ${documentName} ${String(source._id)}`;
  const system = diff.system;
  if (!isObj(system)) return null;
  for (const path of gmOnlyFields(documentName, String(source.type))) {
    let node: unknown = system;
    for (const part of path.split(".")) node = isObj(node) ? node[part] : undefined;
    if (node !== undefined) return `system.${path} is GM-only`;
  }
  return null;
}

/** Whether `user` may delete `stored`: its owners a Combatant, ChatMessage, Item or ActiveEffect; else a GM. */
export function mayDelete(world: PermissionWorld, stored: StoredDocument, user: ServerUser): boolean {
  const { documentName } = stored;
  return documentName === "Combatant" ||
    documentName === "ChatMessage" ||
    documentName === "Item" ||
    documentName === "ActiveEffect"
    ? levelOf(world, documentName, stored.source, user, stored.parentId) >= OWNERSHIP.OWNER
    : user.isGM;
}
