import { describe, expect, it } from "vitest";
import { BATTLE_ACTIONS, ITEM_DEFAULTS, ITEM_TYPES, itemBattleUse } from "../../../src/engine/index.ts";

describe("PHS-7: which battle action using an item is (ruling in items/battle-use.ts)", () => {
  it("PHS-7: a weapon is the Attack; a spell and a gear item are Activate Item; armor and feats are not battle actions", () => {
    const uses = Object.fromEntries(ITEM_TYPES.filter((t) => t !== "power").map((t) => [t, itemBattleUse(t, null)]));
    expect(uses).toEqual({ weapon: "attack", spell: "activateItem", armor: null, feat: null, gear: "activateItem" });
  });

  it("PHS-7: a battle power is Activate Item only when that is its action; a movement power never is", () => {
    const battle = Object.fromEntries(
      BATTLE_ACTIONS.map((action) => [
        action,
        itemBattleUse("power", { ...ITEM_DEFAULTS.power, kind: "battle", action }),
      ]),
    );
    expect(battle).toEqual({ attack: null, activateItem: "activateItem", delay: null, defend: null, disengage: null });
    const movement = { ...ITEM_DEFAULTS.power, kind: "movement" as const, action: "activateItem" as const };
    expect(itemBattleUse("power", movement)).toBeNull();
    expect(itemBattleUse("power", null)).toBeNull();
  });
});
