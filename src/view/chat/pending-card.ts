/**
 * The pending-resolution card (issue 11): a delayed action came due — an attack or spell on the count
 * track (CNT-6, CNT-9) or a spell's casting time in segment rounds (SEG-5) — and its owner is asked to
 * resolve it. The card names the action as the tracker does and links to the tracker row.
 */
import type { Message } from "../../engine/index.ts";
import type { CardButton, CardViewer } from "./card-common.ts";

export interface PendingCardInput {
  readonly combatId: string;
  readonly combatantId: string;
  readonly name: string;
  /** The tracker entry's key (`data-key` of its row), for "show in tracker". */
  readonly entryKey: string;
  /** The tracker's own description of the action (countPendingDetail, the segment part's label). */
  readonly detail: Message;
  /** Where it landed: the tracker's position label ("Count 7", "Segment 3"). */
  readonly position: Message;
  /** The rule that delayed it, for the card's title ("CNT-6", "SEG-5"). */
  readonly rule: string;
  readonly resolved: boolean;
  /** The card's own title (an opportunity attack, PHS-6, ROT-10); default: a delayed action is due. */
  readonly title?: Message;
}

export interface PendingCardContext {
  readonly title: Message;
  readonly name: string;
  readonly detail: Message;
  readonly position: Message;
  readonly rule: string;
  readonly entryKey: string;
  readonly combatantId: string;
  readonly resolved: boolean;
  readonly buttons: readonly CardButton[];
}

/** Builds the pending card's context: the owner (and the GM) may resolve it; anyone may find its row. */
export function buildPendingCard(input: PendingCardInput, viewer: CardViewer): PendingCardContext {
  const buttons: CardButton[] = [];
  if (!input.resolved && (viewer.owns || viewer.isGM))
    buttons.push({ action: "resolve", label: { key: "TEMPO.CHAT.Pending.Resolve" }, icon: "➤" });
  // An opportunity attack card (PHS-6, ROT-10) has no tracker row to show.
  if (input.entryKey !== "")
    buttons.push({ action: "openRow", label: { key: "TEMPO.CHAT.Pending.OpenRow" }, icon: "☰" });
  return {
    title: input.title ?? { key: "TEMPO.CHAT.Pending.Title", data: { name: input.name } },
    name: input.name,
    detail: input.detail,
    position: input.position,
    rule: input.rule,
    entryKey: input.entryKey,
    combatantId: input.combatantId,
    resolved: input.resolved,
    buttons,
  };
}
