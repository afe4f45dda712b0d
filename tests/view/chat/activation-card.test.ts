/** PHS-7 (issue 19): the Activate Item card's lines (view/chat/activation-card.ts). */
import { describe, expect, it } from "vitest";
import { activationCardLines } from "../../../src/view/chat/activation-card.ts";

describe("PHS-7: the activation card", () => {
  it("PHS-7: names who activated which item by id, the charges left where it has any, and, once undone, what was given back", () => {
    const potion = { id: "vexCombatant0001", item: "Potion", charges: { left: 2, max: 3 }, undone: false };
    expect(activationCardLines(potion)).toEqual([
      { key: "TEMPO.CHAT.Activation.Title", data: { id: "vexCombatant0001", item: "Potion" } },
      { key: "TEMPO.CHAT.Activation.Charges", data: { left: 2, max: 3 } },
    ]);
    expect(activationCardLines({ ...potion, undone: true }).at(-1)).toEqual({
      key: "TEMPO.CHAT.Activation.UndoneCharge",
    });
    const wand = { ...potion, item: "Wand", charges: null, undone: true };
    expect(activationCardLines(wand).map((m) => m.key)).toEqual([
      "TEMPO.CHAT.Activation.Title",
      "TEMPO.CHAT.Activation.Undone",
    ]);
  });
});
