/**
 * Issue 18 items 3 and 5: a hidden creature's turn, in every ruleset. Players may know that an unseen
 * creature acts while it acts (no visible row is marked acting then); its place is out of the state
 * their clients hold before and after (engine host/public-order.ts), and core's `turns`, `turn` and
 * `combatant` on their clients are the GM's public order throughout (data/combat/combat-model.ts).
 * Standard and segment only: the secrets probe's count, phase and rotation rounds already play through
 * the hidden creature's turns with the same checks after every step (secrets-probe.test.ts `play`).
 */
import { afterAll, describe, expect, it } from "vitest";
import { installTempoWorld, playUntil, type Tempo } from "../support/tempo-encounter.ts";
import { copyOf } from "../support/client-combats.ts";
import { hiddenOf, placesTold, probeEncounter } from "../support/secrets-probe.ts";

const t = await installTempoWorld(18);
afterAll(() => t.world.uninstall());

describe("a hidden creature's turn (issue 18 items 3 and 5)", () => {
  it.each(["standard", "segment"] as const)(
    "%s: while it acts each player's core turn names it and no visible creature; before and after, its place is in no player's copy",
    async (ruleset) => {
      const combat = await probeEncounter(t, ruleset);
      const users = [t.owner, t.other, t.observer];
      const id = hiddenOf(combat).id;
      const told: [string, string][] = [];
      const acting = (c: Tempo) => c.round >= 1 && t.model(c).host.current(t.model(c).state) === id;
      const watched = (until: (c: Tempo) => boolean) => (c: Tempo) => {
        told.push(...placesTold(t, c, users));
        return until(c);
      };
      expect(await playUntil(t, combat, watched(acting), 80)).toBe(true);
      for (const user of users) {
        const copy = copyOf(t, user.id, combat.id ?? "");
        expect(copy.combatant?.id, user.id).toBe(id);
        expect(t.model(copy).host.order(t.model(copy).state), user.id).toContain(id);
      }
      expect(
        await playUntil(
          t,
          combat,
          watched((c) => !acting(c)),
          5,
        ),
      ).toBe(true);
      expect(told, ruleset).toEqual([]);
    },
  );

  it("standard: a GM's direct write of the turn goes back to the public order's, which counts no waiting hidden creature before the acting one", async () => {
    const combat = await probeEncounter(t, "standard");
    const id = hiddenOf(combat).id;
    // A visible creature acts after the hidden one in the GM's whole order: its public place is one less.
    const after = (c: Tempo) => {
      const { host, state } = t.model(c);
      const order = host.order(state);
      const current = host.current(state);
      return current !== null && current !== id && order.indexOf(current) > order.indexOf(id);
    };
    expect(await playUntil(t, combat, after, 40)).toBe(true);
    const { turn } = combat;
    const acting = combat.combatant?.id;
    await combat.update({ turn: ((turn ?? 0) + 1) % combat.turns.length } as never);
    await t.world.idle();
    expect(combat.turn).toBe(turn);
    expect(combat.combatant?.id).toBe(acting);
    for (const user of [t.owner, t.other])
      expect(copyOf(t, user.id, combat.id ?? "").combatant?.id, user.id).toBe(acting);
  });
});
