/**
 * Issue 19: the token HUD as a player plays from it. A player right-clicks the token of the creature it
 * owns (the runtime model's TokenHUD, runtime/token-hud.ts, fires `renderTokenHUD` with the HUD's
 * element); Tempo's section shows what the creature's action budget has left, in words, and its actions
 * as buttons — the sheet's own commands, through the combat's entry point. Dice are scripted totals.
 */
import { afterAll, describe, expect, it } from "vitest";
import { rolledDuel } from "../support/seed-table.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { installApplicationRuntime } from "../support/runtime/application-v2.ts";
import { installTokenHud, tokenHud } from "../support/runtime/token-hud.ts";
import { tokenActionHudCore, type TahGroups } from "../support/token-action-hud-core.ts";
import { installTargets } from "../support/targets.ts";
import { creatureSystem } from "../support/test-creature.ts";
import { ownedItem } from "../support/owned-items.ts";
import {
  ITEM_DEFAULTS,
  SEGMENT_NO_DECLARATION,
  segmentTrackerFacts,
  type SegmentState,
} from "../../src/engine/index.ts";
import { controlsIn } from "../support/tracker-controls.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";
import type { ActorModel } from "../support/runtime/actor.ts";
import type { TokenModel } from "../support/runtime/scene.ts";

const world = installFoundryWorld(193, { language: "en" });
// The DOM the HUD draws in (happy-dom); the HUD renders no Tempo template.
const dom = await installApplicationRuntime(() => "");
afterAll(() => {
  dom.uninstall();
  world.uninstall();
});
const player = world.addUser("player");
const stranger = world.addUser("stranger");
const targeting = installTargets(world);
afterAll(installTokenHud());

await world.loadSystem();
// Tempo's Token Action HUD adapter is its own module, loaded after the system as Foundry loads an active module.
await world.loadModule("tempo-token-action-hud", () => import("../../src/modules/token-action-hud/main.ts"));
world.callHook("init");
// SEG-11's "which creature" dialog, answered by the test (installed after init, as the other dialog tests do).
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());
const { tempoModelOf } = await import("../../src/foundry/combat/tempo-model.ts");
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");
const { actorSheetInputOf } = await import("../../src/foundry/applications/sheets/sheet-documents.ts");
const { buildActorSheetContext } = await import("../../src/view/sheets/actor-sheet-context.ts");

type Handler = (this: { viewed: unknown }, event: object, target: { dataset: Record<string, string> }) => Promise<void>;

const skills = { sneak: 0, cognition: 0, intellect: 0, vigor: 1, dexterity: 3 };

/** A combat of the player's Vex (acting first: 20) and the GM's Raider (5), each with a token on a scene. */
async function combatOf(ruleset: "rotation" | "standard" | "count" | "phase" | "segment") {
  await game.settings.set("tempo", "ruleset", ruleset);
  const vex = await world.addActor("Vex", [player.id], "character", creatureSystem(60, { side: "pc", skills }));
  const raider = await world.addActor("Raider", [], "npc", creatureSystem(60, { side: "enemy", skills }));
  const scene = await addScene(world);
  const token = await placeToken(world, scene, vex, { x: 100, y: 100, actorLink: true });
  const raiderToken = await placeToken(world, scene, raider, { x: 200, y: 100, actorLink: true });
  const { combat } = await rolledDuel(world, vex, raider, [20, 5]);
  return { combat, vex, raider, token, raiderToken };
}

/** Right-clicks `token` as `user`: the HUD's Tempo section, or null when there is none. */
async function hudAs(user: typeof player, token: TokenModel): Promise<HTMLElement | null> {
  return world.as(user, async () => {
    const hud = tokenHud();
    if (!(await hud.bind(token))) return null;
    return hud.element?.querySelector<HTMLElement>(".col.right .tempo-token-hud") ?? null;
  });
}

const budgetText = (section: HTMLElement | null): string[] =>
  [...(section?.querySelectorAll("li.tempo-pip") ?? [])].map((li) => li.textContent?.trim() ?? "");

