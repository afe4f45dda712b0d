/**
 * What a scheme's part adds to the shared row (tracker-row.ts): short notes, each a text with an icon
 * (issue 9: "every state told by text and an icon"), and labelled pips for the actions a creature has
 * left. Templates draw them with templates/combat/row-extras.hbs inside the row.
 */
import type { ActionLeft, I18nKey, Message } from "../../engine/index.ts";
import { privateTo, visibleTo, type TrackerCombatant, type TrackerInput } from "./tracker-input.ts";

export interface NoteContext {
  /** A stable name for CSS and tests (`tie`, `delayed`, `moved` …). */
  readonly kind: string;
  readonly label: Message;
  readonly icon: string;
}

export interface PipContext {
  readonly kind: string;
  readonly label: Message;
  readonly available: boolean;
  /** "left" or "spent", in words (the icon also differs: a filled or a hollow circle); "3 left" for a count. */
  readonly stateLabel: Message;
  /**
   * ACT-ROT: more than one of the kind is left, so the count is shown in words even on the tracker row;
   * a line of the combat's own budget (`turnLeftPips`) is always shown in words.
   */
  readonly counted: boolean;
  readonly icon: string;
  readonly cssClass: string;
}

export function note(kind: string, key: I18nKey, icon: string, data?: Message["data"]): NoteContext {
  return { kind, label: data === undefined ? { key } : { key, data }, icon };
}

/** STD-6 …: one pip per action kind in `economy` that `shown` keeps, in the tracker's order. */
export function actionPips(
  economy: readonly ActionLeft<string>[],
  shown: (kind: string) => boolean,
): readonly PipContext[] {
  return economy
    .filter((a) => shown(a.kind))
    .map((a) => {
      const available = a.left === null || a.left > 0;
      const counted = a.left !== null && a.left > 1;
      const stateLabel: Message = counted
        ? { key: "TEMPO.TRACKER.Pip.LeftCount", data: { count: a.left ?? 0 } }
        : { key: available ? "TEMPO.TRACKER.Pip.Left" : "TEMPO.TRACKER.Pip.Spent" };
      return {
        kind: a.kind,
        label: { key: a.label },
        available,
        counted,
        stateLabel,
        icon: available ? "fa-solid fa-circle" : "fa-regular fa-circle",
        cssClass: available ? "is-available" : "is-spent",
      };
    });
}

/**
 * Issue 19 item 3 (PHS-7, SEG-9, CNT-7): what the creature has left now where the combat's own state keeps
 * the budget (the host's `left`), as pips in words. Only for its owner and the GM (as standard's actions
 * left), and never for a creature the viewer may not see.
 */
export function turnLeftPips(input: TrackerInput, combatant: TrackerCombatant): readonly PipContext[] {
  if (!visibleTo(input, combatant) || !privateTo(input, combatant)) return [];
  return (input.host.left?.(input.state, combatant.id) ?? []).map((line) => ({
    kind: line.kind,
    label: line.label,
    available: line.available,
    counted: true,
    stateLabel: line.state,
    icon: line.available ? "fa-solid fa-circle" : "fa-regular fa-circle",
    cssClass: line.available ? "is-available" : "is-spent",
  }));
}

/** A modifier as a sheet writes it: +3, −1, +0. */
export function signed(value: number): string {
  return value < 0 ? `−${Math.abs(value)}` : `+${value}`;
}
