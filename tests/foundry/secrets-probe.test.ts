/**
 * Issue 18 item 3, the secrets probe: every byte a player's client received (the documents and settings
 * it loaded, every document broadcast, socket message, query and setting change: runtime/network.ts
 * `receivedBy`) is searched for what the GM has not revealed. Foundry sends every world document and
 * setting to every client (docs/research/foundry-secrets-and-write-guards.md), so a secret must never be
 * in one: the GM keeps it (combat/secret-store.ts) and publishes the rest (engine/host/published.ts).
 *
 * Searched for, in every ruleset: a hidden creature's name anywhere but its own core `name` (core sends
 * a hidden combatant to every client, and its actor; only the tracker hides it), and what only undo
 * could bring back (the history never leaves the GM). In segment rounds (SEG-2) also: an NPC's and a
 * hidden creature's unrevealed declarations, including one the GM changed since (kept only in the
 * GM's undo history), while the round is declared, rolled and played up to their turns.
 *
 * In count rounds (CNT-2, CNT-6): a hidden creature's roll (its result, spelled by no other value: its
 * bonus is 30) and the action it declared, still pending. In standard rounds (the Ready ruling): an
 * NPC's and a hidden creature's readied triggers; STD-1, STD-2: the hidden creature's total, DEX bonus
 * and pending tie-breaker (its initiative tied with an NPC's), read in each player's copy of the state
 * (a small number or a packed bit no search can tell from others).
 *
 * In every ruleset: an NPC's action tracker on its Combatant (STD-6; the GM keeps it: secret-actions.ts).
 * In count and segment rounds: the item an NPC's or hidden creature's declaration records for its Resolve
 * (issue 11's declared use; the GM keeps it: secret-uses.ts).
 *
 * In phase and rotation rounds (PHS-2, ROT-1): the hidden creature's rolled totals of two rounds.
 *
 * In every ruleset, after every step the probe plays (issue 18): the hidden creature's place (its id
 * in the order, its initiative or count, its id anywhere in the engine) in each player's copy of the
 * state while it does not act (engine host/public-order.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { installTempoWorld, playUntil, storedSource, type Tempo } from "../support/tempo-encounter.ts";
import { copyOf, coreVersusEngine } from "../support/client-combats.ts";
import {
  countRecords,
  declaration,
  declareSegmentSecrets,
  HIDDEN_DEX,
  SECRET_ITEM,
  SECRET_USE,
  hiddenOf,
  hiddenRecord,
  hiddenTotal,
  pageCopy,
  placesTold,
  probeEncounter,
  reloadGm,
  secretsFound,
  spelled,
} from "../support/secrets-probe.ts";

const t = await installTempoWorld(18);
const { world } = t;
// Every byte a client receives from here on is kept (runtime/network.ts); the pages loaded before any combat existed.
world.runtime.network.recordReceived = true;
afterAll(() => world.uninstall());

const encounter = (ruleset: RulesetId): Promise<Tempo> => probeEncounter(t, ruleset);

/** Secret values as the stored JSON spells them (engine/storage: a declaration is stored as one object). */
const SECRET_SPELL = '"castingTime":7';
const CHANGED_SPELL = '"castingTime":9';
const HIDDEN_MELEE = '"weaponSpeed":8';

/** A count action only the hidden creature declares: its delay is spelled so nowhere else. */
const HIDDEN_DELAY = 17;

/**
 * CNT-2, CNT-6: a count round in which the hidden creature rolled (its result is its secret place) and
 * declared an action that is still pending (`HIDDEN_DELAY` counts: into the next round, CNT-9).
 */
