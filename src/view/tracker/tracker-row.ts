/**
 * One tracker row, the same in every scheme: a creature's turn, a pending action, a group. Everything a
 * template shows is decided here, and every state is told in text and an icon, never by colour alone
 * (issue 9): which side the creature is on, whether it acts now, has acted, waits, or is defeated.
 */
import type { HostSide, I18nKey, Message, TimelineEntry } from "../../engine/index.ts";
import { turnLeftPips, type NoteContext, type PipContext } from "./row-extras.ts";
import { ownerActions, type ControlContext } from "./tracker-controls.ts";
import { initiativeVisibleTo, visibleTo, type TrackerScope } from "./tracker-input.ts";

export type RowStatus = "acting" | "done" | "waiting" | "defeated";

/**
 * An icon button of core's row controls; `label` is its accessible name. A toggle tells its state by
 * `aria-pressed` and in words in its tooltip ("Hide from players: on"), not by its fill colour alone (issue 22).
 */
export interface CoreRowControl {
  readonly action: "toggleHidden" | "toggleDefeated" | "pingCombatant";
  readonly label: Message;
  readonly icon: string;
  /** The toggle's state as `aria-pressed` says it, or null for a plain button. */
  readonly pressed: "true" | "false" | null;
  /** The tooltip: the label, with the toggle's state word. */
  readonly tooltip: Message;
}

export interface TrackerRowContext {
  readonly key: string;
  readonly kind: TimelineEntry["kind"];
  readonly combatantId: string | null;
  /** The group this row belongs to (or is, for a group row). */
  readonly groupId: string | null;
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
  /** The GM sees a hidden creature's row, marked as hidden. */
  readonly hidden: boolean;
  readonly side: HostSide | null;
  readonly sideLabel: Message | null;
  readonly sideIcon: string;
  readonly status: RowStatus;
  readonly statusLabel: Message;
  readonly statusIcon: string;
  /** The initiative value as shown, or null where the viewer may not see it. */
  readonly value: string | null;
  /**
   * Issue 22: a place with a fraction (ROT-2's tie bonus, 24.125) is drawn as its whole result with the
   * fraction told as a tie-break ("24 (+0.125 tie-break)"), never as a bare 24.125; null for a whole one.
   */
  readonly valueTieBreak: Message | null;
  readonly actions: readonly ControlContext[];
  /** Core's row controls, with core's action names: the GM's hide and defeat toggles, everyone's ping. */
  readonly coreControls: readonly CoreRowControl[];
  /** What a scheme's part adds (row-extras.ts): notes in words with an icon, and the actions left as pips. */
  readonly notes: readonly NoteContext[];
  readonly pips: readonly PipContext[];
  /** CSS state classes, already joined. */
  readonly cssClass: string;
}

const SIDES: Readonly<Record<HostSide, { label: I18nKey; icon: string }>> = {
  pc: { label: "TEMPO.TRACKER.Side.Pc", icon: "fa-solid fa-user" },
  ally: { label: "TEMPO.TRACKER.Side.Ally", icon: "fa-solid fa-handshake" },
  enemy: { label: "TEMPO.TRACKER.Side.Enemy", icon: "fa-solid fa-skull" },
};

const STATUSES: Readonly<Record<RowStatus, { label: I18nKey; icon: string }>> = {
  acting: { label: "TEMPO.TRACKER.Status.Acting", icon: "fa-solid fa-play" },
  done: { label: "TEMPO.TRACKER.Status.Done", icon: "fa-solid fa-check" },
  waiting: { label: "TEMPO.TRACKER.Status.Waiting", icon: "fa-regular fa-hourglass" },
  defeated: { label: "TEMPO.TRACKER.Status.Defeated", icon: "fa-solid fa-skull-crossbones" },
};

function statusOf(entry: TimelineEntry): RowStatus {
  if (entry.defeated) return "defeated";
  if (entry.active) return "acting";
  return entry.done ? "done" : "waiting";
}

/** A number as the tracker prints it: whole numbers plainly, ROT-2 tie places with their fraction. */
export function formatPosition(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
}

/** The fraction of a place, as the tracker prints it (24.125: "0.125"). */
const fractionOf = (value: number): string => formatPosition(value - Math.floor(value));

/** "(+0.125 tie-break)", drawn after the whole result. */
function tieBreakOf(value: number): Message {
  return { key: "TEMPO.TRACKER.Row.TieBreak", data: { fraction: fractionOf(value) } };
}

/** The value's tooltip: the place in full and what its fraction is. */
function tieBreakTitle(value: number): Message {
  return {
    key: "TEMPO.TRACKER.Row.TieBreakTitle",
    data: { value: formatPosition(value), whole: Math.floor(value), fraction: fractionOf(value) },
  };
}

/**
 * Builds a row from a timeline entry. Rows about a combatant the viewer may not see return null, so a
 * hidden NPC never leaks its place to a player.
 */
