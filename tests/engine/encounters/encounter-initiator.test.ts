import { describe, expect, it } from "vitest";
import { encounterInitiator } from "../../../src/engine/encounters/encounter.ts";

describe("ROT-7: who started a deployed encounter", () => {
  it("ROT-7 (ruling): the side that surprised the other started it; with no surprise the world's default stands", () => {
    expect(encounterInitiator("party")).toBe("enemies");
    expect(encounterInitiator("enemies")).toBe("players");
    expect(encounterInitiator("none")).toBeNull();
  });
});
