/**
 * Issue 19 item 1: the attack dialog, opened by the sheet's Attack (and the hotbar macro): a DialogV2
 * prompt over templates/dialogs/attack.hbs, rendered with core's renderTemplate as the tracker's prompts
 * are (count-dialogs.ts). What it offers, the odds and the delay are the view's (attack-options.ts,
 * attack-dialog.ts); here the facts are gathered, the form shown and read, and the choices remembered.
 *
 * Keyboard first: every control is a labelled field and the first has `autofocus` (the DialogV2 API's own
 * prompt example gives its input `autofocus`); the prompt's one OK button submits the form, so Enter in a
 * field rolls; Escape closes the dialog, which rejects the prompt (DialogV2WaitOptions#rejectClose, see
 * tests/support/runtime/dialog-v2.ts) and is read here as Cancel: nothing is rolled.
 * While open, a change to any field redraws the odds and delay: a `render` callback listening on the
 * dialog's element, as v13 systems wire their prompts (Draw Steel's advancement creation dialog passes
 * `render: (event, dialog) => …` and listens for "change" on `dialog.element.querySelector(…)`;
 * quasireal-publishing/mythcraft's actor sheet reads `dialog.element` the same way).
 *
 * Remembered per actor on this client: the last choices sit in the client-scoped setting `attackChoices`
 * (actor uuid → choices). Client settings are kept in the browser's own storage and apply to that client
 * only (https://foundryvtt.com/article/settings, "Client Settings"), so remembering writes no document:
 * nothing is sent to the server, and a player of a shared NPC, who may not own the actor, remembers too.
 */
import { dialogWindowOptions } from "../compat/detached-window.ts";
import type { Message, RulesetId, WeaponStats } from "../../engine/index.ts";
import { FEAT_KEYS, primaryModifierOf, type FeatKey, type ExtraSources } from "../../engine/index.ts";
import { oddsVisibleTo, type OddsVisibility } from "../../view/chat/card-common.ts";
import {
  attackChoicesFromForm,
  buildAttackDialog,
  type CleaveArea,
  type TargetOdds,
} from "../../view/chat/attack-dialog.ts";
import {
  attackOptionsFor,
  attackShape,
  settleChoices,
  type AttackChoices,
  type AttackOptions,
} from "../../view/chat/attack-options.ts";
import { planWeaponAttack, type CreatureSnapshot } from "../../view/chat/item-attack.ts";
import { aimFieldsOf, attackAimsFromForm } from "../../view/chat/attack-aims.ts";
import { showNotice } from "../notice.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { sheetItemOf } from "./sheets/sheet-documents.ts";
import { fieldsOf } from "./form-fields.ts";

const TEMPLATE = "systems/tempo/templates/dialogs/attack.hbs";
/** The client setting the last choices are kept in (settings.ts registers it). */
const ATTACK_CHOICES_SETTING = "attackChoices";

/** Everything the dialog reads about one attack. */
export interface AttackRequest {
  readonly actor: Actor.Implementation;
  readonly item: Item.Implementation;
  readonly weapon: WeaponStats;
  readonly ruleset: RulesetId;
  readonly attacker: CreatureSnapshot;
  readonly targets: readonly {
    readonly snapshot: CreatureSnapshot;
    readonly phaseExtra: ExtraSources | null;
    /** STL-3: the target has not seen the attacker (the GM's stealth watch; null: none). */
    readonly unseen?: boolean | null;
  }[];
  /** CNT-6: the count the attack is declared on (a count combat), else null. */
  readonly count: number | null;
  /** ATK-ROT-5: the flankers counted on the scene (the field starts there; the user may change it), or null. */
  readonly flankers?: number | null;
  /** Issue 20: the sheet it was opened from (its detached window on v14), or null. */
  readonly opener?: object | null;
  /**
   * Issue 20 item 4: a cleave's cone as it would be placed (canvas/area-regions.ts `areaPreview`): what the
   * dialog says of it, and the creatures standing in it (a cone), whose odds are shown while Cleave is ticked.
   */
  readonly area?: { readonly shown: CleaveArea; readonly targets: AttackRequest["targets"] } | null;
}

