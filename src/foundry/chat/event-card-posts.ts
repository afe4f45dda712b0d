/**
 * Posts the cards the engine's events call for (issue 11; which cards is decided by
 * src/view/chat/event-cards.ts):
 * - after a command's step (write-step.ts), on the active GM's client only: save cards (PHS-12, CNT-14)
 *   and pending cards (CNT-6, CNT-9, SEG-5). Undo and redo steps post nothing.
 * - after a rotation step that starts a turn: AP-2's constant damage (constant-damage-posts.ts);
 * - after damage is applied: SEG-10 ends concentration outright (concentration-damage.ts, which reads
 *   the actor's combat through the sheets' actorCombatOf, so it stays out of the write path).
 * Events carry ids only: names and the effects that call for a save are read from the combatant's
 * actor (ITEM_USE_RULINGS.endPhaseSaveFlag). One ChatMessage per card, public, none when nothing is due;
 * a hidden creature's card is whispered to the GMs, names it by reference and speaks as the combat
 * (issue 18 item 5: a whisper still reaches every client, so neither the card nor its speaker names it).
 * CNT-14: a stable or dead creature (its death save tally) gets no death save card; a step where a
 * creature falls unconscious or wakes starts its tally over first (death-save-tally.ts).
 */
import {
  segmentAttackCardDue,
  type AnyRulesetHost,
  type HostEvent,
  type SegmentPart,
  type SegmentState,
} from "../../engine/index.ts";
import { eventCards, type EventCard, type EventCreature, type SavingEffect } from "../../view/chat/event-cards.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { deathSavesOver, resetDeathTallies } from "./death-save-tally.ts";
import { postCard } from "./post-card.ts";
import { endPhaseSaveKindOf } from "../conditions/end-phase-save-flag.ts";
import { isEffectOff } from "../compat/expiry-events.ts";
import { declaredUseOf } from "../combat/declared-uses.ts";
import { postConstantDamage } from "./constant-damage-posts.ts";
import { aliasSpeaker } from "./alias-speaker.ts";

interface EffectLike {
  readonly name?: unknown;
  readonly disabled?: unknown;
  readonly flags?: unknown;
  readonly statuses?: unknown;
}

export function effectsOf(actor: unknown): EffectLike[] {
  const effects: unknown = (actor as { effects?: unknown } | null)?.effects;
  if (typeof effects !== "object" || effects === null || !(Symbol.iterator in effects)) return [];
  return [...(effects as Iterable<EffectLike>)];
}

/** PHS-12: the actor's enabled effects that call for an end-phase save. */
export function savingEffectsOf(actor: unknown): SavingEffect[] {
  const out: SavingEffect[] = [];
  for (const effect of effectsOf(actor)) {
    const kind = endPhaseSaveKindOf(effect);
    if (kind !== null && !isEffectOff(effect))
      out.push({ name: typeof effect.name === "string" ? effect.name : "?", kind });
  }
  return out;
}

/**
 * The creature a card may be about. Issue 17: each fact is read only when a card asks for it (a getter on
 * the class, so a creature costs one small object): a count end step names all 1,000 creatures in
 * `savesDue`, and most have no saving effect, so their declared items (a read of the GM's kept records)
 * and death-save tallies were read for nothing.
 */
class CombatantCreature implements EventCreature {
  constructor(
    private readonly combatant: Combatant.Implementation,
    private readonly segment: SegmentState | null,
  ) {}
  get name(): string {
    return this.combatant.name ?? "?";
  }
  get savingEffects(): readonly SavingEffect[] {
    return savingEffectsOf(this.combatant.actor);
  }
  get deathSavesOver(): boolean {
    return deathSavesOver(this.combatant);
  }
  get declaredItem(): boolean {
    return declaredUseOf(this.combatant, "segment:") !== null;
  }
  /** SEG-6: a turn given up to a delay keeps its card; the creature's turn in LOW brings no second one. */
  get attackCardDue(): ((part: SegmentPart) => boolean) | undefined {
    const { segment } = this;
    const id = this.combatant.id ?? "";
    return segment === null ? undefined : (part) => segmentAttackCardDue(segment, id, part);
  }
  get hidden(): boolean {
    return this.combatant.hidden;
  }
}

function creatureIn(
  combat: Combat.Implementation,
  combatantId: string,
  segment: SegmentState | null,
): EventCreature | null {
  const combatant = combat.combatants.get(combatantId);
  return combatant === undefined ? null : new CombatantCreature(combatant, segment);
}

export function speakerOf(actor: Actor.Implementation | null | undefined): ChatMessage.SpeakerData | undefined {
  return actor === null || actor === undefined ? undefined : ChatMessage.getSpeaker({ actor });
}

/** A card's speaker and recipients: its creature's actor, or for a GM-only card the combat and the GMs. */
export function cardAudience(
  gmOnly: boolean,
  combat: Combat.Implementation | null,
  actor: Actor.Implementation | null | undefined,
): { whisper: string[]; speaker?: ChatMessage.SpeakerData } {
  if (!gmOnly) {
    const speaker = speakerOf(actor);
    return { whisper: [], ...(speaker === undefined ? {} : { speaker }) };
  }
  const alias = combat?.name ?? game.i18n.localize("TEMPO.COMBAT.Dice.Summary");
  return {
    whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? ""),
    speaker: aliasSpeaker(alias),
  };
}

async function post(cards: readonly EventCard[], combatId: string | null, combat: Combat.Implementation | null) {
  for (const { card, combatantId, gmOnly } of cards) {
    const actor = combat?.combatants.get(combatantId)?.actor;
    await postCard(card, { combatId, ...cardAudience(gmOnly, combat, actor) });
  }
}

/** After a step's write: the cards its events call for (active GM only; none for undo and redo). */
export async function postStepCards(
  combat: Combat.Implementation,
  host: AnyRulesetHost,
  events: readonly { readonly type: string }[],
  state: unknown,
): Promise<void> {
  if (!isActiveGm() || combat.id === null) return;
  await resetDeathTallies(combat, events);
  // The segment host's state after the step (the host's id says which scheduler wrote it).
  const segment = host.id === "segment" ? (state as SegmentState) : null;
  const creature = (id: string) => creatureIn(combat, id, segment);
  const facts = { combatId: combat.id, ruleset: host.id, creature };
  await post(eventCards(events as readonly HostEvent[], facts), combat.id, combat);
  // AP-2: a constant-damage weapon's hit damages its target again on each turn until its wielder's next.
  if (host.id === "rotation") await postConstantDamage(combat, events as readonly HostEvent[]);
}
