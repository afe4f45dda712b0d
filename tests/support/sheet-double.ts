/**
 * Stand-ins for what Tempo's sheets build on, as open v13 systems use it (dnd5e, Draw Steel, Everyday
 * Heroes' `registerSheets`):
 * - `foundry.applications.api.HandlebarsApplicationMixin(Base)` returns a subclass of Base (here: Base);
 * - `foundry.applications.sheets.ActorSheetV2` / `ItemSheetV2`, classes the sheets extend;
 * - `foundry.applications.apps.DocumentSheetConfig.registerSheet(documentClass, scope, sheetClass,
 *   { types, makeDefault, label })`, recorded so a test can read what was registered;
 * - `Actor` and `Item`, the document classes passed to it.
 * The sheets' own logic is tested through src/view/sheets and sheet-commands.ts, not through these.
 */
export interface SheetRegistration {
  readonly documentClass: unknown;
  readonly scope: string;
  readonly sheetClass: unknown;
  readonly options: { readonly types?: readonly string[]; readonly makeDefault?: boolean; readonly label?: string };
}

export class ActorDocumentDouble {
  readonly documentName = "Actor";
}
export class ItemDocumentDouble {
  readonly documentName = "Item";
}

/** What the drop model needs of the sheet's actor and of the dropped item. */
interface DropActor {
  readonly uuid: string;
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<unknown[]>;
}
interface DroppedItem {
  readonly parent: { readonly uuid: string } | null;
  toObject(): object;
}

class SheetDouble {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  static PARTS: Record<string, unknown> = {};
  /** The sheet's document (ActorSheetV2 and ItemSheetV2 expose it as `document`). */
  document: unknown = null;
  /** Whether the viewer may change the document (core: owner, and the sheet not locked). */
  isEditable = true;
  /**
   * The smallest model of ActorSheetV2's default `_onDropItem(event, item)` (Foundry's v13 API page for
   * ActorSheetV2: "Handle a dropped Item on the Actor Sheet"; Draw Steel's and dnd5e's v13 actor sheets
   * extend it rather than replace it): nothing for a viewer who may not edit, a sort (no new item) for an
   * item already on this actor, else one `createEmbeddedDocuments("Item", [item.toObject()])` on the actor.
   */
  async _onDropItem(_event: unknown, item: DroppedItem): Promise<unknown[] | null> {
    const actor = this.document as DropActor;
    if (!this.isEditable || item.parent?.uuid === actor.uuid) return null;
    return actor.createEmbeddedDocuments("Item", [item.toObject()]);
  }
}

/** The `foundry.applications` keys the sheets need, recording registrations into `registered`. */
export function sheetApplications(registered: SheetRegistration[]) {
  return {
    api: { HandlebarsApplicationMixin: <T>(base: T): T => base },
    sheets: {
      ActorSheetV2: class ActorSheetV2 extends SheetDouble {},
      ItemSheetV2: class ItemSheetV2 extends SheetDouble {},
    },
    apps: {
      DocumentSheetConfig: {
        registerSheet: (
          documentClass: unknown,
          scope: string,
          sheetClass: unknown,
          options: SheetRegistration["options"],
        ) => registered.push({ documentClass, scope, sheetClass, options }),
      },
    },
  };
}

/** Defines the `Actor` and `Item` globals; returns their names for the double's uninstall list. */
export function defineDocumentGlobals(define: (name: string, value: unknown) => void): string[] {
  define("Actor", ActorDocumentDouble);
  define("Item", ItemDocumentDouble);
  return ["Actor", "Item"];
}
