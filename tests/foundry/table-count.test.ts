/**
 * The count-up track at the table (issue 19's reach): the owner declares from their row's Declare form
 * (count-dialogs.ts, a DialogV2 answered as a user, given as the tracker's control gives it: count-declare-use.ts) and the GM
 * clicks Next (core's `nextTurn`) through the counts; what lands, and when, is read from the chat cards
 * every client receives.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installTempoWorld, ownedId, type Tempo } from "../support/tempo-encounter.ts";
import { countPendingActionsOf } from "../../src/engine/index.ts";

const t = await installTempoWorld(149);
const { world } = t;
const dialogs = installDialogs();
afterAll(() => {
  dialogs.uninstall();
  world.uninstall();
});

const { declareOnCount } = await import("../../src/foundry/chat/count-declare-use.ts");

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
    expect(await world.as(t.owner, () => declareOnCount(combat, own))).toBe(true);
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

  it("CNT-7: no sequence of declarations from the form spends more than one action on the creature's own count a round; its attacks land k × delay apart; a refused one changes nothing; undo gives back exactly what a declaration spent", async () => {
    const combat = await t.encounter("count", 2, (i) => ({ initiativeBonus: 0, side: i === 0 ? "pc" : "enemy" }));
    const own = ownedId(t, combat);
    type State = Parameters<typeof countPendingActionsOf>[0];
    const pending = () =>
      countPendingActionsOf(t.model(combat).state as State, own).map((a) => `${a.round}:${a.count}`);
    const acting = () => combat.combatant?.id === own;
    const DELAY = { "": 0, heavy: 2, great: 3 } as const;
    let x = 31;
    const pick = (n: number) => ((x = (x * 1103515245 + 12345) % 2147483648) >>> 16) % n;
    const tally = { declared: 0, refused: 0 };
    world.scriptedTotals.push(4, 1); // the owner's creature on count 4, the enemy on 1
    let spent = false;
    for (let k = 0; k < 24; k++) {
      // The GM clicks Next until the owner's count comes again; an off-count declaration is refused on the way.
      if (pick(3) === 0) {
        for (let i = 0; i < 12 && (i === 0 || !acting()); i++) {
          const round = combat.round;
          await gmNext(combat);
          if (combat.round !== round) spent = false;
          if (i === 1 && !acting()) {
            dialogs.answers.push({ fields: { kind: "attack", attacks: "1", target: "" } });
            expect(await world.as(t.owner, () => declareOnCount(combat, own))).toBe(false);
            tally.refused++;
          }
        }
        continue;
      }
      const property = (["", "heavy", "great"] as const)[pick(3)] ?? "";
      const attacks = 1 + pick(3);
      const fields = {
        kind: "attack",
        attacks: String(attacks),
        target: "",
        ...(property === "" ? {} : { [`property.${property}`]: "on" }),
      };
      const allowed = acting() && !spent;
      const before = pending();
      dialogs.answers.push({ fields });
      const result = await world.as(t.owner, () => declareOnCount(combat, own));
      await world.idle();
      expect(result).toBe(allowed);
      if (!allowed) {
        expect(pending()).toEqual(before);
        tally.refused++;
        continue;
      }
      spent = true;
      tally.declared++;
      // CNT-7: the k-th attack resolves at count + k × delay (delay 0: at once, nothing left pending).
      const count = combat.combatant?.initiative ?? 0;
      const added = pending().slice(before.length);
      const expected =
        DELAY[property] === 0 ? [] : Array.from({ length: attacks }, (_, i) => count + (i + 1) * DELAY[property]);
      expect(added.map((p) => Number(p.split(":")[1]) + (Number(p.split(":")[0]) - combat.round) * 20)).toEqual(
        expected,
      );
      if (k % 2 === 0) {
        const after = pending();
        await combat.tempoCommand({ type: "undo" });
        await world.idle();
        expect(pending()).toEqual(before);
        await combat.tempoCommand({ type: "redo" });
        await world.idle();
        expect(pending()).toEqual(after);
      }
    }
    expect(tally.declared).toBeGreaterThan(1);
    expect(tally.refused).toBeGreaterThan(3);
    world.scriptedTotals.length = 0;
  });
});
