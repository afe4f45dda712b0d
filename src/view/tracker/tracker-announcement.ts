/**
 * The sentence the tracker's `aria-live` region reads out when the turn changes (issue 9,
 * "accessible"): the round and who acts now. A hidden creature is not named to a player.
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
    const waiting = host.pending(state).length;
    return waiting > 0
      ? { key: "TEMPO.TRACKER.Announce.Rolling", data: { round, count: waiting } }
      : { key: "TEMPO.TRACKER.Announce.Between", data: { round } };
  }
  const current = scope.byId.get(currentId);
  if (current === undefined || !visibleTo(input, current))
    return { key: "TEMPO.TRACKER.Announce.Unseen", data: { round } };
  return { key: "TEMPO.TRACKER.Announce.Turn", data: { round, name: current.name } };
}
