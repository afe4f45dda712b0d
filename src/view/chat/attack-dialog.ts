/**
 * Issue 19 item 1: the attack dialog's form (templates/chat/attack-dialog.hbs) and its reading. The form
 * offers exactly the options `attackOptionsFor` allows, filled with the settled choices, and shows before
 * anything is rolled the exact odds against each target (the engine's odds functions, via the attack plan)
 * and, on the count track, the delay and the counts the attacks land on (CNT-7, CNT-9, FEAT-CHARGED).
 */
import { countResolution, err, ok, type I18nKey, type Message, type Result } from "../../engine/index.ts";
import { percentText } from "./card-common.ts";
import {
  ATTACK_CHOICE_LIMITS,
  settleChoices,
  targetSwings,
  type AttackChoices,
  type AttackOptions,
  type AttackShape,
} from "./attack-options.ts";
import { aimLines, attackAimFields, type AimField } from "./attack-aims.ts";

/** One labelled control of the form; the first one is focused when the dialog opens. */
export interface AttackField {
  readonly name: keyof AttackChoices;
  readonly label: Message;
  readonly kind: "number" | "checkbox" | "select";
  readonly value: string;
  readonly checked: boolean;
  readonly min: number | null;
  readonly max: number | null;
  readonly choices: readonly { readonly value: string; readonly label: Message; readonly selected: boolean }[];
  readonly autofocus: boolean;
  /** The template's switches (no comparison helper in the preview's Handlebars host). */
  readonly isCheckbox: boolean;
  readonly isSelect: boolean;
}

/** One target's exact odds before the roll. */
export interface TargetOdds {
  readonly name: string;
  readonly hit: number;
  readonly critical: number;
}

/**
 * FEAT-CLEAVE, issue 20 item 4: where a cleave's targets come from when its cone is placed as a Region
 * (src/foundry/canvas/area-regions.ts): the creatures standing in the cone aimed at `aim` (then the
 * input's `targets` are those creatures); the engine's reason no cone can be laid; or "unplaced": no GM
 * is connected to place it, so the user's own targets are rolled against. Null: no cone is placed (no
 * scene drawn …), the user's targets.
 */
export type CleaveArea =
  | { readonly kind: "cone"; readonly aim: string }
  | { readonly kind: "refused"; readonly reason: Message }
  | { readonly kind: "unplaced" };

export interface AttackDialogInput {
  readonly actor: string;
  readonly weapon: string;
  readonly options: AttackOptions;
  readonly choices: AttackChoices;
  readonly shape: AttackShape;
  /** The exact odds per target (empty: no target chosen yet). */
  readonly targets: readonly TargetOdds[];
  /** CNT-6: the count the attack is declared on, in a count combat; null elsewhere. */
  readonly count: number | null;
  /** Whether the odds may be shown to this user (setting `tempo.odds`). */
  readonly showOdds: boolean;
  /** Where a cleave's targets come from (absent or null: the user's targets). */
  readonly area?: CleaveArea | null;
  /** CNT-7: the user's targets by name and the target each attack is aimed at (attack-aims.ts), or null. */
  readonly aim?: { readonly targets: readonly string[]; readonly aims: readonly number[] | null } | null;
}

export interface AttackDialogContext {
  readonly legend: Message;
  readonly fields: readonly AttackField[];
  /** CNT-7: one "Attack k at" select per attack (empty where no aim is offered). */
  readonly aims: readonly AimField[];
  readonly preview: readonly Message[];
}

type FieldSpec = Omit<
  AttackField,
  "value" | "checked" | "min" | "max" | "choices" | "autofocus" | "isCheckbox" | "isSelect"
> &
  Partial<Pick<AttackField, "value" | "checked" | "min" | "max" | "choices">>;

const label = (key: I18nKey, data?: Message["data"]): Message => (data === undefined ? { key } : { key, data });

function numberField(name: keyof AttackChoices, key: I18nKey, value: number, min: number, max: number): FieldSpec {
  return { name, label: label(key), kind: "number", value: String(value), min, max };
}

function checkbox(name: keyof AttackChoices, key: I18nKey, checked: boolean, data?: Message["data"]): FieldSpec {
  return { name, label: label(key, data), kind: "checkbox", checked };
}

