/**
 * Issue 17: a host's answers per state are found once (ruleset-hosts.ts): the order, and where a host
 * gives them in one pass (`facts`), every combatant's initiative and defeated flag. They must be the
 * answers the host gives by id, on every state a table reaches.
 */
import { describe, expect, it } from "vitest";
import {
  RULESET_IDS,
  heldConditionsOf,
  hostRegistry,
  readCombatState,
  rulesetHost,
  unwrap,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";
import { countHost } from "../../../src/engine/host/count-host.ts";
import { phaseHost } from "../../../src/engine/host/phase-host.ts";
import { rotationHost } from "../../../src/engine/host/rotation-host.ts";
import { segmentHost } from "../../../src/engine/host/segment-host.ts";
import { standardHost } from "../../../src/engine/host/standard-host.ts";
import type { AnyRulesetHost } from "../../../src/engine/index.ts";

/** Each ruleset's host as its module builds it, answering by id. */
const BY_ID = {
  count: countHost(6),
  phase: phaseHost(6),
  rotation: rotationHost(),
  segment: segmentHost(),
  standard: standardHost(),
} as unknown as Readonly<Record<string, AnyRulesetHost>>;

/** What the scheduler holds each creature in, as a sorted list (entries with no condition left out). */
function heldList(host: AnyRulesetHost, state: unknown): [string, string[]][] {
  return [...heldConditionsOf(host, state)]
    .map(([id, set]): [string, string[]] => [id, [...set].sort()])
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => a.localeCompare(b));
}

describe("a host's per-state answers (issue 17)", () => {
  for (const ruleset of RULESET_IDS) {
    it(`DEF-1, ${ruleset}: each combatant's initiative, defeated flag and held conditions, found in one pass, are those asked by id`, () => {
      // 40: more than one leaf of the roster's vector (32), so unchanged branches are shared and skipped.
      const { host, stored: start } = storedEncounter(ruleset, 40);
      const random = seeded(3);
      let stored: StoredCombat = start;
      let state: unknown = unwrap(readCombatState(host, stored.engine));
      const ids = [...host.order(state)];
      const seen: unknown[] = [];
      const check = () => {
        seen.push(state);
        const plain = BY_ID[ruleset] as AnyRulesetHost;
        for (const id of [...ids, "nobody"]) {
          expect(host.initiative(state, id)).toBe(plain.initiative(state, id));
          expect(host.defeated(state, id)).toBe(plain.defeated(state, id));
        }
        expect(host.order(state)).toBe(host.order(state));
        // The conditions the scheduler holds, followed from the last state asked, are those found anew.
        expect(heldList(host, state)).toEqual(heldList(rulesetHost(ruleset, 6), state));
      };
      const run = (command: { readonly type: string; readonly [k: string]: unknown }) => {
        const s = step(host, stored, command);
        stored = s.stored;
        state = s.state;
        check();
      };
      check();
      run({ type: "start" });
      run({ type: "defeat", combatantId: ids[1] });
      // Two rounds and more; undo and redo reach states not made from the last one asked.
      for (let i = 0; i < 100; i++) run(nextCommand(host, state, random));
      run({ type: "undo" });
      run({ type: "undo" });
      run({ type: "redo" });
      for (let i = 0; i < 10; i++) run(nextCommand(host, state, random));
      // A state asked again after later ones (whose answers were followed from it) answers as before.
      const now = state;
      for (const earlier of seen.filter((_, i) => i % 7 === 0)) {
        state = earlier;
        check();
      }
      state = now;
      check();
      // One host per ruleset and round length where the caller keeps a registry; the engine keeps none.
      const hosts = hostRegistry();
      expect(hosts(ruleset, 6)).toBe(hosts(ruleset, 6));
      expect(rulesetHost(ruleset, 6)).not.toBe(rulesetHost(ruleset, 6));
    });

    it(`issue 17, ${ruleset}: a creature's facts that a step leaves as they were stay the same object, at round ends too`, () => {
      const { host, stored: start } = storedEncounter(ruleset, 40);
      const random = seeded(5);
      let stored: StoredCombat = start;
      let state: unknown = unwrap(readCombatState(host, stored.engine));
      const ids = [...host.order(state)];
      let kept = 0;
      let rounds = 0;
      const run = (command: { readonly type: string; readonly [k: string]: unknown }) => {
        const before = new Map(ids.map((id) => [id, host.factsNow?.(state)?.get(id)]));
        const round = host.round(state);
        const s = step(host, stored, command);
        stored = s.stored;
        state = s.state;
        if (host.round(state) !== round) rounds++;
        for (const id of ids) {
          const [was, now] = [before.get(id), host.factsNow?.(state)?.get(id)];
          expect(now).toEqual(host.facts?.(state).get(id));
          if (was === undefined || now === undefined || !sameValues(was, now)) continue;
          // combatant-model.ts derives a combatant again only when its facts are another object.
          expect(now).toBe(was);
          kept++;
        }
      };
      run({ type: "start" });
      for (let i = 0; i < 100; i++) run(nextCommand(host, state, random));
      run({ type: "undo" });
      run({ type: "redo" });
      expect(rounds).toBeGreaterThan(1);
      expect(kept).toBeGreaterThan(40 * 50);
    });
  }
});

function sameValues(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
