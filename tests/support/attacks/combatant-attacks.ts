/**
 * Issue 18 items 1 and 2, combatants: a player's (`cheat`'s) console writes to its own combatant in a
 * running combat of its own creature, Ash, beside the GM's King:
 * - each GM-only field system.json declares for the `tempo` subtype: refused by the server;
 * - `defeated: false` on Ash defeated by the GM, and deleting the defeated status on Ash's actor: the
 *   GM's check (the same as the socket's: `revive` is the GM's) undoes them, the player told why;
 * - a combatant created in the running combat (`base` as core's toggle makes it, or `tempo` with
 *   forged facts, or Ash back after leaving to refresh its economy): a join request the GM does not
 *   approve (no dialog answers in the runtime model), deleted, the player told why.
 */
import type { Message } from "../../../src/engine/index.ts";
import type { WorldUser } from "../foundry-world.ts";
import type { Attack, Verdict } from "./attack.ts";
import type { AttackContext } from "./attack-context.ts";
import { armed, type Armed } from "./rolled-cards.ts";

type Obj = Record<string, unknown>;

interface Embedded {
  readonly combatants: { readonly contents: readonly { readonly id: string | null; readonly name: string | null }[] };
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
  updateEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
  startCombat(): Promise<unknown>;
}

interface Arena {
  readonly combat: Embedded;
  readonly ash: Armed;
  readonly ashId: string;
}

let arena: Arena | null = null;

/** A running combat of Ash (the cheat's) and the King (once per test file). */
async function arenaOf(ctx: AttackContext): Promise<Arena> {
  if (arena !== null) return arena;
  const ash = await armed(ctx.world, "Ash", [ctx.cheat.id]);
  const combat = await (Combat as unknown as { create(d: object): Promise<Embedded> }).create({});
  await combat.createEmbeddedDocuments("Combatant", [
    { name: "Ash", actorId: ash.actor.id, owners: [ctx.cheat.id], system: { side: "pc" } },
    { name: "King", actorId: ctx.king.id, owners: [], system: { side: "enemy" } },
  ]);
  await ctx.world.idle();
  await combat.startCombat();
  await ctx.world.idle();
  const ashId = combat.combatants.contents.find((c) => c.name === "Ash")?.id ?? "";
  arena = { combat, ash, ashId };
  return arena;
}

/** The running client's copy of the arena's combat (a player's own client for `world.as`). */
function copy(a: Arena): Embedded {
  const id = (a.combat as unknown as { id: string }).id;
  return (game as unknown as { combats: { get(id: string): Embedded } }).combats.get(id);
}

async function serverRefuses(ctx: AttackContext, user: WorldUser, run: () => Promise<unknown>): Promise<Verdict> {
  try {
    await ctx.world.as(user, run);
    return { kind: "allowed" };
  } catch {
    return { kind: "server" };
  }
}

/** Runs a write the GM's check must undo: refused with the key of the notice the player got. */
async function undoneWithNotice(ctx: AttackContext, user: WorldUser, run: () => Promise<unknown>): Promise<Verdict> {
  const from = ctx.world.notices.length;
  await ctx.world.as(user, run);
  await ctx.world.idle();
  const told = ctx.world.notices.slice(from).filter((n) => n.user === user.id);
  const key = told.map((n) => /TEMPO\.[A-Za-z.]+/.exec(n.text)?.[0]).find((k) => k !== undefined);
  return key === undefined ? { kind: "allowed" } : { kind: "refused", reason: { key } as Message };
}

const GM_ONLY: readonly [string, unknown][] = [
  ["side", "enemy"],
  ["initiativeBonus", 9],
  ["int", 9],
  ["agi", 9],
  ["dexReaction", 9],
  ["surprised", true],
  ["actions", { now: null, undo: { forged: null }, redo: {} }],
  ["declaredUses", { segment: { itemUuid: "Actor.x.Item.y", targetUuids: [] } }],
];

