/**
 * Scheduler laws shared by the standard and rotation property tests: plain JSON state, frozen inputs,
 * and a ledger that checks "one turn per creature per round" from the events alone.
 */
import { expect } from "vitest";

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Paths in `value` holding `undefined`, NaN, infinities or -0: none of these survive JSON. */
export function nonJsonPaths(value: unknown, path = "$"): string[] {
  if (value === undefined) return [path];
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0) ? [] : [path];
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonJsonPaths(v, `${path}[${i}]`));
  if (Object.getPrototypeOf(value) !== Object.prototype) return [`${path} (not a plain object)`];
  return Object.entries(value).flatMap(([k, v]) => nonJsonPaths(v, `${path}.${k}`));
}

export function expectPlainJson(state: unknown): void {
  expect(nonJsonPaths(state)).toEqual([]);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
}

interface TurnEvent {
  readonly type: string;
  readonly round?: number;
  readonly combatantId?: string;
}

/**
 * Follows the events of a combat. Every creature that could act when a round started and was neither
 * defeated nor removed during that round must start exactly one turn in it; nobody ever starts two
 * (a creature that left and joined again counts afresh). A standard delay (`delayed`) gives the turn
 * back: the creature starts it again when it re-enters, which it must do before the round ends.
 * `eligibleAtStart` is asked when a round starts (creatures in the order, not defeated).
 */
export class TurnLedger {
  private round = -1;
  private eligible = new Set<string>();
  private turns = new Map<string, number>();

  reset(): void {
    this.round = -1;
    this.eligible.clear();
    this.turns.clear();
  }

  observe(events: readonly TurnEvent[], eligibleAtStart: () => readonly string[]): void {
    for (const event of events) {
      if (event.type === "roundStarted") {
        this.round = event.round ?? -1;
        this.eligible = new Set(eligibleAtStart());
        this.turns = new Map();
      } else if (event.type === "turnStarted" && event.round === this.round && this.round > 0) {
        const id = event.combatantId ?? "";
        const count = (this.turns.get(id) ?? 0) + 1;
        expect(count, `${id} starts a second turn in round ${this.round}`).toBe(1);
        this.turns.set(id, count);
      } else if (event.type === "delayed" && event.round === this.round) {
        const id = event.combatantId ?? "";
        this.turns.set(id, (this.turns.get(id) ?? 0) - 1);
      } else if (event.type === "roundEnded" && event.round === this.round) {
        for (const id of this.eligible) expect(this.turns.get(id) ?? 0, `${id}'s turns in round ${this.round}`).toBe(1);
      } else if (event.type === "combatantDefeated") {
        this.eligible.delete(event.combatantId ?? "");
      } else if (event.type === "combatantLeft") {
        // Leaving and joining again under the same id is a new creature as far as turns go.
        this.eligible.delete(event.combatantId ?? "");
        this.turns.delete(event.combatantId ?? "");
      }
    }
  }
}
