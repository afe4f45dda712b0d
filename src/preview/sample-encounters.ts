/**
 * The preview's sample encounters: the same party against the same foes in every ruleset, or a crowd
 * of `size` combatants for the size parameter (30, 300). Each creature is a `HostCombatant` (what the
 * Foundry layer reads from a Combatant) plus what the tracker shows (name, portrait, side).
 */
import {
  DEFAULT_HOST_OPTIONS,
  SEGMENT_NO_DECLARATION,
  type HostCombatant,
  type HostCommand,
  type HostOptions,
  type RulesetId,
  type SegmentDeclaration,
} from "../engine/index.ts";

export interface PreviewCombatant extends HostCombatant {
  readonly name: string;
  /** Players in the player viewpoint own the party's creatures. */
  readonly ownedByPlayer: boolean;
  readonly hidden: boolean;
  /** AP-1: its weapon's AP, as an actor would give it (issue 10); the rotation tracker shows it. */
  readonly ap: number;
}

function creature(
  id: string,
  name: string,
  side: HostCombatant["side"],
  facts: Partial<HostCombatant> & { hidden?: boolean; ap?: number } = {},
): PreviewCombatant {
  return {
    id,
    name,
    side,
    initiativeBonus: facts.initiativeBonus ?? 0,
    int: facts.int ?? 0,
    agi: facts.agi ?? 0,
    groupId: facts.groupId ?? null,
    dexReaction: facts.dexReaction ?? 0,
    surprised: false,
    defeated: false,
    ownedByPlayer: side === "pc",
    hidden: facts.hidden ?? false,
    ap: facts.ap ?? 40,
  };
}

/** The party and their foes: two player characters, an ally, three enemies (one hidden from players). */
const SAMPLE: readonly PreviewCombatant[] = [
  creature("ilsa", "Ilsa", "pc", { initiativeBonus: 3, int: 2, agi: 3, ap: 80 }),
  creature("brannoc", "Brannoc", "pc", { initiativeBonus: 1, int: 0, agi: 1, ap: 60 }),
  creature("wren", "Wren the guide", "ally", { initiativeBonus: 2, int: 1, agi: 2, ap: 40 }),
  creature("archer", "Goblin Archer", "enemy", { initiativeBonus: 2, int: 0, agi: 2, ap: 30 }),
  creature("ogre", "Ogre", "enemy", { initiativeBonus: 0, int: -1, agi: 0, ap: 50 }),
  creature("lurker", "Lurker in the reeds", "enemy", { initiativeBonus: 4, int: 1, agi: 3, hidden: true, ap: 40 }),
];

/** ROT-5: the sample's enemy group (the archer and the ogre share one result). */
const SAMPLE_GROUP = { id: "raiders", name: "Raiders" } as const;

/** `size` combatants: every third an enemy, a few allies, the rest player characters. */
function crowd(size: number): PreviewCombatant[] {
  return Array.from({ length: size }, (_, i) => {
    const side = i % 3 === 0 ? "enemy" : i % 5 === 1 ? "ally" : "pc";
    const name = side === "enemy" ? `Goblin ${i + 1}` : side === "ally" ? `Militia ${i + 1}` : `Hero ${i + 1}`;
    const ap = 20 + ((i * 13) % 7) * 10;
    return creature(`c${i}`, name, side, { initiativeBonus: (i * 7) % 6, int: i % 4, agi: (i * 3) % 5, ap });
  });
}

/** ROT-5: in the crowd, enemies go three to a band (c0, c3, c6 in band 0, …). */
function crowdGroup(id: string): string {
  return `band${Math.floor(Number(id.slice(1)) / 9)}`;
}

/** The encounter for a ruleset; rotation puts enemies in groups (ROT-5), the other rulesets keep them alone. */
export function previewCombatants(size: number | null, ruleset: RulesetId): readonly PreviewCombatant[] {
  const combatants = size === null ? SAMPLE : crowd(size);
  if (ruleset !== "rotation") return combatants;
  return combatants.map((c) => {
    if (size === null) return c.id === "archer" || c.id === "ogre" ? { ...c, groupId: SAMPLE_GROUP.id } : c;
    return c.side === "enemy" ? { ...c, groupId: crowdGroup(c.id) } : c;
  });
}

