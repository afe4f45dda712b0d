/**
 * The cards a combat step's events call for (issue 11, "saves and pending actions"): the events carry
 * ids only, so the caller hands in what the documents say (names, the effects that call for a save);
 * this decides which cards, with what numbers. None for an undo or a redo: its cards were posted when
 * the step was first taken (combat-step.ts reports those steps as one `undone` / `redone` event).
 * - PHS-12 `savesDue` (phase): one end-phase save card per effect on the creature that calls for a save;
 * - CNT-11 `savesDue` (count): one save card per such effect (ITEM_USE_RULINGS.ongoingSave, 1d20, 10 or more);
 * - CNT-14 `deathSavesDue` (count): a death save card (ITEM_USE_RULINGS.deathSave);
 * - CNT-6 / CNT-9 `actionResolved` (count): the pending card of the action that landed, linked to its
 *   track row (CNT-9 when it carried into a later round);
 * - SEG-5 `turnStarted` of a `spell` part (segment, step 7): the pending card of the spell going off;
 * - SEG-12 `turnStarted` of a creature whose declaration was made with an item (the sheet's Attack): the
 *   pending card of its attack, on its fast, group or routine turn (issue 19 item 2).
 * Issue 18 item 5: a hidden creature's card is the GMs' only (`gmOnly`) and names it by reference
 * (`hiddenNameRef`): a whispered card still reaches every client, so its name is never written into it.
 */
import {
  ITEM_USE_RULINGS,
  countPendingDetail,
  rulesSave,
  countPositionLabel,
  type CountPendingAction,
  type EndPhaseSaveKind,
  type HostEvent,
  type RulesetId,
  type SegmentPart,
} from "../../engine/index.ts";
import type { ChatCard } from "./chat-cards.ts";
import { hiddenNameRef } from "./initiative-card.ts";
import type { SaveCardInput } from "./save-card.ts";

/** An ActiveEffect that calls for a save: in the end phase (PHS-12), after the creature's last action (CNT-11). */
export interface SavingEffect {
  readonly name: string;
  readonly kind: EndPhaseSaveKind;
}

export interface EventCreature {
  readonly name: string;
  readonly savingEffects: readonly SavingEffect[];
  /** CNT-14 (ITEM_USE_RULINGS.deathSaveTally): stable or dead by its tally, so no more death saves. */
  readonly deathSavesOver?: boolean;
  /** SEG-2 step 1: its declaration this round was made with an item (the sheet's Attack), to roll on its turn. */
  readonly declaredItem?: boolean;
  /** SEG-6: whether its turn of this part brings a new card for its declared attack (engine `segmentAttackCardDue`). */
  readonly attackCardDue?: (part: SegmentPart) => boolean;
  /** Hidden from players (issue 18): its cards go to the GMs only and name it by reference. */
  readonly hidden?: boolean;
}

export interface EventFacts {
  readonly combatId: string;
  readonly ruleset: RulesetId;
  /** The combatant's name and effects, or null when it is gone. */
  readonly creature: (combatantId: string) => EventCreature | null;
}

/** A card to post, and the creature it is about (its owner rolls or resolves it). */
export interface EventCard {
  readonly combatantId: string;
  readonly card: ChatCard;
  /** Whispered to the GMs only: the card of a hidden creature (issue 18 item 5). */
  readonly gmOnly: boolean;
}

/** A card before its audience is decided (`cardsOf`). */
type DueCard = Omit<EventCard, "gmOnly">;

function field(event: HostEvent, name: string): unknown {
  return (event as unknown as Record<string, unknown>)[name];
}

function text(event: HostEvent, name: string): string | null {
  const value = field(event, name);
  return typeof value === "string" ? value : null;
}

function saveCard(combatantId: string, name: string, fill: Partial<SaveCardInput>): DueCard {
  const input: SaveCardInput = {
    kind: "death",
    combatantId,
    name,
    effect: null,
    formula: ITEM_USE_RULINGS.deathSave.formula,
    target: ITEM_USE_RULINGS.deathSave.target,
    endPhaseKind: "ends",
    concentration: "maintaining",
    total: null,
    ...fill,
  };
  return { combatantId, card: { type: "save", input } };
}

function isPendingAction(value: unknown): value is CountPendingAction {
  if (typeof value !== "object" || value === null) return false;
  const a = value as Record<string, unknown>;
  return typeof a.id === "string" && typeof a.combatantId === "string" && typeof a.count === "number";
}

function countPending(facts: EventFacts, action: CountPendingAction, name: string): DueCard {
  const carried = action.round > action.declaredRound;
  return {
    combatantId: action.combatantId,
    card: {
      type: "pending",
      input: {
        combatId: facts.combatId,
        combatantId: action.combatantId,
        name,
        entryKey: `pending:${action.id}`,
        detail: countPendingDetail(action),
        position: countPositionLabel(action.count),
        rule: carried ? "CNT-9" : "CNT-6",
        resolved: false,
      },
    },
  };
}

function segmentSpell(facts: EventFacts, combatantId: string, name: string, segment: number): DueCard {
  return {
    combatantId,
    card: {
      type: "pending",
      input: {
        combatId: facts.combatId,
        combatantId,
        name,
        entryKey: `segment:turn:${combatantId}:spell`,
        detail: { key: "TEMPO.COMBAT.Segment.Step.Spells" },
        position: { key: "TEMPO.COMBAT.Segment.Segment", data: { segment } },
        rule: "SEG-5",
        resolved: false,
      },
    },
  };
}

