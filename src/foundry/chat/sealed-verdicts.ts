/**
 * Issue 18 (item 4): the GM's verdict on a player's sealed attack card (sealed-cards.ts), an attack on a
 * creature hidden from players. The player's client does not judge it (the card holds none of the
 * creature's defence), so it rolls the damage whatever the dice, and the GM's client decides, from the
 * card's dice and the creature's defence as the rules read it (engine/trust/attack-verdict.ts), whether
 * it hit and whether it is a critical. The first verdict is remembered in the GM's browser
 * (gm-kept-records.ts), keyed by the attack message's id, so a later change of the creature's defence does
 * not change what the card did. None of it reaches players.
 */
import { attackVerdict, isRotationCriticalHit } from "../../engine/index.ts";
import type { AttackCardInput } from "../../view/chat/attack-card.ts";
import { gmKeptRecords } from "./gm-kept-records.ts";
import { cardModelOf } from "../data/chat/chat-card-model.ts";
import { isSealed, unsealedAttackOrNull } from "./sealed-cards.ts";

export interface SealedVerdict {
  readonly hit: boolean;
  readonly critical: boolean;
  /** The attack card's scheme ("rotation": ATK-ROT-4's critical bonus applies). */
  readonly scheme: string;
}

function isVerdict(value: unknown): value is SealedVerdict {
  return typeof value === "object" && value !== null && typeof (value as SealedVerdict).hit === "boolean";
}

/** The verdicts this GM's browser keeps. */
const verdicts = gmKeptRecords("sealedVerdicts", "verdicts", isVerdict);

/**
 * The verdict on the sealed attack card `id`, on a GM's client: remembered, else decided now and
 * remembered; null when this is no GM's client, no sealed attack card, or its creature is gone.
 */
export function sealedVerdictOf(id: string): SealedVerdict | null {
  if (!game.user.isGM) return null;
  const message = game.messages.get(id);
  const model = message === undefined ? null : cardModelOf(message);
  if (model?.card.type !== "attack" || !isSealed(model.input)) return null;
  const kept = verdicts.get(id);
  if (kept !== undefined) return kept;
  try {
    // A player's card: its resolution may be anything (a forged one need not be an object).
    const input = unsealedAttackOrNull(model.input as unknown as AttackCardInput);
    if (input === null) return null;
    // The engine judges the card's dice against the creature's defence (engine/trust/attack-verdict.ts).
    const judged = attackVerdict(input.resolution);
    const verdict = {
      hit: judged.ok && judged.value.hit,
      critical: isRotationCriticalHit(input.resolution),
      scheme: input.resolution.scheme,
    };
    verdicts.set(id, verdict);
    return verdict;
  } catch {
    return null;
  }
}

/** Whether a damage card follows a sealed attack the GM's side found a miss (a GM's page only). */
export function followsSealedMiss(input: unknown): boolean {
  const id =
    typeof input === "object" && input !== null ? (input as { sealedAttackId?: unknown }).sealedAttackId : null;
  return typeof id === "string" && sealedVerdictOf(id)?.hit === false;
}
