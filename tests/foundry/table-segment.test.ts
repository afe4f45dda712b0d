/**
 * Segment rounds at the table (issue 19's reach): the owner declares from the tracker's Declare form
 * (the DialogV2 prompt of segment-declare-dialog.ts, answered as a user) and presses Delay on their own
 * row; the GM runs the round with Begin, Roll all and Next (core's `startCombat`, `rollAll`, `nextTurn`).
 * The encounter: C0 the owner's character and C2 an ally (the party's group), C1 and C3 enemies.
 */
import { afterAll, describe, expect, it } from "vitest";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { SEGMENT_NO_DECLARATION, segmentTrackerFacts, type SegmentState } from "../../src/engine/index.ts";
import { installTempoWorld, ownedId, playUntil, storedSource, type Tempo } from "../support/tempo-encounter.ts";

const t = await installTempoWorld(139);
const { world } = t;
const dialogs = installDialogs();
afterAll(() => {
  dialogs.uninstall();
  world.uninstall();
});

const { TempoCombatTracker } = await import("../../src/foundry/applications/combat-tracker.ts");

type Handler = (this: unknown, event: unknown, target: { dataset: Record<string, string> }) => Promise<void>;

/** `user` runs one of the tracker's button actions on a row, as core's click handler calls it. */
async function click(combat: Tempo, user: typeof t.gm, action: string, dataset: Record<string, string>): Promise<void> {
  const actions = (TempoCombatTracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
    .DEFAULT_OPTIONS.actions;
  const handler = actions[action];
  if (handler === undefined) throw new Error(`no tracker action ${action}`);
  await world.as(user, () => handler.call({ viewed: combat }, {}, { dataset }));
  await world.idle();
}

/** `user` answers the Declare form of `id`'s row with `fields`. */
async function declare(combat: Tempo, user: typeof t.gm, id: string, fields: Record<string, string>): Promise<void> {
  dialogs.answers.push({ fields });
  await click(combat, user, "segmentDeclare", { combatantId: id });
  expect(dialogs.answers).toEqual([]);
}

const byName = (combat: Tempo, name: string): string => combat.combatants.find((c) => c.name === name)?.id ?? "";
const nameOf = (combat: Tempo, id: string | null | undefined): string => combat.combatants.get(id ?? "")?.name ?? "";

/** The GM clicks on until the round ends; who took a turn, in order (each once). */
async function playRound(combat: Tempo): Promise<string[]> {
  const round = combat.round;
  const acted: string[] = [];
  const first = nameOf(combat, combat.combatant?.id);
  if (first !== "") acted.push(first);
  for (let i = 0; i < 20 && combat.round === round; i++) {
    const m = t.model(combat);
    if (m.host.pending(m.state).length > 0) await combat.rollAll();
    else await combat.nextTurn();
    await world.idle();
    const name = nameOf(combat, combat.combatant?.id);
    if (combat.round === round && name !== "" && !acted.includes(name)) acted.push(name);
  }
  return acted;
}

/** A started segment combat, every creature declared as `fields` unless `own` says otherwise for C0. */
async function declared(own: Record<string, string>, system?: (i: number) => object): Promise<Tempo> {
  const combat = await t.encounter("segment", 4, system);
  await combat.startCombat();
  await world.idle();
  const melee = { action: "melee", weaponSpeed: "5" };
  await declare(combat, t.owner, ownedId(t, combat), own);
  for (const name of ["C1", "C2", "C3"]) await declare(combat, t.gm, byName(combat, name), melee);
  return combat;
}

const MELEE = { action: "melee", weaponSpeed: "5" };

describe("segment rounds from the tracker", () => {
  it("SEG-2, SEG-8: the party's 5 beats the enemies' 2; the owner's complex activity goes last in the round", async () => {
    world.scriptedTotals.push(5, 2);
    const combat = await declared({ action: "complex" });
    expect(await playRound(combat)).toEqual(["C2", "C1", "C3", "C0"]);
  });

  it("SEG-6: a delay declared in step 1 acts in LOW, without the delayed condition", async () => {
    world.scriptedTotals.push(5, 2);
    const combat = await declared({ ...MELEE, delay: "on" });
    // C0 acts among the enemies' LOW turns and, not delayed, does not lose their ties (compare SEG-7 below).
    expect(await playRound(combat)).toEqual(["C2", "C0", "C1", "C3"]);
  });

  it("SEG-6, SEG-7: the owner presses Delay as their turn in HIGH begins: they act in LOW and lose its ties", async () => {
    world.scriptedTotals.push(5, 2);
    const combat = await declared(MELEE);
    const own = ownedId(t, combat);
    const m = t.model(combat);
    for (let i = 0; i < 4 && combat.combatant?.id !== own; i++) {
      if (m.host.pending(m.state).length > 0) await combat.rollAll();
      else await combat.nextTurn();
      await world.idle();
    }
    expect(combat.combatant?.id).toBe(own);
    const delay = JSON.stringify({ type: "delay", combatantId: own });
    await click(combat, t.owner, "tempoCommand", { combatantId: own, command: delay });
    // The ally acts at once; the delayed owner's creature loses the LOW ties to both enemies.
    expect(await playRound(combat)).toEqual(["C2", "C1", "C3", "C0"]);
  });

  it("SEG-17: with the world's Dexterity reaction setting, the owner's +3 lifts them from their group's LOW 2 into HIGH against 4", async () => {
    const dex = (i: number) => ({ dexReaction: i === 0 ? 3 : 0 });
    world.scriptedTotals.push(2, 4);
    expect(await playRound(await declared(MELEE, dex))).toEqual(["C1", "C3", "C0", "C2"]); // the setting off
    await game.settings.set("tempo", "dexReaction", true);
    try {
      world.scriptedTotals.push(2, 4);
      expect(await playRound(await declared(MELEE, dex))).toEqual(["C0", "C1", "C3", "C2"]);
    } finally {
      await game.settings.set("tempo", "dexReaction", false);
    }
  });
});

describe("segment declarations from the tracker's form: minors, target, budget", () => {
  /** A started combat: the owner declares `own`, C1 a melee attack at `c1Speed`, the others melee at 5. */
  async function tiedRound(own: Record<string, string>, c1Speed: string): Promise<string[]> {
    const combat = await t.encounter("segment", 4);
    await combat.startCombat();
    await world.idle();
    await declare(combat, t.owner, ownedId(t, combat), own);
    await declare(combat, t.gm, byName(combat, "C1"), { action: "melee", weaponSpeed: c1Speed });
    for (const name of ["C2", "C3"]) await declare(combat, t.gm, byName(combat, name), MELEE);
    world.scriptedTotals.push(4, 4); // a tie: every group is HIGH, the order inside comes from weapon speed
    return playRound(combat);
  }

  it("SEG-4: dropping a small shield before attacking with a battle axe makes speed 7 into 8 for ties: C1's 7 now goes first", async () => {
    const axe = { action: "melee", weaponSpeed: "7" };
    expect(await tiedRound(axe, "7")).toEqual(["C2", "C3", "C0", "C1"]); // 7 against 7: join order
    expect(await tiedRound({ ...axe, minorsBefore: "1" }, "7")).toEqual(["C2", "C3", "C1", "C0"]); // 8 against 7
  });

  it("SEG-9: positioning movement in melee, or with movement as the major action, is refused with the reason; nothing is declared", async () => {
    const combat = await t.encounter("segment", 4);
    await combat.startCombat();
    await world.idle();
    const own = ownedId(t, combat);
    const before = storedSource(combat);
    const tries: Record<string, string>[] = [
      { action: "melee", weaponSpeed: "7", inMelee: "on", positioning: "on" },
      { action: "move", weaponSpeed: "0", positioning: "on" },
      { action: "melee", weaponSpeed: "7", minorsBefore: "11" },
    ];
    for (const fields of tries) {
      const notices = world.notices.length;
      await declare(combat, t.owner, own, fields);
      expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
        expect.stringMatching(/TEMPO\.ERRORS\.Segment\.(MoveIsMajor|InvalidMinors)/),
      ]);
    }
    expect(storedSource(combat)).toEqual(before);
  });

  it("SEG-11: a caster declares a spell with no target and names it on its D1 turn; an immediate spell that round is refused", async () => {
    const combat = await t.encounter("segment", 4);
    await combat.startCombat();
    await world.idle();
    const own = ownedId(t, combat);
    await declare(combat, t.owner, own, { action: "spell", castingTime: "3" });
    for (const name of ["C1", "C2", "C3"]) await declare(combat, t.gm, byName(combat, name), MELEE);
    const declarationOf = () => {
      const m = t.model(combat);
      return segmentTrackerFacts(m.state as SegmentState, { gm: true, combatantIds: [] }).creatures.find(
        (c) => c.id === own,
      )?.declaration;
    };
    expect(declarationOf()?.targetId).toBeNull();
    world.scriptedTotals.push(5, 2);
    // Before D1 there is no "Name target" for the owner; the GM plays on to the caster's D1 turn.
    expect(await playUntil(t, combat, (c) => c.combatant?.id === own)).toBe(true);
    const c1 = byName(combat, "C1");
    dialogs.answers.push({ fields: { choice: c1 } });
    await click(combat, t.owner, "segmentNameTarget", { combatantId: own });
    expect(declarationOf()?.targetId).toBe(c1);
    // One spell per round, an immediate one included: the owner's Immediate spell is refused with the reason.
    const notices = world.notices.length;
    const immediate = JSON.stringify({ type: "immediateSpell", combatantId: own });
    await click(combat, t.owner, "tempoCommand", { combatantId: own, command: immediate });
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
      expect.stringContaining("TEMPO.ERRORS.Segment.OneSpellPerRound"),
    ]);
    // Off its D1 turn a target cannot be named: the engine refuses it, and nothing changes.
    await combat.nextTurn();
    await world.idle();
    const refused = await combat.tempoCommand({ type: "nameTarget", combatantId: own, targetId: byName(combat, "C3") });
    expect(refused.ok ? null : refused.error.key).toBe("TEMPO.ERRORS.Segment.NotTargetTurn");
    expect(declarationOf()?.targetId).toBe(c1);
  });

  it("SEG-9: no sequence of declarations from the form (majors, minors, positioning) holds more than one major action a round, a refused one changes nothing, none once declarations lock, and undo gives back exactly the declaration before", async () => {
    const combat = await t.encounter("segment", 2);
    await combat.startCombat();
    await world.idle();
    const own = ownedId(t, combat);
    const state = () => t.model(combat).state as SegmentState;
    const declarationOf = () =>
      segmentTrackerFacts(state(), { gm: true, combatantIds: [] }).creatures.find((c) => c.id === own)?.declaration ??
      null;
    const undoRedo = async (before: unknown, after: unknown) => {
      await combat.tempoCommand({ type: "undo" });
      await world.idle();
      expect(declarationOf()).toEqual(before);
      await combat.tempoCommand({ type: "redo" });
      await world.idle();
      expect(declarationOf()).toEqual(after);
    };
    const majors = ["melee", "missile", "move", "none", "spell"] as const;
    let x = 29;
    const pick = (n: number) => ((x = (x * 1103515245 + 12345) % 2147483648) >>> 16) % n;
    const tally = { declared: 0, refused: 0 };
    for (let k = 0; k < 18; k++) {
      if (pick(6) === 0) {
        // The GM plays the round out (Roll all, Next …): declarations lock until the next round's step 1.
        const round = combat.round;
        world.scriptedTotals.push(4, 3);
        await combat.nextTurn();
        await world.idle();
        const locked = declarationOf();
        const late = { ...SEGMENT_NO_DECLARATION, action: "melee" as const, weaponSpeed: 5 };
        const refused = await world.as(t.owner, () =>
          combat.tempoCommand({ type: "declare", combatantId: own, declaration: late }),
        );
        expect(refused.ok ? null : refused.error.key).toBe("TEMPO.ERRORS.Segment.DeclarationsLocked");
        expect(declarationOf()).toEqual(locked);
        expect(await playUntil(t, combat, (c) => c.round > round)).toBe(true);
        expect(declarationOf()).toBeNull();
        continue;
      }
      const action = majors[pick(majors.length)] ?? "melee";
      const positioning = pick(2) === 0;
      const inMelee = pick(3) === 0;
      const fields: Record<string, string> = {
        action,
        weaponSpeed: String(pick(8)),
        minorsBefore: String(pick(3)),
        ...(action === "spell" ? { castingTime: String(1 + pick(9)) } : {}),
        ...(positioning ? { positioning: "on" } : {}),
        ...(inMelee ? { inMelee: "on" } : {}),
      };
      // SEG-9: one major action (the declaration's one action); positioning is a minor only after a major
      // action and never in melee.
      const allowed = !positioning || (action !== "move" && action !== "none" && !inMelee);
      const before = declarationOf();
      const notices = world.notices.length;
      await declare(combat, t.owner, own, fields);
      const after = declarationOf();
      if (!allowed) {
        expect(world.notices.slice(notices).map((n) => n.text)).toEqual([
          expect.stringContaining("TEMPO.ERRORS.Segment.MoveIsMajor"),
        ]);
        expect(after).toEqual(before);
        tally.refused++;
        continue;
      }
      tally.declared++;
      // The new declaration replaces the old one: still one major action, with the minors the form named.
      expect(after?.action).toBe(action);
      expect(after?.minors.filter((m) => m.kind === "move").length).toBe(positioning ? 1 : 0);
      expect(after?.minors.length).toBe(Number(fields.minorsBefore) + (positioning ? 1 : 0));
      if (k % 3 === 0) await undoRedo(before, after);
    }
    expect(tally.declared).toBeGreaterThan(3);
    expect(tally.refused).toBeGreaterThan(2);
    world.scriptedTotals.length = 0;
  });
});