async function countSecrets(combat: Tempo): Promise<(string | RegExp)[]> {
  const hidden = hiddenOf(combat);
  const acting = (c: Tempo) => c.round >= 1 && t.model(c).host.current(t.model(c).state) === hidden.id;
  expect(await play(combat, acting, 60)).toBe(true);
  const action = { kind: "other", delay: HIDDEN_DELAY };
  const command = { type: "declare", combatantId: hidden.id, action, tempoUse: SECRET_USE } as const;
  expect(await combat.tempoCommand(command as unknown as Parameters<Tempo["tempoCommand"]>[0])).toMatchObject({
    ok: true,
  });
  await world.idle();
  const result = countRecords(t, combat).find((r) => r.id === hidden.id)?.result ?? null;
  expect(result).toBeLessThan(-1);
  const round = combat.round;
  expect(await play(combat, (c) => c.round > round, 60)).toBe(true);
  // Its result as any write spells it (see HIDDEN_COUNT_BONUS); its delay as a field or in a leaf's column.
  return [
    new RegExp(`(?<![\\w.-])${String(result)}(?![\\w.])`),
    new RegExp(`"delay":"?(-?\\d+,)*${HIDDEN_DELAY}(?!\\d)`),
    SECRET_ITEM,
  ];
}

/**
 * PHS-2, ROT-1: two rounds in which the hidden creature rolled; each total it rolled. Phase stores a
 * roll as its offset from 2 + INT + AGI (packed-rolls.ts), which no search can tell from others, so each
 * player's own copy of the state is read too: it holds the withheld total, and core's order and acting
 * creature there are still the GM's engine's.
 */
async function rolledSecrets(combat: Tempo): Promise<RegExp[]> {
  const totals = new Set<number>();
  const id = hiddenOf(combat).id;
  for (const round of [1, 2]) {
    const rolled = (c: Tempo) => c.round >= round && t.model(c).host.current(t.model(c).state) !== null;
    expect(await play(combat, rolled, 60)).toBe(true);
    const total = hiddenTotal(t, combat, id);
    expect(total).toBeLessThan(-30);
    totals.add(total ?? 0);
    for (const user of [t.owner, t.other, t.observer]) {
      // Its record is out of the published state but while it acts, and then shows 0.
      expect([0, null]).toContain(hiddenTotal(t, copyOf(t, user.id, combat.id ?? ""), id));
      expect(coreVersusEngine(t, world.runtime.clientOf(user.id), combat)).toEqual([]);
    }
  }
  return [...totals].map(spelled);
}

/** Triggers only the GM knows: an NPC's and the hidden creature's readied actions (the Ready ruling). */
const NPC_TRIGGER = "Zq when the door creaks";
const HIDDEN_TRIGGER = "Zq when the lamp goes out";

/**
 * What each player's own copy of a combat's state told of the hidden creature (a DEX bonus or a pending
 * roll is a small number or a packed bit no byte search can tell from others): counted as secrets found.
 */
const inCopies = new Map<string, string[]>();

/** Notes `told` for `userId` once. */
function tell(userId: string, told: string): void {
  const list = inCopies.get(userId) ?? [];
  if (!list.includes(told)) inCopies.set(userId, [...list, told]);
}

/** Issue 18: what each player's copy tells of the hidden creature's place (support/secrets-probe.ts `placesTold`). */
function notePlaces(combat: Tempo): void {
  for (const [userId, told] of placesTold(t, combat, [t.owner, t.other, t.observer])) tell(userId, told);
}

/** `playUntil`, with the hidden creature's place checked in each player's copy after every step. */
const play = (combat: Tempo, until: (c: Tempo) => boolean, limit: number): Promise<boolean> =>
  playUntil(t, combat, (c) => (notePlaces(c), until(c)), limit);

/**
 * STD-1, STD-2: the round's initiative rolled so that the hidden creature and the NPC `C1` (both DEX
 * +1) tie on 9, and their tie-breakers tie again as often as the GM's click rolls them (20 times,
 * run-command.ts `rollFollowUps`): the click ends with both waiting for a tie-breaker, in the GM's
 * state. A player's copy holding the hidden creature's request, or its DEX bonus, is a secret found.
 */
