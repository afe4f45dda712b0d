/**
 * PHS-7: Activate Item from an item row of the sheet: a gear item, or a battle power whose action is
 * Activate Item, in a phase combat (the preview's encounter, Ilsa's sheet as the GM sees it).
 */
import { describe, expect, it } from "vitest";
import { ITEM_DEFAULTS, phaseTrackerFactsOf, type Message } from "../../../src/engine/index.ts";
import { sampleActorInput } from "../../../src/preview/sample-sheets.ts";
import { sampleSheetEncounter, sheetCombatOf } from "../../../src/preview/sheet-combat.ts";
import { formatMessage } from "../../../src/view/handlebars/register-helpers.ts";
import { createLocalizer } from "../../../src/view/i18n/localizer.ts";
import { buildItemRow } from "../../../src/view/sheets/item-rows.ts";
import type { SheetItem } from "../../../src/view/sheets/sheet-input.ts";
import { readText } from "../../support/source-files.ts";

const i18n = createLocalizer(JSON.parse(readText("lang/en.json")) as Record<string, never>);
const text = (message: Message | null): string => formatMessage(i18n, message);

const potion: SheetItem = {
  id: "potion",
  name: "Healing Potion",
  img: null,
  type: "gear",
  stats: { quantity: 2, weight: 0.5, uses: { value: 1, max: 1 } },
  description: "",
};
const power = (action: "activateItem" | "defend"): SheetItem => ({
  id: `power-${action}`,
  name: action === "defend" ? "Shield Wall" : "Blink Charm",
  img: null,
  type: "power",
  stats: { ...ITEM_DEFAULTS.power, kind: "battle", squares: 0, action },
  description: "",
});

/** Ilsa's sheet in a phase combat stepped (Next) until `until` holds for the combat's state. */
function phaseSheet(until: (phase: string | null, current: string | null) => boolean) {
  const combat = sampleSheetEncounter("phase");
  for (let i = 0; i < 30; i++) {
    const facts = phaseTrackerFactsOf(combat.host, combat.state);
    if (until(facts?.phase ?? null, facts?.current ?? null)) break;
    if (combat.host.pending(combat.state).length > 0) combat.roll(() => true);
    else combat.run({ type: "next" });
  }
  return sampleActorInput({ kind: "character", ruleset: "phase", mode: "play", combat: sheetCombatOf(combat, "ilsa") });
}

describe("PHS-7: Activate Item from the sheet's item rows", () => {
  it("PHS-7: on Ilsa's battle turn a gear item and an Activate Item power offer Activate, the engine's battleAction; a Defend power does not", () => {
    const input = phaseSheet((phase, current) => phase === "battle" && current === "ilsa");
    const use = buildItemRow(input, potion).use;
    expect(text(use?.label ?? null)).toBe("Activate Healing Potion");
    expect(use?.disabled).toBe(false);
    expect(JSON.parse(use?.command ?? "null")).toEqual({
      type: "battleAction",
      combatantId: "ilsa",
      action: "activateItem",
    });
    expect(buildItemRow(input, power("activateItem")).use?.disabled).toBe(false);
    expect(buildItemRow(input, power("defend")).use).toBeNull();
  });

  it("PHS-7: outside Ilsa's battle turn Activate is drawn disabled with the engine's reason; outside a phase combat there is none", () => {
    const input = phaseSheet((phase, current) => phase === "battle" && current !== null && current !== "ilsa");
    const use = buildItemRow(input, potion).use;
    expect(use?.disabled).toBe(true);
    expect(use?.reason?.key).toBe("TEMPO.ERRORS.Phase.NotYourTurn");
    const standard = sampleActorInput({ kind: "character", ruleset: "standard", mode: "play" });
    expect(buildItemRow(standard, potion).use).toBeNull();
  });
});
