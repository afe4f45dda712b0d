/**
 * Phase rounds at the table (issue 19's reach): the GM runs the round from the tracker (Begin, Roll all,
 * Next: core's `startCombat`, `rollAll`, `nextTurn`) and the owner presses the controls their own tracker
 * draws (found in the tracker context built for them, pressed as the tracker's `tempoCommand` action
 * does: combat-tracker.ts). The phases and the order are read from what everyone sees: `combat.combatant`
 * and the engine state stored on the Combat.
 */
import { afterAll, describe, expect, it } from "vitest";
import { controlsIn } from "../support/tracker-controls.ts";
import { installTempoWorld, ownedId, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(137);
const { world } = t;
afterAll(() => world.uninstall());

const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");

/** The owner presses the enabled control of `type` their tracker draws on `id`'s row. */
async function ownerPresses(combat: Tempo, id: string, type: string): Promise<void> {
  const input = trackerInputOf(combat, t.owner as never);
  if (input === null) throw new Error("no tracker input");
  const control = controlsIn(buildTrackerContext(input)).find(
    (c) => c.combatantId === id && typeof c.command === "string" && c.command.includes(`"type":"${type}"`),
  );
  if (control === undefined || control.disabled === true) throw new Error(`no enabled ${type} control on ${id}`);
  await world.as(t.owner, () => combat.tempoCommand(JSON.parse(String(control.command)) as never));
  await world.idle();
}

const phaseOf = (combat: Tempo): string | null =>
  (t.model(combat).state as unknown as { phase: string | null } | null)?.phase ?? null;

async function gmNext(combat: Tempo): Promise<void> {
  const m = t.model(combat);
  if (m.host.pending(m.state).length > 0) await combat.rollAll();
  else await combat.nextTurn();
  await world.idle();
}

describe("phase rounds from the tracker", () => {
  it("PHS-1, PHS-3, PHS-7: each round runs initiative, movement (lowest first), battle (highest first), end", async () => {
    const combat = await t.encounter("phase", 3);
    world.scriptedTotals.push(9, 5, 12); // C0, C1, C2's 2d6 + INT + AGI
    await combat.startCombat();
    await world.idle();
    const seen: string[] = [];
    const note = () => {
      const entry = `${phaseOf(combat)}${combat.combatant === null || combat.combatant === undefined ? "" : ` ${combat.combatant.name}`}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    };
    note();
    for (let i = 0; i < 10 && combat.round === 1; i++) {
      await gmNext(combat);
      note();
    }
    expect(combat.round).toBe(2);
    expect(seen.slice(0, 8)).toEqual([
      "initiative",
      "movement C1",
      "movement C0",
      "movement C2",
      "battle C2",
      "battle C0",
      "battle C1",
      "end",
    ]);
    expect(seen.at(-1)).toBe("initiative");
  });

  it("PHS-4: the owner seizes the initiative from their tracker: their creature moves first and acts last in battle", async () => {
    const combat = await t.encounter("phase", 3);
    const own = ownedId(t, combat);
    await combat.startCombat();
    await world.idle();
    expect(phaseOf(combat)).toBe("initiative");
    await ownerPresses(combat, own, "seize");
    world.scriptedTotals.push(12, 5, 9); // the owner's creature rolls highest
    for (let i = 0; i < 3 && phaseOf(combat) === "initiative"; i++) await gmNext(combat);
    expect(phaseOf(combat)).toBe("movement");
    expect(combat.combatant?.id).toBe(own);
    const battle: string[] = [];
    for (let i = 0; i < 8 && phaseOf(combat) !== "end"; i++) {
      await gmNext(combat);
      if (phaseOf(combat) === "battle") battle.push(combat.combatant?.id ?? "");
    }
    expect(new Set(battle).size).toBe(3);
    expect(battle.at(-1)).toBe(own);
  });
});
