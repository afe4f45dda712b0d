/**
 * Cards as Tempo's own code makes them, for the legit paths and as the starting point of forgeries:
 * - `armed(world, name, owners, weapon)`: a runtime-model actor (runtime/actor.ts) holding one weapon
 *   Item made through the server, as a GM or the sheet's drop would make it;
 * - `rolledDamage(world, user, attacker, item, target, totals)`: on `user`'s client, real Rolls of the
 *   item's damage formula (scripted totals, dice that add up to them: runtime/roll.ts) on a damage
 *   card that records who rolled what against whom, as the attack flow posts it (attack-flow.ts); a
 *   forgery starts from one (`input` over the card, `rollFormula` for the rolls);
 * - `installItemUuids()`: `fromUuid("Actor.<id>.Item.<id>")` finds the running client's embedded item
 *   (core resolves embedded UUIDs; dnd5e and Draw Steel resolve item UUIDs with `fromUuid`); anything
 *   else goes to the previous `fromUuid`.
 */
import type { WorldUser, World } from "../foundry-world.ts";
import type { ActorModel, ItemModel } from "../runtime/actor.ts";
import { currentClient } from "../runtime/context.ts";

type Obj = Record<string, unknown>;
type FromUuid = (uuid: string) => Promise<unknown>;

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };

export function installItemUuids(): void {
  const previous = (globalThis as unknown as { fromUuid: FromUuid }).fromUuid;
  const find: FromUuid = async (uuid) => {
    const match = /^Actor\.([^.]+)\.Item\.([^.]+)$/.exec(uuid);
    if (match === null) return previous(uuid);
    const actors = (currentClient().game as { actors: Map<string, ActorModel> }).actors;
    return actors.get(match[1] ?? "")?.items.get(match[2] ?? "") ?? null;
  };
  Object.defineProperty(globalThis, "fromUuid", { value: find, configurable: true, writable: true });
}

export interface Armed {
  readonly actor: ActorModel;
  readonly item: ItemModel;
  /** The weapon's damage formula. */
  readonly formula: string;
}

/** A creature with 30 hit points (more in `system`) and one weapon (`weapon` over a 1d8+2 slashing blade). */
export async function armed(
  world: World,
  name: string,
  owners: readonly string[],
  weapon: Obj = {},
  system: Obj = {},
  type = "character",
): Promise<Armed> {
  const actor = await world.addActor(name, owners, type, {
    weaponSkills: [],
    hp: { value: 30, max: 30 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
  const system_ = { damage: "1d8+2", damageKind: "slashing", ...weapon };
  await actor.createEmbeddedDocuments("Item", [{ name: "Blade", type: "weapon", system: system_ }]);
  await world.idle();
  const item = actor.items.contents[0];
  if (item === undefined) throw new Error("armed: no item");
  return { actor, item, formula: String(system_.damage) };
}

/** The damage card a user's client posts for a hit of `item` on `target`, its swings rolled to `totals`. */
export async function rolledDamage(
  world: World,
  user: WorldUser,
  attacker: Armed,
  target: ActorModel,
  totals: readonly number[],
  input: Obj = {},
  rollFormula = attacker.formula,
): Promise<void> {
  const { postCard } = await import("../../../src/foundry/chat/post-card.ts");
  await world.as(user, async () => {
    const formula = attacker.formula;
    world.scriptedTotals.push(...totals);
    const rolls: Roll[] = [];
    for (const _ of totals) rolls.push(await new Roll(rollFormula).evaluate());
    const card = {
      attacker: attacker.actor.name,
      target: target.name,
      formula,
      swings: rolls.map((r) => r.total ?? 0),
      kind: "slashing",
      dr: NO_DR,
      drMode: "perHit",
      attackerUuid: attacker.actor.uuid,
      itemUuid: attacker.item.uuid,
      targetUuid: target.uuid,
      ...input,
    };
    await postCard({ type: "damage", input: card } as Parameters<typeof postCard>[0], { rolls });
  });
  await world.idle();
}
