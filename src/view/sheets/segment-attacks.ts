/**
 * SEG-16 at the table: a free attack (immediate, as its trigger happens, before it completes) and an
 * immediate attack (the same, using the creature's unspent major action), offered on the sheet's Combat tab,
 * the token HUD and Token Action HUD (actor-combat.ts `combatControlsOf`). The control asks the host for the
 * weapon and the opponent; the engine's segment scheduler (`freeAttack` / `immediateAttack`) decides whether
 * the attack may happen now: the round runs and someone's turn is the trigger, at most one per opponent per
 * round and one per segment, not surprised, not during a complex activity, and for an immediate attack the
 * major action unspent. The control is tried on the state against each opponent the viewer sees, so it is
 * drawn disabled with the engine's reason when it is refused against all of them.
 */
import { err, ok, type HostCommand, type I18nKey, type Message, type Result } from "../../engine/index.ts";
import { segmentTargetChoices } from "../tracker/segment-declare.ts";
import { refusal, trackerControl, type ControlContext } from "../tracker/tracker-controls.ts";
import type { TrackerInput } from "../tracker/tracker-input.ts";
import { ATTACK_CHOICE_LIMITS } from "../chat/attack-options.ts";

/** The action a free or immediate attack control carries (the host asks for the weapon and the opponent). */
export const SEGMENT_ATTACK_ACTION = "segmentAttack";

export type SegmentAttackKind = "freeAttack" | "immediateAttack";

const KINDS: readonly [SegmentAttackKind, I18nKey, string][] = [
  ["freeAttack", "TEMPO.SHEET.SegmentAttack.Free", "fa-solid fa-bolt-lightning"],
  ["immediateAttack", "TEMPO.SHEET.SegmentAttack.Immediate", "fa-solid fa-hand-fist"],
];

const NO_OPPONENT: Message = { key: "TEMPO.SHEET.SegmentAttack.NoOpponent" };

/** SEG-16: the engine command of a free or immediate attack by `combatantId` on `targetId`. */
export function segmentAttackCommand(kind: SegmentAttackKind, combatantId: string, targetId: string): HostCommand {
  return { type: kind, combatantId, targetId };
}

/** The kind a control's carried command names, or null when it is neither. */
export function segmentAttackKindOf(command: { readonly type: string } | null): SegmentAttackKind | null {
  return command?.type === "freeAttack" || command?.type === "immediateAttack" ? command.type : null;
}

/** The engine's refusal that names one opponent only; the control prefers a reason that holds for all. */
const ALREADY_ATTACKED = "TEMPO.ERRORS.Segment.OpponentAlreadyAttacked";

/**
 * Why the attack of `kind` cannot be made now against any opponent the viewer sees (the engine's reason,
 * one that is not about a single opponent where there is one), or null when at least one may be attacked.
 */
export function segmentAttackRefusal(
  input: TrackerInput,
  kind: SegmentAttackKind,
  combatantId: string,
): Message | null {
  let shown: Message | null = null;
  for (const opponent of segmentTargetChoices(input, combatantId)) {
    const why = refusal(input, segmentAttackCommand(kind, combatantId, opponent.id));
    if (why === null) return null;
    if (shown === null || (shown.key === ALREADY_ATTACKED && why.key !== ALREADY_ATTACKED)) shown = why;
  }
  return shown ?? NO_OPPONENT;
}

/** SEG-16: "Free attack…" and "Immediate attack…" for the creature, in a segment combat only. */
export function segmentAttackControls(input: TrackerInput, combatantId: string): ControlContext[] {
  if (input.host.id !== "segment") return [];
  return KINDS.map(([kind, label, icon]) =>
    trackerControl(SEGMENT_ATTACK_ACTION, label, icon, segmentAttackRefusal(input, kind, combatantId), {
      combatantId,
      // Only the kind and the attacker: the host asks for the opponent.
      command: { type: kind, combatantId },
    }),
  );
}

/** What the free-attack form offers: the creature's weapons and the opponents, each by id. */
export interface SegmentAttackChoices {
  readonly weapons: readonly { readonly id: string; readonly name: string }[];
  readonly opponents: readonly { readonly id: string; readonly name: string }[];
}

export interface SegmentAttackAnswer {
  readonly itemId: string;
  readonly targetId: string;
  /** SEG-12: "d20 + modifiers": the situational modifier typed in the form. */
  readonly modifier: number;
}

/** The form's answer read back: a weapon and an opponent it offered, and a whole modifier within the dialog's limit. */
export function segmentAttackFromForm(
  fields: Readonly<Record<string, string>>,
  offered: SegmentAttackChoices,
): Result<SegmentAttackAnswer> {
  const itemId = fields.weapon ?? "";
  const targetId = fields.target ?? "";
  if (!offered.weapons.some((w) => w.id === itemId)) return err("TEMPO.SHEET.SegmentAttack.UnknownWeapon");
  if (!offered.opponents.some((o) => o.id === targetId)) return err("TEMPO.SHEET.SegmentAttack.UnknownOpponent");
  const text = (fields.modifier ?? "").trim();
  const modifier = text === "" ? 0 : Number(text);
  const limit = ATTACK_CHOICE_LIMITS.modifier;
  if (!Number.isInteger(modifier) || Math.abs(modifier) > limit)
    return err("TEMPO.SHEET.SegmentAttack.InvalidModifier", { value: text, limit });
  return ok({ itemId, targetId, modifier });
}

/** The free-attack form's context (templates/combat/segment-attack.hbs), drawn the same in Foundry and the preview. */
export interface SegmentAttackFormContext {
  readonly title: I18nKey;
  readonly weapons: readonly { readonly id: string; readonly name: string; readonly selected: boolean }[];
  readonly opponents: readonly { readonly id: string; readonly name: string; readonly selected: boolean }[];
  readonly modifier: number;
  readonly limit: number;
}

/** The form asking which weapon, at which opponent (`aimed` chosen first) and with what modifier (SEG-12). */
export function buildSegmentAttackForm(
  kind: SegmentAttackKind,
  offered: SegmentAttackChoices,
  aimed: string | null,
): SegmentAttackFormContext {
  const title = KINDS.find(([k]) => k === kind)?.[1] ?? "TEMPO.SHEET.SegmentAttack.Free";
  return {
    title,
    weapons: offered.weapons.map((w, i) => ({ id: w.id, name: w.name, selected: i === 0 })),
    opponents: offered.opponents.map((o) => ({ id: o.id, name: o.name, selected: o.id === aimed })),
    modifier: 0,
    limit: ATTACK_CHOICE_LIMITS.modifier,
  };
}
