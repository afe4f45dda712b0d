import { describe, expect, it } from "vitest";
import {
  endPhaseSaveChoices,
  endPhaseSaveFieldHtml,
  endPhaseSaveKindOf,
} from "../../../src/view/effects/end-phase-save-field.ts";

const localize = (key: string) => `«${key}»`;
const escape = (text: string) => text.replace(/</g, "&lt;");

describe("the end-phase save field of an effect's config", () => {
  it("PHS-12: offers none, ends and sustains, with the effect's stored choice selected", () => {
    expect(endPhaseSaveChoices("sustains").map((c) => [c.value, c.selected])).toEqual([
      ["", false],
      ["ends", false],
      ["sustains", true],
    ]);
    expect(endPhaseSaveChoices(undefined).find((c) => c.selected)?.value).toBe("");
    expect(endPhaseSaveChoices("toString").find((c) => c.selected)?.value).toBe("");
  });

  it('PHS-12: what the form saves reads back as the save kind; none ("") and anything else is no save', () => {
    expect(endPhaseSaveKindOf("ends")).toBe("ends");
    expect(endPhaseSaveKindOf("sustains")).toBe("sustains");
    expect(endPhaseSaveKindOf("")).toBeNull();
    expect(endPhaseSaveKindOf(7)).toBeNull();
  });

  it("PHS-12: the form group names the flag the end phase reads, localized, with the stored option selected", () => {
    const html = endPhaseSaveFieldHtml("tempo", "ends", localize, escape);
    expect(html).toContain('<select name="flags.tempo.endPhaseSave">');
    expect(html).toContain('<option value="ends" selected>«TEMPO.CHAT.EndPhaseSave.Ends»</option>');
    expect(html).toContain('<option value="">«TEMPO.CHAT.EndPhaseSave.None»</option>');
    expect(html).toContain("«TEMPO.CHAT.EndPhaseSave.Label»");
    expect(html).toContain("«TEMPO.CHAT.EndPhaseSave.Hint»");
  });
});
