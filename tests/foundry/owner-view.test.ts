/**
 * Issue 18: a player who owns a hidden creature sees it in its own tracker. The published state leaves a
 * hidden creature out (engine host/public-order.ts); the active GM sends its owner alone the owner's
 * view (combat/owner-view.ts, a User query), so the owner's tracker draws the creature's row marked
 * hidden, and its controls are checked by the engine on that view like any other row's
 * (tracker-controls.ts `refusal`, no special case). Another player's client receives nothing of it.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { HostCommand, RulesetId } from "../../src/engine/index.ts";
import { declaration } from "../support/secrets-probe.ts";
import { installTempoWorld, ownedId, playUntil, type Tempo } from "../support/tempo-encounter.ts";
import { copyOf } from "../support/client-combats.ts";
import { controlsIn } from "../support/tracker-controls.ts";

const t = await installTempoWorld(74);
const { world, owner, other } = t;
const runtime = world.runtime;
runtime.network.recordReceived = true;
afterAll(() => world.uninstall());

const { trackerInputOf } = await import("../../src/foundry/applications/tracker-input.ts");
const { buildTrackerContext } = await import("../../src/view/tracker/tracker-context.ts");
const { refusal } = await import("../../src/view/tracker/tracker-controls.ts");
const { OWNER_VIEW_QUERY } = await import("../../src/foundry/combat/owner-view.ts");
const { SOCKET_EVENT } = await import("../../src/foundry/socket/socket-channel.ts");

/** A user's tracker of `combat`, built on that user's own client. */
function trackerOf(userId: string, combat: Tempo) {
  return runtime.as(userId, () => {
    const input = trackerInputOf(copyOf(t, userId, combat.id ?? ""), game.user);
    if (input === null) throw new Error("no tracker input");
    return { input, context: buildTrackerContext(input) };
  });
}

/** The rows a tracker context draws for `id` (hidden: its `hidden` mark). */
function rowsFor(context: unknown, id: string): { hidden: unknown }[] {
  const out: { hidden: unknown }[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) {
      const o = value as Record<string, unknown>;
      if (o.combatantId === id && "hidden" in o && "cssClass" in o) out.push({ hidden: o.hidden });
      Object.values(o).forEach(walk);
    }
  };
  walk(context);
  return out;
}

const acting = (c: Tempo) => t.model(c).host.current(t.model(c).state);
const ownerViewsTo = (userId: string) =>
  runtime.network.receivedBy(runtime.clientOf(userId)).filter((d) => d.includes("tempo.ownerView")).length;

