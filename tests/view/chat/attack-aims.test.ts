import { describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../../src/engine/index.ts";
import { attackAimFields, attackAimsFromForm } from "../../../src/view/chat/attack-aims.ts";
import { attackOptionsFor, settleChoices } from "../../../src/view/chat/attack-options.ts";

const AXE = { ...ITEM_DEFAULTS.weapon, properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true } };
const facts = { primaryModifier: 2, ap: null, feats: new Set<never>() };

describe("attack aims: each attack of a count action at its own target", () => {
  it("CNT-7: attack k aims at target k by default, wrapping; only a count weapon with two targets or more offers aims", () => {
    const count = attackOptionsFor("count", AXE, facts);
    const three = settleChoices(count, { attacks: 3 });
    expect(attackAimsFromForm(count, three, 2, {})).toEqual({ ok: true, value: [0, 1, 0] });
    expect(attackAimsFromForm(count, three, 2, { aim3: "1" })).toEqual({ ok: true, value: [0, 1, 1] });
    expect(attackAimsFromForm(count, three, 1, {})).toEqual({ ok: true, value: null });
    expect(attackAimsFromForm(attackOptionsFor("standard", AXE, facts), three, 2, {})).toEqual({
      ok: true,
      value: null,
    });
    expect(attackAimsFromForm(count, three, 2, { aim2: "x" }).ok).toBe(false);
    const selected = (fields: ReturnType<typeof attackAimFields>) =>
      fields.map((f) => f.choices.find((c) => c.selected)?.value);
    expect(selected(attackAimFields(count, three, ["Gale", "Orc"]))).toEqual(["0", "1", "0"]);
  });

  it('CNT-7: the dialog draws one "Attack k at" per attack chosen (two for two, one for a charged attack, none for a cleave), starting at the aims given while in range', () => {
    const count = attackOptionsFor("count", AXE, facts);
    const names = ["Gale", "Orc", "Imp"];
    const two = attackAimFields(count, settleChoices(count, { attacks: 2 }), names, [2, 7]);
    expect(two.map((f) => [f.name, f.choices.find((c) => c.selected)?.value])).toEqual([
      ["aim1", "2"],
      ["aim2", "1"],
    ]);
    const four = attackAimFields(count, settleChoices(count, { attacks: 4 }), names);
    expect(four.map((f) => f.name)).toEqual(["aim1", "aim2", "aim3", "aim4"]);
    expect(attackAimFields(count, { ...settleChoices(count, { attacks: 3 }), charged: true }, names)).toHaveLength(1);
    expect(attackAimFields(count, { ...settleChoices(count, { attacks: 3 }), cleave: true }, names)).toHaveLength(0);
  });
});
