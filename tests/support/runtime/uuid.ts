/**
 * Core's `fromUuid` / `fromUuidSync` on the running client, and compendium packs, as public sources
 * show v13:
 * - a UUID names a world document and the path down to an embedded one: `Actor.<id>`,
 *   `Actor.<id>.Item.<id>`, `Scene.<s>.Token.<t>`, and `Scene.<s>.Token.<t>.Actor.<a>` for an unlinked
 *   token's synthetic actor (API "Document UUIDs", `foundry.utils.parseUuid`; dnd5e and pf2e resolve
 *   owned items and token actors through it). Each client resolves it in its own documents.
 * - `Compendium.<package>.<pack>.Actor.<id>` is a compendium document: read-only, outside the world,
 *   with `pack` set to `<package>.<pack>` (a world document's `pack` is null). A pack that does not
 *   hold the id resolves to null.
 * - `game.actors.fromCompendium(doc)` gives world creation data whose `_stats.compendiumSource` is the
 *   entry's UUID (core since v12; dnd5e's and Draw Steel's drop handlers import through it).
 */
import type { Client } from "./client.ts";
import { currentClient } from "./context.ts";
import type { Obj } from "./diff.ts";
import type { ClientDocument } from "./document.ts";
import type { DocumentName } from "./protocol.ts";

/** The model's compendium packs: sources by UUID. */
export class Compendia {
  readonly #entries = new Map<string, { pack: string; documentName: DocumentName; source: Obj }>();

  /** Adds a document to a pack; returns its UUID. */
  add(pack: string, documentName: DocumentName, source: Obj): string {
    const uuid = `Compendium.${pack}.${documentName}.${String(source._id)}`;
    this.#entries.set(uuid, { pack, documentName, source: structuredClone(source) });
    return uuid;
  }

  /** The running client's copy of a compendium document (a fresh one per call, as core loads it). */
  document(client: Client, uuid: string): ClientDocument | null {
    const entry = this.#entries.get(uuid);
    if (entry === undefined) return null;
    const doc = new (client.documentClass(entry.documentName))(entry.source, { client });
    Object.defineProperty(doc, "pack", { value: entry.pack });
    Object.defineProperty(doc, "uuid", { value: uuid });
    doc.prepareData();
    return doc;
  }
}

/** The document `uuid` names on `client`, or null. */
export function resolveUuid(client: Client, compendia: Compendia, uuid: string): ClientDocument | null {
  if (uuid.startsWith("Compendium.")) return compendia.document(client, uuid);
  const parts = uuid.split(".");
  let doc: ClientDocument | null = null;
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const name = parts[i] as DocumentName;
    const id = parts[i + 1] ?? "";
    if (doc === null) doc = client.worldCollection(name).get(id) ?? null;
    else if (name === "Actor" && doc.documentName === "Token") {
      const actor: ClientDocument | null = (doc as unknown as { actor: ClientDocument | null }).actor;
      doc = actor?.id === id ? actor : null;
    } else doc = doc.getEmbeddedCollection(name).get(id) ?? null;
    if (doc === null) return null;
  }
  return doc;
}

/** `fromUuid` and `fromUuidSync` for the running client. */
export function uuidGlobals(compendia: Compendia): {
  fromUuid(uuid: string): Promise<ClientDocument | null>;
  fromUuidSync(uuid: string): ClientDocument | null;
} {
  const resolve = (uuid: string) => resolveUuid(currentClient() as Client, compendia, uuid);
  return { fromUuid: async (uuid) => resolve(uuid), fromUuidSync: resolve };
}

/** Core's `game.actors.fromCompendium(doc)`: world creation data remembering where it came from. */
export function fromCompendium(doc: ClientDocument): Obj {
  const { _id: _, ...data } = doc.toObject();
  return { ...data, _stats: { compendiumSource: doc.uuid } };
}
