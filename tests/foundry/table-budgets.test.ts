/**
 * The action budgets at the table (issue 19): property tests that no sequence of uses through the Foundry
 * layer spends more than the ruleset allows (STD-6, PHS-7; SEG-9, CNT-7 and ACT-ROT have theirs in
 * table-segment, table-count and table-rotation-actions), that undo gives back exactly what a step spent,
 * and PHS-7's Activate Item from a gear item's row on the sheet and from the tracker row. Uses go through
 * the sheet's handlers (`useSheetItem`, `sendSheetCommand`) and the tracker's command action, as a click
 * does; dice are scripted totals.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ITEM_DEFAULTS } from "../../src/engine/index.ts";
import { controlsIn } from "../support/tracker-controls.ts";
import { installTableWorld, rolledDuel } from "../support/seed-table.ts";
import { type WorldUser } from "../support/foundry-world.ts";
import { ownedItem } from "../support/owned-items.ts";

const { world, player, chat, targeting, dialogs } = await installTableWorld(152, "p1");
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { sendSheetCommand } = await import("../../src/foundry/applications/sheets/sheet-commands.ts");
const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");
const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { standardUseCommand } = await import("../../src/view/sheets/turn-uses.ts");
const { refusal } = await import("../../src/view/tracker/tracker-controls.ts");
const { actorSheetInputOf } = await import("../../src/foundry/applications/sheets/sheet-documents.ts");
const { buildActorSheetContext } = await import("../../src/view/sheets/actor-sheet-context.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");
const { buildTokenHud } = await import("../../src/view/hud/token-hud.ts");
type Combat = import("../../src/foundry/documents/combat.ts").TempoCombat;
type Handler = (this: { viewed: unknown }, event: object, target: { dataset: Record<string, string> }) => Promise<void>;

const NO_DR = { physical: 0, elemental: 0, arcane: 0 };

async function creature(
  name: string,
  type: "character" | "npc",
  system: Record<string, unknown>,
  owners: string[] = [],
) {
  return world.addActor(name, owners, type, {
    weaponSkills: [],
    hp: { value: 60, max: 60 },
    dr: NO_DR,
    overshield: { value: 0, max: 0, dr: NO_DR, effect: "", condition: "" },
    ...system,
  });
}

/**
 * The phase row's Activate Item (PHS-7) pressed by `user` for `combatantId`, as the button does (its
 * `data-action` and `data-combatant-id`); it asks which item when the action may be taken.
 */
async function trackerPress(user: WorldUser, combat: Combat, combatantId: string): Promise<void> {
  const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
    .DEFAULT_OPTIONS.actions;
  await world.as(user, async () => {
    await actions.phaseActivate?.call({ viewed: combat }, {}, { dataset: { combatantId } });
  });
  await world.idle();
}

function never(): never {
  throw new Error("no tracker input");
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

/**
 * A combat of Vex (the user's creature, owned by `owners`, a Blade in hand and a Healing Potion in its
 * pack, the Ogre targeted) and the Ogre, started and rolled from the tracker with `totals` as initiative.
 */
async function budgetCombat(
  ruleset: "standard" | "phase",
  totals: readonly number[],
  owners: string[] = [],
  potionCharges = 40,
) {
  await game.settings.set("tempo", "ruleset", ruleset);
  const vex = await creature("Vex", "character", { side: "pc", atk: 2 }, owners);
  const ogre = await creature("Ogre", "npc", { side: "enemy", defenses: { def: 9 } });
  const { combat, pcId: id, enemyId: ogreId } = await rolledDuel(world, vex, ogre, totals);
  const item = await ownedItem(world, vex, "Blade", "weapon", { ...ITEM_DEFAULTS.weapon, damage: "1d6" });
  const potion = await ownedItem(world, vex, "Healing Potion", "gear", {
    quantity: 1,
    weight: 0.5,
    uses: { value: potionCharges, max: potionCharges },
  });
  targeting.target(world.gm, [ogre]);
  const acting = () => {
    const input = trackerInputOf(combat, game.user);
    return input !== null && input.host.current(input.state) === id;
  };
  const attack = () => useSheetItem(vex as unknown as Actor.Implementation, item.id ?? "");
  const undoRedo = async (before: () => void, after: () => void) => {
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    before();
    await combat.tempoCommand({ type: "redo" });
    await world.idle();
    after();
  };
  // PHS-7: Activate on the potion's row of the sheet (the sheet's item button).
  const activate = () => useSheetItem(vex as unknown as Actor.Implementation, potion.id ?? "");
  // PHS-7: the potion's charges left (item-activation.ts uses one per activation).
  const charges = () => (vex.items.get(potion.id ?? "")?.system as { uses: { value: number } }).uses.value;
  return { combat, id, ogreId, vex, acting, attack, activate, undoRedo, charges };
}

/** The GM presses Next until Vex's battle turn (a few presses at most). */
async function toBattleTurn(combat: Combat, acting: () => boolean): Promise<void> {
  const phase = () => (trackerInputOf(combat, game.user)?.state as { phase?: string } | undefined)?.phase;
  for (let i = 0; i < 6 && !(phase() === "battle" && acting()); i++) {
    await combat.tempoCommand({ type: "next" });
    await world.idle();
  }
}

/** A seeded pick among `n` (the high bits of a linear congruential generator). */
function picker(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return (x >>> 16) % n;
  };
}

