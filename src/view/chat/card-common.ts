/**
 * What every chat card shares (issue 11): who looks at it, whether they may see the odds, and how an
 * exact probability from the engine is written. The builders never compute a chance themselves: they
 * call the engine's odds functions and only format the number here.
 */
import type { I18nKey, Message } from "../../engine/index.ts";

/** The world setting `tempo.odds`: who sees the exact chances and expected damage on cards. */
export type OddsVisibility = "everyone" | "gm" | "nobody";

/** Whether a viewer sees the odds under the setting (an unknown setting shows them to nobody). */
export function oddsVisibleTo(setting: OddsVisibility, isGM: boolean): boolean {
  if (setting === "everyone") return true;
  return setting === "gm" && isGM;
}

/**
 * Who looks at a card. `owns`: the viewer owns the creature the card asks to act (roll, resolve), or, on
 * a damage card, rolled the damage (apply, undo).
 */
export interface CardViewer {
  readonly isGM: boolean;
  readonly owns: boolean;
  readonly showOdds: boolean;
  /** The name of a creature a packed card names by reference (initiative-pack.ts), where it is known. */
  readonly nameOf?: (ref: string) => string | null;
}

/** An exact engine probability, as the card prints it: a percentage with one decimal ("57.5"). */
export function percentText(probability: number): string {
  return (probability * 100).toFixed(1);
}

/** An expected value with one decimal ("7.3"). */
export function decimalText(value: number): string {
  return value.toFixed(1);
}

/** One line of odds on a card: its label, the percentage text and the exact number it came from. */
export interface CardOdds {
  readonly label: Message;
  /** The engine's exact value (a probability, or an expected amount). */
  readonly exact: number;
}

/** The actions a card's buttons ask for (`data-tempo-card-action`). */
export type CardAction = "apply" | "roll" | "resolve" | "openRow" | "undo";

export const CARD_ACTIONS: readonly CardAction[] = ["apply", "roll", "resolve", "openRow", "undo"];

export interface CardButton {
  readonly action: CardAction;
  readonly label: Message;
  readonly icon: string;
}

/** A result the card states in words and with an icon, never by colour alone. */
export interface CardVerdict {
  readonly success: boolean;
  readonly label: I18nKey;
  /** A text glyph (both hosts have it; Foundry's icon font is not in the preview). */
  readonly icon: string;
}

export function verdict(success: boolean, yes: I18nKey, no: I18nKey): CardVerdict {
  return success ? { success, label: yes, icon: "✔" } : { success, label: no, icon: "✘" };
}