/** The named groups of the encounter (Foundry's CombatantGroups), for the tracker's group rows. */
export function previewGroups(combatants: readonly PreviewCombatant[]): readonly { id: string; name: string }[] {
  const ids = [...new Set(combatants.flatMap((c) => (c.groupId === null ? [] : [c.groupId])))];
  return ids.map((id) => ({
    id,
    name: id === SAMPLE_GROUP.id ? SAMPLE_GROUP.name : `Goblin ${id.replace("band", "band ")}`,
  }));
}

/**
 * Per-ruleset options that show the ruleset's features in the preview (rotation: enemy groups, no three
 * player characters in a row, and the planning phase).
 */
export function previewOptions(ruleset: RulesetId): HostOptions {
  return ruleset === "rotation"
    ? { ...DEFAULT_HOST_OPTIONS, planningPhase: true, enemyGroups: true, noThreePlayersInRow: true }
    : DEFAULT_HOST_OPTIONS;
}

function declare(combatantId: string, declaration: Partial<SegmentDeclaration>): HostCommand {
  return { type: "declare", combatantId, declaration: { ...SEGMENT_NO_DECLARATION, ...declaration } };
}

/** SEG-2 step 1 in the sample: a spell, a multi-attack, fast actions and plain attacks. */
const SAMPLE_DECLARATIONS: readonly HostCommand[] = [
  declare("ilsa", { action: "spell", castingTime: 3 }),
  declare("brannoc", { action: "melee", weaponSpeed: 5, inMelee: true }),
  declare("wren", { action: "missile", weaponSpeed: 2, goesFirst: true }),
  declare("archer", { action: "missile", weaponSpeed: 2 }),
  declare("ogre", { action: "melee", weaponSpeed: 7, routines: 2, inMelee: true }),
  declare("lurker", { action: "charge", weaponSpeed: 4 }),
];

/**
 * In a crowd, every seventh creature casts (1–10 segments) and every fifth other one multi-attacks; the rest
 * declare nothing (each declaration is one stored step, and 300 of them would slow the page's start).
 */
function crowdDeclarations(size: number): HostCommand[] {
  const commands: HostCommand[] = [];
  for (let i = 0; i < size; i++) {
    if (i % 7 === 0) commands.push(declare(`c${i}`, { action: "spell", castingTime: (i % 10) + 1 }));
    else if (i % 5 === 0)
      commands.push(declare(`c${i}`, { action: "melee", weaponSpeed: i % 9, routines: 2, inMelee: true }));
  }
  return commands;
}

/**
 * What the table does right after the start so the preview shows the ruleset's features: in segment rounds
 * the declarations of step 1 (the GM declares for everyone; a player can change its own with "Declare"); in
 * phase rounds a seize (preview-opening.ts plays the rest of the sample's opening).
 */
export function previewOpening(ruleset: RulesetId, size: number | null): readonly HostCommand[] {
  // PHS-4: in phase rounds a creature seizes the initiative before anyone rolls (every 50th in a crowd).
  if (ruleset === "phase")
    return size === null
      ? [{ type: "seize", combatantId: "brannoc" }]
      : Array.from({ length: Math.ceil(size / 50) }, (_, i) => ({ type: "seize", combatantId: `c${i * 50 + 1}` }));
  if (ruleset !== "segment") return [];
  return size === null ? SAMPLE_DECLARATIONS : crowdDeclarations(size);
}

/** Scripted first dice (the rest are seeded): in segment rounds the party's d6 beats the enemies' in round 1. */
export function previewDiceScript(ruleset: RulesetId): Readonly<Record<string, readonly number[]>> {
  return ruleset === "segment" ? { party: [5], enemies: [2] } : {};
}
