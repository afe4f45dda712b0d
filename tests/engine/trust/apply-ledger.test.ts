import { describe, expect, it } from "vitest";
import {
  isApplied,
  LEDGER_SIZE,
  readApplyLedger,
  recordsToUndo,
  withApply,
  withoutApply,
  type LedgerRecord,
} from "../../../src/engine/index.ts";

const record: LedgerRecord = {
  actorUuid: "Actor.a",
  name: "Raider",
  before: { hp: 30, overshield: 0 },
  after: { hp: 18, overshield: 0 },
  statuses: [],
};

describe("issue 18: the GM's ledger of damage applications", () => {
  it("OSH-1: Undo restores what the Apply recorded; with no entry there is nothing to undo", () => {
    const ledger = withApply([], "m1", [record]);
    expect(isApplied(ledger, "m1")).toBe(true);
    expect(recordsToUndo(ledger, "m1")).toEqual({ ok: true, value: [record] });
    expect(recordsToUndo(ledger, "m2")).toEqual({ ok: false, error: { key: "TEMPO.CHAT.Damage.NothingToUndo" } });
    const undone = withoutApply(ledger, "m1");
    expect([isApplied(undone, "m1"), undone]).toEqual([false, []]);
  });

  it("keeps the latest LEDGER_SIZE applications; a card applied again replaces its entry", () => {
    let ledger = readApplyLedger([]);
    for (let i = 0; i <= LEDGER_SIZE; i++) ledger = withApply(ledger, `m${i}`, [record]);
    expect(ledger).toHaveLength(LEDGER_SIZE);
    expect(isApplied(ledger, "m0")).toBe(false);
    const again = withApply(ledger, "m5", []);
    expect(again).toHaveLength(LEDGER_SIZE);
    expect(again.at(-1)).toEqual({ messageId: "m5", records: [] });
  });

  it("reads only well-formed entries from the stored setting", () => {
    const stored = [
      { messageId: "m1", records: [record] },
      { messageId: "m2", records: [{ ...record, before: { hp: "30" } }] },
      { messageId: 3, records: [] },
      null,
    ];
    expect(readApplyLedger(stored)).toEqual([{ messageId: "m1", records: [record] }]);
    expect(readApplyLedger("nonsense")).toEqual([]);
  });
});
