/**
 * The preview's sample encounters: the same party against the same foes in every ruleset, or a crowd
 * of `size` combatants for the size parameter (30, 300). Each creature is a `HostCombatant` (what the
 * Foundry layer reads from a Combatant) plus what the tracker shows (name, portrait, side).
 */
import { DEFAULT_HOST_OPTIONS, type HostCombatant, type HostOptions, type RulesetId } from "../engine/index.ts";

export interface PreviewCombatant extends HostCombatant {
  readonly name: string;
  /** Players in the player viewpoint own the party's creatures. */
  readonly ownedByPlayer: boolean;
  readonly hidden: boolean;
}

function creature(
  id: string,
  name: string,
  side: HostCombatant["side"],
  facts: Partial<HostCombatant> & { hidden?: boolean } = {},
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
  };
}

/** The party and their foes: two player characters, an ally, three enemies (one hidden from players). */
const SAMPLE: readonly PreviewCombatant[] = [
  creature("ilsa", "Ilsa", "pc", { initiativeBonus: 3, int: 2, agi: 3 }),
  creature("brannoc", "Brannoc", "pc", { initiativeBonus: 1, int: 0, agi: 1 }),
  creature("wren", "Wren the guide", "ally", { initiativeBonus: 2, int: 1, agi: 2 }),
  creature("archer", "Goblin Archer", "enemy", { initiativeBonus: 2, int: 0, agi: 2 }),
  creature("ogre", "Ogre", "enemy", { initiativeBonus: 0, int: -1, agi: 0 }),
  creature("lurker", "Lurker in the reeds", "enemy", { initiativeBonus: 4, int: 1, agi: 3, hidden: true }),
];

/** `size` combatants: every third an enemy, a few allies, the rest player characters. */
function crowd(size: number): PreviewCombatant[] {
  return Array.from({ length: size }, (_, i) => {
    const side = i % 3 === 0 ? "enemy" : i % 5 === 1 ? "ally" : "pc";
    const name = side === "enemy" ? `Goblin ${i + 1}` : side === "ally" ? `Militia ${i + 1}` : `Hero ${i + 1}`;
    return creature(`c${i}`, name, side, { initiativeBonus: (i * 7) % 6, int: i % 4, agi: (i * 3) % 5 });
  });
}

export function previewCombatants(size: number | null): readonly PreviewCombatant[] {
  return size === null ? SAMPLE : crowd(size);
}

/** Per-ruleset options that show the ruleset's features in the preview (rotation: enemy groups and the planning phase). */
export function previewOptions(ruleset: RulesetId): HostOptions {
  return ruleset === "rotation" ? { ...DEFAULT_HOST_OPTIONS, planningPhase: true } : DEFAULT_HOST_OPTIONS;
}
