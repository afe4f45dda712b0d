import { describe, expect, it } from "vitest";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { buildCountTrackContext } from "../../src/view/tracker/count-track-context.ts";
import { listFiles, readText } from "../support/source-files.ts";
import { countTable, templateContexts } from "./fixtures.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(
  [...listFiles("templates", [".hbs"]), ...listFiles("src/preview", [".hbs"])].map((path) => [path, readText(path)]),
);

function render(path: string, context: object): string {
  return createHandlebarsHost(en, sources).compile(readText(path), { strict: false })(context);
}

/** The visible text of some HTML, one space between words. */
const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("count track template: what it tells", () => {
  const html = (isGM: boolean) =>
    render("templates/combat/parts/count.hbs", buildCountTrackContext(countTable().scope(isGM)));

  it("CNT-6: a pending action reads where it lands and whose it is", () => {
    expect(text(html(false))).toContain("Spell (level 4) Waiting Lands at count 9 — ilsa's action");
  });

  it("CNT-5: a tie explains the contest on its count, with each creature's kept total", () => {
    const shown = text(html(true));
    expect(shown).toContain("Tie on this count: each rolls a contest (1d20 + bonus)");
    expect(shown).toMatch(/ogre .*Contest total 15.* brute .*Contest total 9/);
  });

  it("CNT-11, CNT-14: the end step explains itself", () => {
    expect(text(html(false))).toContain("End step: saving throws of creatures with nothing resolved this round");
  });

  it("CNT-3: the count under way is marked in words, not by colour alone", () => {
    expect(html(false)).toMatch(/data-count="5"[^>]*aria-current="step"/);
    expect(text(html(false))).toContain("Count 5 (now)");
  });

  it("CNT-6, CNT-12: the owner's row carries Declare and React; a refused one is disabled with the engine's reason", () => {
    const shown = html(false);
    expect(shown).toMatch(
      /data-action="countDeclare"\s+data-combatant-id="ilsa"\s+disabled aria-disabled="true" title="This creature has already spent its action this round\."/,
    );
    expect(shown).toMatch(/data-action="countReact"\s+data-combatant-id="ilsa"\s*>/);
  });
});

describe("count forms", () => {
  it("CNT-7, CNT-8: the declare form offers the action kinds, the weapon properties and the visible targets", () => {
    const shown = render(
      "templates/combat/count-declare.hbs",
      templateContexts["templates/combat/count-declare.hbs"] ?? {},
    );
    expect(shown).toContain('<option value="spell">Spell</option>');
    expect(shown).toContain('name="property.heavy"');
    expect(text(shown)).toContain("Heavy (delay 2)");
    expect(shown).toContain('<option value="ogre">ogre</option>');
  });

  it("CNT-12: the react form offers what the pending spell allows", () => {
    const shown = text(
      render("templates/combat/count-react.hbs", templateContexts["templates/combat/count-react.hbs"] ?? {}),
    );
    expect(shown).toContain("Retarget the action landing at count 9 (round 1)");
    expect(shown).toContain("Stop casting and keep the slot");
  });
});
