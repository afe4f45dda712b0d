/**
 * The feats pack (the three feats of the count ruleset) and the powers pack (the phase ruleset's six
 * movement powers, PHS-5, with the engine's default distances, and its five battle actions, PHS-7).
 */
import { DEFAULT_MOVEMENT_POWERS, type MovementPowerId } from "../../src/engine/movement/movement-powers.ts";
import { paragraphs, type ItemSpec } from "./documents.ts";

export const FEATS: readonly ItemSpec[] = [
  {
    name: "Cleave",
    type: "feat",
    system: {
      feat: "cleave",
      description: paragraphs(
        "With a Heavy or Great weapon, spend the action to attack every creature in a cone as long as the weapon's reach (FEAT-CLEAVE).",
        "One d20 roll is compared with every target; one damage roll is applied to each target hit.",
        "A 5 ft cone is the 3 squares in front of a Medium creature (5 for a Large one); a Reach weapon adds the 5 squares at 10 ft.",
      ),
    },
  },
  {
    name: "Charged Attack",
    type: "feat",
    system: {
      feat: "chargedAttack",
      description: paragraphs(
        "With a Heavy, Great or Thrown weapon, spend the action to prepare one attack whose delay is your primary weapon ability modifier (FEAT-CHARGED).",
        "Every full 2 counts of that delay step the damage die one level up the ladder (CNT-15); from level 10 the weapon's own dice are multiplied by the modifier.",
        "Redirecting a charged attack costs your reaction.",
      ),
    },
  },
  {
    name: "Versatile Master",
    type: "feat",
    system: {
      feat: "versatileMaster",
      description: paragraphs(
        "A Versatile weapon held in two hands counts as Heavy, with no other restriction, and its damage die is one ladder level higher (FEAT-VERSATILE).",
        "Held that way it resolves 2 counts after it is declared (CNT-7) and can Cleave.",
      ),
    },
  },
];

const MOVEMENT_NAMES: Readonly<Record<MovementPowerId, string>> = {
  shift: "Shift",
  walk: "Walk",
  hustle: "Hustle",
  run: "Run",
  charge: "Charge",
  disengage: "Disengage (move)",
};

const MOVEMENT_ORDER: readonly MovementPowerId[] = ["shift", "walk", "hustle", "run", "charge", "disengage"];

function movementPower(id: MovementPowerId): ItemSpec {
  const power = DEFAULT_MOVEMENT_POWERS[id];
  const lines = [
    `Movement phase: move up to ${power.squares} square${power.squares === 1 ? "" : "s"} (PHS-5); difficult terrain costs 2 squares per square (PHS-6).`,
    power.provokes
      ? "Leaving a threatened square provokes an opportunity attack from each creature threatening it."
      : "Does not provoke opportunity attacks.",
  ];
  if (power.straightLine) lines.push("The whole move keeps one direction.");
  lines.push("The distance is a ruling: the GM may edit it.");
  return {
    name: MOVEMENT_NAMES[id],
    type: "power",
    system: {
      kind: "movement",
      squares: power.squares,
      provokes: power.provokes,
      straightLine: power.straightLine,
      action: "attack",
      description: paragraphs(...lines),
    },
  };
}

type Battle = "attack" | "activateItem" | "delay" | "defend" | "disengage";

const BATTLE_POWERS: readonly (readonly [Battle, string, number, string])[] = [
  [
    "attack",
    "Attack",
    0,
    "Roll 2d6 + ATK against the target's DEF; each tier above the target is 1 source of advantage, each tier below 1 of disadvantage (PHS-8).",
  ],
  ["activateItem", "Activate Item", 0, "Use an item to call on its power (PHS-7)."],
  [
    "delay",
    "Delay",
    0,
    "Act after a creature you name has finished its turn; declare it before that turn starts; it cannot interrupt (PHS-9).",
  ],
  [
    "defend",
    "Defend",
    0,
    "Until the start of your next turn, attacks against you have 1 source of disadvantage (PHS-10).",
  ],
  [
    "disengage",
    "Disengage",
    2,
    "Shift 2 squares without provoking; your own attacks have 1 source of disadvantage until the end of the next round (PHS-11).",
  ],
];

function battlePower([action, name, squares, text]: readonly [Battle, string, number, string]): ItemSpec {
  return {
    name,
    type: "power",
    system: {
      kind: "battle",
      squares,
      provokes: false,
      straightLine: false,
      action,
      description: paragraphs(`Battle phase action, highest initiative first (PHS-7). ${text}`),
    },
  };
}

export const POWERS: readonly ItemSpec[] = [...MOVEMENT_ORDER.map(movementPower), ...BATTLE_POWERS.map(battlePower)];
