/**
 * Conditions as status effects in a Foundry world (issue 10 item 3): registered with their icons, set
 * and cleared on the tokens by the engine's steps (one write per actor changed, none otherwise, undo
 * included), and read back by the engine from the tokens.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONDITION_IDS, rotationAttackOdds, unwrap, type RotationAttackSnapshot } from "../../src/engine/index.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import { effectEncounter, firstTurn, step, type Tempo } from "../support/effect-encounter.ts";
import { ROOT } from "../support/source-files.ts";

const world = installFoundryWorld(11);
afterAll(() => world.uninstall());

await world.loadSystem();
world.callHook("init");
const { phaseAttackSourcesIn, rotationDefenderIn } = await import("../../src/foundry/conditions/attack-facts.ts");

const effectWrites = (from: number) => world.writes.slice(from).filter((w) => w.document === "ActiveEffect");
const current = (combat: Tempo) => combat.combatant?.id ?? "";
const statuses = (combat: Tempo, id: string) => [
  ...((combat.combatants.get(id)?.actor as unknown as { statuses: Set<string> }).statuses ?? []),
];

describe("conditions: status effects", () => {
  it("registers one status effect per condition, with its localized name key and its own icon; core's others stay", () => {
    const list = CONFIG.statusEffects as unknown as { id: string; name: string; img: string }[];
    const ours = list.filter((s) => (CONDITION_IDS as readonly string[]).includes(s.id));
    expect(ours.map((s) => s.id)).toEqual([...CONDITION_IDS]);
    expect(list.filter((s) => s.id === "unconscious")).toHaveLength(1);
    expect(list.some((s) => s.id === "dead")).toBe(true);
    const en = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as {
      TEMPO: { CONDITIONS: { Status: Record<string, string> } };
    };
    for (const status of ours) {
      expect(status.name).toBe(`TEMPO.CONDITIONS.Status.${status.id}`);
      expect(en.TEMPO.CONDITIONS.Status[status.id]).toMatch(/^[A-Z]/);
      expect(status.img).toBe(`systems/tempo/icons/conditions/${status.id}.svg`);
      const file = join(ROOT, "icons/conditions", `${status.id}.svg`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox/);
    }
  });
});

describe("conditions: set and cleared by the engine", () => {
  it("STD-6 (Delay): a Delay puts delayed on the token in one write, undo takes it off, acting takes it off", async () => {
    const { combat } = await effectEncounter(world, "standard", ["A", "B", "C"]);
    await firstTurn(world, combat);
    const actor = current(combat);
    let from = world.writes.length;
    await combat.tempoCommand({ type: "delay", combatantId: actor });
    await world.idle();
    expect(statuses(combat, actor)).toEqual(["delayed"]);
    expect(effectWrites(from)).toHaveLength(1);

    from = world.writes.length;
    await combat.previousTurn(); // undo
    await world.idle();
    expect(statuses(combat, actor)).toEqual([]);
    expect(effectWrites(from)).toHaveLength(1);

    await combat.tempoCommand({ type: "delay", combatantId: actor });
    await world.idle();
    from = world.writes.length;
    await combat.nextTurn(); // the next creature's turn: no condition changes, no effect written
    await world.idle();
    expect(effectWrites(from)).toEqual([]);
    from = world.writes.length;
    await combat.tempoCommand({ type: "act", combatantId: actor });
    await world.idle();
    expect(statuses(combat, actor)).toEqual([]);
    expect(effectWrites(from)).toHaveLength(1);
  });

  it("PHS-10: Defend puts defending on the token until the creature's next turn starts", async () => {
    const { combat } = await effectEncounter(world, "phase", ["A", "B", "C"]);
    await firstTurn(world, combat);
    const defender = current(combat);
    await combat.tempoCommand({ type: "defend", combatantId: defender });
    await world.idle();
    expect(statuses(combat, defender)).toEqual(["defending"]);
    for (let i = 0; i < 40 && statuses(combat, defender).length > 0; i++) await step(world, combat);
    expect(statuses(combat, defender)).toEqual([]);
    expect(current(combat)).toBe(defender);
  });
});

describe("conditions: read by the engine from the tokens", () => {
  it("CNT-4: surprised on a token before it joins: it takes no turn in the surprise round, and loses the condition when that round ends", async () => {
    await game.settings.set("tempo", "ruleset", "count");
    const marked = await world.addActor("Marked");
    await marked.toggleStatusEffect("surprised", { active: true });
    const { combat, ids } = await effectEncounter(world, "count", ["A", "C"]);
    await (
      combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).createEmbeddedDocuments("Combatant", [
      { name: "Marked", actorId: marked.id, system: { initiativeBonus: 2, side: "enemy" } },
    ]);
    await world.idle();
    const markedId = combat.combatants.contents.find((c) => c.name === "Marked")?.id ?? "";
    await combat.startCombat();
    await world.idle();
    // Results (1d20 − bonus): A 5 (no surprise), C 0 and Marked 0 (surprise, CNT-4).
    world.scriptedTotals.push(5, 0, 0);
    const turns: string[] = [];
    for (let i = 0; i < 40 && combat.round === 0; i++) {
      const evs = await step(world, combat);
      for (const e of evs) if (e.type === "turnStarted" && e.round === 0) turns.push(String(e.combatantId));
    }
    expect(turns).toEqual([ids.C]);
    expect(marked.statuses.has("surprised")).toBe(false);
    expect(markedId).not.toBe("");
  });

  it("PHS-10: defending toggled on a token by hand is a source of disadvantage on attacks against it", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "phase", ["A", "B"]);
    await firstTurn(world, combat);
    const before = unwrap(phaseAttackSourcesIn(combat, ids.A ?? "", ids.B ?? ""));
    await actors.B?.toggleStatusEffect("defending", { active: true });
    const after = unwrap(phaseAttackSourcesIn(combat, ids.A ?? "", ids.B ?? ""));
    expect(after.disadvantage - before.disadvantage).toBe(1);
  });

  it("ATK-ROT-5: flanked toggled on the defender's token raises the attack's chance to hit by 2 in 20", async () => {
    const { combat, ids, actors } = await effectEncounter(world, "rotation", ["A", "B"]);
    const snapshot: RotationAttackSnapshot = {
      skillBonus: 3,
      proficient: true,
      criticalThreshold: 20,
      attackerIsPlayer: true,
      defender: {
        dodge: 15,
        armor: 13,
        isPlayer: false,
        adjacentEnemies: 1,
        defense: null,
        unaware: false,
        grappled: false,
      },
    };
    const odds = () =>
      unwrap(
        rotationAttackOdds({
          ...snapshot,
          defender: rotationDefenderIn(combat, ids.A ?? "", ids.B ?? "", snapshot.defender),
        }),
      ).hit;
    const plain = odds();
    await actors.B?.toggleStatusEffect("flanked", { active: true });
    expect(odds() - plain).toBeCloseTo(0.1, 10);
    await actors.B?.toggleStatusEffect("flanked", { active: false });
    expect(odds()).toBe(plain);
  });
});
