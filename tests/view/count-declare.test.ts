import { describe, expect, it } from "vitest";
import {
  buildCountDeclareForm,
  countDeclarationFromForm,
  countItemFromForm,
} from "../../src/view/tracker/count-declare.ts";
import { countResolvedNowNote } from "../../src/view/tracker/count-feedback.ts";
import { buildCountReactForm, countReactControl, countReactionFromForm } from "../../src/view/tracker/count-react.ts";
import { buildCountTrackContext } from "../../src/view/tracker/count-track-context.ts";
import type { TrackerRowContext } from "../../src/view/tracker/tracker-row.ts";
import { HostTable } from "./host-table.ts";

/** Round 1: Ilsa (the player's) on 5 acts first, the ogre on 7, the wolf on 9. */
function table(): HostTable {
  return new HostTable("count", [
    { id: "ilsa", side: "pc", bonus: 3, mine: true },
    { id: "ogre", side: "enemy", bonus: 0 },
    { id: "wolf", side: "enemy", bonus: 0 },
  ])
    .run({ type: "start" })
    .roll({ ilsa: 5, ogre: 7, wolf: 9 });
}

function declare(t: HostTable, fields: Record<string, string>): HostTable {
  const command = countDeclarationFromForm("ilsa", fields);
  if (!command.ok) throw new Error(command.error.key);
  return t.run(command.value);
}

const rowsOf = (t: HostTable, isGM: boolean): TrackerRowContext[] =>
  buildCountTrackContext(t.scope(isGM)).slots.flatMap((s) => s.rows);
const actionsOf = (t: HostTable, isGM: boolean, id: string) =>
  (rowsOf(t, isGM).find((r) => r.combatantId === id && r.actions.length > 0)?.actions ?? []).map((a) => [
    a.action,
    a.reason?.key ?? null,
  ]);

describe("count track: declaring from the tracker", () => {
  it("CNT-9: an action declared with no delay resolves at once, and the declaring user is told so in words", () => {
    const names = (id: string) => id.toUpperCase();
    const t = declare(table(), { kind: "other", delay: "0" });
    expect(countResolvedNowNote(t.events, "ilsa", names)).toEqual({
      key: "TEMPO.TRACKER.Count.ResolvedNow.Other",
      data: { name: "ILSA", count: 5 },
    });
    // Nothing waits on the track for it; a delayed action gets no such sentence (the track shows where it lands).
    expect(rowsOf(t, false).filter((r) => r.kind === "pending")).toEqual([]);
    const delayed = declare(table(), { kind: "other", delay: "3" });
    expect(countResolvedNowNote(delayed.events, "ilsa", names)).toBeNull();
  });

  it("CNT-6: the form offers the creature's weapons and spells first; an attack or spell by hand only without such an item; another action always", () => {
    const kinds = (items: Parameters<typeof buildCountDeclareForm>[3]) =>
      buildCountDeclareForm("ilsa", "Ilsa", [], items).kinds.map((k) => [k.value, k.label.key, k.item]);
    expect(kinds([{ id: "m1", name: "Maul", use: "weapon" }])).toEqual([
      ["item:m1", "TEMPO.TRACKER.Count.Declare.Kind.Weapon", true],
      ["spell", "TEMPO.TRACKER.Count.Declare.Kind.Spell", false],
      ["other", "TEMPO.TRACKER.Count.Declare.Kind.Other", false],
    ]);
    expect(kinds([{ id: "b1", name: "Bolt", use: "spell" }]).map(([value]) => value)).toEqual([
      "item:b1",
      "attack",
      "charged",
      "other",
    ]);
    expect(kinds([]).map(([value]) => value)).toEqual(["attack", "charged", "spell", "other"]);
    expect(countItemFromForm({ kind: "item:m1", target: "ogre" })).toBe("m1");
    expect(countItemFromForm({ kind: "item:" })).toBeNull();
    expect(countItemFromForm({ kind: "attack" })).toBeNull();
  });

  it("CNT-7: two Heavy attacks declared on the form from count 5 land at 7 and 9", () => {
    const t = declare(table(), { kind: "attack", "property.heavy": "on", attacks: "2", target: "ogre" });
    expect(
      rowsOf(t, false)
        .filter((r) => r.kind === "pending")
        .map((r) => [r.position, r.detail]),
    ).toEqual([
      [7, { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: 1, attacks: 2 } }],
      [9, { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: 2, attacks: 2 } }],
    ]);
  });

  it("CNT-7: a Great weapon with Heavy too waits the largest delay, 3", () => {
    const t = declare(table(), { kind: "attack", "property.heavy": "on", "property.great": "on", attacks: "1" });
    expect(rowsOf(t, true).find((r) => r.kind === "pending")?.position).toBe(8);
  });

  it("CNT-8: a spell waits its slot level; bad input is the engine's error and nothing is given", () => {
    const t = declare(table(), { kind: "spell", slotLevel: "3", target: "" });
    expect(rowsOf(t, true).find((r) => r.kind === "pending")?.position).toBe(8);
    expect(countDeclarationFromForm("ilsa", { kind: "spell", slotLevel: "11" })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidSlotLevel", data: { level: "11" } },
    });
    expect(countDeclarationFromForm("ilsa", { kind: "charged", modifier: "3" })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.ChargedNeedsWeapon" },
    });
    expect(countDeclarationFromForm("ilsa", { kind: "fly" })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidAction" },
    });
  });

  it("CNT-6: the owner's Declare is refused with the engine's reason when it is not its turn, or its action is spent", () => {
    const t = table();
    expect(actionsOf(t, false, "ilsa")).toEqual([
      ["countDeclare", null],
      ["countReact", "TEMPO.TRACKER.Count.Reason.NothingToReact"],
      ["endTurn", null],
    ]);
    declare(t, { kind: "other", delay: "0" });
    expect(actionsOf(t, false, "ilsa")[0]).toEqual(["countDeclare", "TEMPO.ERRORS.Count.ActionAlreadySpent"]);
    t.run({ type: "next" });
    expect(actionsOf(t, false, "ilsa")).toEqual([
      ["countDeclare", "TEMPO.ERRORS.Count.NotYourTurn"],
      ["countReact", "TEMPO.TRACKER.Count.Reason.NothingToReact"],
    ]);
    // A player never gets the actions of a creature it does not own.
    expect(actionsOf(t, false, "ogre")).toEqual([]);
  });
});

