/**
 * Answers the engine's dice requests with real Foundry `Roll`s (so Dice So Nice animates them and
 * manual dice entry works) and posts ONE summary chat message per click: a public one for the
 * combatants everyone sees, and one whispered to the GMs for NPC combatants (core's
 * "private GM roll", as core's own initiative rolls treat NPC combatants). A click that is all public
 * or all private posts one message; a hidden creature's rolls are on none (issue 18: `postRollBook`). Each is an `initiative` card (ChatMessage subtype).
 * A click whose dice bring more dice (roll-offs, contests: run-command.ts) rolls them into one
 * `RollBook` and posts it once (issue 17: one card for a roll all, not one per batch).
 */
import type { DiceRequest, RollResult } from "../../engine/index.ts";
import { compactInitiativeLines, hiddenNameRef } from "../../view/chat/initiative-card.ts";
import { packInitiativeRolls } from "../../view/chat/initiative-rolls.ts";
import { rollAudience, type RollAudience, type Roller } from "../../view/chat/roll-audience.ts";
import { postCard, type PostCardOptions } from "../chat/post-card.ts";
import type { ChatCard } from "../../view/chat/chat-cards.ts";
import { groupDocumentOf } from "./groups/membership.ts";
import { aliasSpeaker } from "../chat/alias-speaker.ts";

/**
 * The most `Roll`s attached to one summary message (Dice So Nice animates them). A bigger batch (a
 * GM rolling for a horde) keeps its totals in the card's table only: 300 roll JSONs are some 45 KB on
 * every client for dice nobody watches (issue 17).
 */
const MAX_ATTACHED_ROLLS = 12;

interface Rolled {
  readonly request: DiceRequest;
  readonly roll: Roll;
  readonly total: number;
  /** A tie roll only hidden creatures called for (engine host/secret-ties.ts): on no card. */
  readonly secret: boolean;
}

/** The rolls of one click, posted together (`postRollBook`). */
export type RollBook = Rolled[];

/** Who a request's roller is, for its card's audience (view/chat/roll-audience.ts). */
function rollerOf(combat: Combat.Implementation, { request, secret }: Rolled): Roller {
  if (request.combatantId === null) return { kind: "group" };
  const combatant = combat.combatants.get(request.combatantId);
  if (combatant === undefined) return { kind: "gone" };
  const hidden = combatant.hidden;
  // A hidden creature's or a secret roll goes on no card whoever owns it (roll-audience.ts): not asked.
  const playerOwned = !hidden && secret !== true && combatant.hasPlayerOwner;
  return { kind: "creature", hidden, playerOwned, secret };
}

function rollerName(combat: Combat.Implementation, request: DiceRequest): string {
  if (request.combatantId === null) {
    const group = request.groupId ?? "";
    // SEG-2: a side's group (its side's name in the engine) is named by its document, as before.
    return game.i18n.format("TEMPO.COMBAT.Dice.Group", { group: groupDocumentOf(combat, group) ?? group });
  }
  return combat.combatants.get(request.combatantId)?.name ?? request.combatantId;
}

/** One summary card of a click's rolls, ready to post (`rollCards`). */
export interface RollCard {
  readonly card: ChatCard;
  readonly options: PostCardOptions;
}

function summaryCard(combat: Combat.Implementation, rolled: readonly Rolled[], whisperGm: boolean): RollCard | null {
  if (rolled.length === 0) return null;
  // The initiative-summary card (src/view/chat/initiative-card.ts); the recipients are decided here.
  const lines = rolled.map((r) => ({
    name: rollerName(combat, r.request),
    reason: r.request.reason,
    formula: r.request.formula,
    total: r.total,
    combatantId: r.request.combatantId,
  }));
  return {
    card: { type: "initiative", input: { ...cardRows(combat, lines, whisperGm), private: whisperGm } },
    options: {
      rolls: rolled.length <= MAX_ATTACHED_ROLLS ? rolled.map((r) => r.roll) : [],
      speaker: aliasSpeaker(combat.name ?? game.i18n.localize("TEMPO.COMBAT.Dice.Summary")),
      whisper: whisperGm ? ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? "") : [],
      combatId: combat.id ?? null,
    },
  };
}

