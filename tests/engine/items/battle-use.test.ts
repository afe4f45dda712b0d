import { describe, expect, it } from "vitest";
import {
  BATTLE_ACTIONS,
  ITEM_DEFAULTS,
  ITEM_TYPES,
  activationUndoMove,
  chargesAfterActivation,
  chargesAfterActivationMove,
  itemBattleUse,
} from "../../../src/engine/index.ts";

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

  it("PHS-7 ruling: an activation uses one of a gear item's charges, is refused with none left, and uses none of an item without any", () => {
    const gear = (value: number, max: number) => ({ ...ITEM_DEFAULTS.gear, uses: { value, max } });
    expect(chargesAfterActivation(gear(3, 5))).toEqual({ ok: true, value: 2 });
    expect(chargesAfterActivation(gear(0, 0))).toEqual({ ok: true, value: null });
    expect(chargesAfterActivation(null)).toEqual({ ok: true, value: null });
    const none = chargesAfterActivation(gear(0, 2));
    expect(none.ok ? null : none.error.key).toBe("TEMPO.ERRORS.Item.NoChargesLeft");
  });

  it("PHS-7 ruling: only the undo (redo) of the step that took Activate Item in that battle turn gives its charge back (takes it again)", () => {
    const turn = (turnAction: string | null, current = "a", round = 2) => ({
      round,
      phase: "battle",
      current,
      turnAction,
    });
    const undone = [{ type: "undone" }];
    const redone = [{ type: "redone" }];
    expect(activationUndoMove(turn("activateItem"), turn(null), undone)).toEqual({
      combatantId: "a",
      round: 2,
      move: "refund",
    });
    expect(activationUndoMove(turn(null), turn("activateItem"), redone)).toEqual({
      combatantId: "a",
      round: 2,
      move: "respend",
    });
    // Not an undo, another action, another creature's turn (an undo of the turn's end), another round.
    expect(activationUndoMove(turn("activateItem"), turn(null), [])).toBeNull();
    expect(activationUndoMove(turn("attack"), turn(null), undone)).toBeNull();
    expect(activationUndoMove(turn(null, "b"), turn("activateItem"), undone)).toBeNull();
    expect(activationUndoMove(turn("activateItem", "a", 3), turn(null), undone)).toBeNull();
  });

  it("PHS-7 ruling: an undo gives the charge back up to the maximum, a redo takes it again down to 0; an item without charges keeps none", () => {
    expect(chargesAfterActivationMove({ value: 1, max: 3 }, "refund")).toBe(2);
    expect(chargesAfterActivationMove({ value: 3, max: 3 }, "refund")).toBe(3);
    expect(chargesAfterActivationMove({ value: 0, max: 3 }, "respend")).toBe(0);
    expect(chargesAfterActivationMove({ value: 2, max: 3 }, "respend")).toBe(1);
    expect(chargesAfterActivationMove({ value: 0, max: 0 }, "refund")).toBeNull();
    expect(chargesAfterActivationMove(null, "refund")).toBeNull();
  });
});
