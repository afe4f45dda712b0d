/**
 * The sentence the tracker's `aria-live` region reads out when the turn changes (issue 9,
 * "accessible"): the round and who acts now. A hidden creature is neither named nor counted to a player.
 */
import type { Message } from "../../engine/index.ts";
import { visibleTo, type TrackerScope } from "./tracker-input.ts";

export function trackerAnnouncement(scope: TrackerScope): Message {
  const { input } = scope;
  const { host, state } = input;
  if (!host.started(state)) return { key: "TEMPO.TRACKER.Announce.NotStarted" };
  const round = host.round(state);
  const currentId = scope.current;
  if (currentId === null) {
    // Issue 18: only the rolls the viewer could see being made (a hidden creature's own roll is not counted).
    const waiting = host
      .pending(state)
      .filter((r) => r.combatantId === null || visibleTo(input, scope.byId.get(r.combatantId))).length;
    return waiting > 0
      ? { key: "TEMPO.TRACKER.Announce.Rolling", data: { round, count: waiting } }
      : { key: "TEMPO.TRACKER.Announce.Between", data: { round } };
  }
  const current = scope.byId.get(currentId);
  // Issue 18: while a hidden creature acts, a player hears only the round, as between turns (no visible row
  // acts, which is all a player may know); the GM hears who acts.
  if (current === undefined || !visibleTo(input, current))
    return input.viewer.isGM
      ? { key: "TEMPO.TRACKER.Announce.Unseen", data: { round } }
      : { key: "TEMPO.TRACKER.Announce.Between", data: { round } };
  return { key: "TEMPO.TRACKER.Announce.Turn", data: { round, name: current.name } };
}
