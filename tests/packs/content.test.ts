import { describe, expect, it } from "vitest";
import { checkActorSource, deriveActorValues, type ActorStats } from "../../src/engine/actors/index.ts";
import { CONDITION_IDS } from "../../src/engine/conditions/status-table.ts";
import {
  BATTLE_ACTIONS,
  checkItemSource,
  FEAT_KEYS,
  ITEM_DEFAULTS,
  isItemType,
  migrateItemSource,
} from "../../src/engine/items/index.ts";
import { DEFAULT_MOVEMENT_POWERS } from "../../src/engine/movement/movement-powers.ts";
import { routineWeapons } from "../../src/engine/initiative/segment/index.ts";
import { manifest, packSources, type PackSource } from "./pack-sources.ts";

type Rec = Record<string, unknown>;

function rec(value: unknown): Rec {
  return value as Rec;
}

/** Every source of every pack the manifest declares, with the pack's document type. */
const all = manifest.packs.flatMap((pack) => packSources(pack.path).map((source) => ({ ...source, pack })));
const isFolder = ({ doc }: PackSource) => String(doc._key).startsWith("!folders!");

const packDocs = (name: string) => all.filter((s) => s.pack.name === name && !isFolder(s));
const items = all.filter((s) => s.pack.type === "Item");
// The creatures (encounters are Actors too, checked by their own model in encounters.test.ts).
const actors = all.filter((s) => s.pack.type === "Actor" && !isFolder(s) && s.doc.type !== "encounter");
const embedded = actors.flatMap(({ file, doc }) =>
  (doc.items as Rec[]).map((item) => ({ file: `${file} ${String(item.name)}`, doc: item, parent: doc })),
);
const systemOf = (doc: Readonly<Rec>) => rec(doc.system);

describe("every pack document passes the validation its data model applies", () => {
  it.each([...items, ...embedded])("$file: the Item model's check", ({ doc }) => {
    expect(isItemType(doc.type)).toBe(true);
    if (isItemType(doc.type)) expect(checkItemSource(doc.type, doc.system)).toEqual([]);
  });

  it.each([...items, ...embedded])(
    "$file: stored in the current shape (every field, nothing to migrate)",
    ({ doc }) => {
      if (!isItemType(doc.type)) throw new Error(`not an item type: ${String(doc.type)}`);
      const system = systemOf(doc);
      expect(Object.keys(system).sort()).toEqual([...Object.keys(ITEM_DEFAULTS[doc.type]), "description"].sort());
      expect(migrateItemSource(doc.type, structuredClone(system))).toEqual(system);
    },
  );

  it.each(actors)("$file: the Actor model's check (shape and validateActorStats)", ({ doc }) => {
    expect(doc.type).toBe("npc");
    expect(checkActorSource(doc.system)).toEqual([]);
  });

  it.each(embedded)("$file: embedded with a key under its actor", ({ doc, parent }) => {
    expect(doc._key).toBe(`!actors.items!${String(parent._id)}.${String(doc._id)}`);
  });
});

