/**
 * System data of every Combatant: the facts the rulesets read when it joins (its side and the numbers
 * its ruleset's initiative uses). The engine's own record of the combatant lives in the Combat's
 * stored state, where players cannot write it; the owner may edit these facts, which take effect the
 * next time the combatant joins (a new combat, or "reset"). A fact left null is read from the combatant's
 * actor (actor-combat-facts.ts), and is 0 without a Tempo actor.
 */
import type { HostCombatant, HostSide } from "../../../engine/index.ts";
import { effectiveGroupId } from "../../combat/groups/membership.ts";
import { actorCombatFacts } from "../actor/actor-combat-facts.ts";

export const COMBATANT_SIDES = ["pc", "ally", "enemy"] as const satisfies readonly HostSide[];

function defineCombatantSchema() {
  const fields = foundry.data.fields;
  /** null: read from the actor (actor-combat-facts.ts). */
  const fromActor = () => new fields.NumberField({ required: true, nullable: true, integer: true, initial: null });
  return {
    /** null: read from the actor (player-owned: pc; otherwise friendly tokens ally, the rest enemy). */
    side: new fields.StringField({ required: true, nullable: true, choices: [...COMBATANT_SIDES], initial: null }),
    initiativeBonus: fromActor(),
    int: fromActor(),
    agi: fromActor(),
    dexReaction: fromActor(),
    surprised: new fields.BooleanField({ required: true, initial: false }),
  };
}

type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class TempoCombatantModel extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }
}

/** What the engine reads of a combatant document. */
export function hostCombatantOf(combatant: Combatant.Implementation): HostCombatant {
  const system = combatant.system;
  const facts = system instanceof TempoCombatantModel ? system : null;
  const actor = actorCombatFacts(combatant);
  const side = (facts?.side as HostSide | null | undefined) ?? actor?.side ?? defaultSide(combatant);
  const own = combatant._source.group ?? null;
  const combat = combatant.parent;
  return {
    id: combatant.id ?? "",
    side,
    initiativeBonus: facts?.initiativeBonus ?? actor?.initiative?.initiativeBonus ?? 0,
    int: facts?.int ?? actor?.initiative?.int ?? 0,
    agi: facts?.agi ?? actor?.initiative?.agi ?? 0,
    // ROT-4, ROT-5, SEG-2: its group; in segment rounds its side's group when it has none (membership.ts).
    groupId: combat === null ? own : effectiveGroupId(combat, side, own),
    dexReaction: facts?.dexReaction ?? actor?.initiative?.dexReaction ?? 0,
    surprised: facts?.surprised ?? false,
    defeated: combatant.isDefeated,
  };
}

/** A player-owned combatant is a player character; others are enemies unless their token is friendly. */
function defaultSide(combatant: Combatant.Implementation): HostSide {
  if (combatant.hasPlayerOwner) return "pc";
  const disposition = combatant.token?.disposition;
  return disposition === CONST.TOKEN_DISPOSITIONS.FRIENDLY ? "ally" : "enemy";
}
