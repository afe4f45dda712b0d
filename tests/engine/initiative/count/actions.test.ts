import { describe, expect, it } from "vitest";
import { countScheduler } from "../../../../src/engine/initiative/count/scheduler.ts";
import { countPendingActionsOf } from "../../../../src/engine/initiative/count/state.ts";
import { act, apply, attack, next, onTrack, run, show, spell, track } from "./support.ts";

describe("declaring and resolving (CNT-6 … CNT-9)", () => {
  it("CNT-6: a declared action is pending on the track until count + delay, then resolves", () => {
    const s = onTrack([
      ["fighter", 4],
      ["orc", 10],
    ]);
    const declared = apply(s, attack("fighter", ["heavy"], ["orc"]));
    expect(show(declared.events)).toEqual(["declare a1 fighter@1:6"]);
    expect(track(declared.state)).toEqual(["4 fighter *", "6 pending fighter", "10 orc", "20 end step"]);
    const row = countScheduler.timeline(declared.state)[1];
    expect(row).toMatchObject({
      kind: "pending",
      combatantId: "fighter",
      position: 6,
      detail: { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: 1, attacks: 1 } },
    });
    const stepped = apply(declared.state, next);
    expect(show(stepped.events)).toEqual(["done fighter", "resolve a1 fighter@1:6", "saves fighter", "turn orc"]);
    expect(track(stepped.state)).toEqual(["4 fighter done", "10 orc *", "20 end step"]);
  });

  it("CNT-6: delay 0 resolves at once, on the creature's own turn", () => {
    const step = apply(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
      attack("fighter", ["reach"], ["orc"]),
    );
    expect(show(step.events)).toEqual(["declare a1 fighter@1:4", "resolve a1 fighter@1:4", "saves fighter"]);
    expect(step.events[1]).toMatchObject({ type: "actionResolved", action: { targets: ["orc"], kind: "attack" } });
  });

  it("CNT-6: actions due on a count resolve before the turns on that count", () => {
    const s = onTrack([
      ["fighter", 4],
      ["orc", 6],
    ]);
    const r = run(s, [attack("fighter", ["heavy"], ["orc"]), next]);
    expect(show(r.events)).toEqual([
      "declare a1 fighter@1:6",
      "done fighter",
      "resolve a1 fighter@1:6",
      "saves fighter",
      "turn orc",
    ]);
  });

  it("CNT-6: only the creature whose turn it is declares, once per round", () => {
    const s = onTrack([
      ["fighter", 4],
      ["orc", 10],
    ]);
    expect(countScheduler.apply(s, act("orc"))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.NotYourTurn" },
    });
    const once = apply(s, act("fighter")).state;
    expect(countScheduler.apply(once, act("fighter"))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.ActionAlreadySpent" },
    });
  });

  it("CNT-7: two Heavy attacks from count 4 resolve at 6 and 8, saves right after the second", () => {
    const s = onTrack([
      ["fighter", 4],
      ["orc", 10],
    ]);
    const r = run(s, [attack("fighter", ["heavy"], ["orc", "goblin"]), next]);
    expect(show(r.events)).toEqual([
      "declare a1 fighter@1:6",
      "declare a2 fighter@1:8",
      "done fighter",
      "resolve a1 fighter@1:6",
      "resolve a2 fighter@1:8",
      "saves fighter",
      "turn orc",
    ]);
  });

  it("CNT-7: Great attacks are staggered 3 apart; plain weapons all resolve at once", () => {
    const great = apply(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
      attack("fighter", ["great"], ["orc", "orc"]),
    );
    expect(show(great.events)).toEqual(["declare a1 fighter@1:7", "declare a2 fighter@1:10"]);
    const plain = apply(
      onTrack([
        ["fighter", 4],
        ["orc", 10],
      ]),
      attack("fighter", ["versatile"], ["orc", "orc"]),
    );
    expect(show(plain.events)).toEqual([
      "declare a1 fighter@1:4",
      "resolve a1 fighter@1:4",
      "declare a2 fighter@1:4",
      "resolve a2 fighter@1:4",
      "saves fighter",
    ]);
  });

  it("CNT-8: a 3rd-level spell from count 5 resolves at 8", () => {
    const s = onTrack([
      ["wizard", 5],
      ["orc", 10],
    ]);
    const r = run(s, [spell("wizard", 3, ["orc"]), next]);
    expect(show(r.events)).toEqual([
      "declare a1 wizard@1:8",
      "done wizard",
      "resolve a1 wizard@1:8",
      "saves wizard",
      "turn orc",
    ]);
    expect(countScheduler.apply(s, spell("wizard", 11, ["orc"]))).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidSlotLevel", data: { level: "11" } },
    });
  });

  it("CNT-9: count 18 + 5 resolves at count 3 of the next round, shown after the end step", () => {
    const s = onTrack([
      ["orc", 2],
      ["wizard", 18],
    ]);
    const r = run(s, [act("orc"), next, spell("wizard", 5, ["orc"])]);
    expect(show(r.events).at(-1)).toBe("declare a2 wizard@2:3");
    expect(track(r.state)).toEqual(["2 orc done", "18 wizard *", "20 end step", "3 pending wizard"]);
    expect(countScheduler.timeline(r.state).at(-1)).toMatchObject({ round: 2, position: 3 });
    const on = run(r.state, [next, next]);
    // CNT-11 ruling: nothing of the wizard resolves in round 1, so its saves come in the end step.
    expect(show(on.events)).toEqual([
      "done wizard",
      "end step 1",
      "saves wizard",
      "end round 1",
      "round 2",
      "turn orc",
    ]);
    const round2 = run(on.state, [act("orc"), next]);
    expect(show(round2.events)).toEqual([
      "declare a3 orc@2:2",
      "resolve a3 orc@2:2",
      "saves orc",
      "done orc",
      "resolve a2 wizard@2:3",
      "turn wizard",
    ]);
  });
});

