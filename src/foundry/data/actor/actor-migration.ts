/**
 * Older shapes of actor system data, brought to the current one before Foundry cleans and validates it
 * (`TypeDataModel.migrateData`, as dnd5e and Draw Steel migrate their system data). Version 1 stored
 * hit points, DR and the overshield as bare numbers:
 * - `hp: 12` → `hp: { value: 12, max: 12 }`;
 * - `dr: 3` → `dr: { physical: 3, elemental: 0, arcane: 0 }` (DR-1: plain "DR" is the physical kind);
 * - `overshield: 5` → `overshield: { value: 5, max: 5 }` (its DR and effect take their defaults).
 * Each step looks only at its own field, so running it on current data changes nothing.
 */
type Source = Record<string, unknown>;

function isNumber(value: unknown): value is number {
  return typeof value === "number";
}

export function migrateActorSource(source: Source): Source {
  if (isNumber(source.hp)) source.hp = { value: source.hp, max: Math.max(1, source.hp) };
  if (isNumber(source.dr)) source.dr = { physical: source.dr, elemental: 0, arcane: 0 };
  if (isNumber(source.overshield)) source.overshield = { value: source.overshield, max: source.overshield };
  return source;
}
