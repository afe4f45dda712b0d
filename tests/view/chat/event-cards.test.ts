import { describe, expect, it } from "vitest";
import type { CountPendingAction, HostEvent } from "../../../src/engine/index.ts";
import { buildChatCard } from "../../../src/view/chat/chat-cards.ts";
import { eventCards, type EventFacts } from "../../../src/view/chat/event-cards.ts";

const ACTION: CountPendingAction = {
  id: "a3",
  combatantId: "c1",
  kind: "attack",
  declaredRound: 1,
  declaredCount: 18,
  round: 2,
  count: 1,
  delay: 3,
  attack: 1,
  attacks: 1,
  targets: [],
  origin: null,
  slotLevel: null,
};

function facts(ruleset: EventFacts["ruleset"]): EventFacts {
  return {
    combatId: "k1",
    ruleset,
    creature: (id) =>
      id === "c1"
        ? {
            name: "Vex",
            savingEffects: [
              { name: "Burning", kind: "ends" },
              { name: "Haste", kind: "sustains" },
            ],
          }
        : null,
  };
}

const ev = (e: Record<string, unknown>) => e as unknown as HostEvent;

describe("cards from a step's events", () => {
  it("PHS-12: savesDue posts one 2d6 save card per effect that calls for a save, with its kind", () => {
    const cards = eventCards([ev({ type: "savesDue", combatantId: "c1", round: 2 })], facts("phase"));
    expect(cards.map((c) => c.card.type)).toEqual(["save", "save"]);
    expect(cards.map((c) => c.card.input)).toMatchObject([
      { kind: "endPhase", effect: "Burning", formula: "2d6", target: 7, endPhaseKind: "ends", total: null },
      { kind: "endPhase", effect: "Haste", endPhaseKind: "sustains" },
    ]);
  });

  it("PHS-12: a creature with no effect calling for a save gets no card; an unknown combatant none either", () => {
    const none: EventFacts = { ...facts("phase"), creature: () => ({ name: "Vex", savingEffects: [] }) };
    expect(eventCards([ev({ type: "savesDue", combatantId: "c1", round: 2 })], none)).toEqual([]);
    expect(eventCards([ev({ type: "savesDue", combatantId: "zz", round: 2 })], facts("phase"))).toEqual([]);
  });

  it("CNT-11: in count, savesDue posts one 1d20 save card per effect that calls for a save (ruling: 10 or more)", () => {
    const cards = eventCards([ev({ type: "savesDue", combatantId: "c1", round: 2 })], facts("count"));
    expect(cards.map((c) => c.card.input)).toMatchObject([
      { kind: "ongoing", effect: "Burning", formula: "1d20", target: 10, endPhaseKind: "ends", total: null },
      { kind: "ongoing", effect: "Haste", endPhaseKind: "sustains" },
    ]);
  });

  it("CNT-14: deathSavesDue posts a d20 death save card (ruling: 1d20, 10 or more)", () => {
    const [card] = eventCards([ev({ type: "deathSavesDue", combatantId: "c1", round: 2 })], facts("count"));
    expect(card?.card).toMatchObject({ type: "save", input: { kind: "death", formula: "1d20", target: 10 } });
  });

  it("CNT-9: an action that carried into the next round lands with a pending card linked to its track row", () => {
    const [card] = eventCards([ev({ type: "actionResolved", action: ACTION })], facts("count"));
    expect(card).toMatchObject({
      combatantId: "c1",
      card: {
        type: "pending",
        input: {
          combatId: "k1",
          entryKey: "pending:a3",
          rule: "CNT-9",
          position: { key: "TEMPO.COMBAT.Count.Position", data: { count: 1 } },
          resolved: false,
        },
      },
    });
    const same = { ...ACTION, round: 1, count: 18 };
    expect(eventCards([ev({ type: "actionResolved", action: same })], facts("count"))[0]?.card.input).toMatchObject({
      rule: "CNT-6",
    });
  });

  it("SEG-5: a spell turn starting in step 7 posts a pending card for its segment row", () => {
    const event = ev({ type: "turnStarted", round: 1, combatantId: "c1", step: 7, segment: 4, part: "spell" });
    const [card] = eventCards([event], facts("segment"));
    expect(card?.card.input).toMatchObject({
      entryKey: "segment:turn:c1:spell",
      rule: "SEG-5",
      position: { key: "TEMPO.COMBAT.Segment.Segment", data: { segment: 4 } },
    });
    const melee = ev({ type: "turnStarted", round: 1, combatantId: "c1", step: 5, segment: 1, part: "group" });
    expect(eventCards([melee], facts("segment"))).toEqual([]);
  });

  it("issue 18: a hidden creature's cards are the GMs' only and name it by reference; the GM's card reads the name back", () => {
    const id = "Wr41thCombatant1";
    const hidden: EventFacts = {
      combatId: "k1",
      ruleset: "phase",
      creature: (c) =>
        c === id ? { name: "Wraith", savingEffects: [{ name: "Burning", kind: "ends" }], hidden: true } : null,
    };
    const [card] = eventCards([ev({ type: "savesDue", combatantId: id, round: 2 })], hidden);
    expect(card?.gmOnly).toBe(true);
    expect(JSON.stringify(card)).not.toContain("Wraith");
    if (card === undefined) throw new Error("no card");
    const gm = { isGM: true, owns: true, showOdds: true, nameOf: (ref: string) => (ref === id ? "Wraith" : null) };
    expect(buildChatCard(card.card, gm)).toMatchObject({ name: "Wraith" });
    expect(eventCards([ev({ type: "savesDue", combatantId: "c1", round: 2 })], facts("phase"))[0]?.gmOnly).toBe(false);
  });

  it("an undo or redo step posts nothing, even if it reports events", () => {
    expect(eventCards([ev({ type: "undone" }), ev({ type: "savesDue", combatantId: "c1" })], facts("phase"))).toEqual(
      [],
    );
    expect(eventCards([ev({ type: "redone" })], facts("count"))).toEqual([]);
  });
});
