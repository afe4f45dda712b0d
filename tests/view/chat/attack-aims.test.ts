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
    expect(attackAimFields(count, ["Gale", "Orc"]).map((f) => f.choices.find((c) => c.selected)?.value)).toEqual([
      "0",
      "1",
      "0",
      "1",
    ]);
  });
});
