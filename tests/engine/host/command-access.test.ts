import { describe, expect, it } from "vitest";
import { checkCommandAccess, type Requester } from "../../../src/engine/index.ts";

const player: Requester = { isGM: false, owns: (id) => id === "mine" };

describe("host: who may give a command", () => {
  it.each(["delay", "act", "ready", "trigger"])(
    "Delay, Ready: a player gives `%s` for its own creature and for no other",
    (type) => {
      expect(checkCommandAccess({ type, combatantId: "mine", trigger: "t" }, player, null)).toEqual({
        ok: true,
        value: true,
      });
      expect(checkCommandAccess({ type, combatantId: "theirs", trigger: "t" }, player, null)).toEqual({
        ok: false,
        error: { key: "TEMPO.ERRORS.Access.NotOwner", data: { command: type } },
      });
    },
  );

  it("a player may not give the GM's commands; the GM may give any", () => {
    expect(checkCommandAccess({ type: "next" }, player, "mine")).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Access.GmOnly", data: { command: "next" } },
    });
    expect(checkCommandAccess({ type: "endTurn" }, player, "mine")).toEqual({ ok: true, value: true });
    expect(checkCommandAccess({ type: "act", combatantId: "theirs" }, { isGM: true, owns: () => false }, null)).toEqual(
      { ok: true, value: true },
    );
  });
});