const fieldAttacks: Attack[] = GM_ONLY.map(([field, value]) => ({
  name: `a player writes the GM-only combatant field system.${field}`,
  async prepare(ctx) {
    const a = await arenaOf(ctx);
    return () =>
      serverRefuses(ctx, ctx.cheat, () =>
        copy(a).updateEmbeddedDocuments("Combatant", [{ _id: a.ashId, system: { [field]: value } }]),
      );
  },
}));

/** Ash defeated by the GM: core's defeated status on its actor, which the engine turns into `defeat`. */
async function defeatAsh(ctx: AttackContext, a: Arena): Promise<string> {
  const { statusEffectData } = await import("../../../src/foundry/conditions/status-effect-data.ts");
  const { DEFEATED_STATUS } = await import("../../../src/engine/index.ts");
  const actor = a.ash.actor as unknown as {
    effects: { contents: { id: string; statuses: ReadonlySet<string> }[] };
    createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>;
  };
  const found = () => actor.effects.contents.find((e) => [...e.statuses].some((s) => s === "dead"));
  if (found() === undefined) {
    await actor.createEmbeddedDocuments("ActiveEffect", [statusEffectData(DEFEATED_STATUS) as object]);
    await ctx.world.idle();
  }
  return found()?.id ?? "";
}

const joinData = (a: Arena, extra: Obj) => ({ name: "Ash", actorId: a.ash.actor.id, ...extra });

export const COMBATANT_ATTACKS: readonly Attack[] = [
  ...fieldAttacks,
  {
    name: "DEF-1: defeated: false on one's own combatant the GM defeated (revive is the GM's)",
    async prepare(ctx) {
      const a = await arenaOf(ctx);
      await defeatAsh(ctx, a);
      return () =>
        undoneWithNotice(ctx, ctx.cheat, () =>
          copy(a).updateEmbeddedDocuments("Combatant", [{ _id: a.ashId, defeated: false }]),
        );
    },
  },
  {
    name: "DEF-1: the defeated status deleted from one's own creature (revive is the GM's)",
    async prepare(ctx) {
      const a = await arenaOf(ctx);
      const effectId = await defeatAsh(ctx, a);
      return () =>
        undoneWithNotice(ctx, ctx.cheat, async () => {
          const own = (game as unknown as { actors: Map<string, Embedded> }).actors.get(a.ash.actor.id ?? "");
          await own?.deleteEmbeddedDocuments("ActiveEffect", [effectId]);
        });
    },
  },
  {
    name: "a base combatant created from a player's console in a running combat",
    async prepare(ctx) {
      const a = await arenaOf(ctx);
      return () =>
        undoneWithNotice(ctx, ctx.cheat, () =>
          copy(a).createEmbeddedDocuments("Combatant", [joinData(a, { owners: [ctx.cheat.id] })]),
        );
    },
  },
  {
    name: "a tempo combatant with forged facts created by a player in a running combat",
    async prepare(ctx) {
      const a = await arenaOf(ctx);
      const system = { side: "enemy", initiativeBonus: 20, surprised: false };
      return () =>
        undoneWithNotice(ctx, ctx.cheat, () =>
          copy(a).createEmbeddedDocuments("Combatant", [
            joinData(a, { type: "tempo", owners: [ctx.cheat.id], system }),
          ]),
        );
    },
  },
  {
    name: "leaving a running combat and joining again, for a fresh economy and another side",
    async prepare(ctx) {
      const a = await arenaOf(ctx);
      await ctx.world.as(ctx.cheat, () => copy(a).deleteEmbeddedDocuments("Combatant", [a.ashId]));
      await ctx.world.idle();
      return () =>
        undoneWithNotice(ctx, ctx.cheat, () =>
          copy(a).createEmbeddedDocuments("Combatant", [joinData(a, { owners: [ctx.cheat.id] })]),
        );
    },
  },
];
