/**
 * The preview's damage card does what Apply and Undo do in Foundry (issue 22: "the preview shows a damage
 * card after Apply with its Undo"). Apply plans the card's damage on a sample creature with the engine, as
 * src/foundry/chat/apply-damage.ts does (`planActorDamage`), and records on the card what changed; Undo gives
 * back what that application changed (`undoHealth`). The creature is the sample NPC with the card's DR, so the
 * amount dealt is the one the Apply button names.
 */
import {
  DEFAULT_DAMAGE_KINDS,
  err,
  ok,
  planActorDamage,
  storedHealthOf,
  undoHealth,
  type ActorStats,
  type Result,
} from "../engine/index.ts";
import type { DamageCardInput } from "../view/chat/damage-card.ts";
import { SAMPLE_NPC_STATS } from "./sample-sheets.ts";

export interface DamageSample {
  readonly input: DamageCardInput;
  readonly target: ActorStats;
}

/** A damage card and the creature it hits, whole and not yet applied. */
export function damageSample(input: DamageCardInput): DamageSample {
  return { input: { ...input, applied: null }, target: { ...SAMPLE_NPC_STATS, dr: input.dr } };
}

/** The card and creature after its button `action` ("apply" or "undo"); an engine refusal otherwise. */
export function actOnDamageSample(sample: DamageSample, action: string): Result<DamageSample> {
  const { input, target } = sample;
  if (action === "apply") {
    const settings = { drMode: input.drMode, kinds: DEFAULT_DAMAGE_KINDS };
    const plan = planActorDamage(target, { swings: input.swings, kind: input.kind }, settings);
    if (!plan.ok) return plan;
    const { before, after, outcome, statuses } = plan.value;
    const record = { actorUuid: "Actor.preview", name: input.target, before, after, notes: outcome.steps, statuses };
    return ok({
      input: { ...input, applied: [record] },
      target: {
        ...target,
        hp: { ...target.hp, value: after.hp },
        overshield: { ...target.overshield, value: after.overshield },
      },
    });
  }
  if (action === "undo") {
    const record = input.applied?.[0];
    if (record === undefined) return err("TEMPO.CHAT.Damage.NothingToUndo");
    const restore = undoHealth(storedHealthOf(target), record);
    if (!restore.ok) return restore;
    const hp = restore.value.hp ?? target.hp.value;
    const shield = restore.value.overshield ?? target.overshield.value;
    return ok({
      input: { ...input, applied: null },
      target: { ...target, hp: { ...target.hp, value: hp }, overshield: { ...target.overshield, value: shield } },
    });
  }
  return err("TEMPO.CHAT.Errors.UnknownAction", { action });
}
