/**
 * Sample cards for the preview's "Chat cards" view and the tests: real engine inputs (snapshots and
 * rolled faces) for each card, picked so the cards show the rules that decide (a natural 20 read as 25,
 * the six-20s table, a tie to the player, step dice, DR per hit, an end-phase save rolled and one waiting).
 */
import type { ChatCard } from "../view/chat/chat-cards.ts";

export interface CardSample {
  readonly id: string;
  readonly card: ChatCard;
}

export const CARD_SAMPLES: readonly CardSample[] = [
  {
    id: "attack-standard",
    card: {
      type: "attack",
      input: {
        attacker: "Aria",
        target: "Brute",
        weapon: "Longsword",
        resolution: {
          scheme: "d20",
          snapshot: { bonus: 5, armorClass: 15, criticalFrom: 20, mode: "advantage" },
          faces: [7, 12],
        },
      },
    },
  },
  {
    id: "attack-segment",
    card: {
      type: "attack",
      input: {
        attacker: "Sir Hugh",
        target: "Wight",
        weapon: "Mace",
        resolution: {
          scheme: "segment",
          snapshot: { aac0: 19, armorClass: -3, modifier: 1, mode: "normal" },
          faces: [19],
        },
      },
    },
  },
  {
    id: "attack-rotation",
    card: {
      type: "attack",
      input: {
        attacker: "Vex",
        target: "Raider",
        weapon: "Chain blade",
        resolution: {
          scheme: "rotation",
          snapshot: {
            skillBonus: 4,
            proficient: true,
            criticalThreshold: 22,
            attackerIsPlayer: true,
            defender: {
              dodge: 16,
              armor: 14,
              isPlayer: false,
              adjacentEnemies: 2,
              defense: null,
              unaware: false,
              grappled: false,
            },
          },
          faces: [10],
        },
      },
    },
  },
  {
    id: "attack-phase",
    card: {
      type: "attack",
      input: {
        attacker: "Kestrel",
        target: "Golem",
        weapon: null,
        resolution: { scheme: "phase", input: { atk: 2, def: 10, advantage: 1, disadvantage: 0 }, dice: [3, 5, 6] },
      },
    },
  },
  {
    id: "damage-rotation",
    card: {
      type: "damage",
      input: {
        attacker: "Vex",
        target: "Raider",
        formula: "1d8+2",
        swings: [7, 4, 10],
        kind: "slashing",
        dr: { physical: 3, elemental: 0, arcane: 1 },
        drMode: "perHit",
      },
    },
  },
  {
    id: "save-end-phase",
    card: {
      type: "save",
      input: {
        kind: "endPhase",
        combatantId: "k",
        name: "Kestrel",
        effect: "Burning",
        formula: "2d6",
        target: 7,
        endPhaseKind: "ends",
        concentration: "maintaining",
        total: 9,
      },
    },
  },
  {
    id: "save-concentration",
    card: {
      type: "save",
      input: {
        kind: "concentration",
        combatantId: "m",
        name: "Mirela",
        effect: "Web",
        formula: "1d20",
        target: 10,
        endPhaseKind: "ends",
        concentration: "casting",
        total: null,
      },
    },
  },
  {
    id: "save-spell",
    card: {
      type: "save",
      input: {
        kind: "spell",
        combatantId: "",
        name: "Golem",
        effect: "Fireburst",
        formula: "1d20 + 1",
        target: 12,
        endPhaseKind: "ends",
        concentration: "casting",
        total: null,
        spell: {
          caster: "Mirela",
          ability: "dex",
          hasDamage: true,
          roller: "gm",
          rule: "Ruling",
          itemUuid: "Actor.m.Item.f",
          targetUuid: "Actor.g",
        },
      },
    },
  },
  {
    id: "pending-count",
    card: {
      type: "pending",
      input: {
        combatId: "preview",
        combatantId: "b",
        name: "Brute",
        entryKey: "pending:a1",
        detail: { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: 1, attacks: 2 } },
        position: { key: "TEMPO.COMBAT.Count.Position", data: { count: 7 } },
        rule: "CNT-6",
        resolved: false,
      },
    },
  },
  {
    id: "initiative",
    card: {
      type: "initiative",
      input: {
        private: false,
        lines: [
          { name: "Aria", reason: "TEMPO.COMBAT.Count.RollReason.Initiative", formula: "1d20", total: 12 },
          { name: "Brute", reason: "TEMPO.COMBAT.Count.RollReason.Initiative", formula: "1d20", total: 4 },
        ],
      },
    },
  },
];
