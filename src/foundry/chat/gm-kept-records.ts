/**
 * Issue 18: records a GM's client keeps about chat cards, keyed by message id, in the GM's browser
 * (combat/gm-storage.ts, copied to the other GMs by gm-replica.ts) and nowhere players could read them: a
 * world setting or a flag would reach every client (damage-ledger.ts says where and why). The oldest go
 * first beyond `kept` (far more than a chat log shows). Used for sealed attacks' verdicts
 * (sealed-verdicts.ts) and hidden creatures' save rolls (sealed-saves.ts).
 */
import { gmStorage } from "../combat/gm-storage.ts";

export interface KeptRecords<T> {
  get(id: string): T | undefined;
  set(id: string, value: T): void;
}

/** The records named `what` (key `tempo.<what>.<world>.<name>`), each checked by `valid` when read. */
export function gmKeptRecords<T>(
  what: string,
  name: string,
  valid: (value: unknown) => value is T,
  kept = 500,
): KeptRecords<T> {
  const key = (): string => {
    const world = (game as { world?: { id?: string } }).world?.id ?? "world";
    return `tempo.${what}.${world}.${name}`;
  };
  const all = (): Record<string, unknown> => {
    const raw = gmStorage()?.getItem(key()) ?? null;
    if (raw === null) return {};
    try {
      const value = JSON.parse(raw) as unknown;
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  };
  return {
    get(id) {
      const value = all()[id];
      return valid(value) ? value : undefined;
    },
    set(id, value) {
      const entries = [...Object.entries(all()).filter(([k]) => k !== id), [id, value] as const].slice(-kept);
      try {
        gmStorage()?.setItem(key(), JSON.stringify(Object.fromEntries(entries)));
      } catch (error) {
        console.warn(`Tempo | ${what} could not be kept in this browser`, error);
      }
    },
  };
}
