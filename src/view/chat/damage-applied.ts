/**
 * What applying a damage card changed, as the card shows it (issue 11): per creature one line for each
 * stored value that moved (hit points, overshield) or "no damage", then the pipeline's notes (DR,
 * overshield, the full-health rule, unconscious or dead) in the order the engine gave them.
 */
import {
  changedHealthFields,
  isDamageStatusList,
  isHealthChange,
  isMessage,
  isShieldChange,
  type DamageStatus,
  type HealthChange,
  type Message,
  type ShieldChange,
} from "../../engine/index.ts";

/** One creature's record on the card: who, its values before and after, and the engine's notes. */
export interface AppliedDamage extends HealthChange {
  readonly actorUuid: string;
  readonly name: string;
  readonly notes: readonly Message[];
  /** The statuses Apply set (damage-statuses.ts), which Undo takes off; absent on older cards. */
  readonly statuses?: readonly DamageStatus[];
  /** OSH-2: the attack's own statuses Apply set, which Undo takes off; absent: none. */
  readonly effects?: readonly string[];
  /** OSH-5: the whole overshield a grant replaced, which Undo puts back; absent or null: none. */
  readonly shield?: ShieldChange | null;
  /** Healing: the damage statuses Apply ended (unconscious, dying), which Undo sets again; absent: none. */
  readonly ended?: readonly DamageStatus[];
}

export interface AppliedLine {
  readonly name: string;
  readonly changes: readonly Message[];
  readonly notes: readonly Message[];
}

/** Whether stored JSON is a well-formed record (a card's `applied` entry). */
export function isAppliedDamage(value: unknown): value is AppliedDamage {
  if (!isHealthChange(value)) return false;
  const v = value as unknown as Record<string, unknown>;
  return (
    typeof v.actorUuid === "string" &&
    typeof v.name === "string" &&
    Array.isArray(v.notes) &&
    v.notes.every(isMessage) &&
    (v.statuses === undefined || isDamageStatusList(v.statuses)) &&
    (v.effects === undefined || (Array.isArray(v.effects) && v.effects.every((e) => typeof e === "string"))) &&
    (v.shield === undefined || v.shield === null || isShieldChange(v.shield)) &&
    (v.ended === undefined || isDamageStatusList(v.ended))
  );
}

/** The well-formed records of a card's `applied` field (anything else reads as nothing applied). */
export function appliedRecords(value: unknown): readonly AppliedDamage[] {
  return Array.isArray(value) ? value.filter(isAppliedDamage) : [];
}

/** The card's lines for what an application changed. */
export function appliedLines(applied: readonly AppliedDamage[]): readonly AppliedLine[] {
  return applied.map((record) => {
    const fields = changedHealthFields(record);
    const changes: Message[] = fields.map((field) => ({
      key: field === "hp" ? "TEMPO.CHAT.Damage.HpChanged" : "TEMPO.CHAT.Damage.ShieldChanged",
      data: { from: record.before[field], to: record.after[field] },
    }));
    const granted = record.shield?.after.effect;
    if (granted !== undefined) changes.push({ key: "TEMPO.CHAT.Damage.ShieldGranted", data: { effect: granted } });
    for (const status of record.effects ?? []) changes.push({ key: "TEMPO.CHAT.Damage.StatusSet", data: { status } });
    for (const status of record.ended ?? []) changes.push({ key: "TEMPO.CHAT.Damage.StatusEnded", data: { status } });
    if (changes.length === 0) changes.push({ key: "TEMPO.CHAT.Damage.NoChange" });
    return { name: record.name, changes, notes: record.notes };
  });
}