export function buildTrackerRow(entry: TimelineEntry, scope: TrackerScope): TrackerRowContext | null {
  const { input } = scope;
  const combatant = entry.combatantId === null ? undefined : scope.byId.get(entry.combatantId);
  if (entry.combatantId !== null && !visibleTo(input, combatant)) return null;
  const name = combatant?.name ?? (entry.kind === "group" ? groupName(scope, entry.groupId) : "");
  const status = statusOf(entry);
  const side = combatant?.side ?? null;
  const hidden = combatant?.hidden ?? false;
  const showValue = combatant !== undefined && entry.kind === "turn" && initiativeVisibleTo(input, combatant);
  const tieBreak = showValue && !Number.isInteger(entry.position) ? tieBreakOf(entry.position) : null;
  // Issue 19 item 3: what is left goes with the owner's actions, on the creature's first row (read before
  // `rowActions` marks it).
  const first = combatant !== undefined && isFirstRow(scope, entry);
  const classes = [
    `tempo-row--${entry.kind}`,
    `is-${status}`,
    side === null ? "" : `is-side-${side}`,
    hidden ? "is-hidden" : "",
    combatant?.owned ? "is-owned" : "",
    // Core v13's row state classes, which core's tracker styles and scripts read (its turn context's `css`).
    entry.active ? "active" : "",
    hidden ? "hide" : "",
    entry.defeated ? "defeated" : "",
  ].filter((c) => c !== "");
  return {
    key: entry.key,
    kind: entry.kind,
    combatantId: entry.combatantId,
    groupId: entry.groupId,
    name,
    img: combatant?.img ?? null,
    initial: name.slice(0, 1).toUpperCase(),
    position: entry.position,
    label: tieBreak === null ? entry.label : tieBreakTitle(entry.position),
    detail: entry.detail,
    active: entry.active,
    done: entry.done,
    defeated: entry.defeated,
    isPlayer: combatant?.isPlayer ?? false,
    hidden,
    side,
    sideLabel: side === null ? null : { key: SIDES[side].label },
    sideIcon: side === null ? "" : SIDES[side].icon,
    status,
    statusLabel: { key: STATUSES[status].label },
    statusIcon: STATUSES[status].icon,
    value: showValue ? String(tieBreak === null ? entry.position : Math.floor(entry.position)) : null,
    valueTieBreak: tieBreak,
    actions: rowActions(scope, entry),
    coreControls: entry.kind === "turn" && combatant !== undefined ? coreControls(scope, hidden, entry.defeated) : [],
    notes: [],
    pips: first ? turnLeftPips(input, combatant) : [],
    cssClass: classes.join(" "),
  };
}

/** A group's name as the host knows it (a Foundry CombatantGroup's name), else its id. */
function groupName(scope: TrackerScope, groupId: string | null): string {
  if (groupId === null) return "";
  return scope.groupNames.get(groupId) ?? groupId;
}

function isFirstRow(scope: TrackerScope, entry: TimelineEntry): boolean {
  const id = entry.combatantId;
  return id !== null && !scope.withActions.has(id) && (entry.kind === "turn" || entry.kind === "pending");
}

/** The owner's actions go on the first row of each creature in a render (its turn, or its waiting roll). */
function rowActions(scope: TrackerScope, entry: TimelineEntry): TrackerRowContext["actions"] {
  const id = entry.combatantId;
  if (id === null || !isFirstRow(scope, entry)) return [];
  scope.withActions.add(id);
  return ownerActions(scope, id);
}

/** A toggle of core's row controls, its state in `aria-pressed` and as a word in its tooltip. */
function toggle(
  action: "toggleHidden" | "toggleDefeated",
  keys: readonly [label: Message["key"], on: Message["key"], off: Message["key"]],
  icon: string,
  on: boolean,
): CoreRowControl {
  const [label, onKey, offKey] = keys;
  return { action, label: { key: label }, icon, pressed: on ? "true" : "false", tooltip: { key: on ? onKey : offKey } };
}

const HIDDEN_KEYS = [
  "TEMPO.TRACKER.Row.ToggleHidden",
  "TEMPO.TRACKER.Row.ToggleHiddenOn",
  "TEMPO.TRACKER.Row.ToggleHiddenOff",
] as const;
const DEFEATED_KEYS = [
  "TEMPO.TRACKER.Row.ToggleDefeated",
  "TEMPO.TRACKER.Row.ToggleDefeatedOn",
  "TEMPO.TRACKER.Row.ToggleDefeatedOff",
] as const;

/** Core's row controls (v13 action names, handled by core's tracker): GM toggles, then ping. */
function coreControls(scope: TrackerScope, hidden: boolean, defeated: boolean): CoreRowControl[] {
  const controls: CoreRowControl[] = [];
  if (scope.input.viewer.isGM) {
    controls.push(
      toggle("toggleHidden", HIDDEN_KEYS, "fa-solid fa-eye-slash", hidden),
      toggle("toggleDefeated", DEFEATED_KEYS, "fa-solid fa-skull", defeated),
    );
  }
  if (scope.input.canPing) {
    const label: Message = { key: "TEMPO.TRACKER.Row.Ping" };
    controls.push({
      action: "pingCombatant",
      label,
      icon: "fa-solid fa-bullseye-arrow",
      pressed: null,
      tooltip: label,
    });
  }
  return controls;
}
