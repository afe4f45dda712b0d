/**
 * Issue 17: what each combatant on a GM's page derives from its combat's engine state
 * (combatant-model.ts): the engine's facts of the creature, the initiative they give and its place in
 * the order, as one record per creature. A table is made once per state and order, and keeps the
 * record of its last table for each creature whose facts object (the same object while they are equal:
 * engine ruleset-hosts.ts) and place are the same, so a combatant learns in one lookup, the same
 * record, that nothing it derived changed, where it looked up its place and its facts apart. A step
 * worked out while the page is idle makes its table then (write-step.ts `planWrite`), so a round
 * boundary's thousand new places cost its click one lookup each.
 *
 * Kept by the combat document: core builds a combat's data model anew with each update, the document
 * stays (each client holds its own documents).
 */
import type { CombatantFacts } from "../../../engine/index.ts";

/** One creature's derived values; the same object while they are the same (see the file comment). */
export interface DerivedRecord {
  readonly facts: CombatantFacts;
  readonly initiative: number | null;
  /** Its place in the order; Infinity when it has none yet. */
  readonly sortRank: number;
}

export type DerivedTable = ReadonlyMap<string, DerivedRecord>;

interface Made {
  readonly state: object;
  readonly rank: ReadonlyMap<string, number>;
  readonly table: DerivedTable;
}

const made = new WeakMap<object, Made>();

/**
 * The table of `combat`'s state `state` in the order `rank` (a creature's place), from its `facts`, for the
 * combatants `ids` (the combat's collection's keys: the very strings each combatant looks itself up with,
 * so a lookup matches on the first comparison instead of comparing the engine's copy of the id letter by
 * letter, a thousand times a click).
 */
export function derivedTable(
  combat: object,
  state: object,
  rank: ReadonlyMap<string, number>,
  facts: ReadonlyMap<string, CombatantFacts>,
  ids: Iterable<string>,
): DerivedTable {
  const last = made.get(combat);
  if (last !== undefined && last.state === state && last.rank === rank) return last.table;
  const before = last?.table;
  const table = new Map<string, DerivedRecord>();
  for (const id of ids) {
    const fact = facts.get(id);
    if (fact === undefined) continue;
    const sortRank = rank.get(id) ?? Infinity;
    const was = before?.get(id);
    const same = was !== undefined && was.facts === fact && was.sortRank === sortRank;
    table.set(id, same ? was : { facts: fact, initiative: fact.initiative, sortRank });
  }
  made.set(combat, { state, rank, table });
  return table;
}
