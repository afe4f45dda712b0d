/**
 * One context per template, built by the template's real view builder from a small encounter.
 * The template test fails for any .hbs without an entry here, so no template ships unrendered.
 */
import type { TimelineEntry } from "../../src/engine/index.ts";
import type { CombatantSnapshot } from "../../src/view/tracker/combatant-snapshot.ts";
import { buildPreviewPageContext } from "../../src/view/preview/page-context.ts";
import { buildCountTrackContext } from "../../src/view/tracker/count-track-context.ts";
import { buildTrackerRow } from "../../src/view/tracker/tracker-row.ts";

export const combatants: readonly CombatantSnapshot[] = [
  { id: "a", name: "Aria", img: null, isPlayer: true, hidden: false },
  { id: "b", name: "Brute", img: "icons/brute.webp", isPlayer: false, hidden: false },
  { id: "c", name: "Cutpurse", img: null, isPlayer: false, hidden: true },
];

function turn(id: string, position: number, extra: Partial<TimelineEntry> = {}): TimelineEntry {
  return {
    key: `turn-${id}`,
    kind: "turn",
    combatantId: id,
    round: 1,
    position,
    label: { key: "TEMPO.COMBAT.Count.Position", data: { count: position } },
    groupId: null,
    active: false,
    done: false,
    defeated: false,
    detail: null,
    ...extra,
  };
}

export const countTimeline: readonly TimelineEntry[] = [
  turn("a", 3, { done: true }),
  turn("b", 5, { active: true }),
  turn("c", 5),
  {
    ...turn("a", 7),
    key: "pending-a-1",
    kind: "pending",
    detail: { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: 1, attacks: 2 } },
  },
  // CNT-9: carried past 19, due at count 3 of the next round.
  {
    ...turn("b", 3),
    key: "pending-b-1",
    kind: "pending",
    round: 2,
    detail: { key: "TEMPO.COMBAT.Count.Pending.Spell", data: { level: 5 } },
  },
  { ...turn("b", 20), key: "end", kind: "boundary", combatantId: null, label: { key: "TEMPO.COMBAT.Count.EndStep" } },
];

export const templateContexts: Readonly<Record<string, object>> = {
  "templates/combat/count-track.hbs": buildCountTrackContext({
    round: 1,
    timeline: countTimeline,
    combatants,
    viewerIsGM: true,
  }),
  "templates/combat/tracker-row.hbs":
    buildTrackerRow(turn("b", 5, { active: true }), new Map(combatants.map((c) => [c.id, c])), true) ?? {},
  "templates/preview/page.hbs": buildPreviewPageContext({
    canUndo: true,
    dark: false,
    round: 2,
    actingName: "Brute",
    error: { key: "TEMPO.ERRORS.History.NothingToUndo" },
    tracker: '<section class="tempo-count-track"></section>',
  }),
};
