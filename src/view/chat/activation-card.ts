/**
 * PHS-7 (issue 19): the chat card of an Activate Item used from the sheet (engine items/battle-use.ts): who
 * activated which item, the charges it keeps where it has any, and, once undone, that it was taken back (the
 * charge given back). Lines as engine Messages naming the creature by id (`id`), as every Tempo sentence
 * does (view/i18n/creature-names.ts); the Foundry layer localizes them, each page as its user may know the
 * creature (issue 18: a hidden creature's card holds no name).
 */
import type { Message } from "../../engine/index.ts";

export interface ActivationCardInput {
  /** The creature that activated it: its combatant's id, or the id of the token hiding it. */
  readonly id: string;
  readonly item: string;
  /** The charges it keeps after this activation and its maximum; null for an item without charges. */
  readonly charges: { readonly left: number; readonly max: number } | null;
  /** The activation was undone (undo of its step). */
  readonly undone: boolean;
}

/** The card's lines, in order: the title, the charges (where the item has any), the undo note. */
export function activationCardLines(input: ActivationCardInput): readonly Message[] {
  const lines: Message[] = [{ key: "TEMPO.CHAT.Activation.Title", data: { id: input.id, item: input.item } }];
  if (input.charges !== null)
    lines.push({ key: "TEMPO.CHAT.Activation.Charges", data: { left: input.charges.left, max: input.charges.max } });
  if (input.undone)
    lines.push({ key: input.charges === null ? "TEMPO.CHAT.Activation.Undone" : "TEMPO.CHAT.Activation.UndoneCharge" });
  return lines;
}

/**
 * Issue 18: who an activation card goes to: the GMs alone while its creature is hidden from players (the
 * card names the creature and what it used), else everyone, as any other card about a creature
 * (roll-audience.ts `targetCardAudience`).
 */
export function activationAudience(creatureHidden: boolean): { readonly gmOnly: boolean } {
  return { gmOnly: creatureHidden };
}
