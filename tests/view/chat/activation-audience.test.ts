import { describe, expect, it } from "vitest";
import { activationAudience } from "../../../src/view/chat/activation-card.ts";
import { targetCardAudience } from "../../../src/view/chat/roll-audience.ts";

describe("PHS-7, issue 18: who an Activate Item card goes to", () => {
  it("a hidden creature's card goes to the GMs alone; a seen creature's to everyone, as a card about a target does", () => {
    expect(activationAudience(true)).toEqual({ gmOnly: true });
    expect(activationAudience(false)).toEqual({ gmOnly: false });
    for (const hidden of [true, false])
      expect(activationAudience(hidden).gmOnly).toBe(targetCardAudience(hidden, true).gmOnly);
  });
});
