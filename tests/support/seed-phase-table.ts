/**
 * The phase rounds of seeds/002 at the seed table (seed-table.ts): combats of new creatures, the GM's clicks
 * watched phase by phase, what the player's tracker says of a battle action, and a scene of 40 × 40 squares
 * where the player's Kara moves with the compendium's Walk (dropped on her sheet from the pack's data) among
 * the GM's creatures. The GM's world setting refuses a move past the budget (its default only warns).
 */
import { expect } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { packSources } from "../packs/pack-sources.ts";
import { cardSource } from "./chat-log.ts";
import { ownedItem } from "./owned-items.ts";
import type { ActorModel } from "./runtime/actor.ts";
import type { SeedTable, Tempo } from "./seed-table.ts";
import { addScene, placeToken } from "./world-scenes.ts";

type Obj = Record<string, unknown>;
type Token = Awaited<ReturnType<typeof placeToken>>;

/** A square, in pixels. */
const S = 100;

export async function installPhaseTable(table: SeedTable) {
  const { world, player, chat } = table;
  const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
  const scene = await addScene(world, { squares: 40, size: S, padding: 0 });
  await game.settings.set("tempo", "movementBudget", "refuse");
  const powers = packSources("packs/powers").map(({ doc }) => doc as { name: string; system: Obj });
  const power = (name: string) => powers.find((p) => p.name === name) ?? { name, system: {} };

  /** A phase combat of new creatures, each `[name, player's?, INT, AGI, more system]`, not started. */
  async function phaseFight(specs: readonly (readonly [string, boolean, number, number, Obj?])[]) {
    const actors: ActorModel[] = [];
    for (const [name, owned, int, agi, more] of specs)
      actors.push(
        await table.creature(name, owned ? [player.id] : [], owned ? "character" : "npc", {
          abilities: { int, agi },
          side: owned ? "pc" : "enemy",
          ...more,
        }),
      );
    const combat = await table.fight(
      "phase",
      actors.map((actor, i) => ({ actor, side: specs[i]?.[1] === true ? "pc" : "enemy" })),
    );
    const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
    return { combat, actors, id };
  }

  /** The GM's clicks until `until`, noting each new "phase name" the table shows. */
  async function watch(combat: Tempo, until: () => boolean, seen: string[] = []): Promise<string[]> {
    const note = () => {
      const entry = [table.phaseOf(combat), combat.combatant?.name].filter((x) => x != null).join(" ");
      if (entry !== "" && seen.at(-1) !== entry) seen.push(entry);
    };
    note();
    for (let i = 0; i < 30 && !until(); i++) {
      await table.gmClick(combat);
      note();
    }
    expect(until()).toBe(true);
    return seen;
  }

  /**
   * Kara (the player's, ATK 3, her token at `kara`) and the GM's creatures (each with Claws) at their squares,
   * in a phase combat the GM has begun; `initiative` the first round's totals (Kara first). Each test plays in
   * rows of its own.
   */
  async function onScene(kara: [number, number], foes: Record<string, [number, number]>, initiative: number[]) {
    const actors: ActorModel[] = [await table.creature("Kara", [player.id], "character", { atk: 3, side: "pc" })];
    for (const name of Object.keys(foes)) {
      const foe = await table.creature(name, [], "npc", { side: "enemy" });
      await ownedItem(world, foe, "Claws", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6" });
      actors.push(foe);
    }
    const squares = [kara, ...Object.values(foes)];
    const tokens: Token[] = [];
    for (const [i, actor] of actors.entries()) {
      const [x, y] = squares[i] ?? [0, 0];
      const data = { x: x * S, y: y * S, actorLink: true, disposition: i ? -1 : 1 };
      tokens.push(await placeToken(world, scene, actor, data));
    }
    const combat = await table.fight(
      "phase",
      actors.map((actor, i) => ({ actor, side: i ? "enemy" : "pc", token: { scene, token: tokens[i] as Token } })),
    );
    // The player drops the compendium's Walk on Kara's sheet (the sheet's drop creates it from the pack's data).
    const walk = { name: "Walk", type: "power", system: power("Walk").system };
    const [made] = await world.as(player, () => (actors[0] as ActorModel).createEmbeddedDocuments("Item", [walk]));
    world.scriptedTotals.push(...initiative);
    await combat.startCombat();
    await world.idle();
    return { combat, kara: actors[0] as ActorModel, token: tokens[0] as Token, walkId: made?.id ?? "" };
  }

  return {
    powers,
    /** The GM draws a Region of difficult terrain over these squares (core's Modify movement cost: walk ×2). */
    async difficultTerrain(x: number, y: number, width: number, height: number): Promise<void> {
      const shape = { type: "rectangle", x: x * S, y: y * S, width: width * S, height: height * S };
      const cost = { type: "modifyMovementCost", system: { difficulties: { walk: 2 } } };
      await world.as(world.gm, () =>
        scene.createEmbeddedDocuments("Region", [{ name: "Mud", shapes: [shape], behaviors: [cost] }]),
      );
      await world.idle();
    },
    phaseFight,
    watch,
    onScene,
    battleTurnOf: (combat: Tempo, name: string) => () =>
      table.phaseOf(combat) === "battle" && combat.combatant?.name === name,
    /** What the player's tracker says of the creature's battle action (a TEMPO.LEFT… key). */
    battleAction(combat: Tempo, id: string) {
      const input = world.runtime
        .clientOf(player.id)
        .run(() => trackerInputOf((combat as unknown as { here(): Tempo }).here(), game.user));
      return input?.host.left?.(input.state, id).find((l) => l.kind === "battleAction")?.state.key;
    },
    /** The player drags the token through these squares; whether it moved. */
    async drag(token: Token, ...path: [number, number][]): Promise<boolean> {
      const moved = await world.as(player, () => token.move(path.map(([x, y]) => ({ x: x * S, y: y * S }))));
      await world.idle();
      return moved;
    },
    square: (token: Token) => [token.x / S, token.y / S],
    /** The opportunity attack cards posted since `from` (PHS-6). */
    opportunityCards: (from: number) =>
      chat.messages.slice(from).filter((m) => m.type === "pending" && "opportunity" in (cardSource(m).input as object)),
  };
}