describe("compendium content", () => {
  it("CNT-8, SEG-5: spells at every slot level 0–10, each with a casting time of 1–10 segments", () => {
    const spells = packDocs("spells").map(({ doc }) => systemOf(doc));
    const levels = new Set(spells.map((s) => s.slotLevel));
    expect([...levels].sort((a, b) => Number(a) - Number(b))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const spell of spells) expect(spell.castingTime).toEqual(expect.any(Number));
  });

  it("FEAT-CLEAVE, FEAT-CHARGED, FEAT-VERSATILE: the three feats, once each", () => {
    const feats = packDocs("feats").map(({ doc }) => systemOf(doc).feat);
    expect([...feats].sort()).toEqual([...FEAT_KEYS].sort());
  });

  it("PHS-5: the six movement powers with the engine's default distances", () => {
    const movement = packDocs("powers").filter(({ doc }) => systemOf(doc).kind === "movement");
    const got = movement.map(({ doc }) => {
      const s = systemOf(doc);
      return { squares: s.squares, provokes: s.provokes, straightLine: s.straightLine };
    });
    const expected = Object.values(DEFAULT_MOVEMENT_POWERS).map(({ squares, provokes, straightLine }) => ({
      squares,
      provokes,
      straightLine,
    }));
    expect(got).toEqual(expect.arrayContaining(expected));
    expect(movement.map(({ doc }) => String(doc.name).split(" ")[0]).sort()).toEqual([
      "Charge",
      "Disengage",
      "Hustle",
      "Run",
      "Shift",
      "Walk",
    ]);
  });

  it("PHS-7: a battle power for each battle action; Disengage shifts 2 squares without provoking (PHS-11)", () => {
    const battle = packDocs("powers")
      .filter(({ doc }) => systemOf(doc).kind === "battle")
      .map(({ doc }) => systemOf(doc));
    expect(battle.map((s) => s.action).sort()).toEqual([...BATTLE_ACTIONS].sort());
    expect(battle.find((s) => s.action === "disengage")).toMatchObject({ squares: 2, provokes: false });
  });

  it("the conditions journal has one text page per condition of the engine's table", () => {
    const [journal] = packDocs("conditions");
    const pages = (journal?.doc.pages ?? []) as Rec[];
    expect(pages.map((page) => rec(rec(page.flags).tempo).condition)).toEqual([...CONDITION_IDS]);
    for (const page of pages) {
      expect(page._key).toBe(`!journal.pages!${String(journal?.doc._id)}.${String(page._id)}`);
      expect(page.type).toBe("text");
      expect(String(rec(page.text).content)).toMatch(/^<p>.+<\/p>$/);
    }
  });

  it("CNT-16 and the seeds' weapons: every named weapon is in the pack", () => {
    const names = packDocs("weapons").map(({ doc }) => doc.name);
    const named = [
      "Greataxe",
      "Greatsword",
      "Maul",
      "Greatbow",
      "Battleaxe",
      "Halberd",
      "Longbow",
      "Shortbow",
      "Dagger",
    ];
    expect(names).toEqual(expect.arrayContaining([...named, "Light Crossbow", "Heavy Crossbow", "Longsword"]));
  });

  it("AP-1, AP-2: AP weapons, the 1d10 cost-10 example among them, and constant-damage weapons without an AP cost", () => {
    const weapons = packDocs("weapons").map(({ doc }) => systemOf(doc));
    expect(weapons).toContainEqual(expect.objectContaining({ damage: "1d10", apCost: 10 }));
    const constant = weapons.filter((w) => w.constantDamage === true);
    expect(constant.length).toBeGreaterThanOrEqual(2);
    for (const w of constant) expect(w.apCost).toBeNull();
  });
});

