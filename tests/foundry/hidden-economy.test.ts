/**
 * Issue 18 item 3, the secrets probe for a hidden creature a player owns (support/secrets-probe.ts
 * `secretsFound`: every byte a player's client received). Core sends a hidden Combatant to every client,
 * so while it is hidden its action tracker (STD-6) and its declared uses stay with the GM
 * (secret-actions.ts, hidden-actions.ts, secret-uses.ts); its owner reads its tracker from its own view
 * (owner-view.ts). Revealed, its document holds its tracker again, in the reveal's own writes.
 */
import { afterAll, describe, expect, it } from "vitest";
import { declaration, secretsFound } from "../support/secrets-probe.ts";
import { installTempoWorld, ownedId, playUntil, type Tempo } from "../support/tempo-encounter.ts";
import { copyOf } from "../support/client-combats.ts";

const t = await installTempoWorld(76);
const { world, owner, other, observer } = t;
const runtime = world.runtime;
runtime.network.recordReceived = true;
afterAll(() => world.uninstall());

const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { actionNowsOf } = await import("../../src/foundry/combat/step-actions.ts");
const { keptUseOf } = await import("../../src/foundry/combat/secret-uses.ts");

const NEWCOMER = { now: null, undo: {}, redo: {} };
const acting = (c: Tempo) => t.model(c).host.current(t.model(c).state);
const hiddenPc = (ruleset: "standard" | "segment") =>
  t.encounter(ruleset, 4, undefined, (i) => (i === 0 ? { hidden: true } : {}));

/** The `system.actions` of `id` on `userId`'s copy of its Combatant. */
function documentRecord(userId: string, combat: Tempo, id: string): unknown {
  const c = copyOf(t, userId, combat.id ?? "").combatants.get(id);
  return (c?.system as { actions?: unknown } | undefined)?.actions;
}

/** A Combatant update broadcast carrying `id`'s tracker (write-step.ts mirrorCombatants' shape). */
const trackerWrite = (id: string) =>
  new RegExp(`"_id":"${id}"(,"(initiative|defeated|group|hidden)":[^,]*)*,"system":\\{"actions":\\{"`);

/** Where the other players' clients received the secrets (each count printed, as the secrets probe does). */
function foundByOthers(label: string, secrets: (string | RegExp)[]): string[] {
  return [other, observer].flatMap((u) => {
    const { found, where } = secretsFound(t, u.id, secrets);
    console.log(`${label}: hidden player-owned creature: ${u.id}: secrets found ${found}`);
    return where;
  });
}

const setHidden = (combat: Tempo, id: string, hidden: boolean) =>
  (combat.combatants.get(id) as unknown as { update(d: object): Promise<unknown> }).update({ hidden });

