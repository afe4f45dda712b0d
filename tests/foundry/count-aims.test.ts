/**
 * Issue 19 on the count track: several attacks of one action aimed at different creatures from the attack
 * dialog (CNT-7, CNT-12), and the tracker's Declare… for one of two unlinked tokens of the same actor
 * (CNT-6: the row's own creature declares, not the first token of that actor). Runtime model; dice scripted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { LiveDialog } from "../support/runtime/dialog-live.ts";
import { installGmTable } from "../support/seed-table.ts";
import { countCreature, countTable, hp, inputOf, landedOn, postedSince } from "../support/count-table.ts";
import { countHands } from "../support/count-hands.ts";
import { addScene, placeToken } from "../support/world-scenes.ts";

const { world, chat, targeting, dialogs } = await installGmTable(1019);
const { declareOnCount } = await import("../../src/foundry/chat/count-declare-use.ts");
const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
const { packWeapon, attack, resolve, apply } = await countHands({ world, chat, targeting, dialogs });

/**
 * The GM has last chosen `attacks` attacks for `actor` (the remembered choice): a dialog answered with
 * `{ fields }` is filled without redrawing, so such a test starts it at the number whose "Attack k at"
 * selects it answers (the `{ live }` test below changes the number in the open dialog).
 */
async function lastChose(actor: { uuid: string }, attacks: number): Promise<void> {
  await world.as(world.gm, () => game.settings.set("tempo", "attackChoices", { [actor.uuid]: { attacks } }));
}

beforeEach(() => {
  for (const user of world.users.values()) targeting.target(user, []);
  world.scriptedTotals.length = 0;
  dialogs.answers.length = 0;
});

describe("count: each attack of an action at its own target", () => {
  it("CNT-7, CNT-12: seed: two Heavy attacks declared on count 4, the first at Gale and the second at Orc, land on 6 and 8 and each card rolls against its own target", async () => {
    const fenn = await countCreature(world, "Fenn", { abilities: { str: 2 }, primaryAbility: "str" });
    const gale = await countCreature(world, "Gale", { defenses: { ac: 12 } }, "npc");
    const orc = await countCreature(world, "Orc", { defenses: { ac: 12 } }, "npc");
    const warhammer = await packWeapon(fenn, "Warhammer");
    const t = await countTable(world, [fenn, gale, orc], [4, 18, 19]);
    const from = chat.messages.length;
    await lastChose(fenn, 2);
    expect(await attack(fenn, warhammer, [gale, orc], { attacks: "2", aim1: "0", aim2: "1" })).toBe(true);
    const shown = dialogs.prompts.at(-1)?.content ?? "";
    // One "Attack k at" choice per attack chosen, among the targets; the defaults aim 1 → Gale, 2 → Orc.
    expect(shown.match(/<select name="aim\d">/g)).toEqual(['<select name="aim1">', '<select name="aim2">']);
    expect(shown).toContain("Attack 1 at Gale.");
    expect(shown).toContain("Attack 2 at Orc.");
    expect(t.pendingCounts("Fenn")).toEqual([6, 8]);
    await t.untilActing("Gale");
    const cards = postedSince(chat, from, "pending");
    expect(cards.map(landedOn)).toEqual([6, 8]);
    const rolled = [];
    for (const card of cards) rolled.push(await resolve(card, [14, 5]));
    expect(rolled.map((r) => r.map((m) => `${m.type} ${String(inputOf(m).target)}`))).toEqual([
      ["attack Gale", "damage Gale"],
      ["attack Orc", "damage Orc"],
    ]);
    await apply(rolled[0]?.[1], gale);
    await apply(rolled[1]?.[1], orc);
    expect([hp(gale), hp(orc)]).toEqual([55, 55]);
  });

  it('CNT-7: Fenn\'s next attack dialog opens at the last number of attacks and their aims (two selects, 1 → Orc, 2 → Gale), with one "Attack k at" per attack', async () => {
    const fenn = await countCreature(world, "Fenn", { abilities: { str: 2 }, primaryAbility: "str" });
    const gale = await countCreature(world, "Gale", { defenses: { ac: 12 } }, "npc");
    const orc = await countCreature(world, "Orc", { defenses: { ac: 12 } }, "npc");
    const warhammer = await packWeapon(fenn, "Warhammer");
    const t = await countTable(world, [fenn, gale, orc], [4, 18, 19]);
    await lastChose(fenn, 2);
    expect(await attack(fenn, warhammer, [gale, orc], { attacks: "2", aim1: "1", aim2: "0" })).toBe(true);
    // Undo takes the declaration back; Fenn attacks again and answers with the dialog as it opens.
    await t.combat.tempoCommand({ type: "undo" });
    expect(t.pendingCounts("Fenn")).toEqual([]);
    await world.idle();
    const opened = dialogs.prompts.length;
    expect(await attack(fenn, warhammer, [gale, orc])).toBe(true);
    expect(dialogs.prompts.length).toBe(opened + 1);
    const shown = dialogs.prompts.at(-1)?.content ?? "";
    expect(shown.match(/<select name="aim\d">/g)).toEqual(['<select name="aim1">', '<select name="aim2">']);
    expect(shown).toContain("Attack 1 at Orc.");
    expect(shown).toContain("Attack 2 at Gale.");
  });

  it('CNT-7: in the open dialog, changing the number of attacks from 1 to 3 to 2 redraws one "Attack k at" per attack; choosing their targets keeps the selects and says where each goes; Roll declares two attacks, the first at Orc, the second at Gale', async () => {
    const fenn = await countCreature(world, "Fenn", { abilities: { str: 2 }, primaryAbility: "str" });
    const gale = await countCreature(world, "Gale", { defenses: { ac: 12 } }, "npc");
    const orc = await countCreature(world, "Orc", { defenses: { ac: 12 } }, "npc");
    const warhammer = await packWeapon(fenn, "Warhammer");
    const t = await countTable(world, [fenn, gale, orc], [4, 18, 19]);
    await lastChose(fenn, 1);
    const seen: { selects: string[]; preview: string }[] = [];
    let kept = false;
    const live = async ({ element, settle }: LiveDialog) => {
      const look = () => {
        const preview = element.querySelector("[data-attack-preview]")?.textContent ?? "";
        const selects = Array.from(element.querySelectorAll("[data-attack-aims] select"), (el) => el.outerHTML);
        seen.push({ selects: selects.map((html) => /name="(\w+)"/.exec(html)?.[1] ?? "?"), preview });
      };
      /** The user sets a field and leaves it: the browser fires "change", which bubbles to the dialog. */
      const set = async (name: string, value: string) => {
        const field = element.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
        if (field === null) throw new Error(`the dialog has no field ${name}`);
        field.value = value;
        field.dispatchEvent(new Event("change", { bubbles: true }));
        await settle();
      };
      look();
      await set("attacks", "3");
      look();
      await set("attacks", "2");
      look();
      const first = element.querySelector("select[name=aim1]");
      await set("aim1", "1");
      await set("aim2", "0");
      look();
      kept = first !== null && element.querySelector("select[name=aim1]") === first;
    };
    targeting.target(world.gm, [gale, orc]);
    dialogs.answers.push({ live });
    const own = world.runtime.clientOf(world.gm.id).actors.get(fenn.id ?? "") as unknown as Actor.Implementation;
    expect(await world.as(world.gm, () => useSheetItem(own, warhammer.id ?? ""))).toBe(true);
    await world.idle();
    expect(seen.map((s) => s.selects)).toEqual([
      ["aim1"],
      ["aim1", "aim2", "aim3"],
      ["aim1", "aim2"],
      ["aim1", "aim2"],
    ]);
    expect(seen[3]?.preview).toContain("Attack 1 at Orc.");
    expect(seen[3]?.preview).toContain("Attack 2 at Gale.");
    expect(kept).toBe(true);
    expect(t.pendingCounts("Fenn")).toEqual([6, 8]);
    const from = chat.messages.length;
    await t.untilActing("Gale");
    const rolled = [];
    for (const card of postedSince(chat, from, "pending")) rolled.push(await resolve(card, [14, 5]));
    expect(rolled.map((r) => r.map((m) => `${m.type} ${String(inputOf(m).target)}`))).toEqual([
      ["attack Orc", "damage Orc"],
      ["attack Gale", "damage Gale"],
    ]);
  });

  it("CNT-7: an aim naming none of the targets is refused with its reason and nothing is declared", async () => {
    const fenn = await countCreature(world, "Fenn", { abilities: { str: 2 }, primaryAbility: "str" });
    const gale = await countCreature(world, "Gale", {}, "npc");
    const orc = await countCreature(world, "Orc", {}, "npc");
    const warhammer = await packWeapon(fenn, "Warhammer");
    const t = await countTable(world, [fenn, gale, orc], [4, 18, 19]);
    const notices = world.notices.length;
    await lastChose(fenn, 2);
    expect(await attack(fenn, warhammer, [gale, orc], { attacks: "2", aim1: "0", aim2: "7" })).toBe(false);
    expect(world.notices.slice(notices).map((n) => n.text)).toEqual(['TEMPO.ATTACK.Dialog.AimUnknown {"value":"7"}']);
    expect(t.pendingCounts("Fenn")).toEqual([]);
  });
});

