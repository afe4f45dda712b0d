/**
 * Quench steps for rotation groups (ROT-5) through v13's CombatantGroup, run in a real world as a GM:
 * a rotation Combat with enemy groups on and four actorless enemies; a group made with core's
 * `createEmbeddedDocuments("CombatantGroup")`; three enemies moved in with `setGroup`; a fourth refused
 * by command and by `combatant.update({ group })` with nothing changed; after the start the group rolls
 * once and its members share the result; once they have acted, deleting the group leaves every member
 * in the combat on its own (their tie rolled off). What a run leaves behind is removed afterwards: the
 * combat, the roll summaries it posted, the world time it moved.
 */
import { engineGroupOf, waitsForRoller } from "../../engine/index.ts";
import type { CombatOptions } from "../combat/host-options.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { TEMPO_GROUP_TYPE } from "../data/combatant-group/combatant-group-model.ts";
import type { QuenchAssert, QuenchBatchContext } from "./quench-api.ts";

const OPTIONS: CombatOptions = {
  surprise: "automatic",
  drMode: "perHit",
  sharedInitiative: false,
  enemyGroups: true,
  noThreePlayersInRow: false,
  planningPhase: false,
  initiator: "players",
  dexReaction: false,
  roundSeconds: 6,
};
const NAMES = ["Quench Group Ash", "Quench Group Birch", "Quench Group Cinder", "Quench Group Dusk"];
const WAIT_MS = 10_000;
/** The class rollRequests gives its summary messages. */
const ROLL_SUMMARY = "tempo-roll-summary";
type Listener = (...args: unknown[]) => void;
const hooks = () => Hooks as unknown as { on(hook: string, fn: Listener): number; off(hook: string, id: number): void };

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function engine(combat: Combat.Implementation) {
  const model = tempoModelOf(combat);
  return model === null || model.state === null ? null : { host: model.host, state: model.state };
}

/** The engine's group of each combatant, and core's `combatant.group` of each, by name. */
function groupsOf(combat: Combat.Implementation): { engine: (string | null)[]; documents: (string | null)[] } {
  const e = engine(combat);
  const members = NAMES.map((name) => combat.combatants.find((c) => c.name === name));
  return {
    engine: members.map((c) => (e === null || c?.id == null ? null : engineGroupOf(e.host, e.state, c.id))),
    documents: members.map((c) => c?._source.group ?? null),
  };
}

export function rotationGroupSteps(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: QuenchAssert = context.assert;
  let combat: Combat.Implementation | null = null;
  let group = "";
  let listener: number | null = null;
  const messages: string[] = [];
  let worldTime = 0;
  const need = (): Combat.Implementation => combat ?? assert.fail("An earlier step failed: there is no combat.");
  const ids = () => NAMES.map((name) => need().combatants.find((c) => c.name === name)?.id ?? "");

  describe("Tempo rotation groups (ROT-5) through Foundry's CombatantGroup", function () {
    this.timeout(60_000);

    before(function () {
      if (!game.user.isGM) {
        this.skip();
        return;
      }
      worldTime = game.time.worldTime;
      listener = hooks().on("createChatMessage", (message) => {
        if (message instanceof ChatMessage && message.id !== null && message.content.includes(ROLL_SUMMARY))
          messages.push(message.id);
      });
    });

    after(async () => {
      if (listener === null) return;
      hooks().off("createChatMessage", listener);
      if (combat?.id != null && game.combats.get(combat.id) !== undefined) await combat.delete();
      combat = null;
      const posted = messages.splice(0).filter((id) => game.messages.get(id) !== undefined);
      if (posted.length > 0) await ChatMessage.deleteDocuments(posted);
      const drift = game.time.worldTime - worldTime;
      if (drift !== 0) await game.time.advance(-drift);
    });

    it("ROT-5: three enemies join a group made with core's API; the engine holds them together", async () => {
      const created = await Combat.create({ type: "rotation" });
      if (created == null) assert.fail("Combat.create returned nothing.");
      combat = created;
      await created.update({ system: { options: OPTIONS } } as Combat.UpdateData);
      const data = NAMES.map((name) => ({ name, type: "base" as const, system: { side: "enemy" as const } }));
      await created.createEmbeddedDocuments("Combatant", data);
      await until(() => {
        const e = engine(created);
        return e !== null && e.host.order(e.state).length === NAMES.length;
      }, "the engine to add the combatants");
      await created.resetAll();
      const [made] = (await created.createEmbeddedDocuments("CombatantGroup", [
        { name: "Quench Group", type: TEMPO_GROUP_TYPE },
      ] as never)) as CombatantGroup.Implementation[];
      group = made?.id ?? "";
      const answer = await created.tempoCommand({ type: "setGroup", combatantIds: ids().slice(0, 3), groupId: group });
      assert.deepEqual(answer, { ok: true }, "setGroup answered");
      const expected = [group, group, group, null];
      assert.deepEqual(groupsOf(created), { engine: expected, documents: expected }, "engine and documents agree");
    });

    it("ROT-5: a fourth enemy is refused, by command and by combatant.update; nothing changes", async () => {
      const c = need();
      const before = groupsOf(c);
      const answer = await c.tempoCommand({ type: "setGroup", combatantId: ids()[3], groupId: group });
      assert.strictEqual(answer.ok ? null : answer.error.key, "TEMPO.ERRORS.Rotation.GroupTooLarge", "the reason");
      await c.combatants.get(ids()[3] ?? "")?.update({ group } as Combatant.UpdateData);
      assert.deepEqual(groupsOf(c), before, "nothing changed");
    });

    it("ROT-5: the group rolls once and its members share the result", async () => {
      const c = need();
      await c.startCombat();
      const e = engine(c);
      const rolls = e === null ? [] : e.host.pending(e.state).filter(waitsForRoller);
      assert.strictEqual(rolls.filter((r) => r.groupId === group).length, 1, "one roll for the group");
      await c.rollAll();
      const values = ids()
        .slice(0, 3)
        .map((id) => c.combatants.get(id)?.initiative ?? null);
      const first = values[0] ?? null;
      assert.isNotNull(first, "the group's result");
      assert.deepEqual(values, [first, first, first], "one result for the three");
    });

    it("deleting the group once its members have acted leaves every member in the combat, on its own", async () => {
      const c = need();
      const members = new Set(ids().slice(0, 3));
      // ROT-4: the group taking its turns cannot change; its members act one after another.
      for (let i = 0; i < 8 && members.has(c.combatant?.id ?? ""); i++) await c.nextTurn();
      assert.isFalse(members.has(c.combatant?.id ?? ""), "the group is not acting");
      await c.deleteEmbeddedDocuments("CombatantGroup", [group]);
      const none = [null, null, null, null];
      await until(() => JSON.stringify(groupsOf(c).engine) === JSON.stringify(none), "the engine to ungroup");
      await until(() => JSON.stringify(groupsOf(c).documents) === JSON.stringify(none), "the documents");
      assert.strictEqual(c.combatants.size, 4, "nobody lost");
    });
  });
}
