import { describe, expect, it } from "vitest";
import { createHandlebarsHost, foundryTemplatePath } from "../../src/preview/handlebars-host.ts";
import { buildCountTrackContext } from "../../src/view/tracker/count-track-context.ts";
import { buildRotationOrderContext } from "../../src/view/tracker/rotation-order-context.ts";
import { listFiles, readText } from "../support/source-files.ts";
import { countScope, rotationTable, templateContexts } from "./fixtures.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const templates = [...listFiles("templates", [".hbs"]), ...listFiles("src/preview", [".hbs"])];
const sources = Object.fromEntries(templates.map((path) => [path, readText(path)]));

function render(path: string, context: object): string {
  const host = createHandlebarsHost(en, sources);
  const source = readText(path);
  // A shell (templates/combat/tracker-shell.hbs) is only ever drawn around a block: drawn here around a stand-in one.
  const name = foundryTemplatePath(path);
  const template = source.includes("{{> @partial-block}}") ? `{{#> "${name}"}}<p>block</p>{{/"${name}"}}` : source;
  return host.compile(template, { strict: false })(context);
}

describe("templates", () => {
  it("every template has a context from its view builder", () => {
    expect(templates.filter((t) => !(t in templateContexts))).toEqual([]);
  });

  it.each(templates)("%s compiles and renders without leaving a key unlocalized", (path) => {
    const context = templateContexts[path];
    expect(context).toBeDefined();
    const html = render(path, context ?? {});
    expect(html.length).toBeGreaterThan(0);
    // A key that reaches the page as-is means a missing translation or a wrong helper call.
    expect(html).not.toMatch(/TEMPO\.[A-Z]/);
  });
});

describe("token ruler label (issue 21)", () => {
  it("MOV-1: an over-budget label says so in words and an icon, not only in colour", () => {
    const path = "templates/canvas/waypoint-label.hbs";
    const over = { ...templateContexts[path], tempo: { text: "Not enough Walk movement left.", over: true } };
    const html = render(path, over);
    expect(html).toContain('class="tempo-budget over"');
    expect(html).toContain("fa-triangle-exclamation");
    expect(html).toMatch(/<strong>Over budget:<\/strong> Not enough/);
  });
});

describe("issue 22: heading order (axe heading-order)", () => {
  const cards = templates.filter((path) => path.startsWith("templates/chat/"));
  it.each(cards)("%s: the card's title is an h2 (under the page's h1) and none skips a level", (path) => {
    const levels = [...render(path, templateContexts[path] ?? {}).matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(2);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 1)).toBeLessThanOrEqual(1));
  });
});

