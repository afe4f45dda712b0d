/**
 * Issue 17: a page that did not write a step (a player's, an observer's) reads the stored combat back on
 * every update with its memo of the last read (storage/column-read.ts `RowsMemo`), and the passes after
 * the rows (decoding, unpacking, each scheme's checks) reuse by identity what the step left as it was.
 * Whatever the session, each read with a memo kept since the start gives exactly the state a fresh read
 * gives, and a stored form damaged between reads is refused by both alike.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createRowsMemo,
  decodeStored,
  encodeStored,
  type Json,
  readCombatState,
  storeCombatState,
  type AnyRulesetHost,
  type HostCommand,
  type RulesetId,
  type StoredCombat,
} from "../../../src/engine/index.ts";
import { hostCombatant, nextCommand, seeded, step, storedEncounter } from "../../support/host-encounter.ts";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** `update` merged into `source` in place, as Foundry merges an update into a document's source. */
function mergeInPlace(source: Obj, update: Obj): void {
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith("-=")) Reflect.deleteProperty(source, key.slice(2));
    else if (isObj(value) && isObj(source[key])) mergeInPlace(source[key], value);
    else source[key] = structuredClone(value);
  }
}

/** Every record of `source` holding `key` (a stored block `{ _c: … }`, a row). */
function partsWith(source: unknown, key: string, out: Obj[] = []): Obj[] {
  if (!isObj(source)) return out;
  if (Object.hasOwn(source, key)) out.push(source);
  for (const value of Object.values(source)) partsWith(value, key, out);
  return out;
}

/** A session's moves: mostly the table's next command, with undo, redo, leaves and joins among them. */
const move = fc.oneof(
  { weight: 12, arbitrary: fc.constant("next" as const) },
  fc.constantFrom("undo" as const, "redo" as const, "leave" as const, "join" as const),
);

/**
 * Plays `moves` from a started combat of `n`, reading the page's copy of the stored engine (merged in place)
 * after every move with a memo kept since the start and without one; every `damageEvery` moves a copy
 * with one per-row field of one row made bad is read both ways too, before the page goes on.
 */
function sessionHolds(ruleset: RulesetId, n: number, moves: readonly string[], seed: number): void {
  const random = seeded(seed);
  const encounter = storedEncounter(ruleset, n);
  const host: AnyRulesetHost = encounter.host;
  let s = step(host, encounter.stored, { type: "start" });
  const page = structuredClone(s.stored.engine) as Obj;
  const memo = createRowsMemo();
  let joined = n;
  const readBoth = (engine: Obj) => {
    const fresh = readCombatState(host, structuredClone(engine));
    expect(readCombatState(host, engine, undefined, memo)).toEqual(fresh);
    return fresh;
  };
  expect(readBoth(page).ok).toBe(true);
  for (const [i, name] of moves.entries()) {
    const before: StoredCombat = s.stored;
    const ids = host.order(s.state);
    const command: HostCommand =
      name === "next"
        ? nextCommand(host, s.state, random)
        : name === "leave"
          ? { type: "leave", combatantId: ids[Math.floor(random() * ids.length)] }
          : { type: name };
    if (name === "join") {
      const added = host.join(s.state, hostCombatant(joined++));
      if (!added.ok) continue;
      const engine = storeCombatState(added.value.state);
      s = { ...s, state: added.value.state, stored: { engine, history: before.history } };
      for (const key of Object.keys(page)) Reflect.deleteProperty(page, key);
      Object.assign(page, structuredClone(engine));
    } else {
      const next = stepCombatOrNull(host, before, command);
      if (next === null) continue;
      s = next;
      const engine = (s.update as { engine?: unknown } | null)?.engine;
      if (isObj(engine)) mergeInPlace(page, engine);
    }
    expect(readBoth(page)).toEqual({ ok: true, value: s.state });
    if (i % 3 === 2) damagedReadsAlike(page, readBoth, random);
  }
}

function stepCombatOrNull(host: AnyRulesetHost, stored: StoredCombat, command: HostCommand) {
  try {
    return step(host, stored, command);
  } catch {
    return null; // nothing to undo, redo, or a leave the ruleset refuses now
  }
}

/** A copy of `page` with a bad value in one row, read with the page's memo and fresh: the same refusal. */
function damagedReadsAlike(page: Obj, readBoth: (engine: Obj) => unknown, random: () => number): void {
  // Every block of rows stored as columns (a vector's leaf, a roster's chunk).
  const blocks = partsWith(page, "cols");
  const block = blocks[Math.floor(random() * blocks.length)];
  if (block === undefined) return;
  const rest = isObj(block.rest) ? Object.values(block.rest).filter(isObj) : [];
  const row = rest[Math.floor(random() * rest.length)];
  const cols = isObj(block.cols) ? block.cols : {};
  const names = Object.keys(cols);
  const copy = structuredClone(page);
  const target = partsWith(copy, "cols")[blocks.indexOf(block)];
  if (target === undefined) return;
  const bad = [-7, "bad value", { k: 1 }, null][Math.floor(random() * 4)];
  const kind = random();
  if (kind < 0.2) {
    // A top-level number one lower (a round: records whose fields were sound in it may not be now).
    const numbers = Object.keys(copy).filter((key) => typeof copy[key] === "number");
    const key = numbers[Math.floor(random() * numbers.length)];
    if (key !== undefined) copy[key] = (copy[key] as number) - 1;
  } else if (kind < 0.4 && typeof cols.id === "string") {
    // One row given another row's id (the index and slots no longer agree with the rows).
    const ids = cols.id.split(",");
    ids[Math.floor(random() * ids.length)] = ids[Math.floor(random() * ids.length)] ?? "";
    (target.cols as Obj).id = ids.join(",");
  } else if (row !== undefined && random() < 0.5) {
    const targetRow = Object.values(target.rest as Obj).filter(isObj)[rest.indexOf(row)];
    const field = Object.keys(row)[Math.floor(random() * Object.keys(row).length)];
    if (targetRow === undefined || field === undefined) return;
    targetRow[field] = bad;
  } else {
    const name = names[Math.floor(random() * names.length)];
    if (name === undefined) return;
    const column = String(cols[name]).split(",");
    column[Math.floor(random() * column.length)] = ["-7", "'bad", "[99", "t"][Math.floor(random() * 4)] ?? "";
    (target.cols as Obj)[name] = column.join(",");
  }
  readBoth(copy);
}