describe("npcs pack: at least six creatures per ruleset, in a folder each", () => {
  const folders = all.filter((s) => s.pack.name === "npcs" && isFolder(s));
  const inFolder = (name: string) => {
    const folder = folders.find(({ doc }) => doc.name === name);
    return actors
      .filter(({ doc }) => doc.folder === folder?.doc._id)
      .map(({ doc }) => ({ doc, stats: systemOf(doc) as unknown as ActorStats }));
  };
  const rulesets = ["Count-up track", "Standard turn order", "Phase rounds", "Segment rounds", "Rotations with AP"];

  it("has one Actor folder per ruleset, and every creature sits in one", () => {
    expect(folders.map(({ doc }) => doc.name).sort()).toEqual([...rulesets].sort());
    for (const { doc } of folders) expect(doc).toMatchObject({ type: "Actor", folder: null });
    for (const name of rulesets) expect(inFolder(name).length, name).toBeGreaterThanOrEqual(6);
    expect(rulesets.flatMap(inFolder).length).toBe(actors.length);
  });

  it("every creature attacks with an embedded weapon", () => {
    for (const { file, doc } of actors)
      expect(
        (doc.items as Rec[]).some((i) => i.type === "weapon"),
        file,
      ).toBe(true);
  });

  it("SEG-16: a segment creature's stat block states a mixed routine on its weapon: the Gnoll Brute's Longbow is two arrows a routine, rolled twice by the engine's routine", () => {
    const gnoll = inFolder("Segment rounds").find(({ doc }) => doc.name === "Gnoll Brute")?.doc;
    const weapons = ((gnoll?.items ?? []) as Rec[])
      .filter((i) => i.type === "weapon")
      .map((i) => ({
        name: String(i.name),
        group: String(rec(i.system).group),
        routineAttacks: rec(i.system).routineAttacks as number | null,
      }));
    const bow = weapons.find((w) => w.name === "Longbow");
    if (bow === undefined) throw new Error("the Gnoll Brute carries no Longbow");
    expect(bow.routineAttacks).toBe(2);
    expect(routineWeapons(bow, weapons).map((w) => w.name)).toEqual(["Longbow", "Longbow"]);
  });

  it("SEG-14: segment creatures include 4+4 HD (4d8+16 hp) and 5+5 HD (attacks as 6 HD, saves as 7)", () => {
    const derived = inFolder("Segment rounds").map(({ stats }) => ({
      hd: stats.hitDice,
      d: deriveActorValues(stats, { drMode: "perHit", weapons: [] }),
    }));
    const four = derived.find(({ hd }) => hd === "4+4")?.d.hitDice;
    expect(four).toMatchObject({ hitPoints: "4d8+16", attackHitDice: 5, saveHitDice: 5 });
    const five = derived.find(({ hd }) => hd === "5+5")?.d.hitDice;
    expect(five).toMatchObject({ attackHitDice: 6, saveHitDice: 7 });
  });

  it("SEG-13: a segment creature whose class level beats its hit dice attacks on its class table", () => {
    const classed = inFolder("Segment rounds").map(({ stats }) =>
      deriveActorValues(stats, { drMode: "perHit", weapons: [] }),
    );
    expect(classed.some((d) => d.attackTable?.table === "class")).toBe(true);
  });

  it("AP-1, ATK-ROT-1: rotation creatures have AP that swings each of their AP weapons, and a weapon skill for each group", () => {
    for (const { doc, stats } of inFolder("Rotations with AP")) {
      for (const item of (doc.items as Rec[]).filter((i) => i.type === "weapon")) {
        const w = systemOf(item);
        if (w.apCost !== null)
          expect(Math.floor(stats.ap.max / Number(w.apCost)), String(doc.name)).toBeGreaterThanOrEqual(1);
        expect(
          stats.weaponSkills.map((s) => s.group),
          String(doc.name),
        ).toContain(w.group);
      }
    }
  });

  it("DR-1, OSH-1, OSH-6: rotation creatures use the three DR kinds and overshields with and without hit points", () => {
    const stats = inFolder("Rotations with AP").map((n) => n.stats);
    for (const kind of ["physical", "elemental", "arcane"] as const)
      expect(
        stats.some((s) => s.dr[kind] > 0),
        kind,
      ).toBe(true);
    const shields = stats
      .map((s) => deriveActorValues(s, { drMode: "perHit", weapons: [] }).overshield)
      .filter((o) => o !== null);
    expect(shields.some((o) => o.hp === null)).toBe(true);
    expect(shields.some((o) => (o.hp ?? 0) > 0)).toBe(true);
  });

  it("PHS-8, STD-8: phase creatures span tiers 1–4; standard ones move in tandem speeds", () => {
    expect(new Set(inFolder("Phase rounds").map((n) => n.stats.tier))).toEqual(new Set([1, 2, 3, 4]));
    const modes = inFolder("Standard turn order").flatMap((n) =>
      Object.entries(n.stats.speeds)
        .filter(([m, v]) => m !== "walk" && v > 0)
        .map(([m]) => m),
    );
    expect(new Set(modes)).toEqual(new Set(["swim", "fly", "climb", "burrow"]));
  });
});
