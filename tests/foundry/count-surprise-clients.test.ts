/**
 * CNT-4 (issue 19): the surprise round as every client shows it, GM's and player's alike (core's `turns`, each
 * combatant's `initiative`, and the tracker's rows built for that client's user), when the GM marks a creature
 * surprised once the surprise round is under way (refused with its reason: the first round is chosen) and
 * when the GM types an initiative into the tracker during it (the count a creature acts on from round 1;
 * its surprise-round count stays 20 − bonus, and a typed result below 0 is tracked as 0).
 */
import { afterAll, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { countCreature, countTable } from "../support/count-table.ts";
import { copyOn } from "../support/client-combats.ts";

const world = installFoundryWorld(1004);
afterAll(() => world.uninstall());
await world.loadSystem();
world.callHook("init");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");

it("CNT-4: in the surprise round, a creature marked surprised (refused, the GM told why) and an initiative the GM types show the same counts and order on the GM's and a player's client", async () => {
  const ambusher = await countCreature(world, "Ambusher", { abilities: { int: 3 } });
  const lurker = await countCreature(world, "Lurker", { abilities: { int: 1 } });
  const guard = await countCreature(world, "Guard", {});
  world.addUser("watcher").active = true;
  // Results: Ambusher 2 − 3 = −1 and Lurker 1 − 1 = 0 have surprise (counts 17 and 19); the Guard 10.
  const t = await countTable(world, [ambusher, lurker, guard], [-1, 0, 10]);
  const id = t.combat.id ?? "";
  /** Each client's round, acting creature, core's turns with their initiative, and its tracker's rows. */
  const seen = () =>
    world.runtime.network.connectedClients.map((client) => {
      const copy = copyOn(client, id);
      const input = trackerInputOf(copy as never, client.user as never);
      const context = input === null ? null : buildTrackerContext(input);
      const rows =
        context?.body.part === "count"
          ? context.body.count.slots.flatMap((s) => s.rows.map((r) => `${s.count} ${r.name}`))
          : [];
      const turns = copy.turns.map((c) => `${c.name} ${String(c.initiative)}`);
      return [copy.round, copy.combatant?.name ?? null, turns.join(", "), context?.heading.key, rows.join(", ")];
    });
  const clients = () => new Set(seen().map((s) => JSON.stringify(s)));
  expect(seen()).toHaveLength(2);
  const surprise = "TEMPO.COMBAT.Track.SurpriseRound";
  const before = [0, "Ambusher", "Ambusher 17, Lurker 19, Guard 10", surprise, "17 Ambusher, 19 Lurker, 20 Guard"];
  expect([...clients()]).toEqual([JSON.stringify(before)]);

  // (a) The GM marks the Lurker surprised while the Ambusher acts: too late (CNT-4: the round was chosen).
  const notices = world.notices.length;
  await lurker.toggleStatusEffect("surprised", { active: true });
  await world.idle();
  expect(world.notices.slice(notices).map((n) => n.text)).toEqual(["TEMPO.ERRORS.Count.TooLate {}"]);
  expect([...clients()]).toEqual([JSON.stringify(before)]);

  // (b) The GM types initiatives: the Guard −3 (tracked as 0), the Lurker 5 (it still acts on 19 now).
  await t.combat.updateEmbeddedDocuments(
    "Combatant" as never,
    [
      { _id: t.id("Guard"), initiative: -3 },
      { _id: t.id("Lurker"), initiative: 5 },
    ] as never,
  );
  await world.idle();
  const typed = [0, "Ambusher", "Ambusher 17, Lurker 19, Guard 0", surprise, "17 Ambusher, 19 Lurker, 20 Guard"];
  expect([...clients()]).toEqual([JSON.stringify(typed)]);
  await t.next();
  expect([...clients()].map((s) => (JSON.parse(s) as unknown[])[1])).toEqual(["Lurker"]);
  await t.next();
  await t.next();
  // Round 1: the typed counts, on both clients (the Guard and the Ambusher on 0 contest: CNT-5).
  const [round1] = [...clients()].map((s) => JSON.parse(s) as unknown[]);
  expect(clients().size).toBe(1);
  expect(round1?.[0]).toBe(1);
  expect(String(round1?.[4]).split(", ").sort()).toEqual(["0 Ambusher", "0 Guard", "5 Lurker"]);
  expect(String(round1?.[2]).endsWith("Lurker 5")).toBe(true);
});
