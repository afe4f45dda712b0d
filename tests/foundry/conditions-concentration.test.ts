/**
 * CNT-10, SEG-10: a spell with concentration cast through Tempo puts `concentrating` on the caster's
 * token in the step's own condition write; losing or stopping the casting takes it off.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { SpellStats } from "../../src/engine/index.ts";
import { castCommand } from "../../src/view/sheets/sheet-commands.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { effectEncounter, firstTurn } from "../support/effect-encounter.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");

const effectWrites = (from: number) => world.writes.slice(from).filter((w) => w.document === "ActiveEffect");
const spell = (concentration: boolean) =>
  ({ slotLevel: 1, castingTime: 3, concentration, area: { shape: "none", size: 0 } }) as unknown as SpellStats;

describe("concentrating set by casting", () => {
  it("CNT-10, SEG-10: declaring a concentration spell sets casting and concentrating in ONE effect write; stopping it (CNT-12) clears both in one", async () => {
    const { combat, actors } = await effectEncounter(world, "count", ["A", "B"]);
    const caster = await firstTurn(world, combat);
    const actor = Object.values(actors).find((a) => (combat.combatants.get(caster)?.actor as unknown) === a);
    let from = world.writes.length;
    const command = castCommand("count", caster, spell(true));
    expect(command).not.toBeNull();
    await combat.tempoCommand(command ?? { type: "none" });
    await world.idle();
    expect([...(actor?.statuses ?? [])].sort()).toEqual(["casting", "concentrating"]);
    expect(effectWrites(from)).toHaveLength(1);

    from = world.writes.length;
    await combat.tempoCommand({ type: "react", combatantId: caster, reaction: { kind: "stopCasting" } });
    await world.idle();
    expect([...(actor?.statuses ?? [])]).toEqual([]);
    expect(effectWrites(from)).toHaveLength(1);
  });

  it("CNT-10: a spell without concentration sets only casting", async () => {
    const { combat, actors } = await effectEncounter(world, "count", ["A", "B"]);
    const caster = await firstTurn(world, combat);
    const actor = Object.values(actors).find((a) => (combat.combatants.get(caster)?.actor as unknown) === a);
    await combat.tempoCommand(castCommand("count", caster, spell(false)) ?? { type: "none" });
    await world.idle();
    expect([...(actor?.statuses ?? [])]).toEqual(["casting"]);
  });
});
