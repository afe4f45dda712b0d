/**
 * DR-1 in the packs: every weapon and spell states the kind of damage it deals (the attack flow deals
 * that kind), and the kinds follow what the items are: fire burns against Elemental DR, Arc Lash against
 * Arcane DR, blades and arrows against (physical) DR.
 */
import { describe, expect, it } from "vitest";
import { drFamilyOf, unwrap, type DrFamily } from "../../src/engine/index.ts";
import { packSources } from "./pack-sources.ts";

interface Entry {
  readonly pack: string;
  readonly name: string;
  readonly kind: unknown;
}

function entries(pack: string): Entry[] {
  return packSources(`packs/${pack}`).map(({ doc }) => {
    const system = doc.system as { readonly damageKind?: unknown };
    return { pack, name: String(doc.name), kind: system.damageKind };
  });
}

const weapons = entries("weapons");
const spells = entries("spells");
const family = (list: readonly Entry[], name: string): DrFamily => {
  const entry = list.find((e) => e.name === name);
  if (entry === undefined) throw new Error(`no ${name}`);
  return unwrap(drFamilyOf(String(entry.kind)));
};

describe("DR-1: damage kinds in the packs", () => {
  it.each([...weapons, ...spells])("DR-1: $pack/$name states a damage kind some DR reduces", ({ kind }) => {
    expect(typeof kind).toBe("string");
    expect(drFamilyOf(String(kind)).ok).toBe(true);
  });

  it("DR-1: Flamespitter is fire (Elemental DR), Arc Lash arcane (Arcane DR), swords and bows physical", () => {
    expect(weapons.find((w) => w.name === "Flamespitter")?.kind).toBe("fire");
    expect(family(weapons, "Flamespitter")).toBe("elemental");
    expect(family(weapons, "Arc Lash")).toBe("arcane");
    for (const name of ["Longsword", "Greatsword", "Longbow", "Maul"])
      expect(family(weapons, name), name).toBe("physical");
  });

  it("DR-1: fire and ice spells meet Elemental DR; Sunlance is solar (Arcane DR)", () => {
    for (const name of ["Fireburst", "Falling Star", "Frost Needle", "Blizzard Ring", "Ice Wall"])
      expect(family(spells, name), name).toBe("elemental");
    expect(spells.find((s) => s.name === "Sunlance")?.kind).toBe("solar");
  });
});
