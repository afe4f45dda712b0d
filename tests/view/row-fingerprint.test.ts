import { describe, expect, it } from "vitest";
import { rowFingerprint, rowKept } from "../../src/view/tracker/row-fingerprint.ts";
import { buildTrackerRow } from "../../src/view/tracker/tracker-row.ts";
import { countScope, countTimeline } from "../templates/fixtures.ts";

/** The rows of the count fixture for the GM, rebuilt from scratch each time (new objects, same content). */
const rows = (round: number) =>
  countTimeline.flatMap((entry) => {
    const row = buildTrackerRow(entry, countScope(round, true));
    return row === null ? [] : [row];
  });

describe("row prints (issue 9: a row the host already shows is not drawn again)", () => {
  it("gives a row rebuilt from the same state the same print", () => {
    expect(rows(1).map(rowFingerprint)).toEqual(rows(1).map(rowFingerprint));
  });

  it("gives rows that draw differently different prints", () => {
    const prints = rows(1).map(rowFingerprint);
    expect(new Set(prints).size).toBe(prints.length);
    const [first] = rows(1);
    if (first === undefined) throw new Error("no row");
    for (const change of [{ name: `${first.name}!` }, { active: !first.active }, { value: `${first.value ?? ""}9` }])
      expect(rowFingerprint({ ...first, ...change })).not.toBe(rowFingerprint(first));
  });

  it("keeps a row only when the host shows that key with that print", () => {
    const [first] = rows(1);
    if (first === undefined) throw new Error("no row");
    expect(rowKept(first, { [first.key]: rowFingerprint(first) })).toBe(true);
    expect(rowKept(first, { [first.key]: "other" })).toBe(false);
    expect(rowKept(first, {})).toBe(false);
    expect(rowKept(first, undefined)).toBe(false);
  });
});
