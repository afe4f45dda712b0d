/**
 * Core's ChatMessage on one client, as public sources show v13's behaviour:
 * - any user may create a message, and its `author` is the creating user (the field's initial value
 *   is `game.user`); the author and the GMs may update or delete it: `canUserModify` and the server
 *   (server.ts) say so. pf2e's `Check.rerollFromMessage` (foundryvtt/pf2e, check.ts) guards its
 *   `message.delete()` with `message.isAuthor || game.user.isGM`; the Foundry knowledge base "Chat":
 *   a message can be edited or deleted by its author or a GM.
 * - `rolls` is stored as JSON strings (v10+ `ChatMessage#rolls` source; dnd5e and pf2e keep
 *   `JSON.stringify(roll.toJSON())` there), and the document's `rolls` are Roll objects rebuilt from
 *   them (`Roll.fromData`, pf2e's `message.rolls.at(0) instanceof CheckRoll`).
 * - `applyRollMode(data, mode)` follows the knowledge base's four roll modes: public (no whisper),
 *   private GM roll (whispered to the GMs), blind GM roll (whispered to the GMs and blind to the
 *   roller) and self roll (whispered to the roller only); v14's `applyMode` applies the same four under
 *   their v14 names, and v13's name is a deprecated alias there (message-modes.ts).
 * - `isContentVisible` for the viewing user (`game.user`): a public message is seen by everyone; a
 *   whispered one by its recipients, and by its author unless it is blind (dnd5e reads this flag
 *   before showing a roll's outcome, module/documents/chat-message.mjs).
 * - A whisper hides only what is drawn: the whole message (content, flags, `system`, rolls) reaches every
 *   client, recipient or not, and is in every client's `game.messages` (foundryvtt/foundryvtt #14429,
 *   13.350-14.363: whispered, blind and GM-only messages reach non-recipients; Draw Steel #1221 fixed its
 *   own leak with `if (!message.isContentVisible) return;`, commit 111adbf5; Polyglot #486: a message made
 *   private reappears to other players after a reload). The model broadcasts every ChatMessage operation
 *   to every connected client and loads every message into every page (network.ts), whatever its whisper.
 *   (The brief behind this paragraph named foundryvtt #7662, which the research doc cites for a NONE
 *   journal page in a player's data: docs/research/foundry-secrets-and-write-guards.md.)
 */
import { currentClient } from "./context.ts";
import { isObj, type Obj } from "./diff.ts";
import { ClientDocument, type ClientPort, type DocumentContext, type UserLike } from "./document.ts";
import { OWNERSHIP } from "./permissions.ts";
import { worldGeneration } from "./generation.ts";
import { applyVisibility, messageModeOf, warnApplyRollMode } from "./message-modes.ts";

interface RollClass {
  fromData(data: Obj): unknown;
}

function running(): ClientPort {
  return currentClient() as unknown as ClientPort;
}

/** A roll as the source keeps it: its JSON string. */
function rollSource(roll: unknown): string {
  return typeof roll === "string" ? roll : JSON.stringify(roll);
}

export class ChatMessageModel extends ClientDocument {
  static override documentName = "ChatMessage" as const;

  constructor(source: Obj = {}, context: Partial<DocumentContext> = {}) {
    const client = context.client ?? running();
    const rolls = Array.isArray(source.rolls) ? source.rolls.map(rollSource) : [];
    super({ author: client.user.id, ...source, rolls }, { ...context, client });
  }

