/**
 * Issue 17 (issue 18's published state): the hidden creatures that do not act now are taken out of the
 * published state in one pass where the ruleset gives one (`leaveAll`: one settle, one order), and one by
 * one where that pass would change the table (public-order.ts `withoutHiddenPlaces`). Through random
 * sessions with ties, delays, defeats, joins and leaves, and random hidden and GM-only sets, what players get
 * must keep two promises (issue 18):
 * - the table is the whole state's without the creatures taken out: the round, the start, who acts, the clock,
 *   the others' order, their values (initiative, defeated) and the dice players are asked for; only hidden
 *   creatures that do not act now are taken out;
 * - no hidden creature that does not act now is kept in that could leave alone from the published state
 *   (all of them are tried together first, and the one-by-one fallback goes on until nobody more leaves).
 * Where both paths take out the same creatures they make the same state, order, pending dice and stored form.
 *
 * Ruling (session 23): they need not take out the same creatures. A fresh-clone CI found a standard session
 * (fast-check seed 1806088254, path "3": seed 1539559573, 5 creatures) where, in the rolling before round 1,
 * every creature was hidden and two of them (c0000 and a newcomer, both on 1 with DEX +0) waited only on
 * tie-breakers against each other (STD-2). Either leaving alone ends the tie, so the other's tie-breaker goes
 * and round 1 starts: the table changes, and leaving one by one kept both in, published with their pending
 * tie-breakers, telling players that two unseen creatures tie. Leaving together, nobody is left waiting: the
 * table is as it was, and nothing of them is published. The one-pass result keeps both promises and the
 * one-by-one result breaks the second, so the published state is the encounter as it would stand had the
 * hidden creatures left it together, and the one-by-one path is the fallback for a group that cannot. That
 * session runs here as a fixed case.
 */
import fc from "fast-check";
import { soakDepth } from "../../support/soak-depth.ts";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST_OPTIONS,
  publishedState,
  rulesetHost,
  storeCombatState,
  type AnyRulesetHost,
  type HostCommand,
  type RulesetId,
} from "../../../src/engine/index.ts";
import { withoutHiddenPlaces } from "../../../src/engine/host/public-order.ts";
import { withoutSecretTieBreaks } from "../../../src/engine/initiative/standard/hidden-ties.ts";
import { withoutLoneTies } from "../../../src/engine/initiative/standard/published.ts";
import type { StandardCombatant, StandardState } from "../../../src/engine/initiative/standard/state.ts";
import { sampleCommand } from "../../support/command-samples.ts";
import { hostCombatant, rollsFor, seeded, unwrapStep } from "../../support/host-encounter.ts";

/** The same ruleset's host without its one-pass leave: every hidden creature leaves in turn. */
function oneByOne(ruleset: RulesetId): AnyRulesetHost {
  const { leaveAll: _batch, ...host } = rulesetHost(ruleset, 6);
  return host;
}

/** One random command: mostly the dice asked for (low, so totals tie) or `next`, else any sample command. */
function randomCommand(ruleset: RulesetId, host: AnyRulesetHost, state: unknown, random: () => number): HostCommand {
  const ids = host.order(state);
  const roll = random();
  const rolls = rollsFor(host, state, random, 3);
  if (rolls !== null && roll < 0.5) return rolls;
  if (roll < 0.7 || ids.length < 2) return { type: "next" };
  return sampleCommand(ruleset, host, state, random);
}

/**
 * STD-2 (issue 18 item 5): the walks that leave out a visible creature's tie-breakers against hidden ones,
 * cut to the hidden creatures' totals (issue 17), leave out what the walks over everyone left out: these
 * are those walks, as published.ts and hidden-ties.ts had them.
 */