/**
 * PHS-7, PHS-9: one seeded sequence of Vex's uses in a phase combat, each checked against what the rules
 * allow (one battle action a battle turn, none outside it; Delay hands the turn on and keeps the action),
 * every refusal changing nothing, every other step undone and redone; `tally` counts what happened.
 */
async function phaseSequence(seed: number, tally: { spent: number; refused: number; afterDelay: number }) {
  const { combat, id, ogreId, acting, attack, activate, undoRedo, charges } = await budgetCombat("phase", [12, 5]);
  const phase = () => (trackerInputOf(combat, game.user)?.state as { phase?: string } | undefined)?.phase;
  // What the tracker offers Vex: a battle action left when its Defend is drawn enabled.
  const left = () => {
    const input = trackerInputOf(combat, game.user);
    return input !== null && refusal(input, { type: "defend", combatantId: id }) === null ? 1 : 0;
  };
  const activateItem = { type: "battleAction", combatantId: id, action: "activateItem" };
  const steps = ["attack", "activate", "activateRow", "defend", "disengage", "delay", "next", "next"] as const;
  const pick = picker(seed);
  // Vex acts first in every battle phase; once it has delayed after the Ogre this round, nobody is left to wait for.
  let acted = false;
  let delayed = false;
  for (let k = 0; k < 40; k++) {
    const step = steps[pick(steps.length)] ?? "next";
    if (step === "next") {
      // The GM presses Next (or Roll all) until Vex's next battle turn; uses in between are tried too.
      const round = combat.round;
      for (let i = 0; i < 12 && (i === 0 || !(phase() === "battle" && acting())); i++) {
        const m = trackerInputOf(combat, game.user);
        // Each round's initiative: Vex 12, the Ogre 5 (Vex acts first in battle, moves last).
        if (m !== null && m.host.pending(m.state).length > 0) {
          world.scriptedTotals.push(12, 5);
          await combat.rollAll();
        } else await combat.tempoCommand({ type: "next" });
        await world.idle();
        if (i === 2) await expect(attack()).resolves.toBe(false);
      }
      acted = false;
      if (combat.round !== round) delayed = false;
      continue;
    }
    const allowed = phase() === "battle" && acting() && !acted && !(step === "delay" && delayed);
    expect(left()).toBe(phase() === "battle" && acting() && !acted ? 1 : 0);
    // The row draws Activate Item, enabled, exactly when Vex may take its action.
    const drawn = controlsIn(buildTrackerContext(trackerInputOf(combat, game.user) ?? never())).find(
      (c) => c.command === JSON.stringify(activateItem),
    );
    expect(drawn === undefined ? "absent" : drawn.disabled).toBe(left() === 1 ? false : acting() ? true : "absent");
    const cards = chat.messages.length;
    const notices = world.notices.length;
    const had = charges();
    // The attack dialog, or the row's choice of item (the potion: Vex's one item that can be activated).
    if ((step === "attack" || step === "activateRow") && allowed) dialogs.answers.push({ fields: {} });
    let done: boolean;
    if (step === "attack") done = await attack();
    else if (step === "activate") done = await activate();
    else if (step === "activateRow") {
      await trackerPress(world.gm, combat, id);
      done = world.notices.length === notices;
    } else if (step === "delay")
      done = (await combat.tempoCommand({ type: "delay", combatantId: id, afterId: ogreId })).ok;
    else done = (await combat.tempoCommand({ type: step, combatantId: id })).ok;
    await world.idle();
    expect(done).toBe(allowed);
    if (!allowed) {
      expect(chat.messages.length).toBe(cards);
      expect(charges()).toBe(had);
      expect(world.notices.at(-1)?.text ?? "").toMatch(
        /TEMPO\.ERRORS\.Phase\.(NotBattlePhase|NotYourTurn|ActionTaken|InvalidDelayTarget)/,
      );
      tally.refused++;
      continue;
    }
    tally.spent++;
    if (delayed) tally.afterDelay++;
    // PHS-9: Delay hands the turn on; the delayed creature keeps its action for its later turn.
    if (step === "delay") delayed = true;
    else acted = true;
    if (step !== "defend" && step !== "disengage" && step !== "delay")
      expect(chat.messages.length).toBeGreaterThan(cards);
    expect(left()).toBe(0);
    // The potion's Activate (sheet or row) uses one charge; undo gives it back, redo takes it again.
    const spentCharges = step === "activate" || step === "activateRow" ? had - 1 : had;
    expect(charges()).toBe(spentCharges);
    if (k % 2 === 0)
      await undoRedo(
        () => expect([left(), charges()]).toEqual([1, had]),
        () => expect([left(), charges()]).toEqual([0, spentCharges]),
      );
  }
  world.scriptedTotals.length = 0;
  await combat.delete();
}

