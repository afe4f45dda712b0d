/**
 * Issue 10 item 3: a condition toggled on a token AFTER its creature joined reaches the engine. The
 * active GM answers the toggle's ActiveEffect hook with the engine's command (status-sync.ts), once;
 * Tempo's own condition writes and statuses the engine already holds start nothing; a refused command
 * leaves the toggle and tells the user why.
 */
import { afterAll, describe, expect, it } from "vitest";
import { heldConditionsOf, type AnyRulesetHost } from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { addCombatants, effectEncounter, firstTurn, step, type Tempo } from "../support/effect-encounter.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");

interface Model {
  readonly state: unknown;
  readonly host: AnyRulesetHost;
}
const modelOf = (combat: Tempo) => combat.system as unknown as Model;
const held = (combat: Tempo, id: string) => [
  ...(heldConditionsOf(modelOf(combat).host, modelOf(combat).state).get(id) ?? []),
];
const writesFrom = (from: number, document: string) => world.writes.slice(from).filter((w) => w.document === document);

describe("conditions toggled on a token after the creature joined", () => {
  it("CNT-4: surprised toggled on a joined creature is the engine's markSurprised (one Combat update): it takes no turn in the surprise round", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "count", ["A", "C"]);
    const marked = await world.addActor("Marked");
    await addCombatants(world, combat, ["Marked"], { Marked: marked });
    const markedId = combat.combatants.contents.find((c) => c.name === "Marked")?.id ?? "";
    expect(held(combat, markedId)).toEqual([]);
    const from = world.writes.length;
    await marked.toggleStatusEffect("surprised", { active: true });
    await world.idle();
    expect(held(combat, markedId)).toEqual(["surprised"]);
    expect(writesFrom(from, "Combat")).toHaveLength(1);
    expect(writesFrom(from, "ActiveEffect")).toHaveLength(1); // the toggle itself; the step adds none
    await combat.startCombat();
    await world.idle();
    // Results (1d20 − bonus) in roster order: A 5 (no surprise), C 0 and Marked 0 (surprise, CNT-4).
    world.scriptedTotals.push(5, 0, 0);
    const turns: string[] = [];
    for (let i = 0; i < 40 && combat.round === 0; i++) {
      for (const e of await step(world, combat)) {
        if (e.type === "turnStarted" && e.round === 0) turns.push(String(e.combatantId));
      }
    }
    expect(turns).toEqual([ids.C]);
    expect(actors.A?.statuses.size).toBe(0);
  });

  it("CNT-4: surprised toggled once the first round is under way is refused: the toggle stays, the GM is told why, nothing else is written", async () => {
    const { combat, actors, ids } = await effectEncounter(world, "count", ["A", "B"]);
    await firstTurn(world, combat);
    const notices = world.notices.length;
    const from = world.writes.length;
    await actors.B?.toggleStatusEffect("surprised", { active: true });
    await world.idle();
    expect(actors.B?.statuses.has("surprised")).toBe(true);
    expect(held(combat, ids.B ?? "")).toEqual([]);
    expect(world.writes.length - from).toBe(1); // the toggle only
    const told = world.notices.slice(notices).map((n) => n.text);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("TEMPO.ERRORS.Count.TooLate");
  });

  it("CNT-14: unconscious toggled on a creature in a count combat puts it at count 20 (one Combat update, no Combatant write); toggled off, it wakes", async () => {
    const { combat, actors, ids } = await effectEncounter(world, "count", ["A", "B"]);
    await firstTurn(world, combat);
    const b = ids.B ?? "";
    let from = world.writes.length;
    await actors.B?.toggleStatusEffect("unconscious", { active: true });
    await world.idle();
    expect(held(combat, b)).toEqual(["unconscious"]);
    expect(combat.combatants.get(b)?.initiative).toBe(20);
    expect(writesFrom(from, "Combat")).toHaveLength(1);
    expect(writesFrom(from, "Combatant")).toHaveLength(0); // issue 17: the count is derived, not written
    expect(writesFrom(from, "ActiveEffect")).toHaveLength(1);

    from = world.writes.length;
    await actors.B?.toggleStatusEffect("unconscious", { active: false });
    await world.idle();
    expect(held(combat, b)).toEqual([]);
    expect(combat.combatants.get(b)?.initiative).not.toBe(20);
    expect(writesFrom(from, "Combat")).toHaveLength(1);
    expect(writesFrom(from, "ActiveEffect")).toHaveLength(1);
  });

  it("CNT-14: the engine's own unconscious (a GM command) puts the status on the token once and starts no second command", async () => {
    const { combat, actors, ids } = await effectEncounter(world, "count", ["A", "B"]);
    await firstTurn(world, combat);
    const from = world.writes.length;
    await combat.tempoCommand({ type: "unconscious", combatantId: ids.B ?? "" });
    await world.idle();
    expect(actors.B?.statuses.has("unconscious")).toBe(true);
    expect(writesFrom(from, "Combat")).toHaveLength(1);
    expect(writesFrom(from, "ActiveEffect")).toHaveLength(1);
    const notices = world.notices.length;
    await combat.previousTurn(); // undo: the engine clears it; the delete is Tempo's own write
    await world.idle();
    expect(actors.B?.statuses.has("unconscious")).toBe(false);
    expect(held(combat, ids.B ?? "")).toEqual([]);
    expect(world.notices.length).toBe(notices);
  });

  it("SEG-16: surprised toggled on and off in segment rounds is the engine's surprise command each time", async () => {
    const { combat, actors, ids } = await effectEncounter(world, "segment", ["A", "B"]);
    const b = ids.B ?? "";
    let from = world.writes.length;
    await actors.B?.toggleStatusEffect("surprised", { active: true });
    await world.idle();
    expect(held(combat, b)).toEqual(["surprised"]);
    expect(writesFrom(from, "Combat")).toHaveLength(1);
    from = world.writes.length;
    await actors.B?.toggleStatusEffect("surprised", { active: false });
    await world.idle();
    expect(held(combat, b)).toEqual([]);
    expect(writesFrom(from, "Combat")).toHaveLength(1);
    expect(writesFrom(from, "ActiveEffect")).toHaveLength(1);
  });

  it("DEF-1: core's defeated status toggled on a token defeats the creature in the engine (its combatant is marked defeated); off, it is revived", async () => {
    const { combat, actors, ids } = await effectEncounter(world, "standard", ["A", "B", "C"]);
    await firstTurn(world, combat);
    const b = ids.B ?? "";
    const host = modelOf(combat).host;
    await actors.B?.toggleStatusEffect("dead", { active: true });
    await world.idle();
    expect(host.defeated(modelOf(combat).state, b)).toBe(true);
    expect(combat.combatants.get(b)?.defeated).toBe(true);
    await actors.B?.toggleStatusEffect("dead", { active: false });
    await world.idle();
    expect(host.defeated(modelOf(combat).state, b)).toBe(false);
    expect(combat.combatants.get(b)?.defeated).toBe(false);
  });

  it("PHS-10: a condition the engine only reads (defending) toggled by hand sends no command: nothing but the toggle is written", async () => {
    const { combat, actors } = await effectEncounter(world, "phase", ["A", "B"]);
    await firstTurn(world, combat);
    const from = world.writes.length;
    await actors.B?.toggleStatusEffect("defending", { active: true });
    await world.idle();
    expect(world.writes.length - from).toBe(1);
  });
});
