/** The statistics the Foundry-layer tests give a creature: what each test does not set is no DR and no shield. */

/** DR-1: no damage reduction of any kind. */
export const NO_DR = { physical: 0, elemental: 0, arcane: 0 } as const;

/** OSH-1: no overshield. */
export const NO_SHIELD = { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" } as const;

/** `hp` hit points, no weapon skills, no DR and no overshield; `system` sets anything else (or overrides). */
export function creatureSystem(hp: number, system: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return { weaponSkills: [], hp: { value: hp, max: hp }, dr: NO_DR, overshield: NO_SHIELD, ...system };
}
