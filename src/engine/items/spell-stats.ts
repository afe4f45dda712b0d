/**
 * `spell` items: slot level (CNT-8, its delay on the count track), casting time (SEG-5, the segment it
 * resolves in), damage, area, concentration (CNT-10, SEG-10) and save.
 */
import { parseFormula } from "../dice/formula-parse.ts";
import { spellDelay } from "../initiative/count/delay.ts";
import {
  checkSegmentDeclaration,
  SEGMENT_NO_DECLARATION,
  segmentStartSeconds,
} from "../initiative/segment/declaration.ts";
import { checkDamageKind, checkStatusRider, ProblemList, type ItemProblem } from "./item-problem.ts";
import { SPELL_AREA_SHAPES, SPELL_CASTING_ACTIONS, SPELL_USES, type SpellStats } from "./item-types.ts";

export interface SpellDerived {
  /** CNT-8: counts from declaration to resolution (the slot level). */
  readonly delay: number;
  /** SEG-5: the segment the spell resolves in (its casting time). */
  readonly resolvesInSegment: number;
  /** SEG-1: seconds from the start of the round to the end of that segment. */
  readonly castingSeconds: number;
}

/** CNT-8, SEG-5, DR-1: every problem of a spell's stats. */
export function validateSpellStats(source: Readonly<Record<string, unknown>>): ItemProblem[] {
  const list = new ProblemList();
  const { slotLevel, castingTime, damage, area, save } = source;
  if (typeof slotLevel !== "number")
    list.add("slotLevel", "TEMPO.ERRORS.Count.InvalidSlotLevel", { level: String(slotLevel) });
  else list.fromResult("slotLevel", spellDelay(slotLevel));
  const declaration = { ...SEGMENT_NO_DECLARATION, action: "spell" as const };
  if (typeof castingTime !== "number") list.add("castingTime", "TEMPO.ERRORS.Segment.InvalidCastingTime");
  else list.fromResult("castingTime", checkSegmentDeclaration({ ...declaration, castingTime }));
  if (list.text("damage", damage) && damage.trim() !== "") list.fromResult("damage", parseFormula(damage));
  checkDamageKind(list, source.damageKind);
  if (list.record("area", area)) {
    list.choice("area.shape", area.shape, SPELL_AREA_SHAPES);
    list.whole("area.size", area.size, 0);
  }
  list.flag("concentration", source.concentration);
  if (list.record("save", save)) {
    list.text("save.ability", save.ability);
    if (save.dc !== null) list.whole("save.dc", save.dc, 0);
  }
  // OSH-3, OSH-5, OSH-6: absent on spells stored before them (the model gives the defaults).
  if (source.use !== undefined) list.choice("use", source.use, SPELL_USES);
  // STD-6: absent on spells stored before it (the model gives the Action).
  if (source.castingAction !== undefined) list.choice("castingAction", source.castingAction, SPELL_CASTING_ACTIONS);
  if (source.use === "healing" && typeof damage === "string" && damage.trim() === "")
    list.add("damage", "TEMPO.ERRORS.Item.HealingNeedsFormula");
  if (source.shieldCondition !== undefined) list.text("shieldCondition", source.shieldCondition);
  checkStatusRider(list, source);
  return list.problems;
}

/** The derived values of sound spell stats. */
export function spellDerived(stats: SpellStats): SpellDerived {
  const delay = spellDelay(stats.slotLevel);
  return {
    delay: delay.ok ? delay.value : 0,
    resolvesInSegment: stats.castingTime,
    castingSeconds: segmentStartSeconds(stats.castingTime + 1),
  };
}
