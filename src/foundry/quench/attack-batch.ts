/**
 * Quench batch `tempo.chat.attack`: an owned weapon used the way the hotbar macro uses it
 * (`useItemDocument`, chat/attack-flow.ts) against one NPC, in a real world, as a GM (issue 11). Two
 * actors are made outside any combat, so the attack rolls at once under the world's ruleset: the attacker
 * ("Quench Attack Vex", AAC0 15 from its class table, so a segment world can attack) owns a 1d8 weapon; the target is
 * "Quench Attack Raider". Exactly one attack card must name the Raider, hold the faces of the real
 * Rolls on the message, and be followed by the damage card exactly when the card says it hit.
 * What a run leaves behind (the actors and the cards) is deleted afterwards.
 */
import { attackHit } from "../../view/chat/item-attack.ts";
import type { AttackCardInput } from "../../view/chat/attack-card.ts";
import { useItemDocument } from "../chat/attack-flow.ts";
import { cardModelOf } from "../data/chat/chat-card-model.ts";
import type { QuenchBatchFunction } from "./quench-api.ts";

const SUITE_TIMEOUT_MS = 30_000;

interface Run {
  vex: Actor.Implementation | null;
  raider: Actor.Implementation | null;
  readonly messages: string[];
}

function facesOf(input: AttackCardInput): readonly number[] {
  const r = input.resolution;
  return r.scheme === "phase" ? r.dice : r.faces;
}

export const attackBatch: QuenchBatchFunction = ({ describe, it, after, assert }) => {
  const run: Run = { vex: null, raider: null, messages: [] };

  describe("Tempo attack cards: an owned weapon used on a target through Foundry's documents", function () {
    this.timeout(SUITE_TIMEOUT_MS);

    after(async () => {
      const ids = run.messages.filter((id) => game.messages.get(id) !== undefined);
      if (ids.length > 0) await ChatMessage.deleteDocuments(ids);
      const actors = [run.vex, run.raider].map((a) => a?.id ?? null).filter((id): id is string => id !== null);
      if (actors.length > 0) await Actor.deleteDocuments(actors);
    });

    it("posts one attack card with the real Rolls' faces, and the damage card exactly on a hit", async () => {
      const vexData = { name: "Quench Attack Vex", type: "character", system: { aac0: 15 } };
      run.vex = (await Actor.create(vexData as Actor.CreateData)) ?? null;
      run.raider = (await Actor.create({ name: "Quench Attack Raider", type: "npc" })) ?? null;
      const vex = run.vex;
      if (vex === null || run.raider === null) throw new Error("Quench: actors not created");
      const created = await vex.createEmbeddedDocuments("Item", [
        { name: "Quench Blade", type: "weapon", system: { damage: "1d8" } } as Item.CreateData,
      ]);
      const weapon = created?.[0];
      if (weapon === undefined) throw new Error("Quench: weapon not created");
      const before = new Set(game.messages.contents.map((m) => m.id));
      const done = await useItemDocument(weapon as Item.Implementation, { targets: [run.raider] });
      const posted = game.messages.contents.filter((m) => !before.has(m.id));
      run.messages.push(...posted.map((m) => m.id ?? "").filter((id) => id !== ""));
      assert.isTrue(done, "the attack was made");
      const attack = posted.find((m) => cardModelOf(m)?.card.type === "attack");
      const input = cardModelOf(attack)?.input as AttackCardInput | undefined;
      if (attack === undefined || input === undefined) throw new Error("Quench: no attack card");
      assert.strictEqual(input.target, "Quench Attack Raider", "the card names the target");
      assert.deepEqual(
        [...facesOf(input)],
        attack.rolls.map((r) => r.total ?? 0),
        "the card holds the faces of the Rolls on the message",
      );
      const damage = posted.filter((m) => cardModelOf(m)?.card.type === "damage");
      assert.strictEqual(damage.length, attackHit(input) === true ? 1 : 0, "a damage card exactly on a hit");
    });
  });
};
