import type { Message, TimelineEntry } from "../../engine/index.ts";
import type { CombatantSnapshot } from "./combatant-snapshot.ts";

/** One row of a tracker template. Everything the template shows is decided here, not in the .hbs. */
export interface TrackerRowContext {
  readonly key: string;
  readonly kind: TimelineEntry["kind"];
  readonly combatantId: string | null;
  readonly name: string;
  readonly img: string | null;
  readonly initial: string;
  readonly position: number;
  readonly label: Message | null;
  readonly detail: Message | null;
  readonly active: boolean;
  readonly done: boolean;
  readonly defeated: boolean;
  readonly isPlayer: boolean;
  /** CSS state classes, already joined. */
  readonly cssClass: string;
}

/**
 * Builds a row from a timeline entry and the combatant it is about. Rows about a combatant the
 * viewer may not see return null, so a hidden NPC never leaks its place on the track.
 */
export function buildTrackerRow(
  entry: TimelineEntry,
  combatants: ReadonlyMap<string, CombatantSnapshot>,
  viewerIsGM: boolean,
): TrackerRowContext | null {
  const combatant = entry.combatantId === null ? null : (combatants.get(entry.combatantId) ?? null);
  if (combatant?.hidden && !viewerIsGM) return null;
  const name = combatant?.name ?? "";
  const classes = [
    `tempo-row--${entry.kind}`,
    entry.active ? "is-active" : "",
    entry.done ? "is-done" : "",
    entry.defeated ? "is-defeated" : "",
    combatant?.hidden ? "is-hidden" : "",
    combatant?.isPlayer ? "is-player" : "",
  ].filter((c) => c !== "");
  return {
    key: entry.key,
    kind: entry.kind,
    combatantId: entry.combatantId,
    name,
    img: combatant?.img ?? null,
    initial: name.slice(0, 1).toUpperCase(),
    position: entry.position,
    label: entry.label,
    detail: entry.detail,
    active: entry.active,
    done: entry.done,
    defeated: entry.defeated,
    isPlayer: combatant?.isPlayer ?? false,
    cssClass: classes.join(" "),
  };
}
