/**
 * AP-2, issue 18: the attack messages that backed a creature's constant-damage rolls, kept in the active
 * GM's browser (gm-kept.ts) by combat and creature, so that none backs two rolls (chat/constant-claims.ts).
 */
import { gmKept } from "./gm-kept.ts";

const used = gmKept("constantAttacks", "the attack messages of a constant-damage roll");

const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The attack messages that backed an earlier roll of the creature. */
export function usedConstantAttacks(combatId: string, combatantId: string): string[] {
  return textList(used.read(combatId, combatantId));
}

/** Remembers `attacks` as used by the creature. */
export function keepUsedConstantAttacks(combatId: string, combatantId: string, attacks: readonly string[]): void {
  const before = usedConstantAttacks(combatId, combatantId);
  used.keep(combatId, combatantId, [...new Set([...before, ...attacks])]);
}

/** Forgets a deleted combat's records. */
export function dropConstantClaims(combatId: string): void {
  used.drop(combatId);
}

/** Forgets what this page read (the browsers' storage was put back). */
export function forgetConstantClaims(): void {
  used.forget();
}

/** Forgets what this page read (another GM's records came into its browser: gm-replica.ts). */
export function forgetPageConstantClaims(): void {
  used.forgetPage();
}
