/**
 * The commands a sheet's item buttons send for a creature in a combat: the same engine commands the
 * tracker gives, built from the item's statistics. Only rulesets whose scheduler takes an item's timing
 * get one: CNT-6/CNT-7/CNT-8 (count: declare an attack with the weapon's properties, a spell with its slot
 * level) and SEG-2 step 1 (segment: declare melee or missile with the weapon speed, SEG-4, or a spell
 * with its casting time, SEG-5). Whether the rules allow it now is the engine's call (`refusal`).
 */
import {
  SEGMENT_NO_DECLARATION,
  countAreaOrigin,
  propertiesFromFlags,
  weaponDeclaredAs,
  type HostCommand,
  type RulesetId,
  type SegmentDeclaration,
  type SpellStats,
  type WeaponStats,
} from "../../engine/index.ts";
import { segmentDeclareCommand } from "../tracker/segment-declare.ts";
import type { AttackChoices, AttackShape } from "../chat/attack-options.ts";

/** The command "attack with this weapon" sends now, or null where the ruleset has none. */
export function attackCommand(
  ruleset: RulesetId,
  combatantId: string,
  weapon: WeaponStats,
  targetId: string | null = null,
): HostCommand | null {
  const properties = propertiesFromFlags(weapon.properties);
  switch (ruleset) {
    case "count":
      return { type: "declare", combatantId, action: { kind: "attack", properties, targets: [null] } };
    case "segment":
      return segmentDeclareCommand(combatantId, segmentAttackDeclaration(weapon, targetId));
    default:
      return null;
  }
}

/**
 * SEG-2 step 1: the segment declaration of an attack with `weapon` and nothing else; the declare form
 * starts from it when the sheet's Attack declares (SEG-9: the user adds minors there).
 */
export function segmentAttackDeclaration(weapon: WeaponStats, targetId: string | null = null): SegmentDeclaration {
  return {
    ...SEGMENT_NO_DECLARATION,
    // SEG-3: a thrown or shooting weapon's attack is a missile attack (D2), any other a melee one (D3).
    action: weaponDeclaredAs(weapon),
    weaponSpeed: weapon.speed,
    // SEG-16: an attack routine has one target, the one the user targeted when declaring.
    targetId,
  };
}

/**
 * SEG-9: whether a declaration the form gave from a weapon's Attack still attacks with it (melee, missile, or
 * a charge, SEG-2's fast action that ends in an attack). Only then is the weapon recorded for its pending card
 * to roll; changed to another major action (a move, a spell …), it is declared as the tracker's form declares.
 */
export function declaresWeaponAttack(declaration: SegmentDeclaration): boolean {
  return declaration.action === "melee" || declaration.action === "missile" || declaration.action === "charge";
}

/**
 * Issue 19: the count declaration of the attack dialog's choices: FEAT-CHARGED one charged attack whose
 * delay is the primary modifier; otherwise CNT-7's attacks, staggered by the delay of the properties the
 * weapon is used with (FEAT-VERSATILE two-handed: Heavy). A cleave is one attack (FEAT-CLEAVE); its targets
 * ride with the declaration's record, not the command.
 */
export function countAttackCommand(
  combatantId: string,
  shape: AttackShape,
  choices: AttackChoices,
  primaryModifier: number,
  aimed: readonly (string | null)[] = [],
): HostCommand {
  const properties = [...shape.properties];
  // CNT-7: the combatant each attack is aimed at, named on the track (null: the recorded targets).
  const at = (k: number) => aimed[k] ?? null;
  if (choices.charged)
    return {
      type: "declare",
      combatantId,
      action: { kind: "charged", properties, modifier: primaryModifier, target: at(0) },
    };
  const targets = Array.from({ length: shape.delays.length }, (_, k) => at(k));
  return { type: "declare", combatantId, action: { kind: "attack", properties, targets } };
}

/** The command "cast this spell" sends now, or null where the ruleset has none. */
/** CNT-10, SEG-10: a spell with concentration makes its caster concentrating (concentration-status.ts). */
function concentrates(spell: SpellStats): { readonly concentration?: true } {
  return spell.concentration ? { concentration: true } : {};
}

/**
 * `targetId`: the creature the spell is aimed at (its combatant id), or null. CNT-12: a spell with an area is
 * declared with its point of origin (engine `countAreaOrigin`), which no reaction can move.
 */
export function castCommand(
  ruleset: RulesetId,
  combatantId: string,
  spell: SpellStats,
  targetId: string | null = null,
): HostCommand | null {
  switch (ruleset) {
    case "count": {
      const origin = spell.area.shape === "none" ? null : countAreaOrigin(combatantId, targetId);
      return {
        type: "declare",
        combatantId,
        action: { kind: "spell", slotLevel: spell.slotLevel, targets: [], origin },
        ...concentrates(spell),
      };
    }
    case "segment":
      return {
        ...segmentDeclareCommand(combatantId, {
          ...SEGMENT_NO_DECLARATION,
          action: "spell",
          castingTime: spell.castingTime,
        }),
        ...concentrates(spell),
      };
    default:
      return null;
  }
}

export interface ReactionCommand {
  readonly command: HostCommand;
  readonly label: `TEMPO.${string}`;
  readonly icon: string;
}

/** The reactions a sheet offers in one click: CNT-12 stop casting, SEG-11 an immediate spell. */
export function reactionCommands(ruleset: RulesetId, combatantId: string): ReactionCommand[] {
  switch (ruleset) {
    case "count":
      return [
        {
          command: { type: "react", combatantId, reaction: { kind: "stopCasting" } },
          label: "TEMPO.SHEET.Action.StopCasting",
          icon: "fa-solid fa-hand",
        },
      ];
    case "segment":
      return [
        {
          command: { type: "immediateSpell", combatantId },
          label: "TEMPO.SHEET.Action.ImmediateSpell",
          icon: "fa-solid fa-bolt",
        },
      ];
    default:
      return [];
  }
}
