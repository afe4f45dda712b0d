/**
 * Builds compendium source documents (the JSON the official CLI compiles) from the compact content
 * tables: stable ids derived from the names, `_key` as the CLI stores primary documents
 * (`!items!<id>`), embedded documents (`!actors.items!<actor>.<item>`, `!journal.pages!<entry>.<page>`)
 * and folders (`!folders!<id>`).
 */
import { createHash } from "node:crypto";

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
export type Doc = { readonly [key: string]: Json };

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 16-character Foundry id, the same every time for the same seed (a pack and a name). */
export function stableId(seed: string): string {
  const bytes = createHash("sha256").update(`tempo:${seed}`).digest();
  let id = "";
  for (let i = 0; i < 16; i += 1) id += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return id;
}

/** Rule summaries are short HTML paragraphs. */
export function paragraphs(...lines: readonly string[]): string {
  return lines.map((line) => `<p>${line}</p>`).join("");
}

export interface ItemSpec {
  readonly name: string;
  readonly type: string;
  readonly system: Doc;
  readonly img?: string;
}

const ITEM_ICONS: Readonly<Record<string, string>> = {
  weapon: "icons/svg/sword.svg",
  spell: "icons/svg/book.svg",
  armor: "icons/svg/shield.svg",
  feat: "icons/svg/upgrade.svg",
  power: "icons/svg/lightning.svg",
  gear: "icons/svg/item-bag.svg",
};

function itemBody(spec: ItemSpec): Doc {
  return {
    name: spec.name,
    type: spec.type,
    img: spec.img ?? ITEM_ICONS[spec.type] ?? "icons/svg/item-bag.svg",
    system: spec.system,
    effects: [],
    flags: {},
  };
}

/** A primary Item of a pack. `id` keeps an id chosen before the tables existed. */
export function itemDoc(pack: string, spec: ItemSpec, sort: number, id = stableId(`${pack}:${spec.name}`)): Doc {
  return {
    _id: id,
    _key: `!items!${id}`,
    ...itemBody(spec),
    folder: null,
    sort,
    ownership: { default: 0 },
  };
}

/** An Item embedded in an Actor of a pack. */
export function embeddedItemDoc(actorId: string, spec: ItemSpec, sort: number): Doc {
  const id = stableId(`${actorId}:${spec.type}:${spec.name}`);
  return { _id: id, _key: `!actors.items!${actorId}.${id}`, ...itemBody(spec), sort, ownership: { default: 0 } };
}

/** A Folder inside a pack, holding documents of `type`. */
export function folderDoc(pack: string, name: string, type: string, sort: number, color: string): Doc {
  const id = stableId(`${pack}:folder:${name}`);
  return {
    _id: id,
    _key: `!folders!${id}`,
    name,
    type,
    folder: null,
    sorting: "a",
    sort,
    color,
    description: "",
    flags: {},
  };
}

export interface ActorSpec {
  readonly name: string;
  readonly system: Doc;
  readonly items: readonly ItemSpec[];
  readonly img?: string;
}

/** An npc Actor of a pack, in `folder`, with its embedded items. */
export function npcDoc(pack: string, spec: ActorSpec, folder: string, sort: number): Doc {
  const id = stableId(`${pack}:${spec.name}`);
  return {
    _id: id,
    _key: `!actors!${id}`,
    name: spec.name,
    type: "npc",
    img: spec.img ?? "icons/svg/mystery-man.svg",
    system: spec.system,
    items: spec.items.map((item, i) => embeddedItemDoc(id, item, (i + 1) * 100000)),
    effects: [],
    folder,
    sort,
    ownership: { default: 0 },
    flags: {},
  };
}

export interface PageSpec {
  /** A fixed page id (one that other documents link to); else one derived from the name. */
  readonly id?: string;
  readonly name: string;
  readonly content: string;
  readonly flags: Doc;
}

/** A JournalEntry of a pack made of text pages. */
export function journalDoc(
  pack: string,
  name: string,
  pages: readonly PageSpec[],
  id = stableId(`${pack}:${name}`),
): Doc {
  return {
    _id: id,
    _key: `!journal!${id}`,
    name,
    pages: pages.map((page, i) => {
      const pageId = page.id ?? stableId(`${id}:${page.name}`);
      return {
        _id: pageId,
        _key: `!journal.pages!${id}.${pageId}`,
        name: page.name,
        type: "text",
        title: { show: true, level: 1 },
        text: { format: 1, content: page.content },
        sort: (i + 1) * 100000,
        ownership: { default: -1 },
        flags: page.flags,
      };
    }),
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}
