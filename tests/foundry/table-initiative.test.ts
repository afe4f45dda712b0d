/**
 * Initiative at the table (issue 19's reach): creatures whose numbers come from their actors' sheets join a
 * Tempo combat as a GM adds them, the GM presses the tracker's Begin and Roll all (core's `startCombat` and
 * `rollAll`, what the tracker's buttons call), and the order, counts and tie-breaks the players see in
 * `combat.turns` and the initiative column are the rules'. Dice are scripted totals (runtime/roll.ts fits
 * the dice to the total, so a card's die is the total less the formula's constant).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/engine/index.ts";
import { embedded, installTempoWorld, type Tempo } from "../support/tempo-encounter.ts";
import type { RotationOrderContext } from "../../src/view/tracker/rotation-order-context.ts";

const t = await installTempoWorld(131);
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");
const { world } = t;
afterAll(() => world.uninstall());

interface Creature {
  readonly name: string;
  readonly type?: "character" | "npc";
  readonly system: Record<string, unknown>;
}

/** A combat of `ruleset` with one combatant per creature, each the combatant of a new actor of its own. */
async function combatOf(ruleset: RulesetId, creatures: readonly Creature[]): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", ruleset);
  const create = (Combat as unknown as { create(d: object): Promise<Tempo> }).create.bind(Combat);
  const combat = await create({});
  const rows = [];
  for (const creature of creatures) {
    const actor = await world.addActor(creature.name, [], creature.type ?? "npc", creature.system);
    rows.push({ name: creature.name, actorId: actor.id });
  }
  await embedded(combat).createEmbeddedDocuments("Combatant", rows);
  await world.idle();
  return combat;
}

const names = (combat: Tempo): string[] => combat.turns.map((c) => c.name ?? "");
const initiativeOf = (combat: Tempo, name: string): number | null =>
  combat.combatants.find((c) => c.name === name)?.initiative ?? null;

/** The GM's Begin, then Roll all while the combat waits for dice. */
async function begin(combat: Tempo, totals: readonly number[]): Promise<void> {
  world.scriptedTotals.push(...totals);
  await combat.startCombat();
  await world.idle();
  const m = t.model(combat);
  if (m.host.pending(m.state).length > 0) await combat.rollAll();
  await world.idle();
  expect(world.scriptedTotals).toEqual([]);
}

interface StoredRoll {
  readonly formula: string;
  readonly terms: readonly { readonly faces: number; readonly results: readonly { readonly result: number }[] }[];
}

/** The rolls on the cards posted since `from` (a message stores each roll's JSON), in posting order. */
function rollsSince(from: number): StoredRoll[] {
  return world.messages
    .slice(from)
    .flatMap((m) => (Array.isArray(m.rolls) ? (m.rolls as unknown[]) : []))
    .map((r) => (typeof r === "string" ? JSON.parse(r) : r) as StoredRoll);
}

describe("initiative from the actors' sheets, rolled from the tracker", () => {
  it("CNT-1, CNT-2: a creature's count is its d20 less the higher of its INT and DEX modifiers", async () => {
    const from = world.messages.length;
    const combat = await combatOf("count", [
      { name: "Sage", system: { abilities: { int: 3, dex: 1 } } },
      { name: "Scout", system: { abilities: { int: 0, dex: 2 } } },
    ]);
    await begin(combat, [7, 9]);
    expect(initiativeOf(combat, "Sage")).toBe(7);
    expect(initiativeOf(combat, "Scout")).toBe(9);
    // 7 = 10 − 3 (INT, the higher) and 9 = 11 − 2 (DEX, the higher).
    const rolls = rollsSince(from).map(
      (r) => `${r.formula}: ${r.terms.flatMap((d) => d.results.map((x) => x.result)).join()}`,
    );
    expect(rolls.sort()).toEqual(["1d20 - 2: 11", "1d20 - 3: 10"]);
    expect(names(combat)).toEqual(["Sage", "Scout"]); // lower counts act earlier
  });

  it("STD-1, STD-2: d20 + DEX, highest first; on equal totals the higher DEX acts first", async () => {
    const combat = await combatOf("standard", [
      { name: "Slow", system: { abilities: { dex: 0 } } },
      { name: "Quick", system: { abilities: { dex: 3 } } },
      { name: "Last", system: { abilities: { dex: 4 } } },
    ]);
    await begin(combat, [15, 15, 6]);
    expect(names(combat)).toEqual(["Quick", "Slow", "Last"]);
    expect(initiativeOf(combat, "Quick")).toBe(15);
    expect(initiativeOf(combat, "Slow")).toBe(15);
  });

  it("ROT-1, ROT-2: d20 + initiative modifiers, highest first; two tied reroll and the winner adds +0.5", async () => {
    const combat = await combatOf("rotation", [
      { name: "Ann", system: { initiative: { modifier: 2 } } },
      { name: "Bo", system: { initiative: { modifier: 0 } } },
      { name: "Cy", system: { initiative: { modifier: -1 } } },
    ]);
    // Ann and Bo both make 12, Cy 4; the reroll: Ann 5, Bo 17.
    await begin(combat, [12, 12, 4, 5, 17]);
    expect(initiativeOf(combat, "Bo")).toBe(12.5);
    expect(initiativeOf(combat, "Ann")).toBe(12);
    expect(names(combat)).toEqual(["Bo", "Ann", "Cy"]);
  });
});