describe("casting (CNT-10)", () => {
  it("CNT-10: the caster is casting until the spell resolves", () => {
    const s = run(
      onTrack([
        ["wizard", 5],
        ["orc", 10],
      ]),
      [spell("wizard", 3, ["orc"])],
    ).state;
    expect(countScheduler.timeline(s)[0]).toMatchObject({
      combatantId: "wizard",
      detail: { key: "TEMPO.COMBAT.Count.Casting" },
    });
    const after = run(s, [next]).state;
    expect(countScheduler.timeline(after)[0]).toMatchObject({ combatantId: "wizard", detail: null });
  });

  it("CNT-10: spending the action any other way ends the casting and loses the spell with its slot", () => {
    // The wizard casts a 9th-level spell at 16 (due at 5 next round); the GM moves it to count 2.
    let s = onTrack([
      ["wizard", 16],
      ["orc", 10],
    ]);
    s = run(s, [
      act("orc"),
      next,
      spell("wizard", 9, ["orc"]),
      next,
      { type: "setInitiative", combatantId: "wizard", value: 2 },
      next,
    ]).state;
    expect(countScheduler.current(s)).toBe("wizard");
    expect(track(s)).toEqual(["2 wizard *", "5 pending wizard", "10 orc", "20 end step"]);
    const r = apply(s, attack("wizard", [], ["orc"]));
    expect(show(r.events)).toEqual(["spell lost a2", "declare a3 wizard@2:2", "resolve a3 wizard@2:2", "saves wizard"]);
    expect(r.events[0]).toMatchObject({ type: "castingLost", action: { kind: "spell", slotLevel: 9 } });
    expect(track(r.state)).toEqual(["2 wizard *", "10 orc", "20 end step"]);
  });
});