describe("the action budgets at the table (property tests)", () => {
  it("STD-6: no sequence of uses (sheet Attack, Quick Action, Interaction, End turn) spends more than a turn allows, and undo gives back exactly what a step spent", async () => {
    const { combat, id, acting, attack, undoRedo } = await budgetCombat("standard", [20, 5]);
    const left = (): Record<string, number | null> => {
      const row = trackerInputOf(combat, game.user)?.combatants.find((c) => c.id === id);
      return Object.fromEntries((row?.economy ?? []).map((a) => [a.kind, a.left]));
    };
    const steps = ["attack", "quickAction", "interaction", "endTurn"] as const;
    const tally = { spent: 0, refused: 0 };
    const pick = picker(19);
    for (let k = 0; k < 30; k++) {
      const before = left();
      const step = steps[pick(steps.length)] ?? "attack";
      if (step === "endTurn") {
        await combat.tempoCommand({ type: "next" });
        await world.idle();
        continue;
      }
      // What the rules allow: one of each on Vex's own turn (the Action pays for an attack).
      const kind = step === "attack" ? "action" : step;
      const allowed = acting() && before[kind] === 1;
      const cards = chat.messages.length;
      if (step === "attack" && allowed) {
        world.scriptedTotals.push(1);
        dialogs.answers.push({ fields: {} });
      }
      const done = step === "attack" ? await attack() : await sendSheetCommand(combat, standardUseCommand(id, step));
      await world.idle();
      expect(done).toBe(allowed);
      const after = left();
      if (!allowed) {
        // Refused before anything is rolled or written, with the reason shown.
        expect(after).toEqual(before);
        expect(chat.messages.length).toBe(cards);
        expect(world.notices.at(-1)?.text ?? "").toMatch(/TEMPO\.ERRORS\.Standard\.(No|NotTheirTurn)/);
        tally.refused++;
        continue;
      }
      tally.spent++;
      expect(after).toEqual({ ...before, [kind]: 0 });
      if (k % 3 === 0)
        await undoRedo(
          () => expect(left()).toEqual(before),
          () => expect(left()).toEqual(after),
        );
    }
    expect(world.scriptedTotals).toEqual([]);
    expect(tally.spent).toBeGreaterThan(4);
    expect(tally.refused).toBeGreaterThan(4);
    await combat.delete();
  });

  it.each([29, 31])(
    "PHS-7, PHS-9: no sequence of uses (sheet Attack, the potion's Activate, the tracker row's Activate Item, Defend, Disengage and Delay, Next; seed %i) takes more than one battle action a battle turn, none outside it; a delayed creature keeps its action; undo gives back exactly what a step took",
    async (seed) => {
      const tally = { spent: 0, refused: 0, afterDelay: 0 };
      await phaseSequence(seed, tally);
      expect(tally.spent).toBeGreaterThan(4);
      expect(tally.refused).toBeGreaterThan(4);
      expect(tally.afterDelay).toBeGreaterThan(0);
    },
    // 40 seeded steps, each a click and often an undo and a redo: about 2 s alone, more on a busy machine.
    20_000,
  );

  it("PHS-7: the sheet's Combat tab, the tracker row and the token HUD say the battle action is left, used (Attack) after the sheet's Attack, and left again after the tracker's undo", async () => {
    const { combat, vex, acting, attack } = await budgetCombat("phase", [12, 5]);
    await toBattleTurn(combat, acting);
    // The battle action's state as each view says it (message keys: the test world does not localize).
    const said = () => {
      const sheet = actorSheetInputOf(vex as unknown as Actor.Implementation, "play", true);
      const input = trackerInputOf(combat, game.user);
      const stateOf = (pips: readonly { kind: string; stateLabel: { key: string } }[] | undefined) =>
        pips?.find((p) => p.kind === "battleAction")?.stateLabel.key;
      const row = input === null ? "" : JSON.stringify(buildTrackerContext(input));
      return {
        sheet: sheet === null ? undefined : stateOf(buildActorSheetContext(sheet).combat.economy),
        hud: sheet?.combat == null ? undefined : stateOf(buildTokenHud(sheet.combat)?.economy),
        row: /TEMPO\.LEFT\.Phase\.(UsedAttack|Done)|TEMPO\.LEFT\.Left/.exec(row)?.[0],
      };
    };
    const left = { sheet: "TEMPO.LEFT.Left", hud: "TEMPO.LEFT.Left", row: "TEMPO.LEFT.Left" };
    expect(said()).toEqual(left);
    dialogs.answers.push({ fields: {} });
    world.scriptedTotals.push(15, 3);
    expect(await attack()).toBe(true);
    await world.idle();
    const used = "TEMPO.LEFT.Phase.UsedAttack";
    expect(said()).toEqual({ sheet: used, hud: used, row: used });
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(said()).toEqual(left);
    world.scriptedTotals.length = 0;
    await combat.delete();
  });

  it("PHS-7 ruling: the potion's Activate uses its one charge and posts a card naming Vex and the potion; undo gives the charge back and the card says so; with no charge left the Activate is refused with the reason and nothing written", async () => {
    const { combat, vex, acting, activate, charges } = await budgetCombat("phase", [12, 5], [player.id], 1);
    await toBattleTurn(combat, acting);
    const cards = chat.messages.length;
    let from = world.writes.length;
    expect(await world.as(player, () => activate())).toBe(true);
    await world.idle();
    expect([world.writes.slice(from).filter((w) => w.document === "Combat").length, charges()]).toEqual([1, 0]);
    const card = () => chat.messages.at(-1) as unknown as { content: string; flags: { tempo: { activation: object } } };
    expect(chat.messages.length).toBe(cards + 1);
    expect(card().flags.tempo.activation).toMatchObject({ item: "Healing Potion", undone: false });
    expect(card().content).toContain("Vex");
    expect(card().content).toMatch(/Activation\.Title.*Activation\.Charges/s);
    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect([charges(), chat.messages.length]).toEqual([1, cards + 1]);
    expect(card().content).toContain("TEMPO.CHAT.Activation.UndoneCharge");
    // The GM empties the potion by hand: the player's Activate is refused before anything is written.
    await vex.items.contents.find((i) => i.name === "Healing Potion")?.update({ system: { uses: { value: 0 } } });
    await world.idle();
    from = world.writes.length;
    const notices = world.notices.length;
    expect(await world.as(player, () => activate())).toBe(false);
    await world.idle();
    expect(world.writes.length).toBe(from);
    expect(chat.messages.length).toBe(cards + 1);
    expect(world.notices.slice(notices).map((n) => [n.user, n.text])).toEqual([
      [player.id, expect.stringContaining("TEMPO.ERRORS.Item.NoChargesLeft")],
    ]);
    await combat.delete();
  });

  it("PHS-7: the player activates Vex's potion from its sheet row: one Combat write, the battle action used (Activate Item); the tracker row's Activate Item is then refused with the reason and nothing written; after the undo the row's Activate Item takes it and the potion's is refused", async () => {
    const { combat, id, acting, activate } = await budgetCombat("phase", [12, 5], [player.id]);
    await toBattleTurn(combat, acting);
    const used = () => {
      const input = trackerInputOf(combat, game.user);
      return (input?.state as { turnAction?: string | null } | undefined)?.turnAction ?? null;
    };
    const combatWrites = (from: number) => world.writes.slice(from).filter((w) => w.document === "Combat");
    let from = world.writes.length;
    expect(await world.as(player, () => activate())).toBe(true);
    await world.idle();
    expect(combatWrites(from).map((w) => w.userId)).toEqual([world.gm.id]);
    expect(used()).toBe("activateItem");

    from = world.writes.length;
    const notices = world.notices.length;
    await trackerPress(player, combat, id);
    expect(world.writes.length).toBe(from);
    expect(world.notices.slice(notices).map((n) => [n.user, n.text])).toEqual([
      [player.id, expect.stringContaining("TEMPO.ERRORS.Phase.ActionTaken")],
    ]);

    await combat.tempoCommand({ type: "undo" });
    await world.idle();
    expect(used()).toBeNull();
    from = world.writes.length;
    dialogs.answers.push({ fields: {} });
    await trackerPress(player, combat, id);
    expect(combatWrites(from)).toHaveLength(1);
    expect(used()).toBe("activateItem");
    expect(await world.as(player, () => activate())).toBe(false);
    expect(world.notices.at(-1)?.text).toContain("TEMPO.ERRORS.Phase.ActionTaken");
    await combat.delete();
  });
});
