/**
 * CNT-6, CNT-12 in Foundry: the count row's Declare and React controls ask through a DialogV2 prompt and
 * give the answer as the engine's command. The double stands in for core's DialogV2.prompt, which resolves
 * with what the ok button's callback returns (as dnd5e and Draw Steel read their prompts), and for
 * renderTemplate; the form's fields are what that callback reads from the form.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());

await import("../../src/foundry/init.ts");
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { askCountDeclaration, askCountReaction } = await import("../../src/foundry/applications/count-dialogs.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { countTrackerFactsOf } = await import("../../src/engine/index.ts");

/** What the next prompt answers, and what it was asked with. */
let answer: Record<string, string> | null = null;
const asked: { template: string; context: Record<string, unknown>; title: unknown }[] = [];
let lastTemplate = "";
const applications = (globalThis as unknown as { foundry: { applications: Record<string, unknown> } }).foundry
  .applications;
applications.handlebars = {
  renderTemplate: (path: string, context: Record<string, unknown>) => {
    lastTemplate = path;
    asked.push({ template: path, context, title: null });
    return Promise.resolve(`<fieldset>${path}</fieldset>`);
  },
};
applications.api = {
  DialogV2: {
    prompt: (options: { window: { title: unknown } }) => {
      const last = asked.at(-1);
      if (last !== undefined) last.title = options.window.title;
      return answer === null ? Promise.reject(new Error("closed")) : Promise.resolve(answer);
    },
  },
};

async function countEncounter(): Promise<Tempo> {
  await game.settings.set("tempo", "ruleset", "count");
  const combat = await (Combat as unknown as { create(d: object): Promise<Tempo> }).create({});
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [
    { name: "Ilsa", system: { side: "pc", initiativeBonus: 3, int: 1, agi: 3 } },
    { name: "Ogre", system: { side: "enemy", initiativeBonus: 0 } },
  ]);
  await world.idle();
  await combat.startCombat();
  await world.idle();
  for (let i = 0; i < 5 && (combat.combatant ?? null) === null; i++) {
    await combat.rollAll();
    await world.idle();
  }
  return combat;
}

function pendingOf(combat: Tempo, id: string) {
  const input = trackerInputOf(combat, game.user);
  return input === null ? [] : (countTrackerFactsOf(input.host, input.state)?.pendingOf(id) ?? []);
}

describe("count forms in Foundry", () => {
  it("CNT-8: Declare renders the count declare form in a DialogV2 and gives the spell as the engine's declare", async () => {
    const combat = await countEncounter();
    const actor = combat.combatant?.id ?? "";
    expect(actor).not.toBe("");
    answer = { kind: "spell", slotLevel: "2", target: "" };
    const command = await askCountDeclaration(combat, actor);
    expect(lastTemplate).toBe("systems/tempo/templates/combat/count-declare.hbs");
    expect(asked.at(-1)?.title).toBe("TEMPO.TRACKER.Count.Declare.Title");
    expect(command).toEqual({
      type: "declare",
      combatantId: actor,
      action: { kind: "spell", slotLevel: 2, targets: [], origin: null },
    });
    if (command !== null) await combat.tempoCommand(command);
    await world.idle();
    expect(pendingOf(combat, actor).map((a) => [a.kind, a.delay])).toEqual([["spell", 2]]);
  });

  it("CNT-12: React offers the pending spell's reactions and gives the engine's react", async () => {
    const combat = await countEncounter();
    const actor = combat.combatant?.id ?? "";
    answer = { kind: "spell", slotLevel: "3", target: "" };
    const declared = await askCountDeclaration(combat, actor);
    if (declared !== null) await combat.tempoCommand(declared);
    await world.idle();
    answer = { reaction: "stopCasting" };
    const command = await askCountReaction(combat, actor);
    expect(lastTemplate).toBe("systems/tempo/templates/combat/count-react.hbs");
    const choices = (asked.at(-1)?.context.choices ?? []) as { value: string }[];
    expect(choices.map((c) => c.value)).toContain("stopCasting");
    expect(command).toEqual({ type: "react", combatantId: actor, reaction: { kind: "stopCasting" } });
    if (command !== null) await combat.tempoCommand(command);
    await world.idle();
    expect(pendingOf(combat, actor)).toEqual([]);
  });

  it("a cancelled prompt or a form the builders cannot read gives nothing", async () => {
    const combat = await countEncounter();
    const actor = combat.combatant?.id ?? "";
    answer = null;
    expect(await askCountDeclaration(combat, actor)).toBeNull();
    answer = { kind: "spell", slotLevel: "12" };
    expect(await askCountDeclaration(combat, actor)).toBeNull();
    expect(pendingOf(combat, actor)).toEqual([]);
  });
});
