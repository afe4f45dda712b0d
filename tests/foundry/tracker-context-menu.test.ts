/**
 * The tracker's combatant context menu (tracker-context-menu.ts, group-menu.ts) as the GM and the players
 * use it: "Move to group…" (GM only) and Delay on the acting creature in the standard ruleset. The menu is
 * read as core's ContextMenu of the world's generation reads it (runtime/context-menu.ts: v13's
 * `condition`/`callback`, v14's `visible`/`onClick`): whether it shows an entry on a row, and the one
 * command its click gives.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { HostCommand } from "../../src/engine/index.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { menuEntries, type OpenedEntry } from "../support/runtime/context-menu.ts";
import { embedded, installTempoWorld, ownedId, playUntil, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(43);
const dialogs = installDialogs();
afterAll(() => {
  dialogs.uninstall();
  t.world.uninstall();
});

const { trackerContextEntries } = await import("../../src/foundry/applications/tracker-context-menu.ts");
const { NO_GROUP } = await import("../../src/foundry/applications/group-menu.ts");

const row = (combatantId: string): HTMLElement => ({ dataset: { combatantId } }) as unknown as HTMLElement;

function entry(combat: Tempo, name: string): OpenedEntry {
  const found = menuEntries(trackerContextEntries(() => combat)).find((e) => e.label === name);
  if (found === undefined) throw new Error(`no menu entry ${name}`);
  return found;
}

/** Whether the menu shows the entry on a creature's row, for the current user. */
function shown(combat: Tempo, name: string, combatantId: string): boolean {
  return entry(combat, name).shown(row(combatantId));
}

/** Runs the entry on a row and returns the commands it gave. */
async function choose(combat: Tempo, name: string, combatantId: string): Promise<HostCommand[]> {
  const sent: HostCommand[] = [];
  const original = combat.tempoCommand.bind(combat);
  combat.tempoCommand = async (command: HostCommand) => {
    sent.push(command);
    return original(command);
  };
  try {
    await entry(combat, name).choose(row(combatantId));
    await t.world.idle();
  } finally {
    combat.tempoCommand = original;
  }
  return sent;
}

const groupOf = (combat: Tempo, id: string): string | null => combat.combatants.get(id)?._source.group ?? null;
const MOVE = "TEMPO.TRACKER.Menu.MoveToGroup";

describe("the tracker's context menu: Move to group", () => {
  it("ROT-5: the GM chooses among the combat's groups and No group; the move is made, a fourth member is refused with its reason and nothing changes", async () => {
    await game.settings.set("tempo", "enemyGroups", true);
    const combat = await t.encounter("rotation", 5, (i) => ({ side: i === 0 ? "pc" : "enemy" }));
    const [made] = await embedded(combat).createEmbeddedDocuments("CombatantGroup", [
      { name: "Wolves", type: "initiative" },
    ]);
    await t.world.idle();
    const group = made?.id ?? "";
    const ids = combat.combatants.contents.map((c) => c.id ?? "");
    const enemies = ids.slice(1);
    expect(shown(combat, MOVE, enemies[0] ?? "")).toBe(true);
    for (const id of enemies.slice(0, 3)) {
      dialogs.answers.push({ fields: { group } });
      expect(await choose(combat, MOVE, id)).toEqual([{ type: "setGroup", combatantId: id, groupId: group }]);
      expect(groupOf(combat, id)).toBe(group);
    }
    // ROT-5: a group holds at most three: the fourth is refused, the reason shown, nothing moved.
    const fourth = enemies[3] ?? "";
    const notices = t.world.notices.length;
    dialogs.answers.push({ fields: { group } });
    expect(await choose(combat, MOVE, fourth)).toEqual([{ type: "setGroup", combatantId: fourth, groupId: group }]);
    expect(groupOf(combat, fourth)).toBeNull();
    expect(t.world.notices.slice(notices).map((n) => n.text.split(" ")[0])).toEqual([
      "TEMPO.ERRORS.Rotation.GroupTooLarge",
    ]);
    // "No group" takes a creature out; a closed prompt gives nothing.
    dialogs.answers.push({ fields: { group: NO_GROUP } }, "close");
    const first = enemies[0] ?? "";
    expect(await choose(combat, MOVE, first)).toEqual([{ type: "setGroup", combatantId: first, groupId: null }]);
    expect(groupOf(combat, first)).toBeNull();
    // The prompt lists the groups, then "No group", with the creature's own group chosen.
    const prompt = dialogs.prompts.at(-1)?.content ?? "";
    expect(prompt).toMatch(
      new RegExp(
        `<option value="${group}" selected>Wolves</option><option value="-">TEMPO.TRACKER.Menu.NoGroup</option>`,
      ),
    );
    expect(await choose(combat, MOVE, first)).toEqual([]);
    expect(dialogs.answers).toEqual([]);
    await game.settings.set("tempo", "enemyGroups", false);
  });

  it("is the GM's only: a player's menu does not offer it, not even on the player's own creature", async () => {
    const combat = await t.encounter("rotation");
    const own = ownedId(t, combat);
    expect(shown(combat, MOVE, own)).toBe(true);
    expect(await t.world.as(t.owner, () => Promise.resolve(shown(combat, MOVE, own)))).toBe(false);
  });
});

describe("the tracker's context menu: Delay in the standard ruleset", () => {
  const DELAY = "TEMPO.TRACKER.Menu.Delay";
  const acting = (combat: Tempo): string | null => t.model(combat).host.current(t.model(combat).state);

  it("is offered on the acting creature's row to its owner and the GM, on no other row and to no other player; it gives delay", async () => {
    const combat = await t.encounter("standard");
    const own = ownedId(t, combat);
    expect(await playUntil(t, combat, (c) => acting(c) === own)).toBe(true);
    const others = combat.combatants.contents.map((c) => c.id ?? "").filter((id) => id !== own);
    expect(shown(combat, DELAY, own)).toBe(true);
    expect(others.some((id) => shown(combat, DELAY, id))).toBe(false);
    expect(await t.world.as(t.other, () => Promise.resolve(shown(combat, DELAY, own)))).toBe(false);
    expect(await t.world.as(t.owner, () => Promise.resolve(shown(combat, DELAY, own)))).toBe(true);
    const sent = await t.world.as(t.owner, () => choose(combat, DELAY, own));
    expect(sent).toEqual([{ type: "delay", combatantId: own }]);
    expect(acting(combat)).not.toBe(own);
  });
});
