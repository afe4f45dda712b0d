/** The count-up track (RULES §1) as a host sees it (ruleset-host.ts). */
import {
  countRoundTurnsMemo,
  countShownIn,
  countScheduler,
  countTrackRound,
  createCountState,
  parseCountState,
} from "../initiative/count/index.ts";
import { leaveAll } from "../initiative/count/roster.ts";
import type { CountCommand, CountState } from "../initiative/count/types.ts";
import { vectorGetById, vectorValues } from "../initiative/shared/persistent-vector.ts";
import { ok, type Result } from "../core/result.ts";
import type { Transition } from "../initiative/contract.ts";
import { countTurnLeft } from "../actions/turn-left.ts";
import { followFacts, guardedApply, joinAll, orderWithRest } from "./host-common.ts";
import type { CombatantFacts, HostCombatant, HostCommand, HostEvent, RulesetHost } from "./ruleset-host.ts";

const apply = (state: CountState, command: HostCommand) => guardedApply(countScheduler.apply, state, command);

/**
 * CNT-4: a creature that joins marked surprised (its combatant's fact, or the `surprised` condition on
 * its token) is marked so on the track, while marks are still taken (before the first round); later
 * the mark would change nothing, so the join stands alone.
 */
function joinedSurprised(
  joined: Result<Transition<CountState, HostEvent>>,
  c: HostCombatant,
): Result<Transition<CountState, HostEvent>> {
  if (!joined.ok || !c.surprised || joined.value.state.round !== -1) return joined;
  const marked = apply(joined.value.state, { type: "markSurprised", combatantId: c.id, surprised: true });
  if (!marked.ok) return joined;
  const { state, events, requests } = marked.value;
  return ok({
    state,
    events: [...joined.value.events, ...events],
    requests: [...joined.value.requests, ...requests],
  });
}

export function countHost(roundSeconds: number): RulesetHost<CountState> {
  // Issue 17: a turn step's order found from the last one's (initiative/count/round-turns.ts).
  const placedRound = countRoundTurnsMemo();
  const host: RulesetHost<CountState> = {
    id: "count",
    create: (combatants, options) =>
      joinAll(createCountState([], { surprise: options.surprise }), combatants, host.join),
    join: (state, c) =>
      joinedSurprised(
        guardedApply(countScheduler.apply, state, {
          type: "join",
          combatant: { id: c.id, bonus: c.initiativeBonus, isPlayer: c.side === "pc", defeated: c.defeated },
        } satisfies CountCommand),
        c,
      ),
    apply,
    leaveAll,
    read: parseCountState,
    order: (state) => {
      const ids = placedRound(state).ids;
      // CNT-5: `tieOrder` holds every creature once and the round lists each at most once, so a round that
      // lists as many as it holds lists them all (issue 17: no set of a thousand ids at every step).
      if (ids.length === state.tieOrder.length) return ids;
      return orderWithRest(
        ids,
        vectorValues(state.combatants).map((c) => c.id),
      );
    },
    current: countScheduler.current,
    // CNT-4: the surprise round is round 0; before the start the engine's round is −1.
    round: (state) => Math.max(0, state.round),
    started: (state) => state.status !== "setup",
    // CNT-4: in the surprise round its creatures show 20 − bonus, the count they act on (walk.ts shownCount).
    initiative: (state, id) => {
      const c = vectorGetById(state.slots, state.combatants, id);
      return c === null ? null : countShownIn(c, countTrackRound(state));
    },
    defeated: (state, id) => vectorGetById(state.slots, state.combatants, id)?.defeated === true,
    // Issue 17: what `initiative` and `defeated` give, read from each stored record in place (no copy
    // brought up to date per creature): the Foundry layer asks them of every creature at every step.
    facts: (state) => {
      const round = countTrackRound(state);
      const facts = new Map<string, CombatantFacts>();
      for (const c of vectorValues(state.combatants))
        facts.set(c.id, { initiative: countShownIn(c, round), defeated: c.defeated === true });
      return facts;
    },
    // A record's facts follow from it and the track's round (CNT-13's lowering).
    followFacts: (before, known, after) => {
      const round = countTrackRound(after);
      if (countTrackRound(before) !== round) return false;
      return followFacts(known, before.combatants, after.combatants, (c) => ({
        initiative: countShownIn(c, round),
        defeated: c.defeated === true,
      }));
    },
    pending: countScheduler.pending,
    timeline: countScheduler.timeline,
    // TIME-1: the track leaves rounds untimed; the world setting gives their length.
    left: countTurnLeft,
    clock: (state) => Math.max(0, state.round) * roundSeconds,
  };
  return host;
}
