import type { CountCombatantInput } from "../engine/index.ts";
import type { CombatantSnapshot } from "../view/tracker/combatant-snapshot.ts";

/**
 * The preview's sample encounter on the count-up track. Scripted d20 faces (initiative first, then
 * the CNT-5 contest) make it play the same way every time:
 *   Ilsa 12 − 3 = 9, Brannoc 9 − 1 = 8, Goblin Archer 11 − 2 = 9, Ogre 7 − 0 = 7, Goblin Cutter 14 − 2 = 12.
 *   Ilsa and the Archer tie on 9 and contest: Ilsa 15 + 3 = 18 beats the Archer 10 + 2 = 12.
 */
export interface SampleCombatant extends CountCombatantInput, Omit<CombatantSnapshot, "id" | "isPlayer"> {
  readonly d20: readonly number[];
}

export const SAMPLE_ENCOUNTER: readonly SampleCombatant[] = [
  { id: "ilsa", name: "Ilsa", img: null, hidden: false, bonus: 3, isPlayer: true, defeated: false, d20: [12, 15] },
  { id: "brannoc", name: "Brannoc", img: null, hidden: false, bonus: 1, isPlayer: true, defeated: false, d20: [9] },
  {
    id: "archer",
    name: "Goblin Archer",
    img: null,
    hidden: false,
    bonus: 2,
    isPlayer: false,
    defeated: false,
    d20: [11, 10],
  },
  { id: "ogre", name: "Ogre", img: null, hidden: false, bonus: 0, isPlayer: false, defeated: false, d20: [7] },
  {
    id: "cutter",
    name: "Goblin Cutter",
    img: null,
    hidden: false,
    bonus: 2,
    isPlayer: false,
    defeated: false,
    d20: [14],
  },
];
