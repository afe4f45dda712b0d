/**
 * The engine events of a step as they travel to every client with the Combat update (issue 17): a
 * summary under 1 KB, never the whole list. A boundary at 300 creatures brings one `savesDue`, one
 * `contestRolled` or one `initiativeRolled` per creature (20–70 KB); the active GM, which computed
 * the step, keeps the whole list and fires every hook and turn event from it, so the other clients
 * need only what shapes the table: the turn, round, phase, segment and step events always, then each
 * other type of event whole while it fits (in the order the types first occur), and the count of each
 * type left out — a client sees all of a type's events or none, never a chance prefix of them.
 *
 * On the wire (`encodeEventSummary`) the field names are written once per update: `{ k, e, o }`,
 * `k` the field names, `e` one array per event — its type, a bit mask of the names it has, their
 * values in `k`'s order — and `o` the counts left out (each part left out when empty). An event whose first key is not `type` travels
 * as it is. `decodeEventSummary` gives the events back (fields in `k`'s order after `type`).
 */
import { updateBytes } from "../storage/update-diff.ts";
import { setOwn } from "../storage/own-property.ts";
import type { Json } from "../storage/stored-json.ts";
import type { HostEvent } from "./ruleset-host.ts";

/** What the Combat update carries: the events kept (in the engine's order) and the count left out per type. */
export interface EventSummary {
  readonly events: readonly HostEvent[];
  readonly omitted: Readonly<Record<string, number>>;
}

/** The JSON bytes the kept events may take: with the Combat diff of a turn step, the click stays under 1 KB. */
export const EVENT_SUMMARY_BUDGET = 512;

/** Events kept whatever their size: the ones that move the table (and undo / redo). */
const STRUCTURAL: ReadonlySet<string> = new Set([
  "combatStarted",
  "roundStarted",
  "roundEnded",
  "turnStarted",
  "turnEnded",
  "phaseStarted",
  "segmentStarted",
  "stepStarted",
  "planningStarted",
  "endStep",
  "undone",
  "redone",
]);

const bytesOf = (event: HostEvent): number => updateBytes(event) + 1;

export function summarizeEvents(events: readonly HostEvent[], budget = EVENT_SUMMARY_BUDGET): EventSummary {
  let used = 2;
  const byType = new Map<string, number>();
  for (const event of events) {
    if (STRUCTURAL.has(event.type)) {
      used += bytesOf(event);
      continue;
    }
    // Issue 17: a type already over the budget is left out whatever its other events weigh, so they
    // are not written out to be measured (a count round boundary brings a thousand contest totals).
    const sum = byType.get(event.type) ?? 0;
    if (sum <= budget) byType.set(event.type, sum + bytesOf(event));
  }
  const kept = new Set<string>();
  const omitted: Record<string, number> = {};
  for (const [type, bytes] of byType) {
    if (used + bytes <= budget) {
      kept.add(type);
      used += bytes;
    } else omitted[type] = 0;
  }
  for (const event of events)
    if (Object.hasOwn(omitted, event.type)) omitted[event.type] = (omitted[event.type] ?? 0) + 1;
  return { events: events.filter((e) => STRUCTURAL.has(e.type) || kept.has(e.type)), omitted };
}

/** The summary as it travels in the update's options (see the file comment). */
export function encodeEventSummary(summary: EventSummary): Json {
  const keys: string[] = [];
  const e = summary.events.map((event): Json => {
    const record = event as unknown as Readonly<Record<string, Json>>;
    const names = Object.keys(record);
    if (names[0] !== "type" || typeof record.type !== "string") return record;
    let mask = 0;
    const values: Json[] = [];
    const at = names.slice(1).map((name) => (keys.includes(name) ? keys.indexOf(name) : keys.push(name) - 1));
    if (at.some((i) => i >= 30)) return record;
    for (const i of at) mask |= 1 << i;
    for (let i = 0; i < keys.length; i++) if ((mask & (1 << i)) !== 0) values.push(record[keys[i] ?? ""] ?? null);
    return [record.type, mask, ...values];
  });
  return {
    ...(e.length > 0 ? { k: keys, e } : {}),
    ...(Object.keys(summary.omitted).length > 0 ? { o: summary.omitted } : {}),
  };
}

/** The summary an update's options carry, or null when they carry none. */
export function decodeEventSummary(value: unknown): EventSummary | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { k = [], e = [], o } = value as { k?: unknown; e?: unknown; o?: unknown };
  if (!Array.isArray(k) || !Array.isArray(e)) return null;
  const keys = k as readonly unknown[];
  const events: HostEvent[] = [];
  for (const item of e as readonly unknown[]) {
    if (!Array.isArray(item)) {
      if (typeof item === "object" && item !== null) events.push(item as HostEvent);
      continue;
    }
    const [type, mask, ...values] = item as readonly unknown[];
    if (typeof type !== "string" || typeof mask !== "number") continue;
    const event: Record<string, unknown> = { type };
    let next = 0;
    keys.forEach((key, i) => {
      if ((mask & (1 << i)) !== 0 && typeof key === "string") setOwn(event, key, values[next++]);
    });
    events.push(event as unknown as HostEvent);
  }
  const omitted = typeof o === "object" && o !== null && !Array.isArray(o) ? (o as Record<string, number>) : {};
  return { events, omitted };
}