async function standardTie(combat: Tempo): Promise<void> {
  const hidden = hiddenOf(combat).id;
  const tied = combat.combatants.contents[1]?.id ?? "";
  await combat.startCombat();
  await world.idle();
  const m = t.model(combat);
  const both = (id: string | null) => id === hidden || id === tied;
  const totals = m.host.pending(m.state).map((r, i) => (both(r.combatantId) ? 9 : 14 + i));
  world.scriptedTotals.push(...totals, ...Array<number>(2 * 20).fill(7));
  await combat.rollAll();
  await world.idle();
  expect(world.scriptedTotals).toEqual([]);
  const waiting = (c: Tempo) =>
    t
      .model(c)
      .host.pending(t.model(c).state)
      .map((r) => r.combatantId);
  expect(waiting(combat).sort()).toEqual([hidden, tied].sort());
  expect(hiddenRecord(t, combat, hidden)?.dexBonus).toBe(HIDDEN_DEX);
  for (const user of [t.owner, t.other, t.observer]) {
    const copy = copyOf(t, user.id, combat.id ?? "");
    const told = [
      ...(waiting(copy).includes(hidden) ? ["the hidden creature's pending tie-breaker"] : []),
      ...(hiddenRecord(t, copy, hidden)?.dexBonus === HIDDEN_DEX ? ["the hidden creature's DEX bonus"] : []),
    ];
    inCopies.set(user.id, [...(inCopies.get(user.id) ?? []), ...told]);
    expect(waiting(copy)).toContain(tied);
  }
}

/**
 * A standard round whose initiative tied the hidden creature with an NPC (`standardTie`), in which an
 * NPC and the hidden creature readied an action each.
 */
async function standardSecrets(combat: Tempo): Promise<string[]> {
  await standardTie(combat);
  const hidden = hiddenOf(combat);
  const npc = combat.combatants.find((c) => !c.hidden && !c.hasPlayerOwner);
  const readies = new Map([
    [hidden.id, HIDDEN_TRIGGER],
    [npc?.id ?? "", NPC_TRIGGER],
  ]);
  for (let i = 0; i < 40 && readies.size > 0; i++) {
    const m = t.model(combat);
    const current = m.host.started(m.state) ? m.host.current(m.state) : null;
    const trigger = current === null ? undefined : readies.get(current);
    if (current !== null && trigger !== undefined) {
      const answer = await combat.tempoCommand({ type: "ready", combatantId: current, trigger });
      expect(answer).toMatchObject({ ok: true });
      readies.delete(current);
      await world.idle();
    } else expect(await play(combat, (c) => c !== combat || i < 0, 1)).toBe(false);
  }
  expect([...readies.keys()]).toEqual([]);
  // STD-1: the hidden creature's total stays with the GM: each player's copy shows 0, in the GM's order.
  expect(hiddenTotal(t, combat, hidden.id)).toBeGreaterThan(0);
  for (const user of [t.owner, t.other, t.observer]) {
    expect([0, null]).toContain(hiddenTotal(t, copyOf(t, user.id, combat.id ?? ""), hidden.id));
    expect(coreVersusEngine(t, world.runtime.clientOf(user.id), combat)).toEqual([]);
  }
  return [NPC_TRIGGER, HIDDEN_TRIGGER];
}

/** A segment round with unrevealed NPC declarations (one changed since) and a hidden creature's. */
async function segmentSecrets(combat: Tempo): Promise<string[]> {
  const npc = await declareSegmentSecrets(t, combat);
  // The group rolls settle the round's schedule (SEG-2 step 2); the round is played up to the first turn.
  expect(await play(combat, (c) => t.model(c).host.current(t.model(c).state) !== null, 10)).toBe(true);
  // SEG-2: the first turn reveals its creature's declaration; the NPC's spell is secret unless it acts first.
  const revealed = t.model(combat).host.current(t.model(combat).state) === npc;
  return [HIDDEN_MELEE, CHANGED_SPELL, SECRET_ITEM, ...(revealed ? [] : [SECRET_SPELL])];
}

