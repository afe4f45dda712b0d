/**
 * Issue 18 item 5's engine tests of a count encounter with a creature hidden from players (CNT-4's surprise
 * round, CNT-5's contests): the count host, the hidden creature `h` and what is secret of it, and a started
 * encounter.
 */
import { DEFAULT_HOST_OPTIONS, rulesetHost, unwrap } from "../../src/engine/index.ts";
import { hostCombatant } from "./host-encounter.ts";

export const host = rulesetHost("count", 6);
/** The creature hidden from players. */
export const hidden = new Set(["h"]);
/** What the players' copy leaves out: the hidden creature, whose rolls are the GM's only. */
export const secrecy = { gmOnly: new Set(["h"]), hidden };

/** The state of a started count encounter of `ids` (`h` a hidden enemy, the rest player characters). */
export function startedCount(ids: readonly string[]): unknown {
  const roster = ids.map((id, i) => ({
    ...hostCombatant(i),
    id,
    side: id === "h" ? ("enemy" as const) : ("pc" as const),
  }));
  return unwrap(host.apply(unwrap(host.create(roster, DEFAULT_HOST_OPTIONS)), { type: "start" })).state;
}
