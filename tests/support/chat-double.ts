/**
 * Chat messages for the card tests, installed over the world double (foundry-world.ts) after it:
 * messages are documents with a TypeDataModel from `CONFIG.ChatMessage.dataModels[type]`, real roll
 * objects, and `update` that only the author or a GM may make (the Foundry knowledge base, "Chat": a
 * message can be edited by its author or a GM). `ChatMessage.applyRollMode` follows the same article's
 * four roll modes: public (no whisper), private GM roll (whispered to the GMs), blind GM roll (whispered
 * to the GMs and blind to the roller) and self roll (whispered to the roller only).
 * `isContentVisible` follows those modes for the viewing user (game.user): a public message is seen by
 * everyone; a whispered one by its recipients, and by its author unless it is blind (dnd5e reads this
 * flag before showing a roll's outcome, module/documents/chat-message.mjs).
 */
import type { UserDouble, World } from "./foundry-world.ts";

type Obj = Record<string, unknown>;

export interface ChatDouble {
  readonly messages: MessageDouble[];
  /** Every `update` that reached a message, in order. */
  readonly updates: { readonly id: string; readonly userId: string; readonly changes: Obj }[];
}

export interface MessageDouble {
  readonly id: string;
  readonly type: string;
  readonly author: string;
  readonly whisper: readonly string[];
  readonly blind: boolean;
  readonly isContentVisible: boolean;
  rolls: unknown[];
  system: unknown;
  source: Obj;
  canUserModify(user: UserDouble, action: string): boolean;
  update(changes: Obj): Promise<MessageDouble>;
}

function setPath(target: Obj, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node[part] = typeof next === "object" && next !== null ? next : {};
    node = node[part] as Obj;
  }
  node[parts[parts.length - 1] ?? ""] = structuredClone(value);
}

export function installChatDouble(world: World): ChatDouble {
  const chat: ChatDouble = { messages: [], updates: [] };
  const config = (globalThis as unknown as { CONFIG: { ChatMessage: { dataModels: Record<string, unknown> } } }).CONFIG;
  // The running client's `game` (runtime model: each client has its own user).
  const g = globalThis as unknown as { game: Obj & { user: UserDouble; settings: Obj } };
  let nextId = 1;

  const modelOf = (type: string, source: Obj, parent: unknown): unknown => {
    const Model = config.ChatMessage.dataModels[type] as (new (d: Obj, o: Obj) => unknown) | undefined;
    return Model === undefined ? source : new Model(source, { parent });
  };

  class Message implements MessageDouble {
    readonly id = `m${nextId++}`;
    readonly type: string;
    readonly author: string;
    readonly whisper: readonly string[];
    readonly blind: boolean;
    rolls: unknown[];
    system: unknown;
    source: Obj;
    constructor(data: Obj) {
      this.type = String(data.type ?? "base");
      this.author = g.game.user.id;
      this.whisper = (data.whisper as string[] | undefined) ?? [];
      this.blind = data.blind === true;
      this.rolls = [...((data.rolls as unknown[] | undefined) ?? [])];
      this.source = structuredClone((data.system as Obj | undefined) ?? {});
      this.system = modelOf(this.type, this.source, this);
    }
    get isContentVisible(): boolean {
      if (this.whisper.length === 0) return true;
      const viewer = g.game.user.id;
      return this.whisper.includes(viewer) || (this.author === viewer && !this.blind);
    }
    canUserModify(user: UserDouble): boolean {
      return user.isGM || user.id === this.author;
    }
    async update(changes: Obj): Promise<MessageDouble> {
      const user = g.game.user;
      if (!this.canUserModify(user)) throw new Error(`Foundry double: ${user.id} may not update message ${this.id}`);
      for (const [path, value] of Object.entries(changes)) {
        if (path === "rolls") this.rolls = [...(value as unknown[])];
        else if (path.startsWith("system.")) setPath(this.source, path.slice("system.".length), value);
      }
      this.system = modelOf(this.type, this.source, this);
      chat.updates.push({ id: this.id, userId: user.id, changes: structuredClone(changes) });
      world.writes.push({
        document: "ChatMessage",
        userId: user.id,
        bytes: JSON.stringify(changes).length,
        data: changes,
      });
      return this;
    }
  }

  const gmIds = () => [...world.users.values()].filter((u) => u.isGM).map((u) => u.id);
  Object.defineProperty(globalThis, "ChatMessage", {
    configurable: true,
    writable: true,
    value: {
      create: async (data: Obj) => {
        const message = new Message(data);
        chat.messages.push(message);
        world.messages.push(data);
        world.writes.push({ document: "ChatMessage", userId: g.game.user.id, bytes: 0, data: null });
        return message;
      },
      applyRollMode: (data: Obj, mode: string) => {
        if (mode === "gmroll") data.whisper = gmIds();
        if (mode === "blindroll") Object.assign(data, { whisper: gmIds(), blind: true });
        if (mode === "selfroll") data.whisper = [g.game.user.id];
        return data;
      },
      getSpeaker: (data: Obj) => data,
      getWhisperRecipients: () => [...world.users.values()].filter((u) => u.isGM),
    },
  });
  g.game.messages = { get: (id: string) => chat.messages.find((m) => m.id === id) };
  (g.game.settings as { register(ns: string, key: string, cfg: Obj): void }).register("core", "rollMode", {
    default: "publicroll",
  });
  // Rolls as the card stores them: Foundry's Roll#toJSON gives the roll's data; here formula and total.
  const BaseRoll = (globalThis as unknown as { Roll: new (formula: string) => { formula: string; total: number } })
    .Roll;
  class JsonRoll extends BaseRoll {
    toJSON(): Obj {
      return { formula: this.formula, total: this.total };
    }
  }
  Object.defineProperty(globalThis, "Roll", { configurable: true, writable: true, value: JsonRoll });
  return chat;
}

/** A message double as the Foundry type the code under test takes: the one cast between the two. */
export function asChatMessage(message: MessageDouble): ChatMessage.Implementation {
  return message as unknown as ChatMessage.Implementation;
}

/** The message posted last; throws when nothing was posted. */
export function lastMessage(chat: ChatDouble): MessageDouble {
  const message = chat.messages.at(-1);
  if (message === undefined) throw new Error("no message");
  return message;
}