  get author(): UserLike | undefined {
    return this.client.users.find((u) => u.id === this._source.author);
  }
  get isAuthor(): boolean {
    return running().user.id === this._source.author;
  }
  get whisper(): string[] {
    return Array.isArray(this._source.whisper) ? this._source.whisper.map(String) : [];
  }
  get blind(): boolean {
    return this._source.blind === true;
  }
  get speaker(): Obj {
    return isObj(this._source.speaker) ? this._source.speaker : {};
  }
  get content(): string {
    return String(this._source.content ?? "");
  }
  /** Roll objects rebuilt from the stored JSON (see the file comment). */
  get rolls(): unknown[] {
    const Roll = (globalThis as unknown as { Roll: RollClass }).Roll;
    return (this._source.rolls as string[]).map((s) => Roll.fromData(JSON.parse(s) as Obj));
  }
  get isContentVisible(): boolean {
    if (this.whisper.length === 0) return true;
    const viewer = running().user.id;
    return this.whisper.includes(viewer) || (this._source.author === viewer && !this.blind);
  }

  /** The author owns the message; a GM owns everything. */
  override getUserLevel(user: UserLike): number {
    return user.isGM || user.id === this._source.author ? OWNERSHIP.OWNER : OWNERSHIP.NONE;
  }

  /**
   * v13's `applyRollMode(data, rollMode)`; in v14 a deprecated alias of `applyMode` (message-modes.ts).
   */
  static applyRollMode(data: Obj, mode: string): Obj {
    if (worldGeneration.current >= 14) warnApplyRollMode();
    return ChatMessageModel.#apply(data, messageModeOf(mode));
  }

  /** v14's `applyMode(data, mode)` with a `CONFIG.ChatMessage.modes` key (message-modes.ts); not in v13. */
  static applyMode(data: Obj, mode: string): Obj {
    if (worldGeneration.current < 14) throw new Error("Runtime model: ChatMessage.applyMode is v14 API, not v13's");
    return ChatMessageModel.#apply(data, mode);
  }

  static #apply(data: Obj, mode: string): Obj {
    const client = running();
    const gms = client.users.filter((u) => u.isGM).map((u) => u.id);
    if (mode === "public" || mode === "gm" || mode === "blind" || mode === "self")
      applyVisibility(data, mode, gms, client.user.id);
    return data;
  }
  /**
   * Core's speaker data holds ids and an alias, never the documents: API ChatSpeakerData, "scene: The
   * _id of the Scene where this message was created", "actor: The _id of the Actor who generated this
   * message", "token: The _id of the Token …", "alias: An overridden alias name".
   */
  /**
   * Given no actor and no token, core infers the speaker from the poster's selection: the first controlled
   * token on a ready canvas (dnd5e issue #620; Scum and Villainy PR #79, "having token A selected, but rolling
   * something from actor B, and having the chat message show up from token A"), the alias kept if given.
   */
  static getSpeaker({ scene, actor, token, alias }: Obj = {}): Obj {
    const idOf = (doc: unknown): string | null => (isObj(doc) && typeof doc.id === "string" ? doc.id : null);
    if (actor === undefined && token === undefined) {
      const board = (globalThis as { canvas?: { ready?: boolean; tokens?: { controlled?: readonly Obj[] } } }).canvas;
      const selected = board?.ready === true ? board.tokens?.controlled?.[0] : undefined;
      if (isObj(selected) && isObj(selected.document)) {
        const doc = selected.document;
        const named = typeof doc.name === "string" ? doc.name : "";
        return { scene: idOf(doc.parent), actor: idOf(selected.actor), token: idOf(doc), alias: alias ?? named };
      }
    }
    const name = isObj(actor) && typeof actor.name === "string" ? actor.name : undefined;
    return { scene: idOf(scene), actor: idOf(actor), token: idOf(token), alias: alias ?? name ?? "" };
  }
  static getWhisperRecipients(_name: string): UserLike[] {
    return running().users.filter((u) => u.isGM);
  }

  /** Core's `deleteDocuments(ids)`: one delete operation for several world messages. */
  static async deleteDocuments(ids: readonly string[], options: Obj = {}): Promise<unknown[]> {
    const client = running();
    const docs = ids.map((id) => client.worldDocument("ChatMessage", id)).filter((d) => d !== undefined);
    if (docs.length === 0) return [];
    await client.request({ action: "delete", documentName: "ChatMessage", parentId: null, data: [...ids], options });
    return docs;
  }
}
