/**
 * CNT-6, CNT-12 in Foundry: the count row's Declare and React controls ask through a DialogV2 prompt and
 * give the answer as the engine's command. On the runtime model's DialogV2 (runtime/dialog-v2.ts): the real
 * template is rendered into the prompt, the test fills its form as a user would and presses OK, and the
 * prompt resolves with what the ok button's callback read from the form (as dnd5e and Draw Steel read theirs).
 */
import { afterAll, describe, expect, it } from "vitest";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { installDialogs, type DialogAnswer } from "../support/runtime/dialog-v2.ts";

const world = installFoundryWorld(11);
const dialogs = installDialogs();
afterAll(() => {
  dialogs.uninstall();
  world.uninstall();
});

await world.loadSystem();
world.callHook("init");
type Tempo = import("../../src/foundry/documents/combat.ts").TempoCombat;
const { askCountDeclaration, askCountReaction } = await import("../../src/foundry/applications/count-dialogs.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { countTrackerFactsOf } = await import("../../src/engine/index.ts");

/** The user's next answer: the form's fields typed and OK pressed, or the prompt closed. */
const answer = (next: DialogAnswer): void => {
  dialogs.answers.push(next);
};
const lastPrompt = () => dialogs.prompts.at(-1);

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
    answer({ fields: { kind: "spell", slotLevel: "2", target: "" } });
    const command = await askCountDeclaration(combat, actor);
    // templates/combat/count-declare.hbs, rendered into the prompt on the GM's page.
    expect(lastPrompt()?.names).toEqual(expect.arrayContaining(["kind", "attacks", "slotLevel", "delay", "target"]));
    expect(lastPrompt()).toMatchObject({ user: world.gm.id, title: "TEMPO.TRACKER.Count.Declare.Title" });
    expect(command).toEqual({
      kind: "command",
      command: {
        type: "declare",
        combatantId: actor,
        action: { kind: "spell", slotLevel: 2, targets: [], origin: null },
      },
    });
    if (command?.kind === "command") await combat.tempoCommand(command.command);
    await world.idle();
    expect(pendingOf(combat, actor).map((a) => [a.kind, a.delay])).toEqual([["spell", 2]]);
  });

  it("CNT-12: React offers the pending spell's reactions and gives the engine's react", async () => {
    const combat = await countEncounter();
    const actor = combat.combatant?.id ?? "";
    answer({ fields: { kind: "spell", slotLevel: "3", target: "" } });
    const declared = await askCountDeclaration(combat, actor);
    if (declared?.kind === "command") await combat.tempoCommand(declared.command);
    await world.idle();
    answer({ fields: { reaction: "stopCasting" } });
    const command = await askCountReaction(combat, actor);
    // templates/combat/count-react.hbs offers the pending spell's reactions.
    expect(lastPrompt()?.names).toContain("reaction");
    expect(lastPrompt()?.content).toContain('value="stopCasting"');
    expect(command).toEqual({ type: "react", combatantId: actor, reaction: { kind: "stopCasting" } });
    if (command !== null) await combat.tempoCommand(command);
    await world.idle();
    expect(pendingOf(combat, actor)).toEqual([]);
  });

  it("a cancelled prompt or a form the builders cannot read gives nothing", async () => {
    const combat = await countEncounter();
    const actor = combat.combatant?.id ?? "";
    answer("close");
    expect(await askCountDeclaration(combat, actor)).toBeNull();
    answer({ fields: { kind: "spell", slotLevel: "12" } });
    expect(await askCountDeclaration(combat, actor)).toBeNull();
    expect(pendingOf(combat, actor)).toEqual([]);
    expect(dialogs.answers).toEqual([]);
  });
});