describe("the secrets probe (issue 18 item 3)", () => {
  it.each(RULESET_IDS)(
    "%s: no byte a player's client received holds a secret the GM has not revealed",
    async (ruleset) => {
      const combat = await encounter(ruleset);
      const ruleSecrets: (string | RegExp)[] =
        ruleset === "segment"
          ? await segmentSecrets(combat)
          : ruleset === "count"
            ? await countSecrets(combat)
            : ruleset === "standard"
              ? await standardSecrets(combat)
              : await rolledSecrets(combat);
      if (ruleSecrets.length === 0) expect(await play(combat, (c) => c.round >= 2, 60)).toBe(true);
      // Not vacuous: the GM's browser keeps them (the undo history, the whole state).
      // STD-6: an NPC's action tracker, as the Combatant batch would write it (write-step.ts mirrorCombatants).
      const secrets = [...ruleSecrets];
      for (const c of combat.combatants.filter((c) => !c.hasPlayerOwner))
        secrets.push(
          new RegExp(`"_id":"${c.id ?? "-"}"(,"(initiative|defeated|group)":[^,]*)*,"system":\\{"actions":\\{"`),
        );
      const kept = [...world.runtime.browserStorage(t.gm.id).snapshot().values()].join("\n");
      // Phase and rotation: their rolls are checked in the GM's state (rolledSecrets).
      if (ruleset !== "phase" && ruleset !== "rotation")
        for (const secret of ruleSecrets.slice(0, 1)) expect(kept).toMatch(secret);
      for (const user of [t.owner, t.other, t.observer]) {
        const { found, where } = secretsFound(t, user.id, secrets);
        const copied = inCopies.get(user.id) ?? [];
        inCopies.delete(user.id);
        console.log(`${ruleset}: ${user.id}: secrets found ${found + copied.length}`);
        expect([...where, ...copied], `${ruleset}, ${user.id}`).toEqual([]);
        expect(found + copied.length).toBe(0);
      }
    },
  );
});

