/**
 * The tracker's DialogV2 prompts (tracker-dialogs.ts, segment-declare-dialog.ts, phase-delay-dialog.ts)
 * as a GM uses them: an answer sends exactly one command, a closed dialog sends nothing.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { HostCommand } from "../../src/engine/index.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installTempoWorld, ownedId, playUntil, type Tempo } from "../support/tempo-encounter.ts";
import { menuEntries } from "../support/runtime/context-menu.ts";

const t = await installTempoWorld(41);
const dialogs = installDialogs();
afterAll(() => {
  dialogs.uninstall();
  t.world.uninstall();
});

const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { trackerContextEntries } = await import("../../src/foundry/applications/tracker-context-menu.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { phaseDelayChoices } = await import("../../src/view/tracker/phase-actions.ts");

type Handler = (this: unknown, event: unknown, target: { dataset: Record<string, string> }) => Promise<void>;

/** Runs one of the tracker's button actions on a row, as core's click handler calls it. */
async function click(combat: Tempo, action: string, dataset: Record<string, string>): Promise<void> {
  const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
    .DEFAULT_OPTIONS.actions;
  const handler = actions[action];
  if (handler === undefined) throw new Error(`no tracker action ${action}`);
  await handler.call({ viewed: combat }, {}, { dataset });
  await t.world.idle();
}

/** Runs a context-menu entry on a row, as core's ContextMenu of the world's generation does (runtime/context-menu.ts). */
async function menu(combat: Tempo, name: string, combatantId: string): Promise<void> {
  const entry = menuEntries(trackerContextEntries(() => combat)).find((e) => e.label === name);
  if (entry === undefined) throw new Error(`no menu entry ${name}`);
  await entry.choose({ dataset: { combatantId } } as unknown as HTMLElement);
  await t.world.idle();
}

/** The commands the combat is given while `fn` runs. */
async function commandsDuring(combat: Tempo, fn: () => Promise<void>): Promise<HostCommand[]> {
  const sent: HostCommand[] = [];
  const original = combat.tempoCommand.bind(combat);
  combat.tempoCommand = async (command: HostCommand) => {
    sent.push(command);
    return original(command);
  };
  try {
    await fn();
  } finally {
    combat.tempoCommand = original;
  }
  return sent;
}

const acting = (combat: Tempo): string | null => t.model(combat).host.current(t.model(combat).state);

describe("the tracker's prompts (DialogV2)", () => {
  it("STD-6, Ready: the answer to the trigger prompt sends one ready command; a closed or empty prompt sends nothing", async () => {
    const combat = await t.encounter("standard");
    const own = ownedId(t, combat);
    expect(await playUntil(t, combat, (c) => acting(c) === own)).toBe(true);
    dialogs.answers.push("close", { fields: { value: "   " } });
    expect(await commandsDuring(combat, () => click(combat, "tempoReady", { combatantId: own }))).toEqual([]);
    expect(await commandsDuring(combat, () => click(combat, "tempoReady", { combatantId: own }))).toEqual([]);
    dialogs.answers.push({ fields: { value: "when the ogre moves" } });
    const sent = await commandsDuring(combat, () => click(combat, "tempoReady", { combatantId: own }));
    expect(sent).toEqual([{ type: "ready", combatantId: own, trigger: "when the ogre moves" }]);
    expect(dialogs.prompts.at(-1)?.names).toEqual(["value"]);
    expect(dialogs.answers).toEqual([]);
  });

  it("the GM's set-initiative prompt sends one setInitiative with the number typed; closed or not a number, nothing", async () => {
    const combat = await t.encounter("standard");
    await combat.startCombat();
    await t.world.idle();
    const id = combat.combatants.contents[1]?.id ?? "";
    dialogs.answers.push("close", { fields: { value: "" } });
    const none = await commandsDuring(combat, async () => {
      await menu(combat, "TEMPO.TRACKER.Menu.SetInitiative", id);
      await menu(combat, "TEMPO.TRACKER.Menu.SetInitiative", id);
    });
    expect(none).toEqual([]);
    dialogs.answers.push({ fields: { value: "14" } });
    const sent = await commandsDuring(combat, () => menu(combat, "TEMPO.TRACKER.Menu.SetInitiative", id));
    expect(sent).toEqual([{ type: "setInitiative", combatantId: id, value: 14 }]);
    expect(combat.combatants.get(id)?.initiative).toBe(14);
  });

  it("SEG-2: the declare form (rendered from its template) sends one declare command with the fields answered; closed or unreadable, nothing", async () => {
    const combat = await t.encounter("segment");
    await combat.startCombat();
    await t.world.idle();
    const id = combat.combatants.contents[0]?.id ?? "";
    dialogs.answers.push("close");
    expect(await commandsDuring(combat, () => click(combat, "segmentDeclare", { combatantId: id }))).toEqual([]);
    const form = dialogs.prompts.at(-1);
    expect(form?.names).toEqual(expect.arrayContaining(["action", "weaponSpeed", "goesFirst"]));
    expect(form?.content).toContain("C0");
    // A declaration the view cannot read (no major action, yet "goes first"): a notice, and nothing sent.
    dialogs.answers.push({ fields: { action: "none", goesFirst: "on" } });
    expect(await commandsDuring(combat, () => click(combat, "segmentDeclare", { combatantId: id }))).toEqual([]);
    expect(t.world.notices.at(-1)?.text).toContain("TEMPO.ERRORS.Segment.InvalidDeclaration");
    dialogs.answers.push({ fields: { action: "melee", weaponSpeed: "4" } });
    const sent = await commandsDuring(combat, () => click(combat, "segmentDeclare", { combatantId: id }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "declare", combatantId: id });
    expect(JSON.stringify(sent[0])).toContain('"weaponSpeed":4');
  });

  it("PHS-9: the delay prompt offers the creatures the engine allows and sends one delay after the one chosen; closed, nothing", async () => {
    const combat = await t.encounter("phase", 5);
    const choicesOf = (c: Tempo) => {
      const input = trackerInputOf(c, t.gm as never);
      const now = acting(c);
      return input === null || now === null ? [] : phaseDelayChoices(input, now);
    };
    expect(await playUntil(t, combat, (c) => choicesOf(c).length > 0, 60)).toBe(true);
    const now = acting(combat) ?? "";
    const after = choicesOf(combat)[0]?.id ?? "";
    dialogs.answers.push("close");
    expect(await commandsDuring(combat, () => click(combat, "phaseDelay", { combatantId: now }))).toEqual([]);
    dialogs.answers.push({ fields: { choice: after } });
    const sent = await commandsDuring(combat, () => click(combat, "phaseDelay", { combatantId: now }));
    expect(sent).toEqual([{ type: "delay", combatantId: now, afterId: after }]);
  });
});