describe("reactions (CNT-12)", () => {
  const fight = () =>
    run(
      onTrack([
        ["fighter", 4],
        ["wizard", 5],
        ["orc", 10],
      ]),
      [attack("fighter", ["heavy"], ["orc", "goblin"]), next],
    ).state;

  it("CNT-12: retargeting a pending attack resolves at once and costs the reaction", () => {
    const r = apply(fight(), {
      type: "react",
      combatantId: "fighter",
      reaction: { kind: "retarget", actionId: "a2", targets: ["troll"] },
    });
    expect(show(r.events)).toEqual(["react fighter retarget", "retarget a2->troll"]);
    const again = countScheduler.apply(r.state, {
      type: "react",
      combatantId: "fighter",
      reaction: { kind: "retarget", actionId: "a1", targets: ["troll"] },
    });
    expect(again).toEqual({ ok: false, error: { key: "TEMPO.ERRORS.Count.ReactionUsed" } });
    const resolved = apply(r.state, next);
    expect(
      resolved.events
        .filter((e) => e.type === "actionResolved")
        .map((e) => e.type === "actionResolved" && e.action.targets),
    ).toEqual([["orc"], ["troll"]]);
  });

  it("CNT-12: one reaction redirects any number of pending attacks onto one target", () => {
    expect(countPendingActionsOf(fight(), "fighter").map((a) => [a.id, a.targets])).toEqual([
      ["a1", ["orc"]],
      ["a2", ["goblin"]],
    ]);
    const r = apply(fight(), {
      type: "react",
      combatantId: "fighter",
      reaction: { kind: "redirect", actionIds: ["a1", "a2"], target: "troll" },
    });
    expect(show(r.events)).toEqual(["react fighter redirect", "retarget a1->troll", "retarget a2->troll"]);
    expect(countPendingActionsOf(r.state, "fighter").map((a) => a.targets)).toEqual([["troll"], ["troll"]]);
  });

  it("CNT-12: the reaction comes back next round", () => {
    let s = apply(fight(), {
      type: "react",
      combatantId: "fighter",
      reaction: { kind: "redirect", actionIds: ["a1"], target: "troll" },
    }).state;
    s = run(s, [act("wizard"), next, act("orc"), next, next, attack("fighter", ["heavy"], ["orc"])]).state;
    expect(s.round).toBe(2);
    const r = apply(s, {
      type: "react",
      combatantId: "fighter",
      reaction: { kind: "retarget", actionId: "a5", targets: ["troll"] },
    });
    expect(show(r.events)).toEqual(["react fighter retarget", "retarget a5->troll"]);
  });

  it("CNT-12: stopping a cast with the reaction keeps the slot", () => {
    const s = run(
      onTrack([
        ["wizard", 5],
        ["orc", 10],
      ]),
      [spell("wizard", 7, ["orc"]), next],
    ).state;
    const r = apply(s, { type: "react", combatantId: "wizard", reaction: { kind: "stopCasting" } });
    expect(show(r.events)).toEqual(["react wizard stopCasting", "spell stopped a1"]);
    expect(track(r.state)).toEqual(["5 wizard done", "10 orc *", "20 end step"]);
  });

  it("CNT-12: an area spell's point of origin cannot change", () => {
    const s = run(
      onTrack([
        ["wizard", 5],
        ["orc", 10],
      ]),
      [spell("wizard", 3, [], "square:4,7")],
    ).state;
    expect(
      countScheduler.apply(s, {
        type: "react",
        combatantId: "wizard",
        reaction: { kind: "retarget", actionId: "a1", targets: ["orc"] },
      }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.AreaOriginFixed" },
    });
  });

  it("CNT-12: a pending spell can be retargeted, but only attacks can be redirected", () => {
    const s = run(
      onTrack([
        ["wizard", 5],
        ["orc", 10],
      ]),
      [spell("wizard", 3, ["orc"])],
    ).state;
    expect(
      show(
        apply(s, {
          type: "react",
          combatantId: "wizard",
          reaction: { kind: "retarget", actionId: "a1", targets: ["troll"] },
        }).events,
      ),
    ).toEqual(["react wizard retarget", "retarget a1->troll"]);
    expect(
      countScheduler.apply(s, {
        type: "react",
        combatantId: "wizard",
        reaction: { kind: "redirect", actionIds: ["a1"], target: "troll" },
      }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.NotAnAttack" },
    });
  });

  it("CNT-12: stopping a cast needs a spell being cast, and a creature retargets only its own actions", () => {
    const s = fight();
    expect(
      countScheduler.apply(s, { type: "react", combatantId: "fighter", reaction: { kind: "stopCasting" } }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.NotCasting" },
    });
    expect(
      countScheduler.apply(s, {
        type: "react",
        combatantId: "orc",
        reaction: { kind: "retarget", actionId: "a1", targets: ["orc"] },
      }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.UnknownAction" },
    });
  });
});

describe("charged attacks (FEAT-CHARGED)", () => {
  it("FEAT-CHARGED: a Maul charged with +4 STR from count 3 resolves at 7, and redirecting it costs the reaction", () => {
    const s = onTrack([
      ["barbarian", 3],
      ["orc", 10],
    ]);
    const r = apply(s, {
      type: "declare",
      combatantId: "barbarian",
      action: { kind: "charged", properties: ["great"], modifier: 4, target: "orc" },
    });
    expect(show(r.events)).toEqual(["declare a1 barbarian@1:7"]);
    expect(countScheduler.timeline(r.state)[1]).toMatchObject({
      kind: "pending",
      detail: { key: "TEMPO.COMBAT.Count.Pending.Charged", data: { delay: 4, steps: 2 } },
    });
    const redirected = apply(r.state, {
      type: "react",
      combatantId: "barbarian",
      reaction: { kind: "redirect", actionIds: ["a1"], target: "troll" },
    });
    expect(show(redirected.events)).toEqual(["react barbarian redirect", "retarget a1->troll"]);
    expect(
      countScheduler.apply(redirected.state, {
        type: "react",
        combatantId: "barbarian",
        reaction: { kind: "redirect", actionIds: ["a1"], target: "orc" },
      }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.ReactionUsed" },
    });
  });

  it("FEAT-CHARGED: without a Heavy, Great or Thrown weapon there is no charged attack", () => {
    const s = onTrack([
      ["rogue", 3],
      ["orc", 10],
    ]);
    expect(
      countScheduler.apply(s, {
        type: "declare",
        combatantId: "rogue",
        action: { kind: "charged", properties: ["reach"], modifier: 4, target: "orc" },
      }),
    ).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.ChargedNeedsWeapon" },
    });
  });
});