describe("the GM's half of a combat (issue 18 item 3)", () => {
  it("SEG-2: a GM's reload restores it exactly: the unrevealed declarations and the undo history", async () => {
    const combat = await encounter("segment");
    await segmentSecrets(combat);
    const before = t.model(combat).state;
    const history = t.model(combat).keptHistory;
    t.gm.active = false;
    await world.idle();
    t.gm.active = true;
    await world.idle();
    const reloaded = pageCopy(combat);
    expect(reloaded).not.toBe(combat);
    expect(t.model(reloaded).state).toEqual(before);
    expect(t.model(reloaded).keptHistory).toEqual(history);
    expect(await reloaded.tempoCommand({ type: "undo" })).toMatchObject({ ok: true });
    await world.idle();
    expect(t.model(reloaded).state).not.toEqual(before);
  });

  async function undo(combat: Tempo): Promise<unknown> {
    expect(await combat.tempoCommand({ type: "undo" })).toMatchObject({ ok: true });
    await world.idle();
    return t.model(combat).state;
  }

  it.each(["count", "phase"] as const)(
    "%s: after a GM's reload, two undos and a redo give exactly what they gave before it (roll-all patches included)",
    async (ruleset) => {
      const combat = await encounter(ruleset);
      expect(await playUntil(t, combat, (c) => c.round >= 2, 60)).toBe(true);
      const present = t.model(combat).state;
      const once = await undo(combat);
      const twice = await undo(combat);
      expect(await combat.tempoCommand({ type: "redo" })).toMatchObject({ ok: true });
      await world.idle();
      expect(await combat.tempoCommand({ type: "redo" })).toMatchObject({ ok: true });
      await world.idle();
      expect(t.model(combat).state).toEqual(present);
      const reloaded = await reloadGm(t, combat);
      expect(t.model(reloaded).state).toEqual(present);
      expect(await undo(reloaded)).toEqual(once);
      expect(await undo(reloaded)).toEqual(twice);
      expect(await reloaded.tempoCommand({ type: "redo" })).toMatchObject({ ok: true });
      await world.idle();
      expect(t.model(reloaded).state).toEqual(once);
    },
  );

  it("Ready: a GM's reload restores the NPC's and the hidden creature's readied triggers exactly, and undo reaches them", async () => {
    const combat = await encounter("standard");
    await standardSecrets(combat);
    const before = t.model(combat).state;
    const reloaded = await reloadGm(t, combat);
    expect(t.model(reloaded).state).toEqual(before);
    expect(JSON.stringify(storedSource(reloaded).engine)).not.toContain(NPC_TRIGGER);
    expect(await reloaded.tempoCommand({ type: "undo" })).toMatchObject({ ok: true });
    await world.idle();
    expect(t.model(reloaded).state).not.toEqual(before);
  });

  it("SEG-2: a creature the GM hides after it declared has its declaration withheld from the next step on", async () => {
    const combat = await encounter("segment");
    await combat.startCombat();
    await world.idle();
    const [pc, npc] = combat.combatants.contents;
    const spell = declaration({ action: "spell", castingTime: 6, targetId: npc?.id ?? null });
    await world.as(t.owner, () =>
      combat.tempoCommand({ type: "declare", combatantId: pc?.id ?? "", declaration: spell }),
    );
    await world.idle();
    const published = () => JSON.stringify(storedSource(combat).engine);
    expect(published()).toContain('"castingTime":6');
    await (pc as unknown as { update(d: object): Promise<unknown> }).update({ hidden: true });
    await world.idle();
    await combat.tempoCommand({ type: "declare", combatantId: npc?.id ?? "", declaration: declaration({}) });
    await world.idle();
    expect(published()).not.toContain('"castingTime":6');
  });

  it("a turn step writes to the GM's browser only what it changed: its undo patch and the small entry", async () => {
    const combat = await encounter("standard");
    // A step that neither starts nor ends the hidden creature's turn: that one changes the secret patch too
    // (its place enters or leaves the published state: engine host/public-order.ts).
    const hidden = hiddenOf(combat).id;
    const calm = (c: Tempo) => {
      const m = t.model(c);
      const order = m.host.order(m.state);
      const at = order.indexOf(m.host.current(m.state) ?? hidden);
      return c.round >= 1 && at >= 0 && order[at] !== hidden && at + 1 < order.length && order[at + 1] !== hidden;
    };
    expect(await playUntil(t, combat, calm, 20)).toBe(true);
    const storage = world.runtime.browserStorage(t.gm.id);
    const before = storage.snapshot();
    await combat.nextTurn();
    await world.idle();
    const after = storage.snapshot();
    const mine = (k: string) => k.includes(combat.id ?? "-");
    const changed = [...after].filter(([k, v]) => mine(k) && before.get(k) !== v).map(([k]) => k);
    const removed = [...before.keys()].filter((k) => mine(k) && !after.has(k));
    // The entry and one undo patch; and the action trackers of the NPCs whose turns ended and started.
    expect(changed.filter((k) => k.startsWith("tempo.secret."))).toHaveLength(2);
    expect(changed.filter((k) => !k.startsWith("tempo.secret.")).length).toBeLessThanOrEqual(2);
    expect(removed).toEqual([]);
    for (const k of changed) expect(after.get(k)?.length ?? 0).toBeLessThan(2_000);
  });

  it("a GM whose browser lost it is told, and the combat runs on from what the players see", async () => {
    const combat = await encounter("segment");
    await segmentSecrets(combat);
    const notices = world.notices.length;
    t.gm.active = false;
    await world.idle();
    world.runtime.browserStorage(t.gm.id).clear();
    t.gm.active = true;
    await world.idle();
    const reloaded = pageCopy(combat);
    // One notice for each running combat the browser lost (the earlier tests' too), this one's among them.
    const told = world.notices.slice(notices).filter((n) => n.user === t.gm.id && n.text.includes(reloaded.id ?? "-"));
    expect(told).toEqual([expect.objectContaining({ text: expect.stringContaining("TEMPO.NOTICES.SecretsMissing") })]);
    expect(t.model(reloaded).keptHistory).toEqual({ undo: {}, redo: {} });
    const answer = await reloaded.tempoCommand({ type: "undo" });
    expect(answer).toMatchObject({ ok: false });
    const round = reloaded.round;
    expect(await playUntil(t, reloaded, (c) => c.round > round, 40)).toBe(true);
  });

  it("a deleted combat's GM half leaves the GM's browser with it, every part (a stray one too)", async () => {
    const combat = await encounter("standard");
    expect(await playUntil(t, combat, (c) => c.round >= 1, 10)).toBe(true);
    const storage = world.runtime.browserStorage(t.gm.id);
    const kept = () => [...storage.snapshot().keys()].filter((k) => k.includes(combat.id ?? "-"));
    // The entry and its undo patches; and one an interrupted write could have left unlisted.
    expect(kept().length).toBeGreaterThan(2);
    const entry = kept().find((k) => k.endsWith(combat.id ?? "-")) ?? "";
    storage.setItem(`${entry}.u999`, "{}");
    await (combat as unknown as { delete(): Promise<unknown> }).delete();
    await world.idle();
    expect(kept()).toEqual([]);
  });
});
