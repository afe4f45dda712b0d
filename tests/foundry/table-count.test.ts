/**
 * The count-up track at the table (issue 19's reach): the owner declares from their row's Declare form
 * (count-dialogs.ts, a DialogV2 answered as a user, sent as the tracker's control sends it) and the GM
 * clicks Next (core's `nextTurn`) through the counts; what lands, and when, is read from the chat cards
 * every client receives.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installTempoWorld, ownedId, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(149);
const { world } = t;
const dialogs = installDialogs();
afterAll(() => {
  dialogs.uninstall();
  world.uninstall();
});

const { askCountDeclaration } = await import("../../src/foundry/applications/count-dialogs.ts");

const countNow = (combat: Tempo): number | null => combat.combatant?.initiative ?? null;

async function gmNext(combat: Tempo): Promise<void> {
  const m = t.model(combat);
  if (!m.host.started(m.state)) await combat.startCombat();
  else if (m.host.pending(m.state).length > 0) await combat.rollAll();
  else await combat.nextTurn();
  await world.idle();
}

/** The chat messages posted since `from` whose stored data names `text`. */
const postedSince = (from: number, text: string) =>
  world.messages.slice(from).filter((m) => JSON.stringify(m).includes(text));

describe("the count track from the tracker", () => {
  it("CNT-8, CNT-9: a 5th-level spell declared on count 18 lands on count 3 of the next round: its card is posted as the track passes 3 and says it carried over", async () => {
    const combat = await t.encounter("count", 2, (i) => ({ initiativeBonus: 0, side: i === 0 ? "pc" : "enemy" }));
    const own = ownedId(t, combat);
    world.scriptedTotals.push(18, 1); // the owner's creature on count 18, the enemy on 1
    for (let i = 0; i < 6 && combat.combatant?.id !== own; i++) await gmNext(combat);
    expect(combat.combatant?.id).toBe(own);
    expect(countNow(combat)).toBe(18);
    const round = combat.round ?? 0;

    dialogs.answers.push({ fields: { kind: "spell", slotLevel: "5", target: "" } });
    const command = await world.as(t.owner, () => askCountDeclaration(combat, own));
    expect(command).not.toBeNull();
    if (command !== null) await world.as(t.owner, () => combat.tempoCommand(command));
    await world.idle();

    const from = world.messages.length;
    const landed = () => postedSince(from, '"CNT-9"');
    let before = "";
    for (let i = 0; i < 8 && landed().length === 0; i++) {
      before = `round ${combat.round} count ${countNow(combat)}`;
      await gmNext(combat);
    }
    // It lands as the track passes count 3 of the next round: after the enemy's count 1, before count 18.
    expect(landed()).toHaveLength(1);
    expect(before).toBe(`round ${round + 1} count 1`);
    expect(`round ${combat.round} count ${countNow(combat)}`).toBe(`round ${round + 1} count 18`);
    const card = JSON.stringify(landed()[0]);
    expect(card).toContain('"position":{"key":"TEMPO.COMBAT.Count.Position","data":{"count":3}}');
    expect(card).toContain('"detail":{"key":"TEMPO.COMBAT.Count.Pending.Spell","data":{"level":5}}');
  });
});
