/**
 * Every generated pack as the files its folder holds: `packs/<name>/<file>.json` → the JSON text. The
 * committed files are the truth; tests/packs/content-generated.test.ts checks they match these tables.
 */
import { CONDITION_PAGES } from "./conditions.ts";
import { CONDITIONS_JOURNAL_ID } from "../../src/foundry/conditions/condition-pages.ts";
import { folderDoc, itemDoc, journalDoc, npcDoc, type ActorSpec, type Doc } from "./documents.ts";
import { FEATS, POWERS } from "./feats-powers.ts";
import { COUNT_NPCS, PHASE_NPCS, STANDARD_NPCS } from "./npcs-d20.ts";
import { ROTATION_NPCS, SEGMENT_NPCS } from "./npcs-other.ts";
import { npcBiography, type NpcRuleset } from "./npc-summary.ts";
import { SPELLS, spellSpec } from "./spells.ts";
import { WEAPONS, weaponSpec } from "./weapons.ts";

/** The pack folders the tables write (every .json file in them is generated). */
export const GENERATED_PACKS: readonly string[] = ["weapons", "spells", "feats", "powers", "conditions", "npcs"];

/** The npcs pack's folders, one per ruleset, named as the rulesets are (lang/en.json TEMPO.RULESETS). */
export const NPC_FOLDERS: readonly (readonly [
  name: string,
  color: string,
  npcs: readonly ActorSpec[],
  ruleset: NpcRuleset,
])[] = [
  ["Count-up track", "#5b3a29", COUNT_NPCS, "count"],
  ["Standard turn order", "#2f4858", STANDARD_NPCS, "standard"],
  ["Phase rounds", "#3d5a3a", PHASE_NPCS, "phase"],
  ["Segment rounds", "#4a3b5c", SEGMENT_NPCS, "segment"],
  ["Rotations with AP", "#6b2d2d", ROTATION_NPCS, "rotation"],
];

/** A file name from a document name: lower case, words joined by hyphens. */
export function fileName(name: string): string {
  return `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.json`;
}

function files(
  docs: readonly Doc[],
  nameOf: (doc: Doc) => string = (doc) => fileName(String(doc.name)),
): Map<string, Doc> {
  const out = new Map<string, Doc>();
  for (const doc of docs) {
    const file = nameOf(doc);
    if (out.has(file)) throw new Error(`Two documents would be written to ${file}.`);
    out.set(file, doc);
  }
  return out;
}

function npcDocs(): Doc[] {
  const docs: Doc[] = [];
  NPC_FOLDERS.forEach(([name, color, npcs, ruleset], i) => {
    const folder = folderDoc("npcs", name, "Actor", (i + 1) * 100000, color);
    docs.push(folder);
    npcs.forEach((npc, j) => {
      const withBiography = { ...npc, system: { ...npc.system, biography: npcBiography(ruleset, npc) } };
      docs.push(npcDoc("npcs", withBiography, String(folder._id), (j + 1) * 100000));
    });
  });
  return docs;
}

/** Folder documents are written as `_folder-<name>.json`, so they sort first and never clash with a creature. */
function npcFileName(doc: Doc): string {
  const name = fileName(String(doc.name));
  return String(doc._key).startsWith("!folders!") ? `_folder-${name}` : name;
}

/** Every generated pack: its folder name → (file name → document). */
export function contentPacks(): Map<string, Map<string, Doc>> {
  return new Map([
    ["weapons", files(WEAPONS.map((row) => itemDoc("weapons", weaponSpec(row), 0, row.id)))],
    ["spells", files(SPELLS.map((row) => itemDoc("spells", spellSpec(row), row.level * 1000)))],
    ["feats", files(FEATS.map((spec, i) => itemDoc("feats", spec, (i + 1) * 100000)))],
    ["powers", files(POWERS.map((spec, i) => itemDoc("powers", spec, (i + 1) * 100000)))],
    ["conditions", files([journalDoc("conditions", "Conditions", CONDITION_PAGES, CONDITIONS_JOURNAL_ID)])],
    ["npcs", files(npcDocs(), npcFileName)],
  ]);
}

/** The text a document's file holds: two-space JSON and a final newline. */
export function documentText(doc: Doc): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
