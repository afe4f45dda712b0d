import { describe, expect, it } from "vitest";
import {
  RULESET_IDS,
  deriveActorValues,
  spellDerived,
  swingsPerAction,
  weaponDerived,
  type HostCommand,
  type RulesetId,
} from "../../../src/engine/index.ts";
import { createHandlebarsHost } from "../../../src/preview/handlebars-host.ts";
import { SAMPLE_CHARACTER_STATS, SAMPLE_ITEMS, sampleActorInput } from "../../../src/preview/sample-sheets.ts";
import { sampleSheetEncounter, sheetCombatOf } from "../../../src/preview/sheet-combat.ts";
import { buildActorSheetContext } from "../../../src/view/sheets/actor-sheet-context.ts";
import { countDeclareControl } from "../../../src/view/tracker/count-declare.ts";
import { countReactControl } from "../../../src/view/tracker/count-react.ts";
import { refusal } from "../../../src/view/tracker/tracker-controls.ts";
import {
  SEGMENT_ATTACK_ACTION,
  segmentAttackKindOf,
  segmentAttackRefusal,
} from "../../../src/view/sheets/segment-attacks.ts";
import { attackUseCommand } from "../../../src/view/sheets/turn-uses.ts";
import { listFiles, readText } from "../../support/source-files.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const sources = Object.fromEntries(listFiles("templates", [".hbs"]).map((path) => [path, readText(path)]));
const host = createHandlebarsHost(en, sources);
const PARTS = ["header", "tabs", "attributes", "combat", "inventory", "spells", "effects", "biography"] as const;

function renderParts(context: object): string {
  return PARTS.map((part) => host.compile(readText(`templates/sheets/actor/${part}.hbs`))(context)).join("\n");
}

