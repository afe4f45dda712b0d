/**
 * Issue 18: a changed GM record travels to the other GMs as a patch (gm-record-patch.ts); the other GM
 * ends with exactly the sender's text, and a patch never lands on a record the other GM holds differently.
 */
import { describe, expect, it } from "vitest";
import { applyEdit, recordEdit } from "../../src/foundry/combat/gm-record-patch.ts";

const before = JSON.stringify({
  now: { onTurn: false, action: 0, reaction: 1 },
  undo: { "1": { onTurn: true, action: 1 }, "2": { onTurn: false, action: 0 } },
});
const after = JSON.stringify({
  now: { onTurn: true, action: 1, reaction: 1 },
  undo: { "2": { onTurn: false, action: 0 }, "3": { onTurn: false, action: 0, reaction: 1 } },
});

describe("GM record patches", () => {
  it("a changed NPC tracker is sent as less than its whole text and the other GM ends with the sender's text exactly", () => {
    const edit = recordEdit(before, after);
    expect(typeof edit).toBe("object");
    expect(JSON.stringify(edit).length).toBeLessThan(after.length);
    expect(applyEdit(before, edit)).toBe(after);
  });

  it("a patch made from another text than the one held is refused (the sender then sends a full copy)", () => {
    const edit = recordEdit(before, after);
    const held = JSON.stringify({ now: { onTurn: false, action: 0, reaction: 0 }, undo: {} });
    expect(applyEdit(held, edit)).toBeUndefined();
    expect(applyEdit(null, edit)).toBeUndefined();
  });

  it("a record whose key order a patch would change, or that is not a JSON object, travels whole", () => {
    const reordered = JSON.stringify({ undo: {}, now: { onTurn: false, action: 0, reaction: 1 } });
    expect(recordEdit(before, reordered)).toBe(reordered);
    expect(recordEdit("[1,2]", "[1,3]")).toBe("[1,3]");
    expect(recordEdit(before, null)).toBeNull();
  });
});
