/**
 * The chat a player reads during a played encounter (issue 18 item 5, "the player's rendered tracker and
 * cards"): the cards the steps call for, each drawn for that player, in the order they are posted. Which
 * cards a player gets is decided by the view as the Foundry layer posts them: a click's initiative
 * summary (view/chat/roll-audience.ts; the GMs' whispered card is not drawn in a player's chat) and the
 * cards a step's events call for (view/chat/event-cards.ts; a `gmOnly` card is whispered to the GMs).
 * Every creature has an effect that calls for a save and declared with an item, so saves (PHS-12,
 * CNT-11) and segment's declared attacks (SEG-12) come due as the rounds go by.
 */
import type { DiceRequest, HostEvent, RulesetId } from "../../src/engine/index.ts";
import { buildChatCard, type ChatCard } from "../../src/view/chat/chat-cards.ts";
import { eventCards } from "../../src/view/chat/event-cards.ts";
import { compactInitiativeLines } from "../../src/view/chat/initiative-card.ts";
import { rollAudience, type Roller } from "../../src/view/chat/roll-audience.ts";
import type { Creature } from "./host-table.ts";

/** What the player is shown of a roll the test answered: its request and total. */
export interface AnsweredRoll {
  readonly request: DiceRequest;
  readonly total: number;
  /** A tie roll only hidden creatures called for (engine host/secret-ties.ts): on no card. */
  readonly secret: boolean;
}

export class PlayerChat {
  /** The cards drawn for the player, as JSON, in posting order. */
  readonly drawn: string[] = [];
  /** How many of them were an initiative summary and how many an event's card. */
  rollCards = 0;
  eventCards = 0;

  constructor(
    private readonly ruleset: RulesetId,
    private readonly creatures: readonly Creature[],
    /** Whether a creature is hidden from players now (the GM may reveal it). */
    private readonly hidden: (id: string) => boolean,
  ) {}

  private draw(card: ChatCard): void {
    this.drawn.push(JSON.stringify(buildChatCard(card, { isGM: false, owns: false, showOdds: false })));
  }

  private roller({ request, secret }: AnsweredRoll): Roller {
    if (request.combatantId === null) return { kind: "group" };
    const creature = this.creatures.find((c) => c.id === request.combatantId);
    if (creature === undefined) return { kind: "gone" };
    return { kind: "creature", hidden: this.hidden(creature.id), playerOwned: creature.side === "pc", secret };
  }

  /** A click's rolls: the summary everyone sees, when it has a line. */
  rolled(rolls: readonly AnsweredRoll[]): void {
    const shown = rolls.filter((r) => rollAudience(this.roller(r)) === "everyone");
    if (shown.length === 0) return;
    const lines = shown.map(({ request, total }) => ({
      name: request.combatantId ?? `group:${request.groupId ?? ""}`,
      reason: request.reason,
      formula: request.formula,
      total,
    }));
    this.draw({ type: "initiative", input: { table: compactInitiativeLines(lines), private: false } });
    this.rollCards++;
  }

  /** A step's events: the cards they call for that are not the GMs' only. */
  stepped(events: readonly HostEvent[]): void {
    const facts = {
      combatId: "combat",
      ruleset: this.ruleset,
      creature: (id: string) =>
        this.creatures.some((c) => c.id === id)
          ? {
              name: id,
              savingEffects: [{ name: "Burning", kind: "ends" as const }],
              declaredItem: true,
              hidden: this.hidden(id),
            }
          : null,
    };
    for (const { card, gmOnly } of eventCards(events, facts)) {
      if (gmOnly) continue;
      this.draw(card);
      this.eventCards++;
    }
  }
}
