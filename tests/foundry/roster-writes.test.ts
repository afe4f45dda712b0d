/**
 * Issue 17, "How it is checked": roster changes (create, delete, hide, defeat) cost one Tempo write
 * and no spurious notice. In a running combat of every ruleset the GM creates a combatant, deletes
 * the acting one and one before it, hides one and marks one defeated: each is the GM's own write plus
 * exactly one Tempo Combat update (the roster sync or the engine's `defeat`, with at most one batched
 * Combatant update), nobody is told anything, and core's `turns`, `turn` and `combatant` are the
 * engine's on every client afterwards. Deleting a combatant no longer lets core write `turn` from the
 * deleting client (the runtime model's core does, as the issue describes: runtime/combat.ts).
 *
 * A player who deletes its own combatant while no GM is connected: when a GM connects it reconciles
 * the roster (reconcile.ts), the engine drops the creature, in one write.
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import type { Write } from "../support/foundry-world.ts";
import {
  combatantData,
  coreMismatches,
  documentWrites,
  embedded,
  installTempoWorld,
  ownedId,
  playUntil,
  type Tempo,
} from "../support/tempo-encounter.ts";
import { copyOf, coreVersusEngine } from "../support/client-combats.ts";

const t = await installTempoWorld(59);
const { world, gm, owner, observer } = t;
afterAll(() => world.uninstall());

const describeWrite = (w: Write) => `${w.userId} ${w.action ?? "update"} ${w.document}`;

/** Core's fields are the engine's, on the stored document and on every connected client. */
function expectCoreTrue(combat: Tempo, where: string): void {
  expect(coreMismatches(t, combat), where).toEqual([]);
  for (const client of world.runtime.network.connectedClients)
    expect(coreVersusEngine(t, client, combat), where).toEqual([]);
}

/**
 * Runs a roster change as the GM; checks it cost the GM's own write, then `tempoCombatWrites` Tempo
 * Combat updates and at most one batched Combatant update, nothing else, and no notice to anyone.
 */
async function rosterChange(
  combat: Tempo,
  where: string,
  own: Pick<Write, "document" | "action">,
  change: () => Promise<unknown>,
  tempoCombatWrites = 1,
): Promise<void> {
  const from = world.writes.length;
  const notices = world.notices.length;
  await change();
  await world.idle();
  const writes = documentWrites(world, from);
  expect(writes.map(describeWrite)[0], where).toBe(`${gm.id} ${own.action ?? "update"} ${own.document}`);
  const tempo = writes.slice(1);
  expect(tempo.filter((w) => w.document !== "Combat" && w.document !== "Combatant").map(describeWrite), where).toEqual(
    [],
  );
  expect(tempo.filter((w) => w.document === "Combat").map(describeWrite), where).toEqual(
    Array.from({ length: tempoCombatWrites }, () => `${gm.id} update Combat`),
  );
  const mirrors = tempo.filter((w) => w.document === "Combatant");
  expect(mirrors.length, where).toBeLessThanOrEqual(1);
  expect(mirrors.map(describeWrite), where).toEqual(mirrors.length === 0 ? [] : [`${gm.id} update Combatant`]);
  expect(world.notices.slice(notices), where).toEqual([]);
  expectCoreTrue(combat, where);
}

/** A running combat whose acting creature has at least one creature before it in core's order. */
async function running(ruleset: RulesetId): Promise<Tempo> {
  const combat = await t.encounter(ruleset, 6);
  const ok = await playUntil(
    t,
    combat,
    (c) => (c.turn ?? 0) >= 2 && t.model(c).host.pending(t.model(c).state).length === 0,
  );
  if (!ok) throw new Error(`${ruleset}: no creature ever acted third`);
  return combat;
}

const idOf = (c: { id: string | null } | null | undefined): string => c?.id ?? "";

describe("issue 17: roster changes cost one Tempo write and no spurious notice", () => {
  it.each(RULESET_IDS.map((r) => [r] as const))(
    "DEF-1: %s: the GM creates, deletes (one before the acting one, then the acting one), hides and defeats",
    async (ruleset) => {
      const combat = await running(ruleset);

      await rosterChange(combat, `${ruleset}: create`, { document: "Combatant", action: "create" }, () =>
        embedded(combat).createEmbeddedDocuments("Combatant", [
          { ...combatantData(7, owner.id, observer.id), name: "Newcomer" },
        ]),
      );
      expect(t.model(combat).host.order(t.model(combat).state)).toHaveLength(7);

      const acting = idOf(combat.combatant);
      const before = idOf(combat.turns[(combat.turn ?? 0) - 1]);
      await rosterChange(
        combat,
        `${ruleset}: delete one before the acting one`,
        { document: "Combatant", action: "delete" },
        () => embedded(combat).deleteEmbeddedDocuments("Combatant", [before]),
      );
      expect(idOf(combat.combatant), `${ruleset}: the same creature still acts`).toBe(acting);

      await rosterChange(combat, `${ruleset}: delete the acting one`, { document: "Combatant", action: "delete" }, () =>
        embedded(combat).deleteEmbeddedDocuments("Combatant", [acting]),
      );
      expect(t.model(combat).host.order(t.model(combat).state)).not.toContain(acting);

      const standing = combat.turns.filter((c) => c.id !== combat.combatant?.id && !c.defeated);
      const hidden = idOf(standing[0]);
      // Hiding only hides a creature from players: it stays in the engine and takes its turns (roster-sync.ts).
      // Issue 18: in every ruleset its place (engine host/public-order.ts) and its roll are withheld from then
      // on: one Combat write publishes that.
      await rosterChange(
        combat,
        `${ruleset}: hide`,
        { document: "Combatant" },
        () => embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: hidden, hidden: true }]),
        1,
      );
      expect(t.model(combat).host.order(t.model(combat).state)).toContain(hidden);

      const defeated = idOf(standing[1]);
      await rosterChange(combat, `${ruleset}: defeat`, { document: "Combatant" }, () =>
        embedded(combat).updateEmbeddedDocuments("Combatant", [{ _id: defeated, defeated: true }]),
      );
      expect(t.model(combat).host.defeated(t.model(combat).state, defeated)).toBe(true);
    },
  );

  it.each(RULESET_IDS.map((r) => [r] as const))(
    "%s: a player deletes its own combatant while no GM is connected; the GM who connects reconciles in one write",
    async (ruleset) => {
      const combat = await running(ruleset);
      const id = combat.id ?? "";
      const own = ownedId(t, combat);
      gm.active = false;
      await world.idle();
      const from = world.writes.length;
      await world.as(owner, () => embedded(copyOf(t, owner.id, id)).deleteEmbeddedDocuments("Combatant", [own]));
      await world.idle();
      expect(documentWrites(world, from).map(describeWrite)).toEqual([`${owner.id} delete Combatant`]);
      const reconnect = world.writes.length;
      const notices = world.notices.length;
      gm.active = true;
      await world.idle();
      const writes = documentWrites(world, reconnect);
      expect(writes.filter((w) => w.document === "Combat").map(describeWrite)).toEqual([`${gm.id} update Combat`]);
      expect(writes.filter((w) => w.document !== "Combat").length).toBeLessThanOrEqual(1);
      expect(world.notices.slice(notices)).toEqual([]);
      const reloaded = copyOf(t, gm.id, id);
      expect(t.model(reloaded).host.order(t.model(reloaded).state)).not.toContain(own);
      expectCoreTrue(reloaded, `${ruleset}: after the GM reconciled`);
    },
  );
});