describe("count: the tracker's Declare… for an unlinked token", () => {
  it("CNT-6: Declare… on the second of two unlinked goblin tokens declares that goblin's attack, on its own count", async () => {
    const scene = await addScene(world, { name: "Ambush" });
    const goblin = await countCreature(world, "Goblin", { abilities: { str: 2 }, primaryAbility: "str" }, "npc");
    const dagger = await packWeapon(goblin, "Warhammer");
    const hero = await countCreature(world, "Hero", { defenses: { ac: 12 } });
    const tokens = [];
    for (const x of [0, 200]) tokens.push(await placeToken(world, scene, goblin, { x, y: 0, actorLink: false }));
    const rows = tokens.map((token, i) => ({
      name: `Goblin ${i + 1}`,
      actorId: goblin.id,
      tokenId: token.id,
      sceneId: scene.id,
    }));
    // Goblin 1 on count 3, Goblin 2 on 5, the Hero on 19.
    const t = await countTable(world, [...rows, hero], [3, 5, 19]);
    await t.untilActing("Goblin 2");
    const heroId = t.id("Hero");
    dialogs.answers.push({ fields: { kind: `item:${dagger.id}`, target: heroId } }, { fields: { attacks: "1" } });
    const n = world.notices.length;
    const ok = await declareOnCount(t.combat, t.id("Goblin 2"));
    expect(world.notices.slice(n)).toEqual([]);
    expect(ok).toBe(true);
    await world.idle();
    expect(dialogs.prompts.at(-1)?.content).toContain("Declared on count 5, lands on count 7.");
    expect([t.pendingCounts("Goblin 1"), t.pendingCounts("Goblin 2")]).toEqual([[], [7]]);
    const from = chat.messages.length;
    await t.untilActing("Hero");
    const [card] = postedSince(chat, from, "pending");
    expect(inputOf(card).name).toBe("Goblin 2");
    const rolled = await resolve(card, [14, 6]);
    expect(rolled.map((m) => `${m.type} ${String(inputOf(m).target)}`)).toEqual(["attack Hero", "damage Hero"]);
  });
});
