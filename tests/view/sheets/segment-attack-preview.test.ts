/**
 * SEG-16 in the sheet preview: the character sheet's "Free attack…" asks with the shared form (the view's
 * `buildSegmentAttackForm`, the one Foundry's DialogV2 shows) and the form's answer is given to the
 * sample combat as the engine's command (src/preview/segment-attack-dialog.ts, wired in sheets-main.ts).
 */
import { describe, expect, it } from "vitest";
import { segmentAttackOutcome } from "../../../src/preview/segment-attack-dialog.ts";
import { sampleActorInput } from "../../../src/preview/sample-sheets.ts";
import { sampleSheetEncounter, sheetCombatOf } from "../../../src/preview/sheet-combat.ts";
import {
  buildSegmentAttackForm,
  segmentAttackRefusal,
  type SegmentAttackChoices,
} from "../../../src/view/sheets/segment-attacks.ts";
import { segmentTargetChoices } from "../../../src/view/tracker/segment-declare.ts";

describe("SEG-16: the sheet preview's free attack", () => {
  it("SEG-16: once the round runs, the form offers Ilsa's weapons and the opponents; its answer is the free attack, and a second in the segment is refused", () => {
    const combat = sampleSheetEncounter("segment");
    const refusal = () => segmentAttackRefusal(sheetCombatOf(combat, "ilsa").input, "freeAttack", "ilsa");
    expect(refusal()?.key).toBe("TEMPO.ERRORS.Segment.NoTrigger");
    combat.run({ type: "next" });
    combat.run({ type: "next" }); // the round runs: someone's turn is the trigger
    expect(refusal()).toBeNull();
    const weapons = sampleActorInput({ kind: "character", ruleset: "segment", mode: "play" })
      .items.filter((i) => i.type === "weapon")
      .map((i) => ({ id: i.id, name: i.name }));
    const offered: SegmentAttackChoices = {
      weapons,
      opponents: segmentTargetChoices(sheetCombatOf(combat, "ilsa").input, "ilsa"),
    };
    const form = buildSegmentAttackForm("freeAttack", offered, null);
    expect(form.weapons.map((w) => w.name)).toContain("Javelin");
    expect(form.opponents.map((o) => o.id)).toContain("ogre");
    expect(form.opponents.map((o) => o.id)).not.toContain("ilsa");
    // A field the form did not offer is refused with the reason and nothing is given.
    const wrong = segmentAttackOutcome("freeAttack", "ilsa", { weapon: weapons[0]?.id ?? "", target: "x" }, offered);
    expect(wrong).toEqual({ error: { key: "TEMPO.SHEET.SegmentAttack.UnknownOpponent" } });
    const fields = { weapon: weapons[0]?.id ?? "", target: "ogre", modifier: "0" };
    const outcome = segmentAttackOutcome("freeAttack", "ilsa", fields, offered);
    expect(outcome).toEqual({ command: { type: "freeAttack", combatantId: "ilsa", targetId: "ogre" } });
    if ("command" in outcome) combat.run(outcome.command);
    expect(combat.error).toBeNull();
    expect(refusal()?.key).toBe("TEMPO.ERRORS.Segment.OneFreeAttackPerSegment");
  });
});
