/**
 * CNT-6 … CNT-8, FEAT-CHARGED: declaring an action on the count track from the tracker. The row's
 * "Declare…" control opens the declare form (templates/combat/count-declare.hbs: a DialogV2 in Foundry, a
 * dialog element in the preview); the form is read back with `countDeclarationFromForm`, checked by the
 * engine's own `checkCountAction`, and given as the engine's `declare` command, which checks the rest (whose
 * turn it is, the action already spent).
 */
import {
  WEAPON_PROPERTIES,
  checkCountAction,
  err,
  ok,
  type CountActionInput,
  type CountDeclaredKind,
  type HostCommand,
  type I18nKey,
  type Message,
  type Result,
  type WeaponProperty,
} from "../../engine/index.ts";
import { refusal, trackerControl, type ControlContext } from "./tracker-controls.ts";
import { visibleTo, type TrackerInput } from "./tracker-input.ts";

/** The action a declare control carries (the host opens the form for it). */
export const COUNT_DECLARE_ACTION = "countDeclare";

const KINDS: readonly CountDeclaredKind[] = ["attack", "charged", "spell", "other"];

const KIND_LABELS: Readonly<Record<CountDeclaredKind, I18nKey>> = {
  attack: "TEMPO.TRACKER.Count.Declare.Kind.Attack",
  charged: "TEMPO.TRACKER.Count.Declare.Kind.Charged",
  spell: "TEMPO.TRACKER.Count.Declare.Kind.Spell",
  other: "TEMPO.TRACKER.Count.Declare.Kind.Other",
};

const PROPERTY_LABELS: Readonly<Record<WeaponProperty, I18nKey>> = {
  heavy: "TEMPO.TRACKER.Count.Declare.Property.Heavy",
  great: "TEMPO.TRACKER.Count.Declare.Property.Great",
  thrown: "TEMPO.TRACKER.Count.Declare.Property.Thrown",
  versatile: "TEMPO.TRACKER.Count.Declare.Property.Versatile",
  reach: "TEMPO.TRACKER.Count.Declare.Property.Reach",
  light: "TEMPO.TRACKER.Count.Declare.Property.Light",
};

/** A creature the form may name as a target. */
export interface CountTargetChoice {
  readonly id: string;
  readonly name: string;
}

/** Issue 19: a weapon or spell of the creature's that the form offers to declare with (its item id). */
export interface CountItemChoice {
  readonly id: string;
  readonly name: string;
  readonly use: "weapon" | "spell";
}

/** One choice of the form's Action field: one of the creature's items, or an action declared by hand. */
export interface CountKindChoice {
  readonly value: string;
  readonly label: Message;
  /** The choice uses an item (the form then shows only the target). */
  readonly item: boolean;
}

/** The Action field's value of an item choice (`item:<id>`). */
const ITEM_PREFIX = "item:";

export interface CountDeclareFormContext {
  readonly combatantId: string;
  readonly name: string;
  readonly kinds: readonly CountKindChoice[];
  readonly properties: readonly { readonly value: WeaponProperty; readonly label: Message }[];
  readonly targets: readonly CountTargetChoice[];
}

/** The row's "Declare…" control, refused with the engine's own reason when the creature cannot declare now. */
export function countDeclareControl(input: TrackerInput, combatantId: string): ControlContext {
  // An action with no delay is the simplest declaration: the engine's refusal of it is why none can be made.
  const probe: HostCommand = { type: "declare", combatantId, action: { kind: "other", delay: 0 } };
  return trackerControl(
    COUNT_DECLARE_ACTION,
    "TEMPO.TRACKER.Control.Declare",
    "fa-solid fa-scroll",
    refusal(input, probe),
    {
      combatantId,
    },
  );
}

/** The creatures this viewer may name as targets (hidden ones only for the GM), the actor left out. */
export function countTargetChoices(input: TrackerInput, combatantId: string): CountTargetChoice[] {
  return input.combatants
    .filter((c) => c.id !== combatantId && !input.host.defeated(input.state, c.id) && visibleTo(input, c))
    .map((c) => ({ id: c.id, name: c.name }));
}