describe("count-track template", () => {
  const path = "templates/combat/parts/count.hbs";

  it("CNT-3: shows the ruler 0–19 and the end step, and the round", () => {
    const html = render(path, templateContexts[path] ?? {});
    const ticks = [...html.matchAll(/class="tempo-count-track__tick[^"]*" data-count="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(ticks).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(html).toContain("Round 1");
    expect(html).toContain(">End<");
  });

  it("CNT-2: lists creatures in track order and marks the one acting", () => {
    const html = render(path, templateContexts[path] ?? {});
    const names = [...html.matchAll(/class="tempo-row__name">([^<]+)</g)].map((m) => m[1]);
    expect(names).toEqual(["Aria", "Brute", "Cutpurse", "Aria", "Brute"]);
    expect(html).toMatch(/data-combatant-id="b" data-action="activateCombatant"\s+aria-current="step"/);
  });

  it("CNT-9: lists an action carried into the next round under later rounds, not on this round's counts", () => {
    const html = render(path, templateContexts[path] ?? {});
    const later = html.slice(html.indexOf("tempo-count-track__later"));
    expect(later).toContain("Round 2, count 3");
    expect(later).toContain('data-key="pending-b-1"');
    expect(html.indexOf('data-key="pending-b-1"')).toBeGreaterThan(html.indexOf("tempo-count-track__later"));
  });

  it("hides a hidden combatant from players but not from the GM", () => {
    const player = render(path, buildCountTrackContext(countScope(2, false)));
    expect(player).not.toContain("Cutpurse");
    expect(player).toContain("Brute");
  });

  it("CNT-4: round 0 is labelled as the surprise round", () => {
    const html = render(path, buildCountTrackContext(countScope(0, true)));
    expect(html).toContain("Surprise round");
  });
});

describe("standard part template", () => {
  const path = "templates/combat/parts/standard.hbs";
  const html = render(path, templateContexts[path] ?? {});

  it("STD-1: lists the order with totals and marks the one acting", () => {
    const names = [...html.matchAll(/class="tempo-row__name">([^<]+)</g)].map((m) => m[1]);
    expect(names).toEqual(["Aria", "Bram", "Cole", "Dana"]);
    expect(html).toMatch(/data-combatant-id="Cole" data-action="activateCombatant"\s+aria-current="step"/);
    expect(html).toMatch(/class="tempo-row__value"[^>]*>15</);
  });

  it("STD-2, Delay, Ready: says how a tie was broken, who delays and what a readied action waits for, each with an icon", () => {
    expect(html).toMatch(/<i class="fa-solid fa-scale-balanced" aria-hidden="true"><\/i> Same total: DEX \+3 decides/);
    expect(html).toMatch(/<i class="fa-solid fa-hourglass-half" aria-hidden="true"><\/i> Delaying/);
    expect(html).toMatch(/<i class="fa-solid fa-crosshairs" aria-hidden="true"><\/i> Readied: when the door opens/);
  });

  it("STD-6: draws the actions left as labelled pips, spent ones told in visible words as well as by a hollow icon", () => {
    expect(html).toMatch(/<ul class="tempo-pips" aria-label="Actions left">/);
    expect(html).toMatch(
      /class="tempo-pip is-spent"><i class="fa-regular fa-circle" aria-hidden="true"><\/i> Quick Action<span class="tempo-pip__state">: spent<\/span>/,
    );
    expect(html).toMatch(
      /class="tempo-pip is-available"><i class="fa-solid fa-circle" aria-hidden="true"><\/i> Action</,
    );
  });

  it("issue 22: pips are drawn as text, not as controls: no button, and no box or outline in the styles", () => {
    expect(html).not.toMatch(/<button[^>]*tempo-pip/);
    const css = readText("styles/combat/tracker.css");
    const pip = /\n {4}\.tempo-pip \{([^]*?)\n {4}\}/.exec(css)?.[1] ?? "";
    expect(pip).toContain("cursor: default");
    expect(pip).not.toMatch(/border:|border-style|padding/);
  });

  it("issue 22: a pressed toggle is ringed as well as filled (never the colour alone)", () => {
    const pressed = /&\[aria-pressed="true"\] \{([^]*?)\n {4}\}/.exec(readText("styles/combat/tracker.css"))?.[1] ?? "";
    expect(pressed).toContain("background:");
    expect(pressed).toContain("box-shadow: inset");
  });

  it("offers Act on the delayed row and Trigger on the readied one, as buttons with labels", () => {
    expect(html).toMatch(
      /data-combatant-id="Aria"\s+data-command="[^"]*act[^"]*"[^>]*>\s*<i[^>]*><\/i><span class="tempo-control__label">Act now</,
    );
    expect(html).toMatch(/<span class="tempo-control__label">Trigger readied action</);
  });
});

describe("rotation part template", () => {
  const path = "templates/combat/parts/rotation.hbs";
  const html = render(path, templateContexts[path] ?? {});

  it("ROT-5: draws an enemy group as a group row followed by its members, inside one list", () => {
    expect(html).toMatch(
      /<li class="tempo-list__group tempo-rotation__group" data-group-id="band">\s*<ol class="tempo-list__members" aria-label="Group band">/,
    );
    const group = html.slice(html.indexOf('data-group-id="band"'));
    const names = [...group.matchAll(/class="tempo-row__name">([^<]+)</g)].map((m) => m[1]);
    expect(names.slice(0, 3)).toEqual(["Group band", "E1", "E2"]);
  });

  it("ROT-6: says on the moved entry why it stands there", () => {
    expect(html).toMatch(
      /<i class="fa-solid fa-arrow-up" aria-hidden="true"><\/i> Moved up ahead of P3: P1, P2 acted in a row, and no three player characters may/,
    );
  });

  it("ROT-7: shows the planning phase as a banner while it lasts", () => {
    const planning = render(path, buildRotationOrderContext(rotationTable(true).scope(true)));
    expect(planning).toMatch(
      /class="tempo-rotation__planning">.*Planning phase: the players(&#x27;|') side takes one swift action each/s,
    );
    expect(html).not.toContain("tempo-rotation__planning");
  });
});

describe("preview page template", () => {
  const path = "src/preview/page.hbs";

  it("offers every ruleset, the sizes and both viewpoints, shows errors as alerts and embeds the tracker unescaped", () => {
    const html = render(path, templateContexts[path] ?? {});
    expect([...html.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).toEqual([
      "count",
      "standard",
      "phase",
      "segment",
      "rotation",
      "0",
      "30",
      "300",
      "gm",
      "player",
    ]);
    expect(html).toMatch(/<option value="phase" selected>Phase rounds</);
    expect(html).toMatch(/<option value="player" selected>Player</);
    expect(html).toMatch(/role="alert">There is nothing to undo\.</);
    expect(html).toContain('<section class="tempo-tracker"></section>');
  });
});

describe("segment template", () => {
  const path = "templates/combat/parts/segment.hbs";
  const html = render(path, templateContexts[path] ?? {});

  it("SEG-2: lists the steps 1–8 and marks the current one with aria-current and in words", () => {
    expect([...html.matchAll(/data-step="(\d)"/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(html).toMatch(
      /data-step="3" aria-current="step">\s*<h3[^>]*>\s*<span[^>]*>3\. Fast actions<\/span>\s*<span[^>]*><i class="fa-solid fa-play" aria-hidden="true"><\/i> Now</,
    );
    expect(html).toMatch(
      /data-step="1" >\s*<h3[^>]*>\s*<span[^>]*>1\. Declare actions<\/span>\s*<span[^>]*><i class="fa-solid fa-check" aria-hidden="true"><\/i> Done</,
    );
  });

  it("SEG-2: tells each group's d6 and HIGH or LOW in words, with an icon", () => {
    expect(html).toMatch(
      /The party<\/span>\s*<span[^>]*>Group initiative: 5<\/span>\s*<span[^>]*><i class="fa-solid fa-angles-up" aria-hidden="true"><\/i> HIGH</,
    );
    expect(html).toMatch(
      /Enemies<\/span>\s*<span[^>]*>Group initiative: 2<\/span>\s*<span[^>]*><i class="fa-solid fa-angles-down" aria-hidden="true"><\/i> LOW</,
    );
  });

  it("SEG-1, SEG-5: draws the round as a table of ten segment columns, the current one marked, a spell spanning its casting time", () => {
    expect(html).toMatch(/<table class="tempo-segment__grid">\s*<caption[^>]*>Round 1, segment by segment<\/caption>/);
    expect(
      [...html.matchAll(/<th scope="col" class="tempo-segment__column[^"]*" data-segment="(\d+)"/g)].map((m) =>
        Number(m[1]),
      ),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Fast actions run now, in segment 1: said by aria-current and in words.
    expect(html).toMatch(
      /data-segment="1" aria-current="true">\s*<span class="tempo-visually-hidden">Segment 1<\/span>[\s\S]*?<i class="fa-solid fa-play" aria-hidden="true"><\/i> Now<\/span>/,
    );
    expect(html.match(/aria-current="true"/g)?.length).toBe(1);
    const spell = html.slice(html.indexOf('data-lane="spell:3"'));
    expect(spell).toMatch(/<th scope="row"[^>]*>[\s\S]*?Spells going off in segment 3/);
    expect(spell).toMatch(
      /data-segment="1" colspan="3"><span class="tempo-segment__cell-label">Cast over segments 1–3, goes off in segment 3<\/span>/,
    );
    expect(spell.slice(0, spell.indexOf("</tr>"))).toContain("Ilsa");
    expect(spell).toMatch(/data-segment="4" colspan="7"><span class="tempo-segment__empty">Segments 4–10: nothing</);
  });

  it("SEG-2: the HIGH and LOW lanes name their groups with the d6, in row headers", () => {
    const high = html.slice(html.indexOf('data-lane="high"'), html.indexOf('data-lane="low"'));
    expect(high).toMatch(
      /<th scope="row"[^>]*>[\s\S]*?HIGH[\s\S]*?The party: Group initiative: 5 \(\d+ creature\(s\)\)/,
    );
    const low = html.slice(html.indexOf('data-lane="low"'));
    expect(low).toMatch(/<th scope="row"[^>]*>[\s\S]*?LOW[\s\S]*?Enemies: Group initiative: 2/);
  });
});

describe("phase template", () => {
  const path = "templates/combat/parts/phase.hbs";
  const html = render(path, templateContexts[path] ?? {});

  it("PHS-1: draws the four phases as lanes and marks the current one with aria-current and in words", () => {
    expect([...html.matchAll(/data-phase="(\w+)"/g)].map((m) => m[1])).toEqual([
      "initiative",
      "movement",
      "battle",
      "end",
    ]);
    expect(html).toMatch(
      /data-phase="battle" aria-current="step">\s*<h3[^>]*>\s*<span[^>]*>Battle<\/span>\s*<span[^>]*>Highest initiative first<\/span>\s*<span[^>]*><i class="fa-solid fa-play" aria-hidden="true"><\/i> Now</,
    );
    expect(html).toMatch(/data-phase="movement" >[\s\S]*?<i class="fa-solid fa-check" aria-hidden="true"><\/i> Done</);
  });

  it("PHS-4, PHS-9, PHS-10: tells seizing, defending and delaying in words with an icon", () => {
    // Issue 22: seizing says why the creature acts last in battle.
    expect(html).toMatch(
      /<i class="fa-solid fa-bolt" aria-hidden="true"><\/i> Seized the initiative: moves first, acts last in battle, attacked with advantage this round</,
    );
    expect(html).toMatch(/<i class="fa-solid fa-shield-halved" aria-hidden="true"><\/i> Defending</);
    expect(html).toMatch(
      /<i class="fa-solid fa-hourglass-half" aria-hidden="true"><\/i> Waits for Goblin Archer to finish</,
    );
  });

  it("PHS-3, PHS-7: draws only the current lane row by row; the others in one line", () => {
    expect(html.match(/<li class="tempo-row /g)?.length).toBe(6);
    expect(html).toContain("6 creature(s), all through");
  });
});

describe("SEG-16 free attack form", () => {
  it("SEG-16, SEG-12: asks which weapon (the first chosen), at which opponent (the aimed one chosen) and with what modifier, each field in its label; names escaped", () => {
    const path = "templates/combat/segment-attack.hbs";
    const html = render(path, templateContexts[path] ?? {});
    const fields = [...html.matchAll(/<(?:select|input) [^>]*name="(\w+)"/g)].map((m) => m[1]);
    expect(fields).toEqual(["weapon", "target", "modifier"]);
    expect(html.match(/<label/g)?.length).toBe(fields.length);
    expect(html).toContain("Free attack…");
    expect(html).toMatch(/<option value="w1" selected>Sword</);
    expect(html).toMatch(/<option value="c" selected>Cutpurse</);
    expect(html).toContain("Brute &lt;b&gt;");
    expect(html).toMatch(/name="modifier" value="0" min="-\d+" max="\d+"/);
    // The preview frames the same form with its own buttons.
    const framed = render(
      "src/preview/segment-attack-dialog.hbs",
      templateContexts["src/preview/segment-attack-dialog.hbs"] ?? {},
    );
    expect(framed).toContain('<option value="c" selected>Cutpurse</option>');
    expect(framed).toContain('<button type="submit" value="attack">Attack</button>');
  });
});

describe("segment declare form", () => {
  const path = "templates/combat/segment-declare.hbs";

  it("SEG-2, SEG-4, SEG-9, SEG-11: labels every field and starts from the creature's declaration", () => {
    const html = render(path, templateContexts[path] ?? {});
    const fields = [...html.matchAll(/<(?:select|input) [^>]*name="(\w+)"/g)].map((m) => m[1]);
    expect(fields).toEqual([
      "action",
      "target",
      "weaponSpeed",
      "castingTime",
      "routines",
      "minorsBefore",
      "positioning",
      "goesFirst",
      "delay",
      "delaying",
      "inMelee",
    ]);
    expect(html).toMatch(/<option value="b" selected>Bran</);
    // Each field sits inside its label, so it is named by it.
    expect(html.match(/<label/g)?.length).toBe(fields.length);
    expect(html).toContain("What Aria does this round");
    expect(html).toMatch(/<option value="spell" selected>Spell</);
    expect(html).toMatch(/name="castingTime" min="1" max="10" step="1" value="3"/);
  });
});

describe("tracker row: a row the host already shows (issue 9, render-ms)", () => {
  const rowPath = "templates/combat/tracker-row.hbs";
  const row = templateContexts[rowPath] ?? {};
  const inPart = (drawnRows: Record<string, string> | undefined) =>
    createHandlebarsHost(en, sources).compile(`{{> "systems/tempo/templates/combat/${"tracker-row.hbs"}" row}}`)({
      row,
      drawnRows,
    });

  it("is drawn whole, with its print, when the host shows nothing or another version of it", () => {
    const whole = inPart(undefined);
    const print = /data-print="([^"]+)"/.exec(whole)?.[1] ?? "";
    expect(print).not.toBe("");
    expect(whole).toContain("Brute");
    expect(inPart({ "turn-b": `${print}x` })).toContain("Brute");
    expect(inPart({ "turn-a": print })).toContain("Brute");
  });

  it("is drawn as an empty placeholder naming the row and its print when the host shows it as it is", () => {
    const print = /data-print="([^"]+)"/.exec(inPart(undefined))?.[1] ?? "";
    const placeholder = inPart({ "turn-b": print }).trim();
    expect(placeholder).toBe(`<li class="tempo-row" data-key="turn-b" data-kept="${print}"></li>`);
  });
});

describe("Foundry's tracker parts, one per scheme (issue 9)", () => {
  const parts = listFiles("templates/combat/tracker-parts", [".hbs"]);
  const squeeze = (html: string): string => html.replace(/\s+/g, " ").replace(/> </g, "><").trim();

  it("there is one part for every scheme the tracker's body can name", () => {
    expect(parts.map((p) => p.replace(/^.*\/|\.hbs$/g, "")).sort()).toEqual(
      ["count", "list", "phase", "rotation", "segment", "standard"].sort(),
    );
  });

  it.each(parts)(
    "%s draws exactly what the preview's tracker draws for its scheme: the shell and its own part",
    (path) => {
      const context = templateContexts[path] ?? {};
      const html = render(path, context);
      expect(html).toMatch(/<section class="tempo tempo-tracker tempo-tracker--\w+"/);
      expect(html).toContain('class="tempo-tracker__announce" role="status"');
      expect(html.match(/<section class="tempo tempo-tracker/g)?.length).toBe(1);
      expect(squeeze(html)).toBe(squeeze(render("templates/combat/tracker.hbs", context)));
    },
  );
});

describe("the preview's choice of a creature (issue 19)", () => {
  it("SEG-11: Name target… in the preview offers the creatures Foundry's picker offers, with its localized legend and buttons", async () => {
    const { nameTargetDialogContext } = await import("../../src/preview/delay-dialog.ts");
    const choices = [
      { id: "a", name: "Aria" },
      { id: "b", name: "Brute" },
    ];
    const html = render("src/preview/delay-dialog.hbs", nameTargetDialogContext("Mage", choices));
    expect(html).toContain("The target of Mage&#x27;s spell");
    expect(html).toContain('<option value="a">Aria</option><option value="b">Brute</option>');
    expect(html).toContain('value="choose"');
    expect(html).not.toMatch(/TEMPO\.[A-Z]/);
  });
});