function button(section: HTMLElement | null, label: string): HTMLButtonElement {
  const found = [...(section?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find(
    (b) => b.textContent?.trim() === label,
  );
  if (found === undefined) throw new Error(`no HUD button ${label}`);
  return found;
}

/** Presses a HUD button as `user` (a click; Enter or Space on a focused button sends the same), then waits. */
async function press(user: typeof player, target: HTMLButtonElement): Promise<void> {
  await world.as(user, async () => {
    target.focus();
    target.click();
  });
  await world.idle();
}

describe("the token HUD", () => {
  it("ROT-9, ACT-ROT: Trip from the token HUD as the owner: the budget left in words, the contest won, the Swift action spent; redrawn when the turn ends", async () => {
    const { combat, raider, token, raiderToken } = await combatOf("rotation");
    let section = await hudAs(player, token);
    expect(section?.getAttribute("aria-label")).toBe("Tempo: Rotations with AP");
    expect(budgetText(section)).toEqual(
      expect.arrayContaining(["Full action: 2 left", "Swift action: 5 left", "Reaction: left"]),
    );
    for (const label of [
      "Move (Full)",
      "5 ft step (Swift)",
      "Disengage (Full)",
      "Grapple (Full)",
      "Trip (Swift)",
      "Break free (Full)",
      "Stand up (Full)",
    ])
      expect(button(section, label).type).toBe("button");
    targeting.target(player, [raider as ActorModel]);
    // 15 + Dexterity 3 against 3 + 3: Vex wins and the Raider falls.
    world.scriptedTotals.push(15, 3);
    await press(player, button(section, "Trip (Swift)"));
    // The player does not own the Raider: the contest is won and the GM is to set the status.
    expect(world.notices.at(-1)?.text).toContain("Raider is now Knocked down");
    section = await hudAs(player, token);
    expect(budgetText(section)).toEqual(expect.arrayContaining(["Full action: 2 left", "Swift action: 4 left"]));
    // The GM ends Vex's turn while the player's HUD is open: it is drawn again with what is left now.
    await combat.tempoCommand({ type: "endTurn" });
    await world.idle();
    const open = await world.as(player, () =>
      Promise.resolve(tokenHud().element?.querySelector<HTMLElement>(".tempo-token-hud") ?? null),
    );
    expect(budgetText(open)).toEqual(expect.arrayContaining(["Full action: spent", "Reaction: left"]));
    // Only owners see it: the GM on every token, another player on none.
    expect(await hudAs(stranger, token)).toBeNull();
    expect(await hudAs(world.gm as typeof player, raiderToken)).not.toBeNull();
  });

  it("STD-6: the token HUD shows Action, Quick Action, Interaction and Reaction left; Delay from the HUD hands the turn on and leaves Act now", async () => {
    const { combat, token } = await combatOf("standard");
    const section = await hudAs(player, token);
    expect(section?.getAttribute("aria-label")).toBe("Tempo: Standard turn order");
    expect(budgetText(section)).toEqual(["Action: left", "Quick Action: left", "Interaction: left", "Reaction: left"]);
    const vexId = combat.combatants.contents.find((c) => c.name === "Vex")?.id;
    expect(combat.combatant?.id).toBe(vexId);
    await press(player, button(section, "Delay"));
    expect(combat.combatant?.id).not.toBe(vexId);
    const after = await hudAs(player, token);
    expect(button(after, "Act now").disabled).toBe(false);
  });

  it("STD-6: Quick Action and Interaction are offered on the sheet's Combat tab, the tracker row and the token HUD; each press spends its kind in one Combat write, a spent one is refused with its reason and nothing written, and undo gives it back", async () => {
    const { combat, vex, token } = await combatOf("standard");
    const vexId = combat.combatants.contents.find((c) => c.name === "Vex")?.id ?? "";
    const uses = ["Use Quick Action", "Use Interaction"];
    // The sheet's Combat tab and the tracker row, as the player sees them (the labels localized).
    const sheetLabels = await world.as(player, () => {
      const input = actorSheetInputOf(vex as unknown as Actor.Implementation, "play", true);
      return Promise.resolve(
        input === null ? [] : buildActorSheetContext(input).combat.actions.map((a) => game.i18n.localize(a.label.key)),
      );
    });
    expect(sheetLabels).toEqual(expect.arrayContaining(uses));
    // The tracker row's control that spends `kind` (its `data-command`): drawn, and whether disabled.
    const rowControl = (kind: string) =>
      world.as(player, () => {
        const input = trackerInputOf(combat, game.user);
        const drawn = controlsIn(input === null ? null : buildTrackerContext(input)).find(
          (c) => c.combatantId === vexId && c.command === JSON.stringify({ type: "use", combatantId: vexId, kind }),
        );
        return Promise.resolve(drawn === undefined ? "absent" : String(drawn.disabled));
      });
    expect([await rowControl("quickAction"), await rowControl("interaction")]).toEqual(["false", "false"]);
    let section = await hudAs(player, token);
    for (const label of uses) expect(button(section, label).disabled).toBe(false);

    // The HUD's Quick Action: one Combat write, by the GM; the budget says it is spent.
    const combatWrites = (from: number) => world.writes.slice(from).filter((w) => w.document === "Combat").length;
    let from = world.writes.length;
    await press(player, button(section, "Use Quick Action"));
    expect(combatWrites(from)).toBe(1);
    section = await hudAs(player, token);
    expect(budgetText(section)).toEqual(["Action: left", "Quick Action: spent", "Interaction: left", "Reaction: left"]);
    // Drawn refused, its reason as its tooltip (a screen reader hears aria-disabled and the title).
    const spent = button(section, "Use Quick Action");
    expect([spent.disabled, spent.getAttribute("aria-disabled")]).toEqual([true, "true"]);
    expect(spent.title).toBe("This creature has used its Quick Action this turn; it comes back on its next turn.");
    expect(await rowControl("quickAction")).toBe("true");

    // Pressed again from the tracker row (a stale row, or a keyboard user): refused with the reason, nothing written.
    const trackerPress = (kind: string) =>
      world.as(player, async () => {
        const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
          .DEFAULT_OPTIONS.actions;
        const command = JSON.stringify({ type: "use", combatantId: vexId, kind });
        await actions.tempoCommand?.call({ viewed: combat }, {}, { dataset: { command, combatantId: vexId } });
      });
    from = world.writes.length;
    const notices = world.notices.length;
    await trackerPress("quickAction");
    await world.idle();
    expect(world.writes.length).toBe(from);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([expect.stringMatching(/Quick Action/)]);

    // The tracker row's Interaction spends it; the GM's undo gives it back, and the Quick Action stays spent.
    from = world.writes.length;
    await trackerPress("interaction");
    await world.idle();
    expect(combatWrites(from)).toBe(1);
    expect(budgetText(await hudAs(player, token))).toEqual([
      "Action: left",
      "Quick Action: spent",
      "Interaction: spent",
      "Reaction: left",
    ]);
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(budgetText(await hudAs(player, token))).toEqual([
      "Action: left",
      "Quick Action: spent",
      "Interaction: left",
      "Reaction: left",
    ]);
    expect(await rowControl("interaction")).toBe("false");
  });
});

/**
 * Token Action HUD Core's HUD for the creature's token (its stand-in, support/token-action-hud-core.ts, on
 * each user's client: the module's `ready` fires its API hook, Tempo's adapter module answers, and lists
 * through `CONFIG.TEMPO.actions`).
 */
const tahOf = new Map<string, ReturnType<typeof tokenActionHudCore>>();
async function tahAs(user: typeof player) {
  const known = tahOf.get(user.id);
  if (known !== undefined) return known;
  const tah = tokenActionHudCore();
  expect(await world.as(user, () => tah.ready())).toBe(true);
  tahOf.set(user.id, tah);
  return tah;
}

/** The HUD `user` gets for `actor`'s token: each group's entries as "name" or "name: info", "(refused)" when greyed. */
async function tahList(user: typeof player, actor: ActorModel, token: TokenModel): Promise<Record<string, string[]>> {
  const tah = await tahAs(user);
  const groups: TahGroups = await world.as(user, () => tah.build(actor, token));
  const out: Record<string, string[]> = {};
  for (const [id, entries] of groups) {
    if (entries.length === 0) continue;
    out[id] = entries.map((e) => {
      const info = (e.info1 as { text?: string } | undefined)?.text;
      const refused = String(e.cssClass).includes("disabled") ? " (refused)" : "";
      return `${String(e.name)}${info === undefined ? "" : `: ${info}`}${refused}`;
    });
  }
  return out;
}

/** The entry named `name` in the HUD `user` gets for `actor`'s token. */
async function tahEntry(user: typeof player, actor: ActorModel, token: TokenModel, name: string) {
  const tah = await tahAs(user);
  const groups = await world.as(user, () => tah.build(actor, token));
  const entry = [...groups.values()].flat().find((e) => e.name === name);
  if (entry === undefined) throw new Error(`no Token Action HUD entry ${name}`);
  return { tah, entry };
}

/** A click on the entry named `name` of `user`'s HUD, then the world settles. */
async function tahClick(user: typeof player, actor: ActorModel, token: TokenModel, name: string): Promise<void> {
  const { tah, entry } = await tahEntry(user, actor, token, name);
  await world.as(user, () => tah.click(String(entry.id)));
  await world.idle();
}

describe("Token Action HUD (Tempo's adapter module, Token Action HUD Core's stand-in)", () => {
  it("STD-6: the owner's HUD lists what is left, the sheet's buttons and Attack with its weapon; another player's nothing; End my turn from it passes the turn", async () => {
    const { combat, vex, token } = await combatOf("standard");
    await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    expect(await tahList(player, vex, token)).toEqual({
      "tempo-budget": ["Action: left", "Quick Action: left", "Interaction: left", "Reaction: left"],
      "tempo-combat": ["End my turn", "Use Quick Action", "Use Interaction", "Delay", "Ready an action"],
      "tempo-items": ["Attack with Blade"],
    });
    // The weapon's entry gives the sheet row's values as its tooltip.
    expect((await tahEntry(player, vex, token, "Attack with Blade")).entry.tooltip).toMatch(/^Damage: 1d8/);
    expect(await tahList(stranger, vex, token)).toEqual({});
    const vexId = combat.combatants.contents.find((c) => c.name === "Vex")?.id;
    expect(combat.combatant?.id).toBe(vexId);
    await tahClick(player, vex, token, "End my turn");
    expect(combat.combatant?.name).toBe("Raider");
    expect((await tahList(player, vex, token))["tempo-combat"] ?? []).not.toContain("End my turn");
  });

  it("ACT-ROT, AP-1: the HUD shows the creature's AP; Move (Full) from the HUD spends a Full action; with none left it is refused with the engine's reason and a click changes nothing", async () => {
    const { vex, token } = await combatOf("rotation");
    const before = await tahList(player, vex, token);
    expect(before["tempo-budget"]).toEqual(
      expect.arrayContaining(["Full action: 2 left", "Swift action: 5 left", expect.stringMatching(/^AP: \d+$/)]),
    );
    expect(before["tempo-combat"]).toEqual(
      expect.arrayContaining(["End my turn", "Move (Full)", "Trip (Swift)", "Disengage (Full)"]),
    );
    await tahClick(player, vex, token, "Move (Full)");
    expect((await tahList(player, vex, token))["tempo-budget"]).toContain("Full action: left");
    await tahClick(player, vex, token, "Move (Full)");
    const spent = await tahList(player, vex, token);
    expect(spent["tempo-budget"]).toContain("Full action: spent");
    expect(spent["tempo-combat"]).toContain("Move (Full) (refused)");
    const writes = world.notices.length;
    await tahClick(player, vex, token, "Move (Full)");
    expect(world.notices.slice(writes)).toEqual([{ user: "player", text: "No Full action is left this turn." }]);
    expect(await tahList(player, vex, token)).toEqual(spent);
  });

  it("CNT-6, CNT-7, SEG-2: count's HUD offers Declare and React and an attack with its weapon's delay, segment's Declare, Delay and Immediate spell, as the sheet does", async () => {
    const count = await combatOf("count");
    expect((await tahList(player, count.vex, count.token))["tempo-combat"]).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Declare/), expect.stringMatching(/^React/)]),
    );
    // CNT-7: an attack's entry gives its weapon's delay (what the declaration waits) with its damage.
    await ownedItem(world, count.vex, "Maul", "weapon", {
      ...ITEM_DEFAULTS.weapon,
      damage: "2d6",
      properties: { ...ITEM_DEFAULTS.weapon.properties, heavy: true },
    });
    const maul = (await tahEntry(player, count.vex, count.token, "Attack with Maul")).entry;
    expect(String(maul.tooltip)).toMatch(/Damage: 2d6 · Properties: Heavy · Delay: 2$/);
    const segment = await combatOf("segment");
    expect((await tahList(player, segment.vex, segment.token))["tempo-combat"]).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Declare/), expect.stringMatching(/^Delay/), "Immediate spell"]),
    );
  });

  it("PHS-7, PHS-8, PHS-11: phase's HUD offers Seize the initiative before the battle, and on the creature's battle turn Defend, Disengage, Delay until after… and its Attack; Defend from it takes the battle action, so Attack is then refused with the reason", async () => {
    const { combat, vex, token } = await combatOf("phase");
    await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d8" });
    world.scriptedTotals.length = 0;
    world.scriptedTotals.push(11, 3); // 2d6: Vex 11, the Raider 3
    await combat.rollAll();
    await world.idle();
    const before = await tahList(player, vex, token);
    expect(before["tempo-combat"]).toContain("Seize the initiative");
    expect(before["tempo-items"]).toEqual(["Attack with Blade (refused)"]);
    const battleTurn = async () =>
      (await tahList(player, vex, token))["tempo-budget"]?.includes("Battle action: 1 left");
    for (let i = 0; i < 12 && !(await battleTurn()); i++) {
      await combat.nextTurn();
      await world.idle();
    }
    const turn = await tahList(player, vex, token);
    expect(turn["tempo-combat"]).toEqual(
      expect.arrayContaining(["End my turn", "Defend", "Disengage", "Delay until after…"]),
    );
    expect(turn["tempo-items"]).toEqual(["Attack with Blade"]);
    await tahClick(player, vex, token, "Defend");
    const after = await tahList(player, vex, token);
    expect(after["tempo-items"]).toEqual(["Attack with Blade (refused)"]);
    const { entry } = await tahEntry(player, vex, token, "Attack with Blade");
    // The refusal first, then the weapon row's values.
    expect(String(entry.tooltip)).toMatch(/^[^·]+ · Damage: 1d8/);
  });

  it("SEG-11: on the caster's D1 turn the token HUD and Token Action HUD offer Name target… (not before); from Token Action HUD it asks which creature and names it, one Combat write", async () => {
    const { combat, vex, token } = await combatOf("segment");
    const idOf = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
    const spell = { ...SEGMENT_NO_DECLARATION, action: "spell" as const, castingTime: 3 };
    await combat.tempoCommand({ type: "declare", combatantId: idOf("Vex"), declaration: spell });
    const melee = { ...SEGMENT_NO_DECLARATION, action: "melee" as const, weaponSpeed: 5 };
    await combat.tempoCommand({ type: "declare", combatantId: idOf("Raider"), declaration: melee });
    await world.idle();
    const NAME = "Name the spell's target…";
    expect((await tahList(player, vex, token))["tempo-combat"]).not.toContain(NAME);
    // The GM plays on to the caster's D1 turn; the sides' d6 (5 and 2) roll by themselves (SEG-2).
    world.scriptedTotals.length = 0;
    world.scriptedTotals.push(5, 2);
    for (let i = 0; i < 40 && combat.combatant?.id !== idOf("Vex"); i++) {
      await combat.nextTurn();
      await world.idle();
    }
    expect(combat.combatant?.id).toBe(idOf("Vex"));
    expect(button(await hudAs(player, token), NAME).disabled).toBe(false);
    expect((await tahList(player, vex, token))["tempo-combat"]).toContain(NAME);
    const targetOf = () => {
      const model = tempoModelOf(combat);
      const facts = segmentTrackerFacts(model?.state as SegmentState, { gm: true, combatantIds: [] });
      return facts.creatures.find((c) => c.id === idOf("Vex"))?.declaration?.targetId;
    };
    expect(targetOf()).toBeNull();
    dialogs.answers.push({ fields: { choice: idOf("Raider") } });
    const writes = world.writes.length;
    await tahClick(player, vex, token, NAME);
    expect(dialogs.answers).toEqual([]);
    expect(targetOf()).toBe(idOf("Raider"));
    expect(world.writes.slice(writes).filter((w) => w.document === "Combat")).toHaveLength(1);
  });
});