/** The feats the actor has (feat items, FEAT-*). */
function featsOf(actor: Actor.Implementation): Set<FeatKey> {
  const feats = new Set<FeatKey>();
  for (const item of actor.items) {
    const row = sheetItemOf(item);
    if (row?.type === "feat" && FEAT_KEYS.includes(row.stats.feat)) feats.add(row.stats.feat);
  }
  return feats;
}

/** What the ruleset allows for this weapon in this creature's hands. */
export function attackOptionsOf(
  request: Pick<AttackRequest, "actor" | "weapon" | "ruleset" | "attacker">,
): AttackOptions {
  const stats = request.attacker.stats;
  return attackOptionsFor(request.ruleset, request.weapon, {
    primaryModifier: primaryModifierOf(stats),
    ap: stats.ap.max,
    feats: featsOf(request.actor),
  });
}

function remembered(actor: Actor.Implementation): Record<string, unknown> {
  const all: unknown = game.settings.get(SYSTEM_ID, ATTACK_CHOICES_SETTING);
  const mine = typeof all === "object" && all !== null ? (all as Record<string, unknown>)[actor.uuid] : undefined;
  return typeof mine === "object" && mine !== null ? (mine as Record<string, unknown>) : {};
}

/** CNT-7: the actor's last aims as form fields, each only while its target is still one of `targets`. */
function rememberedAims(actor: Actor.Implementation, targets: number): Record<string, string> {
  const aims = remembered(actor).aims;
  if (!Array.isArray(aims)) return {};
  const fields = aimFieldsOf(aims.map((a) => (Number.isInteger(a) && Number(a) >= 0 ? Number(a) : -1)));
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => Number(v) >= 0 && Number(v) < targets));
}

async function remember(actor: Actor.Implementation, choices: AttackChoices, aims: readonly number[] | null) {
  const all: unknown = game.settings.get(SYSTEM_ID, ATTACK_CHOICES_SETTING);
  const kept = typeof all === "object" && all !== null ? (all as Record<string, unknown>) : {};
  // CNT-7: the aims are remembered beside the choices (kept when this attack took none).
  const lastAims = aims ?? remembered(actor).aims ?? null;
  await game.settings.set(SYSTEM_ID, ATTACK_CHOICES_SETTING, {
    ...kept,
    [actor.uuid]: { ...choices, aims: lastAims },
  });
}

/** The exact odds against each target with these choices (the same plan the roll uses). */
function targetOdds(request: AttackRequest, targets: AttackRequest["targets"], choices: AttackChoices): TargetOdds[] {
  const odds: TargetOdds[] = [];
  for (const target of targets) {
    const plan = planWeaponAttack({
      ruleset: request.ruleset,
      attacker: request.attacker,
      target: target.snapshot,
      weapon: { name: request.item.name, stats: request.weapon },
      phaseExtra: target.phaseExtra,
      unseen: target.unseen ?? null,
      situation: choices,
    });
    if (plan.ok)
      odds.push({ name: target.snapshot.name, hit: plan.value.odds.hit, critical: plan.value.odds.critical });
  }
  return odds;
}

/** CNT-7: the answer: the choices, and the target (index into the request's targets) of each attack, or null. */
export interface AttackAnswer {
  readonly choices: AttackChoices;
  readonly aims: readonly number[] | null;
}

/** The aims a form gives with these choices (a form that names no target: the defaults). */
function aimsOf(
  request: AttackRequest,
  options: AttackOptions,
  choices: AttackChoices,
  fields: Record<string, string>,
): readonly number[] | null {
  const targets = request.targets.length;
  const aims = attackAimsFromForm(options, choices, targets, fields);
  if (aims.ok) return aims.value;
  const plain = attackAimsFromForm(options, choices, targets, {});
  return plain.ok ? plain.value : null;
}

