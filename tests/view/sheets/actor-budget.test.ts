import { describe, expect, it } from "vitest";
import { RULESET_IDS, deriveActorValues } from "../../../src/engine/index.ts";
import { createHandlebarsHost } from "../../../src/preview/handlebars-host.ts";
import { sampleActorInput } from "../../../src/preview/sample-sheets.ts";
import { sampleSheetEncounter, sheetCombatOf } from "../../../src/preview/sheet-combat.ts";
import { buildActorSheetContext } from "../../../src/view/sheets/actor-sheet-context.ts";
import { listFiles, readText } from "../../support/source-files.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const host = createHandlebarsHost(en, sources);
const combatPart = host.compile(readText("templates/sheets/actor/combat.hbs"));
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("actor sheet: action resources outside combat", () => {
  it.each(RULESET_IDS)("%s: play mode lists the engine's budget for a fresh turn, with each count", (ruleset) => {
    const input = sampleActorInput({ kind: "character", ruleset, mode: "play" });
    const context = buildActorSheetContext(input);
    const derived = deriveActorValues(input.actor.stats, { drMode: "perHit", weapons: [] }).actions[ruleset];
    expect(context.budget.entries.map((e) => e.kind)).toEqual(derived.map((a) => a.kind));
    expect(context.budget.shown).toBe(true);
    expect(combatPart(context)).not.toMatch(/TEMPO\.[A-Z]/);
  });

  it("STD-6: the standard sheet says an Action, a Quick Action, an Interaction and a Reaction each turn", () => {
    const html = text(
      combatPart(buildActorSheetContext(sampleActorInput({ kind: "character", ruleset: "standard", mode: "play" }))),
    );
    expect(html).toContain("Actions each turn");
    expect(html).toContain("Action: 1 Quick Action: 1 Interaction: 1 Reaction: 1");
  });

  it("ACT-ROT: the rotation sheet says 2 Full actions and 1 Reaction", () => {
    const html = text(
      combatPart(buildActorSheetContext(sampleActorInput({ kind: "character", ruleset: "rotation", mode: "play" }))),
    );
    expect(html).toContain("Full action: 2");
    expect(html).toContain("Reaction: 1");
  });

  it("SEG-9, SEG-16: the segment sheet says any number of minor actions, and a multi-attack npc's stored attack routines", () => {
    const base = sampleActorInput({ kind: "npc", ruleset: "segment", mode: "play" });
    const input = { ...base, actor: { ...base.actor, actions: { segment: { attackRoutines: 3 } } } };
    const html = text(combatPart(buildActorSheetContext(input)));
    expect(html).toContain("Minor action: any number");
    expect(html).toContain("Attack routine: 3");
  });

  it("in a combat the tracker's actions left this turn are shown instead", () => {
    const combat = sheetCombatOf(sampleSheetEncounter("standard"), "ilsa");
    const context = buildActorSheetContext(
      sampleActorInput({ kind: "character", ruleset: "standard", mode: "play", combat }),
    );
    expect(context.budget.shown).toBe(false);
    const html = text(combatPart(context));
    expect(html).not.toContain("Actions each turn");
    expect(html).toContain("Actions left this turn");
  });

  it("SEG-16: edit mode binds the attack routines to the actor's field in the segment ruleset only", () => {
    const segment = combatPart(
      buildActorSheetContext(sampleActorInput({ kind: "npc", ruleset: "segment", mode: "edit" })),
    );
    expect(segment).toContain('name="system.actions.segment.attackRoutines" value="1"');
    expect(segment).not.toContain("Actions each turn");
    const standard = combatPart(
      buildActorSheetContext(sampleActorInput({ kind: "npc", ruleset: "standard", mode: "edit" })),
    );
    expect(standard).not.toContain("system.actions.segment.attackRoutines");
  });
});