function standardPasses(whole: StandardState, shown: StandardState, hidden: ReadonlySet<string>): void {
  const keyOf = (c: StandardCombatant) => `${String(c.initiative)}|${String(c.dexBonus)}`;
  const sharing = (state: StandardState) => {
    const counts = new Map<string, number>();
    for (const c of Object.values(state.combatants)) counts.set(keyOf(c), (counts.get(keyOf(c)) ?? 0) + 1);
    return counts;
  };
  const now = sharing(shown);
  const before = sharing(whole);
  const lone = Object.entries(shown.combatants)
    .filter(([, c]) => c.tieBreak.length > 0 && (now.get(keyOf(c)) ?? 0) <= 1 && (before.get(keyOf(c)) ?? 0) > 1)
    .map(([id]) => id);
  const cut = withoutLoneTies(shown, whole);
  for (const [id, c] of Object.entries(shown.combatants))
    expect(cut.combatants[id]?.tieBreak).toEqual(lone.includes(id) ? [] : c.tieBreak);
  // The secret tie-breakers: every visible creature level (total, delay rank, DEX) with a hidden one.
  const rank = (id: string) => whole.delayRank[id] ?? 0;
  const fullKey = (id: string, c: StandardCombatant) => `${String(c.initiative)}|${rank(id)}|${c.dexBonus}`;
  const hiddenKeys = new Set(
    Object.entries(whole.combatants)
      .filter(([id, c]) => hidden.has(id) && c.initiative !== null)
      .map(([id, c]) => fullKey(id, c)),
  );
  const secret = withoutSecretTieBreaks(cut, whole, hidden);
  for (const [id, c] of Object.entries(cut.combatants)) {
    const level = !hidden.has(id) && c.initiative !== null && hiddenKeys.has(fullKey(id, c));
    if (!level) expect(secret.combatants[id]).toBe(c);
  }
}

/** Whose places are secret and whose rolls no player makes, in one step. */
interface StepSecrecy {
  readonly hidden: ReadonlySet<string>;
  readonly gmOnly: ReadonlySet<string>;
}

/**
 * What differs between the table `before` shows and the one `after` shows (`before` without the creatures in
 * `left`), or null: the round, the start, who acts, the clock, the others' order and values, and the dice.
 * Dice may go only where no player rolls them: those of the creatures that left, or of a creature only the GM
 * controls or a hidden one (a tie-breaker against one that left is never asked for).
 */
function tableChange(
  host: AnyRulesetHost,
  before: unknown,
  after: unknown,
  left: ReadonlySet<string>,
  secrecy: StepSecrecy,
): string | null {
  if (host.round(after) !== host.round(before)) return "round";
  if (host.started(after) !== host.started(before)) return "started";
  if (host.current(after) !== host.current(before)) return "current";
  if (host.clock(after) !== host.clock(before)) return "clock";
  const order = host.order(after);
  if (
    order.join() !==
    host
      .order(before)
      .filter((id) => !left.has(id))
      .join()
  )
    return "order";
  for (const id of order) {
    if (host.initiative(after, id) !== host.initiative(before, id)) return `initiative of ${id}`;
    if (host.defeated(after, id) !== host.defeated(before, id)) return `defeated of ${id}`;
  }
  const mayGo = (id: string | null) =>
    id !== null && (left.has(id) || secrecy.gmOnly.has(id) || secrecy.hidden.has(id));
  const kept = host.pending(after);
  let i = 0;
  for (const request of host.pending(before)) {
    if (kept[i]?.id === request.id) i++;
    else if (!mayGo(request.combatantId)) return `dice of ${String(request.combatantId)}`;
  }
  return i === kept.length ? null : "new dice";
}

/** The two promises (file comment) of one way of taking the hidden creatures out of `state`. */
function promisesKept(
  host: AnyRulesetHost,
  state: unknown,
  out: { readonly state: unknown; readonly left: readonly string[] },
  secrecy: StepSecrecy,
): void {
  const acting = host.current(state);
  expect(out.left.filter((id) => !secrecy.hidden.has(id) || id === acting)).toEqual([]);
  expect(tableChange(host, state, out.state, new Set(out.left), secrecy)).toBeNull();
  for (const id of host.order(out.state)) {
    if (id === acting || !secrecy.hidden.has(id)) continue;
    const alone = host.apply(out.state, { type: "leave", combatantId: id });
    if (alone.ok) expect(tableChange(host, out.state, alone.value.state, new Set([id]), secrecy)).not.toBeNull();
  }
}