describe("issue 18: the owner of a hidden creature sees it", () => {
  it.each(["standard", "segment"] as RulesetId[])(
    "%s: the owner's tracker draws its hidden creature (marked hidden) and checks its controls on the owner's view: End my turn while it acts (one Combat write); another player's tracker draws nothing of it and its client received no view",
    async (ruleset) => {
      const combat = await t.encounter(ruleset, 4, undefined, (i) => (i === 0 ? { hidden: true } : {}));
      const own = ownedId(t, combat);
      expect(combat.combatants.get(own)?.hidden).toBe(true);
      const otherViews = ownerViewsTo(other.id);
      // Someone else acts: the published order leaves the owner's hidden creature out.
      expect(await playUntil(t, combat, (c) => c.round >= 1 && acting(c) !== null && acting(c) !== own)).toBe(true);
      const published = t.model(copyOf(t, other.id, combat.id ?? ""));
      expect(published.host.order(published.state)).not.toContain(own);
      const mine = trackerOf(owner.id, combat);
      expect(mine.input.host.order(mine.input.state)).toContain(own);
      expect(rowsFor(mine.context, own).length).toBeGreaterThan(0);
      expect(rowsFor(mine.context, own).every((r) => r.hidden === true)).toBe(true);
      expect(rowsFor(trackerOf(other.id, combat).context, own)).toEqual([]);
      // The engine's own pre-check on the owner's view, as on the GM's whole copy: not its turn, refused.
      const late = (
        ruleset === "standard"
          ? { type: "delay", combatantId: own }
          : { type: "declare", combatantId: own, declaration: declaration({ weaponSpeed: 4 }) }
      ) as HostCommand;
      const why = refusal(mine.input, late);
      expect(why).not.toBeNull();
      expect(why).toEqual(refusal(trackerOf(t.gm.id, combat).input, late));

      // Its turn: its owner ends it from its own tracker, one Combat write.
      expect(await playUntil(t, combat, (c) => acting(c) === own, 40)).toBe(true);
      const now = trackerOf(owner.id, combat);
      const end = controlsIn(now.context).find((c) => c.action === "endTurn" && c.combatantId === own);
      expect(end?.disabled).toBe(false);
      const writes = world.writes.length;
      const done = await world.as(owner, () =>
        copyOf(t, owner.id, combat.id ?? "").tempoCommand({ type: "endTurn", combatantId: own } as never),
      );
      await world.idle();
      expect(done).toMatchObject({ ok: true });
      expect(acting(combat)).not.toBe(own);
      expect(world.writes.slice(writes).filter((w) => w.document === "Combat").length).toBe(1);
      expect(ownerViewsTo(owner.id)).toBeGreaterThan(0);
      expect(ownerViewsTo(other.id)).toBe(otherViews);
    },
    15_000,
  );

  it.each(["standard", "count"] as RulesetId[])(
    "%s: the owner's client shows its own hidden creature's combatant.initiative (core's tracker and carousel read it) as the GM's does; not a hidden creature it does not own, and another player's client shows neither",
    async (ruleset) => {
      const hidden = (i: number) => (i <= 1 ? { hidden: true } : {});
      const combat = await t.encounter(ruleset, 4, undefined, hidden);
      const [own, theirs] = [ownedId(t, combat), combat.combatants.contents[1]?.id ?? ""];
      const on = (userId: string, id: string) => copyOf(t, userId, combat.id ?? "").combatants.get(id)?.initiative;
      for (let step = 0; step < 2; step++) {
        expect(await playUntil(t, combat, (c) => c.round >= 1 + step)).toBe(true);
        expect(on(t.gm.id, own)).toEqual(expect.any(Number));
        expect(on(owner.id, own)).toBe(on(t.gm.id, own));
        expect(on(t.gm.id, theirs)).toEqual(expect.any(Number));
        expect([on(owner.id, theirs), on(other.id, own), on(other.id, theirs)]).toEqual([null, null, null]);
      }
    },
    15_000,
  );

  it("a player's console cannot put a view into another player's tracker: a made-up first view waits for a GM to name its token (a player's naming is ignored), made-up keyed views are refused", async () => {
    const combat = await t.encounter("standard", 4, undefined, (i) => (i === 0 ? { hidden: true } : {}));
    const own = ownedId(t, combat);
    expect(await playUntil(t, combat, (c) => c.round >= 1 && acting(c) !== null && acting(c) !== own)).toBe(true);
    const drawn = () => JSON.stringify(trackerOf(owner.id, combat).input.state);
    const before = drawn();
    const seq = t.model(copyOf(t, owner.id, combat.id ?? "")).seq;
    // A made-up view that would end the round on the owner's tracker.
    const forged = { combat: combat.id ?? "", seq, update: { round: 99 } };
    const asked = await world.as(other, async () => {
      const target = game.users.get(owner.id) as unknown as { query(n: string, d: unknown): Promise<unknown> };
      const first = await target.query(OWNER_VIEW_QUERY, { ...forged, key: "zq", token: "zq" });
      game.socket.emit(SOCKET_EVENT, { type: "ownerViewKey", to: owner.id, token: "zq" });
      const keyed = await target.query(OWNER_VIEW_QUERY, { ...forged, key: "0".repeat(32) });
      return { first, keyed };
    });
    await world.idle();
    expect(asked).toEqual({ first: true, keyed: false });
    expect(drawn()).toBe(before);
  });
});
