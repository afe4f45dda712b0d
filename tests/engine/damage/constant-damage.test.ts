import { describe, expect, it } from "vitest";
import {
  constantTicks,
  readConstantHold,
  readConstantUse,
  readRotationActions,
  rotationActions,
  rotationEconomy,
  trustedConstantHits,
  type ConstantHolder,
} from "../../../src/engine/index.ts";
import { refuseRotationUse } from "../../../src/engine/host/rotation-book.ts";

const hold = { item: "flamer", hits: ["raider"], round: 2 };
const holder = (over: Partial<ConstantHolder> = {}): ConstantHolder => ({ id: "vex", hold, defeated: false, ...over });

describe("AP-2 in a rotation combat", () => {
  it("AP-2: a hit damages on every other creature's turn until the rotation after the roll; none on planning turns or for a defeated wielder", () => {
    expect(constantTicks({ combatantId: "raider", round: 2 }, [holder()])).toEqual([
      { wielderId: "vex", item: "flamer", target: "raider" },
    ]);
    expect(constantTicks({ combatantId: "ally", round: 3 }, [holder()])).toHaveLength(1);
    expect(constantTicks({ combatantId: "ally", round: 4 }, [holder()])).toEqual([]);
    expect(constantTicks({ combatantId: "vex", round: 2 }, [holder()])).toEqual([]);
    expect(constantTicks({ combatantId: "ally", round: 0 }, [holder()])).toEqual([]);
    expect(constantTicks({ combatantId: "ally", round: 2 }, [holder({ defeated: true })])).toEqual([]);
    expect(constantTicks({ combatantId: "ally", round: 2 }, [holder({ hold: { ...hold, hits: [] } })])).toEqual([]);
  });

  it("AP-2: the tracker keeps the roll until the wielder's next turn and refuses a second one; bad data is refused", () => {
    const turn = rotationEconomy.observe(
      rotationActions(),
      { type: "turnStarted", combatantId: "vex", round: 2 } as never,
      "vex",
    );
    const use = { type: "use", combatantId: "vex", task: "attack", constant: { item: "flamer", hits: [] } };
    expect(refuseRotationUse(turn, use, "vex")).toBeNull();
    const rolled = rotationEconomy.observe(
      turn,
      { type: "actionUsed", combatantId: "vex", task: "attack", constant: hold } as never,
      "vex",
    );
    expect(rolled).toMatchObject({ full: 1, constant: hold });
    expect(readRotationActions(JSON.parse(JSON.stringify(rolled)))).toEqual(rolled);
    expect(refuseRotationUse(rolled, use, "vex")).toEqual({ key: "TEMPO.ERRORS.Rotation.ConstantRolled" });
    expect(refuseRotationUse(rolled, { ...use, task: "move" }, "vex")?.key).toBe(
      "TEMPO.ERRORS.Rotation.ConstantNeedsAttack",
    );
    expect(refuseRotationUse(turn, { ...use, constant: { item: "", hits: [] } }, "vex")?.key).toBe(
      "TEMPO.ERRORS.Rotation.InvalidConstantUse",
    );
    const ended = rotationEconomy.observe(rolled, { type: "turnEnded", combatantId: "vex", round: 2 } as never, "vex");
    expect(ended.constant).toEqual(hold);
    const next = rotationEconomy.observe(ended, { type: "turnStarted", combatantId: "vex", round: 3 } as never, "vex");
    expect(next.constant).toBeUndefined();
    expect(readConstantUse({ item: "flamer", hits: [3] }).ok).toBe(false);
    expect(readConstantHold({ ...hold, round: -1 })).toBeNull();
  });

  it("AP-2: a target listed twice among the hits is damaged once a turn", () => {
    const use = readConstantUse({ item: "flamer", hits: ["raider", "raider", "scout"] });
    expect(use.ok && use.value.hits).toEqual(["raider", "scout"]);
  });

  it("AP-2: the hits are the claimant's own unused attack cards that hit a creature of this combat with this weapon", () => {
    const card = (id: string, over: Record<string, unknown> = {}) => ({
      id,
      byClaimant: true,
      attackerUuid: "Actor.vex",
      itemUuid: "Item.flamer",
      targetUuid: "Actor.raider",
      hit: true,
      ...over,
    });
    const claim = {
      wielderUuid: "Actor.vex",
      item: "Item.flamer",
      combatants: ["Actor.vex", "Actor.raider", "Actor.scout"],
      used: ["old"],
      attacks: [
        card("a"),
        card("a2"),
        card("b", { targetUuid: "Actor.scout", hit: false }),
        card("c", { targetUuid: "Actor.elsewhere" }),
        card("d", { byClaimant: false, targetUuid: "Actor.scout" }),
        card("e", { itemUuid: "Item.axe", targetUuid: "Actor.scout" }),
        card("old", { targetUuid: "Actor.scout" }),
        card("f", { targetUuid: "Actor.vex" }),
        null,
      ],
    };
    expect(trustedConstantHits(claim)).toEqual(["Actor.raider"]);
  });
});