function sheet(ruleset: RulesetId, kind: "character" | "npc" = "character", mode: "play" | "edit" = "play") {
  const combat = sheetCombatOf(sampleSheetEncounter(ruleset), kind === "character" ? "ilsa" : "ogre");
  const input = sampleActorInput({ kind, ruleset, mode, combat });
  return { input, context: buildActorSheetContext(input), combat };
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe.each(RULESET_IDS)("actor sheet (%s)", (ruleset) => {
  it.each(["character", "npc"] as const)(
    "every part renders the %s's builder context in play and edit mode",
    (kind) => {
      for (const mode of ["play", "edit"] as const) {
        const html = renderParts(sheet(ruleset, kind, mode).context);
        expect(html).not.toMatch(/TEMPO\.[A-Z]/);
        expect(html).toContain(kind === "character" ? "Ilsa" : "Ogre");
        // Edit mode draws inputs bound to the document's fields; play mode draws none.
        expect(html.includes('name="system.hp.value"')).toBe(mode === "edit");
      }
    },
  );

  it("shows the initiative modifier the engine derives for this ruleset, and hit points with the overshield as a second bar", () => {
    const { context, input } = sheet(ruleset);
    const derived = deriveActorValues(input.actor.stats, { drMode: "perHit", weapons: [] });
    const value = derived.initiative[ruleset];
    expect(context.attributes.initiative.value).toBe(value < 0 ? `−${-value}` : `+${value}`);
    const html = text(renderParts(context));
    expect(html).toContain("Hit points 27 / 34");
    expect(html).toContain("Overshield 8 / 12");
    expect(html).toMatch(/DR 3 Elemental DR 1 Arcane DR 0/);
  });

  it("every combat button is refused exactly when the engine refuses its command now, with the engine's reason", () => {
    const { context, combat } = sheet(ruleset);
    const rows = [...context.inventory.weapons, ...context.spells.spells];
    const controls = [...context.combat.actions, ...rows.flatMap((r) => (r.use === null ? [] : [r.use]))];
    if (ruleset === "count" || ruleset === "segment")
      expect(controls.filter((c) => c.command !== null).length).toBeGreaterThan(2);
    for (const control of controls) {
      if (control.command === null) continue;
      const command = JSON.parse(control.command) as HostCommand;
      // SEG-16: a free or immediate attack names its opponent once asked: refused when every opponent is.
      const kind = control.action === SEGMENT_ATTACK_ACTION ? segmentAttackKindOf(command) : null;
      const id = typeof command.combatantId === "string" ? command.combatantId : "";
      const why = kind === null ? refusal(combat.input, command) : segmentAttackRefusal(combat.input, kind, id);
      expect(control.disabled).toBe(why !== null);
      expect(control.reason).toEqual(why);
    }
  });
});

describe("actor sheet: what each ruleset uses", () => {
  it("CNT-7, CNT-8: count shows each weapon's delay and each spell's delay, and attack/cast declare them", () => {
    const { context } = sheet("count");
    const sword = context.inventory.weapons.find((w) => w.id === "longsword");
    const swordStats = SAMPLE_ITEMS.find((i) => i.id === "longsword");
    if (swordStats?.type !== "weapon") throw new Error("no sample longsword");
    const delay = weaponDerived(swordStats.stats, { ap: 80, primaryModifier: null }).delay;
    expect(sword?.values).toContainEqual({ label: { key: "TEMPO.SHEET.Item.Delay" }, value: String(delay), words: [] });
    const attack = JSON.parse(sword?.use?.command ?? "null") as HostCommand;
    expect(attack).toEqual({
      type: "declare",
      combatantId: "ilsa",
      action: { kind: "attack", properties: ["versatile"], targets: [null] },
    });
    const web = context.spells.spells.find((s) => s.id === "web");
    expect(web?.values).toContainEqual({ label: { key: "TEMPO.SHEET.Item.Delay" }, value: "2", words: [] });
    expect(JSON.parse(web?.use?.command ?? "null")).toMatchObject({
      type: "declare",
      action: { kind: "spell", slotLevel: 2 },
    });
  });

  it("SEG-4, SEG-5: segment shows weapon speed and casting time, and declares with them", () => {
    const { context } = sheet("segment");
    const javelin = context.inventory.weapons.find((w) => w.id === "javelin");
    expect(javelin?.values).toContainEqual({ label: { key: "TEMPO.SHEET.Item.Speed" }, value: "4", words: [] });
    expect(JSON.parse(javelin?.use?.command ?? "null")).toMatchObject({
      type: "declare",
      declaration: { action: "missile", weaponSpeed: 4 },
    });
    const bolt = context.spells.spells.find((s) => s.id === "firebolt");
    const stats = SAMPLE_ITEMS.find((i) => i.id === "firebolt");
    if (stats?.type !== "spell") throw new Error("no sample spell");
    expect(bolt?.values).toContainEqual({
      label: { key: "TEMPO.SHEET.Item.CastingTime" },
      value: String(spellDerived(stats.stats).resolvesInSegment),
      words: [],
    });
    // SEG-2: Ilsa declared a spell in the sample's step 1; the sheet lists what the engine's timeline holds for her.
    expect(context.combat.hasDeclarations).toBe(true);
  });

  it("AP-1: rotation shows AP and the engine's swings per Full action for each weapon", () => {
    const { context } = sheet("rotation");
    expect(context.combat.ap?.value).toBe(80);
    const swings = swingsPerAction(SAMPLE_CHARACTER_STATS.ap.max, 10);
    if (!swings.ok) throw new Error("swings refused");
    expect(context.combat.ap?.swings).toContainEqual({
      name: "Longsword",
      text: { key: "TEMPO.SHEET.Swings.Count", data: { swings: swings.value, cost: 10 } },
    });
    expect(context.attributes.hasSkills).toBe(true);
    expect(sheet("count").context.combat.ap).toBeNull();
  });

  it('AP-1: a weapon holding an AP cost of 0 or less is invalid data, and the sheet says so (not "no AP cost")', () => {
    const { input } = sheet("rotation");
    for (const cost of [0, -10]) {
      const items = input.items.map((i) =>
        i.type === "weapon" && i.name === "Longsword" ? { ...i, stats: { ...i.stats, apCost: cost } } : i,
      );
      const context = buildActorSheetContext({ ...input, items });
      expect(context.combat.ap?.swings).toContainEqual({
        name: "Longsword",
        text: { key: "TEMPO.SHEET.Swings.InvalidCost", data: { cost: String(cost) } },
      });
    }
  });

  it("STD-6: standard shows the actions left this turn as the tracker keeps them", () => {
    const { context } = sheet("standard");
    expect(context.combat.economy.map((p) => p.kind)).toEqual(["action", "quickAction", "interaction", "reaction"]);
  });

  it("a creature not in a combat gets no buttons and is told why", () => {
    const context = buildActorSheetContext(sampleActorInput({ kind: "character", ruleset: "count", mode: "play" }));
    expect(context.combat.inCombat).toBe(false);
    expect(context.combat.actions).toEqual([]);
    expect(context.inventory.weapons.every((w) => w.use === null)).toBe(true);
    expect(text(renderParts(context))).toContain("Not in a combat");
  });

  it("a viewer who does not own the creature gets no buttons", () => {
    const combat = sheetCombatOf(sampleSheetEncounter("segment"), "ogre", false);
    const context = buildActorSheetContext(sampleActorInput({ kind: "npc", ruleset: "segment", mode: "play", combat }));
    expect(context.combat.actions).toEqual([]);
    expect(context.combat.note).toEqual({ key: "TEMPO.SHEET.Combat.NotOwner" });
  });

  it("conditions say on or off in words; one the tracker holds in this ruleset has no toggle, unless the engine takes it from a hand (SEG-7: a segment GM imposes delayed)", () => {
    const { context } = sheet("segment");
    const html = text(renderParts(context));
    expect(html).toContain("Concentrating on");
    const delayed = context.effects.conditions.find((c) => c.id === "delayed");
    expect(delayed).toMatchObject({ active: false, held: true, toggle: true });
    const standard = sheet("standard").context.effects.conditions.find((c) => c.id === "delayed");
    expect(standard).toMatchObject({ active: false, held: true, toggle: false });
    const concentrating = context.effects.conditions.find((c) => c.id === "concentrating");
    expect(concentrating).toMatchObject({ active: true, pressed: "true" });
  });
});

describe("ATK and the biography", () => {
  it("PHS-8: the phase ruleset's sheet shows the ATK its attack roll adds (signed); the other rulesets do not", () => {
    for (const ruleset of RULESET_IDS) {
      const { context } = sheet(ruleset);
      const atk = context.attributes.stats.find((f) => f.name === "system.atk");
      if (ruleset === "phase") expect(atk?.shown).toBe(`+${SAMPLE_CHARACTER_STATS.atk}`);
      else expect(atk).toBeUndefined();
    }
    expect(text(renderParts(sheet("phase").context))).toContain(`ATK +${SAMPLE_CHARACTER_STATS.atk}`);
    expect(renderParts(sheet("phase", "character", "edit").context)).toContain('name="system.atk"');
  });

  it("the biography tab shows the biography's HTML in play mode and binds the stored HTML to system.biography in edit mode", () => {
    const play = renderParts(sheet("count").context);
    expect(play).toContain('<div class="tempo-sheet__prose"><p>A sellsword from the river towns.</p></div>');
    expect(play).not.toContain('name="system.biography"');
    const edit = renderParts(sheet("count", "character", "edit").context);
    expect(edit).toMatch(
      /<textarea[^>]*name="system\.biography"[^>]*>&lt;p&gt;A sellsword from the river towns\.&lt;\/p&gt;<\/textarea>/,
    );
    expect(text(renderParts(sheet("count", "npc").context))).toContain("No biography.");
  });
});

describe("issues 10/11: the item buttons run the attack flow; count's Declare… and React… on the sheet", () => {
  it.each(["standard", "phase", "rotation"] as const)(
    "STD-6, PHS-7, ACT-ROT: %s: every weapon and every damaging spell has an Attack/Cast that rolls at once (no engine command); in a combat it is refused exactly as what the attack spends first is refused, out of one it is enabled",
    (ruleset) => {
      for (const combat of [sheetCombatOf(sampleSheetEncounter(ruleset), "ilsa"), null]) {
        const context = buildActorSheetContext(sampleActorInput({ kind: "character", ruleset, mode: "play", combat }));
        const sword = context.inventory.weapons.find((w) => w.id === "longsword");
        const spend = combat === null ? null : attackUseCommand(ruleset, "ilsa", null);
        const why = combat === null || spend === null ? null : refusal(combat.input, spend);
        expect(sword?.use).toMatchObject({
          action: "useItem",
          disabled: why !== null,
          reason: why,
          command: null,
          label: { key: "TEMPO.SHEET.Action.AttackWith", data: { name: "Longsword" } },
        });
        if (combat !== null) expect(why, "the sample creature is not on its turn").not.toBeNull();
        expect(context.spells.spells.find((s) => s.id === "firebolt")?.use?.action).toBe("useItem");
        // Web deals no damage: nothing to roll outside the count and segment tracks.
        expect(context.spells.spells.find((s) => s.id === "web")?.use).toBeNull();
      }
      const html = renderParts(sheet(ruleset).context);
      expect(html).toContain('data-action="useItem"');
      const locked = sampleActorInput({ kind: "character", ruleset, mode: "play", combat: null });
      const readOnly = buildActorSheetContext({ ...locked, editable: false });
      expect(readOnly.inventory.weapons.every((w) => w.use === null)).toBe(true);
    },
  );

  it.each(["count", "segment"] as const)(
    "%s: Attack/Cast goes through the attack flow too (it declares and records the item), refused as the engine refuses its declaration",
    (ruleset) => {
      const { context, combat } = sheet(ruleset);
      for (const row of [...context.inventory.weapons, ...context.spells.spells]) {
        if (row.use === null) continue;
        expect(row.use.action).toBe("useItem");
        const command = JSON.parse(row.use.command ?? "null") as HostCommand;
        expect(row.use.reason).toEqual(refusal(combat.input, command));
      }
    },
  );

  it("CNT-6, CNT-12: a count sheet has the row's Declare… and React…, each refused exactly as the tracker's row refuses it", () => {
    const { context, combat } = sheet("count");
    const declare = context.combat.actions.find((a) => a.action === "countDeclare");
    const react = context.combat.actions.find((a) => a.action === "countReact");
    expect(declare).toMatchObject({ combatantId: "ilsa", label: { key: "TEMPO.TRACKER.Control.Declare" } });
    expect(react).toMatchObject({ combatantId: "ilsa", label: { key: "TEMPO.TRACKER.Control.React" } });
    expect(declare).toEqual(countDeclareControl(combat.input, "ilsa"));
    expect(react).toEqual(countReactControl(combat.input, "ilsa"));
    expect(renderParts(context)).toContain('data-action="countDeclare"');
    // Not the owner: no buttons at all.
    const foreign = sheetCombatOf(sampleSheetEncounter("count"), "ogre", false);
    const npc = buildActorSheetContext(
      sampleActorInput({ kind: "npc", ruleset: "count", mode: "play", combat: foreign }),
    );
    expect(npc.combat.actions).toEqual([]);
    // Other rulesets have no count forms.
    expect(sheet("segment").context.combat.actions.some((a) => a.action === "countDeclare")).toBe(false);
  });
});

describe("segment sheet: AC and AAC0 as the seed writes them", () => {
  const segment = (mode: "play" | "edit", aac0: number) => {
    const base = sampleActorInput({ kind: "character", ruleset: "segment", mode, combat: null });
    const input = { ...base, actor: { ...base.actor, stats: { ...base.actor.stats, aac0 } } };
    return renderParts(buildActorSheetContext(input));
  };

  it("SEG-12: the descending AC shown is the one attacks use, with the worn armour's bonus (AC 4 in +5 mail is −1); edit mode sets the AC without armour", () => {
    expect(text(segment("play", 18))).toContain("AC (descending) -1 (AC 4, armour and shields +5)");
    expect(segment("edit", 18)).toMatch(/name="system\.defenses\.descendingAc" value="4"/);
  });

  it('SEG-12: AAC0 21 is shown and edited as "20*"; the input is the sheet\'s own (no name: the form never sends the text)', () => {
    expect(text(segment("play", 21))).toContain("AAC0 20*");
    const edit = segment("edit", 21);
    expect(edit).toMatch(/data-tempo-parse="system\.aac0" value="20\*"/);
    expect(edit).not.toContain('name="system.aac0"');
  });
});

describe("segment sheet: what enhanced hit dice give", () => {
  it("SEG-14: a 4+4 HD NPC's sheet shows it saves as 5 HD (row 5-6), 4d8+16 hit points with a Roll button for its owner, and morale +4; edit mode shows none of them", () => {
    const play = sampleActorInput({ kind: "npc", ruleset: "segment", mode: "play", combat: null });
    const html = text(renderParts(buildActorSheetContext(play)));
    expect(html).toContain("Saves as 5 HD (row 5-6: 14 or more)");
    expect(html).toContain("Hit points by hit dice 4d8+16");
    expect(html).toContain("Morale +4");
    expect(html).toContain("Roll hit points (4d8+16)");
    const edit = sampleActorInput({ kind: "npc", ruleset: "segment", mode: "edit", combat: null });
    expect(text(renderParts(buildActorSheetContext(edit)))).not.toContain("Saves as");
    const viewer = buildActorSheetContext({ ...play, editable: false });
    expect(viewer.attributes.rollHitPoints).toBeNull();
  });
});