function handsField(options: AttackOptions, choices: AttackChoices): FieldSpec | null {
  const two = options.twoHands;
  if (two === null) return null;
  const pick = (value: string, key: I18nKey, dice: string, selected: boolean) => ({
    value,
    label: label(key, { damage: dice }),
    selected,
  });
  const choicesList = [
    pick("one", "TEMPO.ATTACK.Dialog.OneHand", options.base.damage, !choices.twoHanded),
    pick("two", "TEMPO.ATTACK.Dialog.TwoHands", two.damage, choices.twoHanded),
  ];
  return { name: "twoHanded", label: label("TEMPO.ATTACK.Dialog.Hands"), kind: "select", choices: choicesList };
}

/** FEAT-CHARGED: labelled with the dice and delay of the hands chosen (one hand where both are allowed). */
function chargeField(options: AttackOptions, c: AttackChoices): FieldSpec | null {
  const charge = options.charge;
  if (charge === null) return null;
  const shown = (c.twoHanded ? charge.twoHanded : charge.oneHanded) ?? charge.oneHanded ?? charge.twoHanded;
  if (shown === null) return null;
  return checkbox("charged", "TEMPO.ATTACK.Dialog.Charge", c.charged, { damage: shown.damage, delay: shown.delay });
}

function fieldSpecs(options: AttackOptions, c: AttackChoices): FieldSpec[] {
  const specs: (FieldSpec | null)[] = [
    options.attacks === null
      ? null
      : numberField("attacks", "TEMPO.ATTACK.Dialog.Attacks", c.attacks, 1, options.attacks.max),
    handsField(options, c),
    chargeField(options, c),
    options.cleave === null ? null : checkbox("cleave", "TEMPO.ATTACK.Dialog.Cleave", c.cleave),
    options.swings === null
      ? null
      : numberField("swings", "TEMPO.ATTACK.Dialog.Swings", c.swings ?? options.swings.max, 1, options.swings.max),
    options.flanking
      ? numberField("flankers", "TEMPO.ATTACK.Dialog.Flankers", c.flankers, 1, ATTACK_CHOICE_LIMITS.flankers)
      : null,
    numberField(
      "modifier",
      "TEMPO.ATTACK.Dialog.Modifier",
      c.modifier,
      -ATTACK_CHOICE_LIMITS.modifier,
      ATTACK_CHOICE_LIMITS.modifier,
    ),
    options.sources
      ? numberField("advantage", "TEMPO.ATTACK.Dialog.Advantage", c.advantage, 0, ATTACK_CHOICE_LIMITS.sources)
      : null,
    options.sources
      ? numberField("disadvantage", "TEMPO.ATTACK.Dialog.Disadvantage", c.disadvantage, 0, ATTACK_CHOICE_LIMITS.sources)
      : null,
    options.multipliers?.backstabMax == null
      ? null
      : numberField("backstab", "TEMPO.ATTACK.Dialog.Backstab", c.backstab, 1, options.multipliers.backstabMax),
    options.multipliers?.setVsCharge == null
      ? null
      : checkbox("setVsCharge", "TEMPO.ATTACK.Dialog.SetVsCharge", c.setVsCharge, {
          multiplier: options.multipliers.setVsCharge,
        }),
  ];
  return specs.filter((s): s is FieldSpec => s !== null);
}

/** CNT-9: where each attack lands from `count` ("count 3 of the next round" past 19). */
function landing(count: number, delays: readonly number[]): Message {
  const counts = delays.map((delay) => {
    const at = countResolution(0, count, delay);
    return at.round === 0 ? String(at.count) : `${String(at.count)}*`;
  });
  const late = counts.some((c) => c.endsWith("*"));
  return label(late ? "TEMPO.ATTACK.Dialog.LandsNextRound" : "TEMPO.ATTACK.Dialog.Lands", {
    count,
    counts: counts.join(", "),
  });
}

/** FEAT-CLEAVE: what one roll is against: the creatures in the placed cone, or the user's targets. */
function cleaveLine(area: CleaveArea | null, targets: number): Message {
  if (area === null) return label("TEMPO.ATTACK.Dialog.CleaveOneRoll", { targets });
  if (area.kind === "refused") return area.reason;
  if (area.kind === "unplaced") return label("TEMPO.ATTACK.Dialog.CleaveNoGm", { targets });
  if (targets === 0) return label("TEMPO.ATTACK.Dialog.CleaveConeEmpty", { aim: area.aim });
  return label("TEMPO.ATTACK.Dialog.CleaveCone", { aim: area.aim, targets });
}