describe("the order through the rounds", () => {
  it("ROT-6: with the world's two-in-a-row setting, three player characters in a row let the next enemy up behind the second", async () => {
    await game.settings.set("tempo", "twoInARow", true);
    try {
      const pc = { type: "character", system: { side: "pc" } } as const;
      const combat = await combatOf("rotation", [
        { name: "P1", ...pc },
        { name: "P2", ...pc },
        { name: "P3", ...pc },
        { name: "Orc", system: { side: "enemy" } },
      ]);
      await begin(combat, [20, 19, 18, 5]);
      expect(names(combat)).toEqual(["P1", "P2", "Orc", "P3"]);
    } finally {
      await game.settings.set("tempo", "twoInARow", false);
    }
  });

  it("ROT-7: the GM says from the tracker that the enemies started the encounter: they take the planning turns", async () => {
    await game.settings.set("tempo", "planningPhase", true);
    try {
      const combat = await combatOf("rotation", [
        { name: "Kael", type: "character", system: { side: "pc" } },
        { name: "Ogre", system: { side: "enemy" } },
      ]);
      const input = trackerInputOf(combat, t.gm as never);
      if (input === null) throw new Error("no tracker input");
      const body = buildTrackerContext(input).body as { rotation?: RotationOrderContext };
      const choice = body.rotation?.initiator?.choices[1];
      expect(choice?.pressed).toBe("false");
      await combat.tempoCommand(JSON.parse(String(choice?.command)) as never);
      await world.idle();
      await begin(combat, [14, 16]);
      expect(combat.round).toBe(0);
      expect(combat.combatant?.name).toBe("Ogre");
      await combat.nextTurn();
      await world.idle();
      // The planning turns are over after the enemies' one; the first rotation starts with the highest result.
      expect([combat.round, combat.combatant?.name]).toEqual([1, "Ogre"]);
      expect(await combat.tempoCommand({ type: "setInitiator", initiator: "players" })).toMatchObject({
        ok: false,
        error: { key: "TEMPO.ERRORS.Rotation.InitiatorSettled" },
      });
    } finally {
      await game.settings.set("tempo", "planningPhase", false);
    }
  });

  it("CNT-3, CNT-13: a round counts up to the end step; a creature that spent no action starts the next round its bonus lower", async () => {
    const combat = await combatOf("count", [
      { name: "Sage", system: { abilities: { int: 3 } } },
      { name: "Scout", system: { abilities: { dex: 2 } } },
    ]);
    await begin(combat, [7, 9]);
    const round = combat.round ?? 0;
    // The GM ends each turn from the tracker without anyone declaring an action.
    for (let i = 0; i < 6 && combat.round === round; i++) {
      await combat.nextTurn();
      await world.idle();
    }
    expect(combat.round).toBe(round + 1);
    expect(initiativeOf(combat, "Sage")).toBe(4);
    expect(initiativeOf(combat, "Scout")).toBe(7);
    expect(names(combat)).toEqual(["Sage", "Scout"]);
  });
});