describe("a page reads each step incrementally (issue 17)", () => {
  const sessions: readonly [RulesetId, string][] = [
    ["count", "CNT-5, DEF-1"],
    ["phase", "PHS-2, DEF-1"],
    ["segment", "SEG-2, DEF-1"],
    ["rotation", "ROT-3, DEF-1"],
    ["standard", "STD-4, DEF-1"],
  ];
  for (const [ruleset, rules] of sessions) {
    it(`${rules}: ${ruleset}: after every move of a random session the memo's read equals a fresh read, and damaged copies are refused alike`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 4, max: 30 }),
          fc.array(move, { minLength: 10, maxLength: 50 }),
          fc.nat(),
          (n, moves, seed) => sessionHolds(ruleset, n, moves, seed),
        ),
        { numRuns: 10, seed: 1723 },
      );
    });
  }

  it("CNT-3, DEF-1: count: a record made bad in a hot field after a turn step is refused with the memo as without it", () => {
    const encounter = storedEncounter("count", 40);
    const random = seeded(3);
    let s = step(encounter.host, encounter.stored, { type: "start" });
    for (let i = 0; i < 30; i++) s = step(encounter.host, s.stored, nextCommand(encounter.host, s.state, random));
    const memo = createRowsMemo();
    const page = structuredClone(s.stored.engine) as Obj;
    expect(readCombatState(encounter.host, page, undefined, memo).ok).toBe(true);
    const row = partsWith(page, "turnCount")[5];
    if (row === undefined) throw new Error("no per-row record");
    row.turnCount = 99;
    const refused = { ok: false, error: { key: "TEMPO.ERRORS.Count.InvalidState", data: { field: "combatants.5" } } };
    expect(readCombatState(encounter.host, structuredClone(page))).toEqual(refused);
    expect(readCombatState(encounter.host, page, undefined, memo)).toEqual(refused);
    row.turnCount = -1;
    expect(readCombatState(encounter.host, page, undefined, memo)).toEqual(
      readCombatState(encounter.host, structuredClone(page)),
    );
  });

  it("PHS-2, DEF-1: phase: a stored round set back is refused with the memo as without it (records read sound in the later round)", () => {
    const encounter = storedEncounter("phase", 12);
    const random = seeded(9);
    let s = step(encounter.host, encounter.stored, { type: "start" });
    // Some turns into round 2: records hold round 2 (rolled, acted in it).
    for (let i = 0, after = 0; i < 400 && after < 8; i++) {
      s = step(encounter.host, s.stored, nextCommand(encounter.host, s.state, random));
      if (encounter.host.round(s.state) >= 2) after++;
    }
    const memo = createRowsMemo();
    const page = structuredClone(s.stored.engine) as Obj;
    expect(readCombatState(encounter.host, page, undefined, memo).ok).toBe(true);
    page.round = (page.round as number) - 1;
    const fresh = readCombatState(encounter.host, structuredClone(page));
    expect(!fresh.ok && String(fresh.error.data?.field)).toMatch(/^combatants/);
    expect(readCombatState(encounter.host, page, undefined, memo)).toEqual(fresh);
  });
});

const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom("", "x", "a,b"),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom("a", "b", "__proto__", "a.b", "#", "~x"), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("decoding against the page's last decoded engine (issue 17)", () => {
  it("DEF-1: gives what a fresh decode gives, key order included, the parts it shares as the same objects, and refuses what a fresh decode refuses", () => {
    fc.assert(
      fc.property(json, json, fc.boolean(), (a, b, damage) => {
        const plain = new Set<string>();
        const first = decodeStored(encodeStored(a), undefined, plain);
        if (first === null) throw new Error("a stored form did not read back");
        const stored = encodeStored(b);
        const next = decodeStored(stored, first.value, plain);
        expect(JSON.stringify(next?.value)).toBe(JSON.stringify(b));
        expect(next).toEqual(decodeStored(stored));
        // The same stored value again: the same object.
        expect(decodeStored(encodeStored(a), first.value, plain)?.value).toBe(first.value);
        if (damage && typeof stored === "object" && stored !== null) {
          const bad = { ...stored, "a.b": 1 };
          expect(decodeStored(bad, first.value, plain)).toBeNull();
          expect(decodeStored(bad)).toBeNull();
        }
      }),
      { numRuns: 300, seed: 1723 },
    );
  });
});