async function render(
  request: AttackRequest,
  options: AttackOptions,
  choices: AttackChoices,
  fields: Record<string, string> = {},
): Promise<string> {
  const setting = game.settings.get(SYSTEM_ID, "odds") as OddsVisibility;
  // FEAT-CLEAVE: while Cleave is ticked and a cone will be placed, its creatures are the targets.
  const area = choices.cleave ? (request.area ?? null) : null;
  const targets = area?.shown.kind === "cone" ? area.targets : request.targets;
  const context = buildAttackDialog({
    actor: request.actor.name,
    weapon: request.item.name,
    options,
    choices,
    shape: attackShape(options, request.weapon, choices),
    targets: targetOdds(request, targets, choices),
    count: request.count,
    showOdds: oddsVisibleTo(setting, game.user.isGM),
    area: area?.shown ?? null,
    aim: { targets: request.targets.map((t) => t.snapshot.name), aims: aimsOf(request, options, choices, fields) },
  });
  return foundry.applications.handlebars.renderTemplate(TEMPLATE, { ...context });
}

/** Redraws the preview from the form as it stands (a field that cannot be read leaves it as it was). */
async function redrawPreview(root: HTMLElement, request: AttackRequest, options: AttackOptions): Promise<void> {
  const form = root instanceof HTMLFormElement ? root : root.querySelector("form");
  const preview = root.querySelector("[data-attack-preview]");
  if (form === null || preview === null) return;
  const fields = fieldsOf(form);
  const choices = attackChoicesFromForm(options, fields);
  if (!choices.ok) return;
  const holder = document.createElement("template");
  holder.innerHTML = await render(request, options, choices.value, fields);
  const fresh = holder.content.querySelector("[data-attack-preview]");
  if (fresh !== null) preview.innerHTML = fresh.innerHTML;
  // CNT-7: one "Attack k at" per attack chosen: redrawn only when the number changes (focus stays put).
  const aims = root.querySelector("[data-attack-aims]");
  const freshAims = holder.content.querySelector("[data-attack-aims]");
  const selects = (el: Element) => el.querySelectorAll("select").length;
  if (aims !== null && freshAims !== null && selects(aims) !== selects(freshAims)) aims.innerHTML = freshAims.innerHTML;
}

function answerFields(answer: unknown): Record<string, string> | null {
  if (typeof answer !== "object" || answer === null) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(answer)) if (typeof value === "string") fields[key] = value;
  return fields;
}

/**
 * Asks how to attack; the settled choices, or null when the user cancels (Escape, closing) or the form
 * cannot be read (then a notice says why). The choices are remembered for the actor.
 */
export async function askAttackChoices(request: AttackRequest): Promise<AttackAnswer | null> {
  const options = attackOptionsOf(request);
  const measured = request.flankers ?? null;
  const start = settleChoices(options, {
    ...remembered(request.actor),
    ...(measured === null ? {} : { flankers: measured }),
  });
  const content = await render(request, options, start, rememberedAims(request.actor, request.targets.length));
  const answer: unknown = await foundry.applications.api.DialogV2.prompt({
    ...dialogWindowOptions(request.opener ?? null),
    window: { title: "TEMPO.ATTACK.Dialog.Title" },
    content,
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const redraw = () => void redrawPreview(dialog.element, request, options);
      dialog.element.addEventListener("change", redraw);
      dialog.element.addEventListener("input", redraw);
    },
    ok: {
      label: "TEMPO.ATTACK.Dialog.Submit",
      callback: (_event: Event, button: HTMLButtonElement) => (button.form === null ? null : fieldsOf(button.form)),
    },
  }).catch(() => null);
  const fields = answerFields(answer);
  if (fields === null) return null;
  const choices = attackChoicesFromForm(options, fields);
  if (!choices.ok) {
    showNotice(choices.error satisfies Message);
    return null;
  }
  const aims = attackAimsFromForm(options, choices.value, request.targets.length, fields);
  if (!aims.ok) {
    showNotice(aims.error);
    return null;
  }
  await remember(request.actor, choices.value, aims.value);
  return { choices: choices.value, aims: aims.value };
}
