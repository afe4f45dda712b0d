/**
 * The player's casters on a segment table (segment-table.ts): a Mage with a Bolt, cast from the sheet, and
 * the Mage, the player's Hero with a Sword and an enemy Orc in one segment fight (SEG-10's tests).
 */
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { ownedItem } from "./owned-items.ts";
import type { ActorModel } from "./runtime/actor.ts";
import type { installSegmentTable } from "./segment-table.ts";

type SegmentTable = Awaited<ReturnType<typeof installSegmentTable>>;

export function segmentCasters(t: SegmentTable) {
  const { world, player } = t;
  /** The player's Mage with a Bolt (2d4, `castingTime` segments). */
  const mage = async (castingTime = 3, name = "Mage"): Promise<ActorModel> => {
    const actor = await t.creature(name, "character", {}, [player.id]);
    await ownedItem(world, actor, "Bolt", "spell", { ...ITEM_DEFAULTS.spell, damage: "2d4", castingTime });
    return actor;
  };
  /** `caster` casts its Bolt from the sheet at `targets` (in a segment combat: declared); whether it was. */
  const cast = (caster: ActorModel, targets: Parameters<SegmentTable["sheetAttack"]>[3]) =>
    t.sheetAttack(player, caster, "Bolt", targets, null);
  /** The Mage (a Bolt of 3 segments), the player's Hero (AAC 15, a 1d8 Sword) and an enemy Orc, fighting. */
  const mageHeroOrc = async () => {
    const caster = await mage(3);
    const hero = await t.creature("Hero", "character", { aac0: 15 }, [player.id]);
    await ownedItem(world, hero, "Sword", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    const orc = await t.creature("Orc", "npc", {});
    const combat = await t.fight([
      { actor: caster, side: "pc" },
      { actor: hero, side: "pc" },
      { actor: orc, side: "enemy" },
    ]);
    return { caster, hero, orc, combat };
  };
  return { mage, cast, mageHeroOrc };
}