function previewLines(input: AttackDialogInput): Message[] {
  const { options, choices, shape } = input;
  const lines: Message[] = [];
  const swings = choices.swings ?? 1;
  lines.push(
    swings > 1
      ? label("TEMPO.ATTACK.Dialog.DamageSwings", { damage: shape.damage, swings })
      : label("TEMPO.ATTACK.Dialog.Damage", { damage: shape.damage }),
  );
  if (shape.multiplier > 1) lines.push(label("TEMPO.ATTACK.Dialog.Multiplied", { multiplier: shape.multiplier }));
  // AP-1: one Full action's swings are shared by its targets (engine shareSwings).
  const shares = input.targets.length > 1 ? targetSwings(choices, input.targets.length) : null;
  if (shares !== null && !shares.ok) lines.push(shares.error);
  else if (shares?.value != null)
    lines.push(label("TEMPO.ATTACK.Dialog.SwingsShared", { swings, shares: shares.value.join(", ") }));
  if (options.ruleset === "count") {
    lines.push(label("TEMPO.ATTACK.Dialog.Delay", { delay: shape.delay, attacks: shape.delays.length }));
    if (input.count !== null) lines.push(landing(input.count, shape.delays));
  }
  const area = choices.cleave ? (input.area ?? null) : null;
  if (choices.cleave) lines.push(cleaveLine(area, input.targets.length));
  else if (input.aim) lines.push(...aimLines(input.aim.aims, input.aim.targets));
  if (input.targets.length === 0 && area === null) lines.push(label("TEMPO.ATTACK.Dialog.NoTargets"));
  else if (input.showOdds)
    for (const t of input.targets)
      lines.push(
        t.critical > 0
          ? label("TEMPO.ATTACK.Dialog.OddsCritical", {
              name: t.name,
              percent: percentText(t.hit),
              critical: percentText(t.critical),
            })
          : label("TEMPO.ATTACK.Dialog.Odds", { name: t.name, percent: percentText(t.hit) }),
      );
  return lines;
}

/** The dialog's context: its fields (the first focused) and what the roll will be. */
export function buildAttackDialog(input: AttackDialogInput): AttackDialogContext {
  const fields = fieldSpecs(input.options, input.choices).map((spec, i): AttackField => ({
    value: "",
    checked: false,
    min: null,
    max: null,
    choices: [],
    ...spec,
    autofocus: i === 0,
    isCheckbox: spec.kind === "checkbox",
    isSelect: spec.kind === "select",
  }));
  return {
    legend: label("TEMPO.ATTACK.Dialog.Legend", { actor: input.actor, weapon: input.weapon }),
    fields,
    aims: input.aim ? attackAimFields(input.options, input.choices, input.aim.targets, input.aim.aims) : [],
    preview: previewLines(input),
  };
}

/** A whole number typed in a field, or null for anything else. */
function typedWhole(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim();
  return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

const NUMBER_FIELDS = ["attacks", "swings", "flankers", "modifier", "advantage", "disadvantage", "backstab"] as const;

/**
 * The choices a submitted form gives (FormData: a ticked checkbox is present). A number field that is not a
 * whole number in its range is refused with its name, so nothing is rolled on a typo.
 */
export function attackChoicesFromForm(
  options: AttackOptions,
  fields: Readonly<Record<string, string>>,
): Result<AttackChoices> {
  const wanted: Partial<Record<keyof AttackChoices, unknown>> = {
    charged: fields.charged !== undefined,
    cleave: fields.cleave !== undefined,
    twoHanded: fields.twoHanded === "two",
    setVsCharge: fields.setVsCharge !== undefined,
  };
  for (const name of NUMBER_FIELDS) {
    if (fields[name] === undefined) continue;
    const value = typedWhole(fields[name]);
    if (value === null) return err("TEMPO.ATTACK.Dialog.NotWhole", { value: fields[name] ?? "" });
    wanted[name] = value;
  }
  const settled = settleChoices(options, wanted);
  // A charge or a cleave is one attack whatever the count field says (attack-options.ts).
  const ignored = settled.charged || settled.cleave ? ["attacks"] : [];
  for (const name of NUMBER_FIELDS)
    if (wanted[name] !== undefined && wanted[name] !== settled[name] && !ignored.includes(name))
      return err("TEMPO.ATTACK.Dialog.OutOfRange", { value: fields[name] ?? "" });
  return ok(settled);
}
