/**
 * The short biography each generated npc carries (`system.biography`, an HTML field): one mechanical
 * sentence naming what its folder's ruleset reads of it, and one naming what it fights with. Written
 * from the same system data the pack stores, so the text never disagrees with the sheet.
 */
import { paragraphs, type ActorSpec, type Doc, type Json } from "./documents.ts";

/** The rulesets the npcs pack has a folder for. */
export type NpcRuleset = "count" | "standard" | "phase" | "segment" | "rotation";

function at(doc: Doc, path: string): Json | undefined {
  let node: Json | undefined = doc;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Doc)[part];
  }
  return node;
}

function n(doc: Doc, path: string): number {
  const value = at(doc, path);
  return typeof value === "number" ? value : 0;
}

function signed(value: number): string {
  return value < 0 ? `−${Math.abs(value)}` : `+${value}`;
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Speeds other than walking, e.g. "swims 30 ft". */
function otherSpeeds(s: Doc): string[] {
  const verbs: readonly (readonly [string, string])[] = [
    ["swim", "swims"],
    ["fly", "flies"],
    ["climb", "climbs"],
    ["burrow", "burrows"],
  ];
  return verbs
    .filter(([mode]) => n(s, `speeds.${mode}`) > 0)
    .map(([mode, verb]) => `${verb} ${n(s, `speeds.${mode}`)} ft`);
}

function statSentence(ruleset: NpcRuleset, s: Doc): string {
  const hp = `${n(s, "hp.max")} hit points`;
  switch (ruleset) {
    case "count":
      return `A count-up track foe with ${hp}, AC ${n(s, "defenses.ac")}, INT ${signed(n(s, "abilities.int"))} and DEX ${signed(n(s, "abilities.dex"))}.`;
    case "standard": {
      const moves = [`walks ${n(s, "speeds.walk")} ft`, ...otherSpeeds(s)];
      return `A standard turn order foe with ${hp}, AC ${n(s, "defenses.ac")} and DEX ${signed(n(s, "abilities.dex"))}; it ${list(moves)}.`;
    }
    case "phase":
      return `A tier ${n(s, "tier")} phase rounds foe with ${hp}, DEF ${n(s, "defenses.def")} and ATK ${signed(n(s, "atk"))}.`;
    case "segment": {
      const level = n(s, "level");
      const dice = String(at(s, "hitDice") ?? "");
      // SEG-13: a creature with a class level attacks by its class; the others by their hit dice.
      const who = level > 0 ? `class level ${level}` : `${dice} hit ${dice === "1" ? "die" : "dice"}`;
      return `A segment rounds foe of ${who}, with ${hp} and AC ${n(s, "defenses.descendingAc")}.`;
    }
    case "rotation": {
      const shield = n(s, "overshield.max") > 0 ? ` and a ${n(s, "overshield.max")}-point overshield` : "";
      return `A rotation foe with ${hp}${shield}, ${n(s, "ap.max")} AP, Dodge ${n(s, "defenses.dodge")}, Armor ${n(s, "defenses.armor")} and DR ${n(s, "dr.physical")}.`;
    }
  }
}

/** The npc's biography: what its ruleset reads of it, then what it fights with. */
export function npcBiography(ruleset: NpcRuleset, spec: ActorSpec): string {
  // SEG-16: a weapon of the stat block's routine says how many attacks it makes in it (npc-stats.ts `inRoutine`).
  const attacks = (item: ActorSpec["items"][number]): number => n(item.system, "routineAttacks");
  const weapons = spec.items
    .filter((item) => item.type === "weapon")
    .map((item) => (attacks(item) > 1 ? `${item.name} (${attacks(item)} attacks a routine)` : item.name));
  const spells = spec.items.filter((item) => item.type === "spell").map((item) => item.name);
  const arms: string[] = [];
  if (weapons.length > 0) arms.push(`fights with ${list(weapons)}`);
  if (spells.length > 0) arms.push(`casts ${list(spells)}`);
  const second = arms.length === 0 ? "" : ` It ${arms.join(" and ")}.`;
  return paragraphs(`${statSentence(ruleset, spec.system)}${second}`);
}