describe("count track: reacting from the tracker", () => {
  it("CNT-12: a pending spell can be retargeted or stopped; the form's answer is the engine's react command", () => {
    const t = declare(table(), { kind: "spell", slotLevel: "4", target: "ogre" });
    t.run({ type: "next" });
    const form = buildCountReactForm(t.input(false), "ilsa", "Ilsa", []);
    expect(form.choices.map((c) => c.label)).toEqual([
      { key: "TEMPO.TRACKER.Count.React.Retarget", data: { count: 9, round: 1 } },
      { key: "TEMPO.TRACKER.Count.React.StopCasting" },
    ]);
    const value = form.choices[0]?.value ?? "";
    expect(countReactionFromForm(t.input(false), "ilsa", { reaction: value, target: "" })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidTarget" },
    });
    const command = countReactionFromForm(t.input(false), "ilsa", { reaction: value, target: "wolf" });
    if (!command.ok) throw new Error(command.error.key);
    const events = t.host.apply(t.state, command.value);
    expect(events.ok && events.value.events.map((e) => e.type)).toEqual(["reactionUsed", "actionRetargeted"]);
    t.run(command.value);
    // CNT-12: one reaction per round: React is now refused with the engine's reason.
    expect(countReactControl(t.input(false), "ilsa").reason).toEqual({ key: "TEMPO.ERRORS.Count.ReactionUsed" });
  });

  it("CNT-12: a choice the form did not offer is refused", () => {
    const t = table();
    expect(countReactionFromForm(t.input(false), "ilsa", { reaction: "stopCasting" })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Count.InvalidReaction" },
    });
  });

  it("CNT-12: two pending attacks can be redirected together onto one target", () => {
    const t = declare(table(), { kind: "attack", "property.thrown": "on", attacks: "2", target: "ogre" });
    const form = buildCountReactForm(t.input(true), "ilsa", "Ilsa", []);
    expect(form.choices.map((c) => c.value)).toContain("redirect");
    const command = countReactionFromForm(t.input(true), "ilsa", { reaction: "redirect", target: "wolf" });
    expect(command).toMatchObject({
      ok: true,
      value: { type: "react", reaction: { kind: "redirect", target: "wolf" } },
    });
  });

  it("CNT-12: the GM gets React on an NPC's row while it has something pending, not on every row", () => {
    const t = table().run({ type: "next" });
    expect(actionsOf(t, true, "wolf")).toEqual([]);
    t.run({
      type: "declare",
      combatantId: "ogre",
      action: { kind: "spell", slotLevel: 5, targets: ["ilsa"], origin: null },
    });
    t.run({ type: "next" });
    expect(t.host.current(t.state)).toBe("wolf");
    expect(actionsOf(t, true, "ogre")).toEqual([["countReact", null]]);
  });
});
