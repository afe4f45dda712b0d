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

class SheetDouble {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  static PARTS: Record<string, unknown> = {};
  /** The sheet's document (ActorSheetV2 and ItemSheetV2 expose it as `document`). */
  document: unknown = null;
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