describe("issue 18: a hidden creature a player owns keeps its economy from other players", () => {
  it("STD-6: its tracker stays with the GM while hidden (other players receive none of it, its owner's tracker shows it); revealed, its document holds it again in the reveal's own writes (one Combatant update, at most one Combat write); hidden again, the document is emptied", async () => {
    const combat = await hiddenPc("standard");
    const own = ownedId(t, combat);
    expect(await playUntil(t, combat, (c) => acting(c) === own, 40)).toBe(true);
    const ready = { type: "ready", combatantId: own, trigger: "Zq when the bell rings" } as const;
    expect(await world.as(owner, () => copyOf(t, owner.id, combat.id ?? "").tempoCommand(ready))).toMatchObject({
      ok: true,
    });
    await world.idle();
    const kept = actionNowsOf(combat, own)?.[own];
    expect(kept).not.toBeNull();
    for (const user of [owner, other, observer]) expect(documentRecord(user.id, combat, own)).toEqual(NEWCOMER);
    expect(foundByOthers("standard", [trackerWrite(own)])).toEqual([]);
    // Its owner's tracker reads it from its own view: the GM's record.
    const input = runtime.as(owner.id, () => trackerInputOf(copyOf(t, owner.id, combat.id ?? ""), game.user));
    expect(input?.actions?.[own]).toEqual(kept);
    const otherInput = runtime.as(other.id, () => trackerInputOf(copyOf(t, other.id, combat.id ?? ""), game.user));
    expect(otherInput?.actions?.[own] ?? null).toBeNull();

    const writes = world.writes.length;
    await setHidden(combat, own, false);
    await world.idle();
    const made = world.writes.slice(writes).map((w) => w.document);
    expect(made.filter((d) => d === "Combatant")).toHaveLength(1);
    expect(made.filter((d) => d === "Combat").length).toBeLessThanOrEqual(1);
    const shown = documentRecord(other.id, combat, own) as { now?: unknown };
    expect(shown.now).toEqual(kept);
    expect(actionNowsOf(combat, own)?.[own]).toEqual(kept);
    const keys = [...runtime.browserStorage(t.gm.id).snapshot().keys()];
    expect(keys.filter((k) => k.startsWith("tempo.secretActions.") && k.endsWith(own))).toEqual([]);

    await setHidden(combat, own, true);
    await world.idle();
    expect(documentRecord(other.id, combat, own)).toEqual(NEWCOMER);
    expect(actionNowsOf(combat, own)?.[own]).toEqual(kept);
  });

  it("SEG-2: its owner's declaration and declared use reach no other player while it is hidden (the request's body goes to the GM alone), and its owner's tracker draws the declaration", async () => {
    const combat = await hiddenPc("segment");
    const own = ownedId(t, combat);
    await combat.startCombat();
    await world.idle();
    const target = combat.combatants.contents[1]?.id ?? null;
    const use = { itemUuid: "Actor.zq.Item.ZqOwnedSecretItem", targetUuids: [] };
    const declare = {
      type: "declare",
      combatantId: own,
      declaration: declaration({ weaponSpeed: 13, targetId: target }),
      tempoUse: use,
    };
    const asked = await world.as(owner, () =>
      copyOf(t, owner.id, combat.id ?? "").tempoCommand(declare as unknown as Parameters<Tempo["tempoCommand"]>[0]),
    );
    expect(asked).toMatchObject({ ok: true });
    await world.idle();
    const secrets = ["ZqOwnedSecretItem", '"weaponSpeed":13'];
    expect(JSON.stringify(t.model(combat).state)).toContain('"weaponSpeed":13');
    expect(foundByOthers("segment", secrets)).toEqual([]);
    for (const user of [other, observer]) {
      const c = copyOf(t, user.id, combat.id ?? "").combatants.get(own);
      expect(JSON.stringify(c?._source.system ?? {})).not.toContain("ZqOwnedSecretItem");
    }
    // Its owner's tracker draws its declaration from its own view.
    const input = runtime.as(owner.id, () => trackerInputOf(copyOf(t, owner.id, combat.id ?? ""), game.user));
    expect(JSON.stringify(input?.state)).toContain('"weaponSpeed":13');
  });

  it("SEG-2: hiding a creature a player owns takes the declared use off its document in the hide's own update (the GM keeps it for its Resolve)", async () => {
    const combat = await t.encounter("segment", 4);
    const own = ownedId(t, combat);
    await combat.startCombat();
    await world.idle();
    const use = { itemUuid: "Actor.zq.Item.ZqShownItem", targetUuids: [] };
    const declare = { type: "declare", combatantId: own, declaration: declaration({ weaponSpeed: 3 }), tempoUse: use };
    const asked = await world.as(owner, () =>
      copyOf(t, owner.id, combat.id ?? "").tempoCommand(declare as unknown as Parameters<Tempo["tempoCommand"]>[0]),
    );
    expect(asked).toMatchObject({ ok: true });
    await world.idle();
    const usesOn = (userId: string) =>
      JSON.stringify(copyOf(t, userId, combat.id ?? "").combatants.get(own)?._source.system ?? {});
    expect(usesOn(other.id)).toContain("ZqShownItem");
    const writes = world.writes.length;
    await setHidden(combat, own, true);
    await world.idle();
    expect(world.writes.slice(writes).filter((w) => w.document === "Combatant")).toHaveLength(1);
    for (const user of [owner, other, observer]) expect(usesOn(user.id)).not.toContain("ZqShownItem");
    const combatant = combat.combatants.get(own);
    expect(combatant === undefined ? null : keptUseOf(combatant, "segment")).toEqual({ value: use });
  });
});
