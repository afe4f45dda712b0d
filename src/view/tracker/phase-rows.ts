/**
 * The phase tracker's rows: the shared row (tracker-row.ts) with the markers of phase rounds, each in
 * words and an icon (issue 9): seized the initiative (PHS-4), defending (PHS-10), disengaged (PHS-11),
 * waiting for or delayed after a named creature (PHS-9), saves due in the end phase (PHS-12), and the
 * roll a creature still waits on (PHS-2). Its value is the creature's initiative this round.
 */
import type { I18nKey, Message, PhaseTrackerCreature, PhaseTrackerTurn } from "../../engine/index.ts";
import type { RowBadge } from "./segment-rows.ts";
import { visibleTo, type TrackerScope } from "./tracker-input.ts";
import { buildTrackerRow, type TrackerRowContext } from "./tracker-row.ts";

export interface PhaseRowContext extends TrackerRowContext {
  readonly badges: readonly RowBadge[];
}

const badge = (kind: string, key: I18nKey, icon: string, data?: Message["data"]): RowBadge => ({
  kind,
  label: data === undefined ? { key } : { key, data },
  icon,
});

// Issue 22: the badge says what seizing costs and gives (PHS-4), so acting last in battle is no surprise.
const SEIZED = badge("seized", "TEMPO.TRACKER.Phase.Badge.Seized", "fa-solid fa-bolt");
const DEFENDING = badge("defending", "TEMPO.COMBAT.Phase.Defending", "fa-solid fa-shield-halved");
const DISENGAGED = badge("disengaged", "TEMPO.COMBAT.Phase.Disengaged", "fa-solid fa-person-running");
const SAVES_DUE = badge("saves", "TEMPO.TRACKER.Phase.Badge.SavesDue", "fa-solid fa-dice");

/**
 * A message naming a creature for this viewer: `key` with its name, or `unseenKey` (no name) for one the
 * viewer may not see, so a hidden creature's name never reaches a player's HTML.
 */
export function phaseNamed(scope: TrackerScope, id: string, key: I18nKey, unseenKey: I18nKey, data = {}): Message {
  const c = scope.byId.get(id);
  return visibleTo(scope.input, c) && c !== undefined
    ? { key, data: { ...data, name: c.name } }
    : { key: unseenKey, data };
}

/**
 * PHS-4, PHS-9 to PHS-12: the creature's markers this round. Issue 18: a delay behind a creature the
 * viewer may not see reads "Waits to act" / "Delayed", never that an unseen creature is there.
 */
function badgesOf(c: PhaseTrackerCreature, scope: TrackerScope): RowBadge[] {
  const out: RowBadge[] = [];
  if (c.seized) out.push(SEIZED);
  if (c.delayedAfter !== null) {
    const label = c.waiting
      ? phaseNamed(
          scope,
          c.delayedAfter,
          "TEMPO.TRACKER.Phase.Badge.WaitsFor",
          "TEMPO.TRACKER.Phase.Badge.WaitsForUnseen",
        )
      : phaseNamed(
          scope,
          c.delayedAfter,
          "TEMPO.TRACKER.Phase.Badge.DelayedAfter",
          "TEMPO.TRACKER.Phase.Badge.DelayedAfterUnseen",
        );
    out.push({
      kind: c.waiting ? "waiting" : "delayed",
      label,
      icon: c.waiting ? "fa-solid fa-hourglass-half" : "fa-solid fa-clock",
    });
  }
  if (c.defending) out.push(DEFENDING);
  if (c.disengaged) out.push(DISENGAGED);
  if (c.savesDue) out.push(SAVES_DUE);
  return out;
}

/** PHS-2: the roll a creature still waits on, as the row's detail. */
function detailOf(c: PhaseTrackerCreature): Message | null {
  if (c.rolling === "initiative") return { key: "TEMPO.COMBAT.Phase.AwaitingInitiative" };
  return c.rolling === "rollOff" ? { key: "TEMPO.COMBAT.Phase.RollOff" } : null;
}

/**
 * One row of a lane: a turn (with the creature's initiative as its value) or, in the initiative lane, a
 * creature still rolling. Null for a creature the viewer may not see.
 */
export function phaseRow(
  lane: string,
  turn: PhaseTrackerTurn,
  c: PhaseTrackerCreature,
  round: number,
  scope: TrackerScope,
): PhaseRowContext | null {
  const row = buildTrackerRow(
    {
      key: `phase:${lane}:${c.id}`,
      kind: c.initiative === null ? "pending" : "turn",
      combatantId: c.id,
      round,
      position: c.initiative ?? 0,
      label: { key: "TEMPO.TRACKER.Phase.Initiative" },
      groupId: null,
      active: turn.active,
      done: turn.done,
      defeated: c.defeated,
      detail: detailOf(c),
    },
    scope,
  );
  return row === null ? null : { ...row, badges: badgesOf(c, scope) };
}