/** SEG-2, SEG-16: the turns a declared attack (or item) is made on: its group turn, a fast action, its routines. */
const SEGMENT_ATTACK_PARTS: readonly SegmentPart[] = ["fast", "group", "firstRoutine", "restRoutines"];

function isAttackPart(part: unknown): part is SegmentPart {
  return SEGMENT_ATTACK_PARTS.some((p) => p === part);
}

/** Issue 19 item 2: a segment declaration made with an item comes due on its turn: its pending card rolls it. */
function segmentAttack(facts: EventFacts, combatantId: string, name: string, part: string, segment: number): DueCard {
  return {
    combatantId,
    card: {
      type: "pending",
      input: {
        combatId: facts.combatId,
        combatantId,
        name,
        entryKey: `segment:turn:${combatantId}:${part}`,
        detail: { key: "TEMPO.CHAT.Pending.DeclaredAttack" },
        position: { key: "TEMPO.COMBAT.Segment.Segment", data: { segment } },
        rule: "SEG-12",
        resolved: false,
      },
    },
  };
}

/** `creature` under another name; its other facts are still read only when a card asks (they may be getters). */
function renamed(creature: EventCreature, name: string): EventCreature {
  return {
    name,
    get savingEffects() {
      return creature.savingEffects;
    },
    get deathSavesOver() {
      return creature.deathSavesOver;
    },
    get declaredItem() {
      return creature.declaredItem;
    },
    get attackCardDue() {
      return creature.attackCardDue;
    },
    get hidden() {
      return creature.hidden;
    },
  };
}

function cardsOf(event: HostEvent, facts: EventFacts): EventCard[] {
  const action = field(event, "action");
  const combatantId = isPendingAction(action) ? action.combatantId : text(event, "combatantId");
  if (combatantId === null || !mayBringCard(event, facts.ruleset)) return [];
  const found = facts.creature(combatantId);
  if (found === null) return [];
  // Issue 17: most events of a step bring no card (a count end step's savesDue of creatures with no saving
  // effect): whether the creature is hidden is asked only of those that do.
  const due = dueCards(event, facts, combatantId, found);
  if (due.length === 0) return [];
  const hidden = found.hidden === true;
  const cards = hidden ? dueCards(event, facts, combatantId, renamed(found, hiddenNameRef(combatantId))) : due;
  return cards.map((c) => ({ ...c, gmOnly: hidden }));
}

/**
 * Whether `event` is of a kind `dueCards` may make a card of. Issue 17: the creature is read (its
 * actor's effects, its flags) only then, not for each of the 1,000 rolls of a count round boundary.
 */
function mayBringCard(event: HostEvent, ruleset: string): boolean {
  switch (event.type) {
    case "savesDue":
      return ruleset === "phase" || ruleset === "count";
    case "deathSavesDue":
    case "actionResolved":
      return ruleset === "count";
    case "turnStarted":
      return ruleset === "segment";
    default:
      return false;
  }
}

function dueCards(event: HostEvent, facts: EventFacts, combatantId: string, creature: EventCreature): DueCard[] {
  const action = field(event, "action");
  const { ruleset } = facts;
  if ((ruleset === "phase" || ruleset === "count") && event.type === "savesDue") {
    // PHS-12 in the end phase, CNT-11 after the creature's last action: the rules' save of each (rulesSave).
    const effects = creature.savingEffects;
    if (effects.length === 0) return [];
    const kind = ruleset === "phase" ? "endPhase" : "ongoing";
    const save = rulesSave(kind) ?? { formula: "", target: 0 };
    return effects.map((effect) =>
      saveCard(combatantId, creature.name, { kind, effect: effect.name, ...save, endPhaseKind: effect.kind }),
    );
  }
  if (ruleset === "count" && event.type === "deathSavesDue")
    return creature.deathSavesOver === true ? [] : [saveCard(combatantId, creature.name, {})];
  if (ruleset === "count" && event.type === "actionResolved" && isPendingAction(action))
    return [countPending(facts, action, creature.name)];
  const segment = field(event, "segment");
  const part = field(event, "part");
  if (ruleset === "segment" && event.type === "turnStarted" && part === "spell")
    return [segmentSpell(facts, combatantId, creature.name, typeof segment === "number" ? segment : 0)];
  if (ruleset === "segment" && event.type === "turnStarted" && creature.declaredItem === true)
    if (isAttackPart(part) && (creature.attackCardDue?.(part) ?? true))
      return [segmentAttack(facts, combatantId, creature.name, part, typeof segment === "number" ? segment : 1)];
  return [];
}

/** The cards a step's events call for, in event order (none for an undo or redo). */
export function eventCards(events: readonly HostEvent[], facts: EventFacts): EventCard[] {
  if (events.some((e) => e.type === "undone" || e.type === "redone")) return [];
  // Issue 17: a loop, not flatMap: a count end step has some 3,000 events and brings a handful of cards.
  const out: EventCard[] = [];
  for (const event of events) for (const card of cardsOf(event, facts)) out.push(card);
  return out;
}