/**
 * The kinds declared by hand next to a creature's items. Issue 19: a creature with a weapon declares its
 * attacks with it (the attack dialog then asks for the attacks, a charge, the hands …, and its pending card
 * rolls it), one with a spell casts it; an attack or a spell by hand, which nothing rolls when it lands, is
 * left for a creature with no such item. Any other action (CNT-6: a known delay, no roll) is always there.
 */
function handKinds(items: readonly CountItemChoice[]): CountDeclaredKind[] {
  const weapon = items.some((i) => i.use === "weapon");
  const spell = items.some((i) => i.use === "spell");
  return KINDS.filter((k) => (k === "spell" ? !spell : k === "other" || !weapon));
}

const ITEM_LABELS: Readonly<Record<CountItemChoice["use"], I18nKey>> = {
  weapon: "TEMPO.TRACKER.Count.Declare.Kind.Weapon",
  spell: "TEMPO.TRACKER.Count.Declare.Kind.Cast",
};

/** The declare form for a creature; `items`: the weapons and spells it may declare with (first in the list). */
export function buildCountDeclareForm(
  combatantId: string,
  name: string,
  targets: readonly CountTargetChoice[],
  items: readonly CountItemChoice[] = [],
): CountDeclareFormContext {
  const withItems = items.map((i) => ({
    value: `${ITEM_PREFIX}${i.id}`,
    label: { key: ITEM_LABELS[i.use], data: { name: i.name } },
    item: true,
  }));
  const byHand = handKinds(items).map((value) => ({ value, label: { key: KIND_LABELS[value] }, item: false }));
  return {
    combatantId,
    name,
    kinds: [...withItems, ...byHand],
    properties: WEAPON_PROPERTIES.map((value) => ({ value, label: { key: PROPERTY_LABELS[value] } })),
    targets,
  };
}

/** The item a submitted form declares with (its id), or null when the action is declared by hand. */
export function countItemFromForm(fields: CountFormFields): string | null {
  const kind = fields.kind ?? "";
  return kind.startsWith(ITEM_PREFIX) && kind.length > ITEM_PREFIX.length ? kind.slice(ITEM_PREFIX.length) : null;
}

/** The creature a submitted form names as the target (its combatant id), or null. */
export function countTargetFromForm(fields: CountFormFields): string | null {
  return fields.target === undefined || fields.target === "" ? null : fields.target;
}

/** A whole number typed in a field; NaN for anything else (the engine then says which value is wrong). */
export function wholeNumber(text: string | undefined): number {
  const trimmed = (text ?? "").trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The fields a submitted form gives, as FormData has them (a ticked checkbox is present). */
export type CountFormFields = Readonly<Record<string, string>>;

function actionOf(fields: CountFormFields): Result<CountActionInput> {
  const target = countTargetFromForm(fields);
  const properties = WEAPON_PROPERTIES.filter((p) => fields[`property.${p}`] !== undefined);
  switch (KINDS.find((k) => k === fields.kind)) {
    case "attack": {
      const attacks = wholeNumber(fields.attacks);
      if (!Number.isInteger(attacks) || attacks < 1 || attacks > 20) return err("TEMPO.ERRORS.Count.InvalidAttacks");
      return ok({ kind: "attack", properties, targets: Array.from({ length: attacks }, () => target) });
    }
    case "charged":
      return ok({ kind: "charged", properties, modifier: wholeNumber(fields.modifier), target });
    case "spell":
      return ok({
        kind: "spell",
        slotLevel: wholeNumber(fields.slotLevel),
        targets: target === null ? [] : [target],
        origin: null,
      });
    case "other":
      return ok({ kind: "other", delay: wholeNumber(fields.delay) });
    default:
      return err("TEMPO.ERRORS.Count.InvalidAction");
  }
}

/**
 * The `declare` command a submitted form says, checked by the engine's own rules for a declaration (CNT-7,
 * CNT-8, FEAT-CHARGED); bad input is the engine's typed error and nothing is given.
 */
export function countDeclarationFromForm(combatantId: string, fields: CountFormFields): Result<HostCommand> {
  const action = actionOf(fields);
  if (!action.ok) return action;
  const checked = checkCountAction(action.value);
  if (!checked.ok) return checked;
  return ok({ type: "declare", combatantId, action: action.value });
}