/** What one session did: the steps that took several hidden creatures out in one pass, and each step's leaves. */
interface Session {
  readonly batched: number;
  readonly leaves: readonly { readonly onePass: readonly string[]; readonly oneByOne: readonly string[] }[];
}

function session(ruleset: RulesetId, seed: number, n: number, steps: number): Session {
  const random = seeded(seed);
  const host = rulesetHost(ruleset, 6);
  const single = oneByOne(ruleset);
  const combatants = Array.from({ length: n }, (_, i) => hostCombatant(i));
  let state = unwrapStep(host.create(combatants, DEFAULT_HOST_OPTIONS));
  let batched = 0;
  const leaves: Session["leaves"][number][] = [];
  state = unwrapStep(host.apply(state, { type: "start" })).state;
  for (let i = 0; i < steps; i++) {
    const next = host.apply(state, randomCommand(ruleset, host, state, random));
    if (next.ok) state = next.value.state;
    const ids = host.order(state);
    const hidden = new Set(ids.filter(() => random() < 0.35));
    const gmOnly = new Set(ids.filter(() => random() < 0.5));
    const secrecy = { hidden, gmOnly };
    const fast = withoutHiddenPlaces(host, state, secrecy);
    const slow = withoutHiddenPlaces(single, state, secrecy);
    promisesKept(host, state, fast, secrecy);
    promisesKept(single, state, slow, secrecy);
    leaves.push({ onePass: fast.left, oneByOne: slow.left });
    if ([...fast.left].sort().join() === [...slow.left].sort().join()) {
      expect(fast.state).toEqual(slow.state);
      expect(host.order(fast.state)).toEqual(single.order(slow.state));
      expect(host.pending(fast.state)).toEqual(single.pending(slow.state));
      const shown = publishedState(host, state, secrecy);
      expect(storeCombatState(shown)).toEqual(storeCombatState(publishedState(single, state, secrecy)));
    }
    if (ruleset === "standard") standardPasses(state as StandardState, fast.state as StandardState, hidden);
    if (fast.left.length > 1) batched++;
  }
  return { batched, leaves };
}

const RULES: readonly [RulesetId, string][] = [
  ["standard", "STD-2, STD-3, STD-4, DEF-1"],
  ["rotation", "ROT-2, ROT-3, ROT-6, DEF-1"],
  ["phase", "PHS-2, PHS-3, PHS-9, DEF-1"],
  ["segment", "SEG-2, SEG-6, DEF-1"],
  ["count", "CNT-3, CNT-5, CNT-6, DEF-1"],
];

describe("hidden creatures taken out in one pass (public-order.ts)", () => {
  for (const [ruleset, rules] of RULES) {
    it(`${rules} (issues 17, 18): ${ruleset}: taking the hidden creatures out keeps the table and keeps in none that could leave`, () => {
      let batched = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 5, max: 12 }), (seed, n) => {
          batched += session(ruleset, seed, n, 30).batched;
        }),
        // A fixed seed in `npm test` (random ones in `npm run soak`, scripts/soak.mjs).
        { numRuns: soakDepth(20, 200), ...(process.env.TEMPO_SOAK === undefined ? { seed: 20261129 } : {}) },
      );
      // The one-pass leave was taken on many steps (not only the one-by-one fallback).
      expect(batched).toBeGreaterThan(100);
    });
  }

  it("STD-2, STD-3, STD-4, DEF-1 (issue 18): two hidden creatures tied only with each other leave the published state together, where neither may alone", () => {
    // The CI's counterexample (fast-check seed 1806088254, path "3"): see the ruling in the file comment.
    const { leaves } = session("standard", 1539559573, 5, 30);
    const pair = ["c0000", "newcomer00000001"];
    const together = leaves.filter(
      ({ onePass, oneByOne }) => pair.every((id) => onePass.includes(id)) && pair.every((id) => !oneByOne.includes(id)),
    );
    expect(together).not.toHaveLength(0);
  });
});
