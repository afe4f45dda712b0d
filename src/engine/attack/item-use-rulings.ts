/**
 * The numbers the rules leave open when an item is used from a sheet or a macro, or when the engine's
 * events ask for a save, in ONE table (issue 11). Every entry is a **Ruling**:
 * - `d20AttackBonus` (count, standard: "d20 + bonus vs AC"; the seeds name no bonus for a creature):
 *   the attacker's primary weapon ability modifier (CNT-15, FEAT-CHARGED) is the whole bonus.
 * - `criticalFrom` (the d20 ruling of d20-attack.ts): a natural 20 only.
 * - `segmentModifier` (SEG-12 "d20 + modifiers", relayed by the GM): none from the sheet.
 * - `rotationAdjacentEnemies` (ATK-ROT-5): the attacker alone, unless the token is `flanked`; the attack
 *   dialog starts from the enemies counted on the scene when the tokens stand there (scene-measures.ts).
 * - `weaponDamageKind` / `spellDamageKind` (DR-1): only the DEFAULT of an item's own `damageKind` (a new
 *   item's value, and what migration gives items stored before they had one): a weapon physical (the DR
 *   family), a spell dissonance (the first Arcane DR kind). Attacks deal the item's kind.
 * - `deathSave` (CNT-14 names death saving throws, no numbers): the classic d20 save, 1d20, 10 or more.
 * - `concentrationCheck`: NOT rolled for damage. SEG-10 says concentration *ends* when the creature takes
 *   damage, fails a save or is impeded (conditions/concentration.ts `damageEndsConcentration`): damage ends it
 *   outright, a casting failing and being lost as if cast. The numbers stay only for a concentration check
 *   card posted before this ruling (its roll and outcome, save-outcomes.ts): the classic d20 save, 1d20, 10.
 * - `spellSave` (issue 19: a spell item names a save ability and DC, RULES.md no roll): outside phase the
 *   classic d20 save, 1d20 + the target's ability modifier, the spell's DC (10 when it names none) or
 *   more; phase rolls PHS-12's save instead, and the outcomes are ruled in spell-save.ts.
 * - `endPhaseSaveFlag` (PHS-12 "each effect that calls for a save"): an ActiveEffect calls for one when
 *   its `flags.tempo.endPhaseSave` is "ends" (a success ends it) or "sustains" (a success keeps it).
 * - `ongoingSave` (CNT-11 names saving throws against ongoing effects, no roll): the classic d20 save,
 *   1d20, 10 or more. The effects that call for one are those of `endPhaseSaveFlag`, with the same two
 *   outcomes: one flag on an effect serves the count ruleset and the phase ruleset alike.
 * - `deathSaveTally` (CNT-14 names death saves, no count): three successes and the creature is stable (it
 *   stays unconscious and rolls no more death saves), three failures and it dies (core's defeated
 *   status, DEF-1). The tally is kept on the combatant (`flags.tempo.deathSaves`), as CNT-14's saves
 *   happen in a count combat's end step only; it starts over when the creature falls unconscious or
 *   regains consciousness.
 * - `countAttacksPerAction` (CNT-7 "an action with several weapon attacks", no number given): at most 4,
 *   the most weapon attacks a d20 creature makes in one action at a real table (issue 19's attack dialog).
 * - `attackDialog` (issue 19's attack dialog; the seeds name no range): a situational modifier of −20 … +20,
 *   at most 4 extra sources of advantage or of disadvantage (ADV-2's table ends at 4), at most 8 enemies
 *   adjacent to a target (ATK-ROT-5: the 8 squares around a Medium creature). A situational modifier adds
 *   to the roll's bonus after ATK-ROT-1 halves a non-proficient skill bonus (it is no skill), to PHS-8's ATK,
 *   and to SEG-12's "modifiers".
 * Not a ruling: a phase attack adds the attacker's own ATK (PHS-8 "2d6 + ATK", the actor's `atk` field).
 */
export const ITEM_USE_RULINGS = {
  d20AttackBonus: "primaryModifier",
  criticalFrom: 20,
  countAttacksPerAction: 4,
  attackDialog: { modifier: 20, sources: 4, flankers: 8 },
  segmentModifier: 0,
  rotationAdjacentEnemies: 1,
  weaponDamageKind: "physical",
  spellDamageKind: "dissonance",
  deathSave: { formula: "1d20", target: 10 },
  concentrationCheck: { formula: "1d20", target: 10 },
  spellSave: { dice: "1d20", defaultDc: 10 },
  endPhaseSaveFlag: "endPhaseSave",
  ongoingSave: { formula: "1d20", target: 10 },
  deathSaveTally: { stable: 3, dead: 3, flag: "deathSaves" },
} as const;
