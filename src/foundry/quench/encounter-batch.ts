/**
 * Quench batch `tempo.encounters` (issue 12 item 5): in a real world, as a GM, deploys an encounter on
 * a scratch scene, runs its combat, drops another creature onto it, and undoes the deploy. An entry
 * naming a compendium actor that does not exist must be reported by name while the rest deploys; the
 * tokens must not share a square; the combat must be the encounter's ruleset, started, with every
 * deployed creature's initiative rolled. Everything the run made (scene, actors, combats, the roll
 * summaries) is removed afterwards.
 */
import { deployEncounter } from "../encounters/deploy.ts";
import { dropOnCombat } from "../encounters/drop-on-combat.ts";
import { undoDeploy } from "../encounters/undo-deploy.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import type { QuenchBatchFunction } from "./quench-api.ts";

const TIMEOUT_MS = 60_000;
const MISSING = "Compendium.tempo.npcs.Actor.quenchMissing001";

export const encounterBatch: QuenchBatchFunction = ({ describe, it, before, after, assert }) => {
  describe("an encounter deployed, run, joined and undone", function () {
    this.timeout(TIMEOUT_MS);
    let scene: Scene.Implementation | null = null;
    const actors: Actor.Implementation[] = [];
    let combat: Combat.Implementation | null = null;
    const messagesBefore = new Set<string>();

    before(async () => {
      for (const message of game.messages) messagesBefore.add(message.id ?? "");
      scene = (await Scene.implementation.create({
        name: "Quench Encounter Scene",
        width: 2000,
        height: 2000,
        grid: { size: 100 },
      } as never)) as Scene.Implementation | null;
      for (const name of ["Quench Encounter Goblin", "Quench Encounter Wolf"]) {
        const actor = (await Actor.implementation.create({
          name,
          type: "npc",
        } as never)) as Actor.Implementation | null;
        if (actor !== null) actors.push(actor);
      }
    });

    after(async () => {
      if (combat !== null && game.combats.has(combat.id ?? "")) await combat.delete();
      if (scene !== null) await scene.delete();
      const ids = actors.flatMap((a) => (a.id !== null && game.actors.has(a.id) ? [a.id] : []));
      if (ids.length > 0) await Actor.implementation.deleteDocuments(ids);
      const posted = game.messages.contents.filter((m) => !messagesBefore.has(m.id ?? "")).map((m) => m.id ?? "");
      if (posted.length > 0) await ChatMessage.implementation.deleteDocuments(posted);
    });

    it("deploys the found creatures, reports the missing one by name, and starts the standard combat", async () => {
      const [goblin, wolf] = actors;
      assert.ok(scene !== null && goblin !== undefined && wolf !== undefined, "scene and actors made");
      if (scene === null || goblin === undefined || wolf === undefined) return;
      const result = await deployEncounter(
        {
          ruleset: "standard",
          surprise: "none",
          groups: [],
          entries: [
            { uuid: goblin.uuid, name: goblin.name, count: 3, side: "enemy", group: null },
            { uuid: wolf.uuid, name: wolf.name, count: 1, side: "enemy", group: null },
            { uuid: MISSING, name: "Quench Missing", count: 1, side: "enemy", group: null },
          ],
        },
        { scene, point: { x: scene.dimensions.sceneX + 1050, y: scene.dimensions.sceneY + 1050 }, party: false },
      );
      assert.isTrue(result.ok, result.ok ? "" : result.error.key);
      if (!result.ok) return;
      combat = result.value.combat;
      assert.deepEqual([...result.value.missing], ["Quench Missing"]);
      assert.strictEqual(combat.type, "standard");
      assert.strictEqual(scene.tokens.size, 4);
      const squares = new Set(scene.tokens.contents.map((t) => `${t.x},${t.y}`));
      assert.strictEqual(squares.size, 4, "no two tokens share a square");
      const model = tempoModelOf(combat);
      assert.isTrue(model !== null && model.state !== null && model.host.started(model.state), "started");
      for (const c of combat.combatants) assert.notStrictEqual(c.initiative, null, `${c.name} rolled`);
    });

    it("runs: next turn moves through the order the engine keeps", async () => {
      if (combat === null) return assert.fail("no combat");
      const before = combat.combatant?.id ?? null;
      await combat.nextTurn();
      assert.notStrictEqual(combat.combatant?.id ?? null, before);
    });

    it("STD-3: an NPC dropped onto the tracker joins with a rolled initiative", async () => {
      const wolf = actors[1];
      if (combat === null || wolf === undefined) return assert.fail("no combat");
      const count = combat.combatants.size;
      const dropped = await dropOnCombat(combat, { type: "Actor", uuid: wolf.uuid });
      assert.isTrue(dropped.ok, dropped.ok ? "" : dropped.error.key);
      assert.strictEqual(combat.combatants.size, count + 1);
    });

    it("undo removes the deploy's combat and tokens, and leaves the dropped creature's token", async () => {
      if (combat === null || scene === null) return assert.fail("no combat");
      const undone = await undoDeploy(combat);
      assert.isTrue(undone.ok && undone.value.tokens === 4, "the four deployed tokens removed");
      assert.isFalse(game.combats.has(combat.id ?? ""));
      assert.strictEqual(scene.tokens.size, 1);
      combat = null;
    });
  });
};
