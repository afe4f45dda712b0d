import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { listFiles, readText } from "../support/source-files.ts";
import { playedTracker } from "./played-tracker.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const handlebars = createHandlebarsHost(en, sources);
const renderTracker = handlebars.compile(readText("templates/combat/tracker.hbs"));

describe.each(RULESET_IDS)("the %s tracker", (ruleset) => {
  const gm = playedTracker(ruleset, { isGM: true, turns: 2 });
  const player = playedTracker(ruleset, { isGM: false, turns: 2 });
  const rows = (p: typeof gm) => p.list.groups.flatMap((g) => (g.group === null ? g.rows : [g.group, ...g.rows]));

  it("gives the GM the bar and a player none", () => {
    expect(gm.context.controls.map((c) => c.action)).toEqual(
      expect.arrayContaining(["previousTurn", "nextTurn", "nextRound", "rollAll", "rollNPC", "endCombat"]),
    );
    expect(player.context.controls).toEqual([]);
  });

  it("never sends a hidden combatant to a player's HTML, and marks it hidden for the GM", () => {
    const playerHtml = renderTracker(player.context);
    const gmHtml = renderTracker(gm.context);
    expect(playerHtml).not.toContain("Lurker in the reeds");
    expect(playerHtml).not.toContain('data-combatant-id="lurker"');
    expect(gmHtml).toContain("Lurker in the reeds");
    expect(gmHtml).toContain("Hidden from players");
  });

  it("tells each row's side and state in words, with an icon, not by colour alone", () => {
    const html = renderTracker(gm.context);
    expect(html).toMatch(/<i class="fa-solid fa-user" aria-hidden="true"><\/i> Player character/);
    expect(html).toMatch(/<i class="fa-solid fa-skull" aria-hidden="true"><\/i> Enemy/);
    const statuses = new Set(rows(gm).map((r) => r.status));
    expect(statuses).toContain("acting");
    if (ruleset === "standard" || ruleset === "rotation")
      expect(html).toMatch(/fa-check" aria-hidden="true"><\/i> Has acted/);
  });

  it("shows a control the rules refuse now disabled, with the reason as its tooltip", () => {
    const rollAll = gm.context.controls.find((c) => c.action === "rollAll");
    expect(rollAll?.disabled).toBe(true);
    expect(rollAll?.reason).toEqual({ key: "TEMPO.TRACKER.Reason.NothingToRoll" });
    expect(renderTracker(gm.context)).toMatch(
      /data-action="rollAll"\s*disabled aria-disabled="true" title="No initiative is waiting to be rolled\."/,
    );
  });

  it("offers a player the roll on the rows it owns only, while its initiative waits (SEG-2: a segment group's d6 is nobody's own roll)", () => {
    const waiting = playedTracker(ruleset, { isGM: false, turns: -1 });
    const rolls = rows(waiting).filter((r) => r.actions.some((a) => a.action === "rollInitiative"));
    expect(rolls.map((r) => r.combatantId).sort()).toEqual(ruleset === "segment" ? [] : ["brannoc", "ilsa"]);
  });

  it("hides NPC initiative values from players unless the setting shows them", () => {
    const enemyValues = (p: typeof gm) =>
      rows(p)
        .filter((r) => r.side === "enemy" && r.kind === "turn")
        .map((r) => r.value);
    expect(enemyValues(player).every((v) => v === null)).toBe(true);
    const shown = playedTracker(ruleset, { isGM: false, turns: 2, npcInitiativeVisible: true });
    if (ruleset !== "segment") expect(enemyValues(shown).some((v) => v !== null)).toBe(true);
  });

  it("announces the round and who acts, without naming a hidden creature to players", () => {
    const text = gm.context.announcement;
    expect(text.key).toMatch(/TEMPO\.TRACKER\.Announce\./);
    expect(renderTracker(gm.context)).toMatch(/role="status" aria-live="polite">Round \d+/);
  });
});

describe("core's row controls", () => {
  it("DEF-1: the GM gets core's hide and defeat toggles on every creature's row, a player none; toggles say their state", () => {
    const gm = playedTracker("standard", { isGM: true, turns: 1 });
    const player = playedTracker("standard", { isGM: false, turns: 1 });
    const gmRows = gm.list.groups.flatMap((g) => g.rows);
    expect(gmRows.every((r) => r.coreControls.map((c) => c.action).join() === "toggleHidden,toggleDefeated")).toBe(
      true,
    );
    expect(gmRows.find((r) => r.combatantId === "lurker")?.coreControls[0]?.pressed).toBe("true");
    expect(gmRows.find((r) => r.combatantId === "ilsa")?.coreControls[0]?.pressed).toBe("false");
    expect(player.list.groups.flatMap((g) => g.rows).every((r) => r.coreControls.length === 0)).toBe(true);
  });
  it("issue 22: a pressed toggle says so by aria-pressed and in words in its tooltip, not by its fill alone", () => {
    const gm = playedTracker("standard", { isGM: true, turns: 1 });
    const html = renderTracker(gm.context);
    const buttonOf = (id: string, action: string): string =>
      new RegExp(`data-combatant-id="${id}"[^]*?(<button[^>]*data-action="${action}"[^>]*>)`).exec(html)?.[1] ?? "";
    expect(buttonOf("lurker", "toggleHidden")).toContain('aria-label="Hide from players"');
    expect(buttonOf("lurker", "toggleHidden")).toContain('aria-pressed="true"');
    expect(buttonOf("lurker", "toggleHidden")).toContain('data-tooltip="Hide from players: on (hidden)"');
    expect(buttonOf("ilsa", "toggleHidden")).toContain('aria-pressed="false"');
    expect(buttonOf("ilsa", "toggleHidden")).toContain('data-tooltip="Hide from players: off (shown)"');
    expect(buttonOf("ilsa", "toggleDefeated")).toContain('data-tooltip="Mark defeated: off"');
  });
});

/** The heading levels of some HTML, in document order. */
const headingLevels = (html: string): number[] => [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));

describe("issue 22: heading order (axe heading-order)", () => {
  it.each(RULESET_IDS)(
    "%s: the tracker's headings start at h2 under the page's h1 and never skip a level",
    (ruleset) => {
      const levels = headingLevels(renderTracker(playedTracker(ruleset, { isGM: true, turns: 1 }).context));
      expect(levels[0]).toBe(2);
      levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 1)).toBeLessThanOrEqual(1));
    },
  );
});
