/** The messages of the runtime model's socket: document operations, system socket events, queries, users. */
import type { Obj } from "./diff.ts";

export type DocumentName =
  | "Combat"
  | "Combatant"
  | "CombatantGroup"
  | "ChatMessage"
  | "Actor"
  | "Item"
  | "ActiveEffect"
  | "Scene"
  | "Token"
  | "Wall"
  | "Region";
export type Action = "create" | "update" | "delete";

/** Where each embedded document lives in its parent (Foundry's `Combat.metadata.embedded`, `Actor.metadata.embedded`). */
export const EMBEDDED: Readonly<Record<string, { readonly parent: DocumentName; readonly collection: string }>> = {
  Combatant: { parent: "Combat", collection: "combatants" },
  CombatantGroup: { parent: "Combat", collection: "groups" },
  Item: { parent: "Actor", collection: "items" },
  ActiveEffect: { parent: "Actor", collection: "effects" },
  Token: { parent: "Scene", collection: "tokens" },
  Wall: { parent: "Scene", collection: "walls" },
  Region: { parent: "Scene", collection: "regions" },
};

export interface ModifyRequest {
  readonly action: Action;
  readonly documentName: DocumentName;
  readonly parentId: string | null;
  /** create: the documents' data; update: the changes with `_id`; delete: the ids. */
  readonly data: readonly Obj[] | readonly string[];
  readonly options: Obj;
  readonly userId: string;
}

/** What the server broadcasts for an operation it applied (the requester gets the same as its answer). */
export interface ModifyResult {
  readonly action: Action;
  readonly documentName: DocumentName;
  readonly parentId: string | null;
  /** create: the created sources; update: the diffs with `_id`; delete: the ids. */
  readonly result: readonly Obj[] | readonly string[];
  readonly options: Obj;
  readonly userId: string;
}

/** One broadcast, as the server's ledger counts it. */
export interface LedgerEntry {
  readonly kind: "modify" | "socket" | "query" | "setting" | "time" | "chat";
  readonly documentName?: string;
  readonly action?: Action;
  readonly userId: string;
  /** Bytes of the payload one receiving client gets. */
  readonly bytes: number;
  /** How many clients received it. */
  readonly recipients: number;
  /** Bytes of the operation options within `bytes`. */
  readonly optionBytes: number;
  /** A document operation's broadcast result (diffs, created sources or ids) and options; what a setting or clock write sent. */
  readonly result?: unknown;
  readonly options?: unknown;
}
