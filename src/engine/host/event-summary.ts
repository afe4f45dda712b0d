/**
 * The engine events of a step as they travel to every client with the Combat update (issue 17): a
 * summary under 1 KB, never the whole list. A boundary at 300 creatures brings one `savesDue`, one
 * `contestRolled` or one `initiativeRolled` per creature (20–70 KB); the active GM, which computed
 * the step, keeps the whole list and fires every hook and turn event from it, so the other clients
 * need only what shapes the table: the turn, round, phase, segment and step events always, then the
 * others in order while they fit, and the count of each type left out.
 */
import { updateBytes } from "../storage/update-diff.ts";
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
  const keep = new Array<boolean>(events.length).fill(false);
  let used = 2;
  events.forEach((event, i) => {
    if (!STRUCTURAL.has(event.type)) return;
    keep[i] = true;
    used += bytesOf(event);
  });
  const omitted: Record<string, number> = {};
  events.forEach((event, i) => {
    if (keep[i]) return;
    const bytes = bytesOf(event);
    if (used + bytes <= budget && Object.keys(omitted).length === 0) {
      keep[i] = true;
      used += bytes;
    } else omitted[event.type] = (omitted[event.type] ?? 0) + 1;
  });
  return { events: events.filter((_, i) => keep[i]), omitted };
}
