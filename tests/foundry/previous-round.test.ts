import { afterAll, describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/engine/index.ts";
import { installTempoWorld, type Tempo } from "../support/tempo-encounter.ts";

/**
 * Issue 22, '"Previous round" at round 0 un-starts the combat': core's previousRound on a Tempo combat in
 * its first round is refused with a clear reason, and the combat stays as it was.
 */
const t = await installTempoWorld(22);
const { world } = t;
afterAll(() => world.uninstall());

/** A two-creature combat of `ruleset`, started and rolled: its first round under way. */
async function firstRound(ruleset: RulesetId): Promise<Tempo> {
  const combat = await t.encounter(ruleset, 2);
  await combat.startCombat();
  await world.idle();
  await combat.rollAll();
  await world.idle();
  return combat;
}

/** What the GM sees of the combat: whether it runs, its round and whose turn. */
const shown = (combat: Tempo) => ({ started: combat.started, round: combat.round, turn: combat.turn });

/** Previous round is refused with the localized reason (the model's i18n shows a key and its data), nothing changed. */
async function expectRefused(combat: Tempo): Promise<void> {
  const before = shown(combat);
  expect(before.started).toBe(true);
  const notices = world.notices.length;
  await combat.previousRound();
  await world.idle();
  expect(shown(combat)).toEqual(before);
  expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
    `TEMPO.ERRORS.Host.NoPreviousRound {"round":"${before.round ?? 0}"}`,
  ]);
}

describe("issue 22: Previous round with no earlier round", () => {
  it("phase, round 1 (the first): refused with its reason; the combat stays started at the same round and turn", async () => {
    await expectRefused(await firstRound("phase"));
  });

  it("rotation: round 1 goes back to round 0 (initiative being rolled); at round 0 it is refused, the combat still started", async () => {
    const combat = await firstRound("rotation");
    expect(combat.round).toBe(1);
    await combat.previousRound();
    await world.idle();
    expect(shown(combat)).toMatchObject({ started: true, round: 0 });
    await expectRefused(combat);
  });

  it("phase: in round 2, Previous round still goes back to round 1", async () => {
    const combat = await firstRound("phase");
    await combat.nextRound();
    await world.idle();
    expect(combat.round).toBe(2);
    await combat.previousRound();
    await world.idle();
    expect(shown(combat)).toMatchObject({ started: true, round: 1 });
  });
});
