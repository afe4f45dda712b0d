/**
 * Quench batch `tempo.chat.damage`: an attack, its damage card, Apply and Undo in a real world, as a GM
 * (issue 11). Two actors are made: "Quench Damage Vex" (a character) and "Quench Damage Raider" (an NPC
 * with DR 3 and a 5-point overshield with DR 1). The attack card rolls a real d20; the damage card three
 * real 1d8+2 swings (AP-1). Apply on the Raider must leave exactly what the engine's pipeline says
 * (planActorDamage with the world's DR-2 setting) and record it on the card; Undo must restore the
 * Raider's source exactly. What a run leaves behind (the actors and the cards) is deleted afterwards.
 */
import { DEFAULT_DAMAGE_KINDS, planActorDamage, type DrMode } from "../../engine/index.ts";
import { appliedRecords } from "../../view/chat/damage-applied.ts";
import { runCardAction } from "../chat/card-actions.ts";
import { applyDamageTo } from "../chat/apply-damage.ts";
import { postCard } from "../chat/post-card.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";
import { TempoActorModel } from "../data/actor/actor-model.ts";
import { cardModelOf } from "../data/chat/chat-card-model.ts";
import { SYSTEM_ID } from "../system-id.ts";
import type { QuenchBatchFunction } from "./quench-api.ts";

const SUITE_TIMEOUT_MS = 30_000;
const SWING_FORMULA = "1d8+2";
const RAIDER_DR = { physical: 3, elemental: 0, arcane: 0 };

interface Run {
  vex: Actor.Implementation | null;
  raider: Actor.Implementation | null;
  card: ChatMessage.Implementation | null;
  raiderBefore: unknown;
  readonly messages: string[];
}

function systemOf(actor: Actor.Implementation | null): TempoActorModel {
  const system: unknown = actor?.system;
  if (!(system instanceof TempoActorModel)) throw new Error("Quench: not a Tempo actor");
  return system;
}

function sourceOf(actor: Actor.Implementation | null): unknown {
  return JSON.parse(JSON.stringify(actor?.toObject().system ?? null)) as unknown;
}

/** The value, or the test fails naming what is missing (a throw narrows the type; chai's fail does not here). */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Quench: no ${what}`);
  return value;
}

async function rolled(formula: string): Promise<Roll> {
  const roll = new Roll(formula);
  await roll.evaluate();
  return roll;
}

export const damageBatch: QuenchBatchFunction = ({ describe, it, after, assert }) => {
  const run: Run = { vex: null, raider: null, card: null, raiderBefore: null, messages: [] };

  describe("Tempo damage cards: attack, damage, apply and undo through Foundry's documents", function () {
    this.timeout(SUITE_TIMEOUT_MS);

    after(async () => {
      const ids = run.messages.filter((id) => game.messages.get(id) !== undefined);
      if (ids.length > 0) await ChatMessage.deleteDocuments(ids);
      const actors = [run.vex, run.raider].map((a) => a?.id ?? null).filter((id): id is string => id !== null);
      if (actors.length > 0) await Actor.deleteDocuments(actors);
    });

    it("creates a character and an NPC with DR and an overshield", async () => {
      run.vex = (await Actor.create({ name: "Quench Damage Vex", type: "character" })) ?? null;
      const raiderData = {
        name: "Quench Damage Raider",
        type: "npc",
        system: {
          hp: { value: 30, max: 30 },
          dr: RAIDER_DR,
          overshield: { value: 5, max: 5, dr: { physical: 1, elemental: 0, arcane: 0 }, effect: "quench-ward" },
        },
      };
      run.raider = (await Actor.create(raiderData as Actor.CreateData)) ?? null;
      assert.strictEqual(systemOf(run.raider).hp.value, 30, "the Raider's hit points");
    });

    it("posts an attack card with a real d20 and a damage card with three real 1d8+2 swings", async () => {
      const d20 = await rolled("1d20");
      const attack = {
        attacker: "Quench Damage Vex",
        target: "Quench Damage Raider",
        weapon: "Chain blade",
        resolution: {
          scheme: "d20" as const,
          snapshot: { bonus: 4, armorClass: 12, criticalFrom: 20, mode: "normal" as const },
          faces: [d20.total ?? 0],
        },
      };
      const attackMessage = (await postCard(
        { type: "attack", input: attack },
        { rolls: [d20], messageMode: "public" },
      )) as ChatMessage.Implementation | undefined;
      if (attackMessage?.id != null) run.messages.push(attackMessage.id);
      const swings = await Promise.all([1, 2, 3].map(() => rolled(SWING_FORMULA)));
      const input = {
        attacker: "Quench Damage Vex",
        target: "Quench Damage Raider",
        formula: SWING_FORMULA,
        swings: swings.map((r) => r.total ?? 0),
        kind: "slashing",
        dr: RAIDER_DR,
        drMode: game.settings.get(SYSTEM_ID, "drMode") as DrMode,
      };
      const card = (await postCard({ type: "damage", input }, { rolls: swings, messageMode: "public" })) as
        ChatMessage.Implementation | undefined;
      const created = must(card, "damage card");
      run.messages.push(must(created.id, "damage card id"));
      run.card = created;
      assert.strictEqual(cardModelOf(created)?.card.type, "damage", "a damage card");
    });

    it("DR-2, OSH-1, OSH-4: Apply on the Raider leaves what the engine's pipeline says and records it on the card", async () => {
      const card = must(run.card, "damage card");
      const input = cardModelOf(card)?.input as { swings: number[]; kind: string };
      const settings = { drMode: game.settings.get(SYSTEM_ID, "drMode") as DrMode, kinds: DEFAULT_DAMAGE_KINDS };
      const plan = planActorDamage(actorStatsOf(systemOf(run.raider)), input, settings);
      if (!plan.ok) throw new Error(`Quench: the engine refused: ${plan.error.key}`);
      run.raiderBefore = sourceOf(run.raider);
      const refusal = await applyDamageTo(card, [run.raider as Actor.Implementation]);
      assert.isNull(refusal, "applied");
      const system = systemOf(run.raider);
      assert.deepEqual({ hp: system.hp.value, overshield: system.overshield.value }, plan.value.after, "as planned");
      const records = appliedRecords(
        (cardModelOf(game.messages.get(card.id ?? ""))?.input as { applied?: unknown }).applied,
      );
      assert.strictEqual(records.length, 1, "one record on the card");
      assert.deepEqual(records[0]?.after, plan.value.after, "the card records the result");
    });

    it("Undo restores the Raider exactly and clears the card's record", async () => {
      const card = must(game.messages.get(run.card?.id ?? ""), "damage card");
      const refusal = await runCardAction(card, "undo");
      assert.isNull(refusal, "undone");
      assert.deepEqual(sourceOf(run.raider), run.raiderBefore, "the Raider's source is as before");
      const applied = (cardModelOf(game.messages.get(card.id ?? ""))?.input as { applied?: unknown }).applied;
      assert.strictEqual(appliedRecords(applied).length, 0, "nothing recorded");
    });
  });
};