/** From this many rows on, a click's rolls of creatures are packed, names included (initiative-rolls.ts). */
const PACK_FROM = 24;

/**
 * The card's rows: the compact table, or for a horde the packed rolls (issue 17). Issue 18: a card
 * whispered to the GMs still reaches every client (foundryvtt/foundryvtt #14429), so a hidden creature's
 * name is never written into it: its line names it by reference (`@` and its combatant id), which the
 * GM's renderer reads from the card's combat (view/chat/initiative-card.ts).
 */
function cardRows(
  combat: Combat.Implementation,
  lines: readonly (Parameters<typeof compactInitiativeLines>[0][number] & { combatantId: string | null })[],
  gmOnly: boolean,
) {
  const hidden = (l: (typeof lines)[number]) =>
    gmOnly && l.combatantId !== null && combat.combatants.get(l.combatantId)?.hidden === true;
  const shown = lines.map((l) => (hidden(l) ? { ...l, name: hiddenNameRef(l.combatantId ?? "") } : l));
  const named = shown.filter((l): l is (typeof shown)[number] & { combatantId: string } => l.combatantId !== null);
  const rolls = shown.length >= PACK_FROM && named.length === shown.length ? packInitiativeRolls(named) : null;
  return rolls === null ? { table: compactInitiativeLines(shown) } : { rolls };
}

/**
 * Rolls every request and returns the totals to feed back with `rolls`. The summary is posted at
 * once, or, given a `book`, kept in it for `postRollBook` (the click's one card). `secret`: the ids of
 * tie rolls only hidden creatures called for, which go on no card (engine host/secret-ties.ts).
 */
export async function rollRequests(
  combat: Combat.Implementation,
  requests: readonly DiceRequest[],
  book?: RollBook,
  secret: ReadonlySet<string> = new Set(),
): Promise<readonly RollResult[]> {
  const rolled: Rolled[] = [];
  for (const request of requests) {
    const roll = new Roll(request.formula);
    await roll.evaluate();
    rolled.push({ request, roll, total: roll.total ?? 0, secret: secret.has(request.id) });
  }
  if (book === undefined) await postRollBook(combat, rolled);
  else book.push(...rolled);
  // CNT-5: a secret contest total is kept marked so (engine initiative/count/hidden-ties.ts).
  return rolled.map((r) => ({ requestId: r.request.id, total: r.total, ...(r.secret ? { secret: true } : {}) }));
}

/**
 * The summary cards of a click's rolls: the public card and the GMs' card (either may be absent); a hidden
 * creature's rolls are on neither (issue 18: who sees which is view/chat/roll-audience.ts). Issue 17: worked
 * out with a step prepared ahead (prepared-next.ts), whose click only posts them.
 */
export function rollCards(combat: Combat.Implementation, book: readonly Rolled[]): RollCard[] {
  // Issue 17: each roll's audience is found once (a roller's ownership is not asked again per card), and
  // once per creature: a round's contests and their rerolls ask the same creatures' several times.
  const found = new Map<string, RollAudience>();
  const audiences = book.map((r) => {
    const key = `${r.request.combatantId ?? ""}:${r.secret ? 1 : 0}`;
    let audience = r.request.combatantId === null ? undefined : found.get(key);
    if (audience === undefined) found.set(key, (audience = rollAudience(rollerOf(combat, r))));
    return audience;
  });
  const on = (audience: RollAudience) => book.filter((_, i) => audiences[i] === audience);
  return [summaryCard(combat, on("everyone"), false), summaryCard(combat, on("gm"), true)].filter(
    (c): c is RollCard => c !== null,
  );
}

/** Posts `cards` (`rollCards`), in order. */
export async function postRollCards(cards: readonly RollCard[]): Promise<void> {
  for (const { card, options } of cards) await postCard(card, options);
}

/** Posts the summary cards of a click's rolls (`rollCards`). */
export async function postRollBook(combat: Combat.Implementation, book: readonly Rolled[]): Promise<void> {
  await postRollCards(rollCards(combat, book));
}
