import { afterAll, describe, expect, it } from "vitest";
import { installFoundryDouble } from "../support/foundry-double.ts";

const double = installFoundryDouble();
afterAll(() => double.uninstall());

await import("../../src/foundry/init.ts");
double.callHook("init");
const { TempoCombat } = await import("../../src/foundry/documents/combat.ts");
const { newCombatType } = await import("../../src/foundry/new-combat-type.ts");
const { CountCombatModel } = await import("../../src/foundry/data/combat/count-combat-model.ts");

/** Runs the creation step Foundry runs before it stores a new combat; returns the combat's type. */
async function createdType(data: { type?: Combat.SubType }): Promise<string> {
  const combat = new TempoCombat(data);
  const preCreate = combat["_preCreate"].bind(combat);
  await preCreate(data, {} as Combat.Database.PreCreateOptions, {} as User.Implementation);
  return combat.type;
}

describe("default ruleset for new combats", () => {
  it("a new combat gets the world's ruleset (count by default)", async () => {
    expect(newCombatType()).toBe("count");
    expect(await createdType({})).toBe("count");
  });

  it("a ruleset whose combat type is not registered yet leaves core's type", async () => {
    await game.settings.set("tempo", "ruleset", "standard");
    expect(newCombatType()).toBeNull();
    expect(await createdType({})).toBe("base");
    await game.settings.set("tempo", "ruleset", "count");
  });

  it("a combat created with a type keeps it, whatever the setting says", async () => {
    // Pretend a second ruleset has reached Foundry, and make it the world's default.
    const dataModels = (double.config.Combat as { dataModels: Record<string, unknown> }).dataModels;
    dataModels.standard = CountCombatModel;
    await game.settings.set("tempo", "ruleset", "standard");
    expect(await createdType({})).toBe("standard");
    expect(await createdType({ type: "count" })).toBe("count");
    Reflect.deleteProperty(dataModels, "standard");
    await game.settings.set("tempo", "ruleset", "count");
  });
});
