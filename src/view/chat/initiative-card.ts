/**
 * The initiative summary card: the engine's dice requests of one batch, each with who rolled, why
 * (the request's reason key), the formula and the total (src/foundry/combat/roll-requests.ts posts it).
 */
import type { I18nKey } from "../../engine/index.ts";

export interface InitiativeCardLine {
  readonly name: string;
  readonly reason: I18nKey;
  readonly formula: string;
  readonly total: number;
}

export interface InitiativeCardInput {
  readonly lines: readonly InitiativeCardLine[];
  /** Whispered to the GMs (hidden and NPC combatants). */
  readonly private: boolean;
}

export interface InitiativeCardContext {
  readonly lines: readonly InitiativeCardLine[];
  readonly private: boolean;
  readonly count: number;
}

/** Builds the summary card's context; lines keep the order the requests were rolled in. */
export function buildInitiativeCard(input: InitiativeCardInput): InitiativeCardContext {
  const lines = Array.isArray(input.lines) ? input.lines : [];
  return { lines, private: input.private === true, count: lines.length };
}
