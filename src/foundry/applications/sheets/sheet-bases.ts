/**
 * The mixed sheet bases, cast ONCE here: a class extending HandlebarsApplicationMixin(ActorSheetV2) (or
 * ItemSheetV2) with an instance member makes tsc run for minutes and fail with TS2589, so the sheets
 * extend the plain sheet type and declare their PARTS themselves. At run time the classes are the mixed
 * ones (Handlebars parts, as dnd5e's and Draw Steel's v13 sheets use them).
 */
const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

export const TempoActorSheetBase = HandlebarsApplicationMixin(ActorSheetV2) as unknown as typeof ActorSheetV2;
export const TempoItemSheetBase = HandlebarsApplicationMixin(ItemSheetV2) as unknown as typeof ItemSheetV2;

/** One Handlebars part of a sheet (the mixin's part shape). */
export interface SheetPart {
  readonly template: string;
  readonly templates?: string[];
  readonly scrollable?: string[];
}

export const SHEET_TEMPLATES = "systems/tempo/templates/sheets";
export const CONTROL_TEMPLATE = "systems/tempo/templates/combat/control.hbs";
