/**
 * Quench batch `tempo.attacks.console` (issue 18: "Quench batches gain the console attacks for a
 * licensed tester to replay"): the attack suite's cheats (tests/foundry/attack-suite.test.ts), tried
 * from a real player's client against a real server and GM. Run it as a PLAYER, with a GM logged in on
 * another browser, during a Tempo combat (the world's active combat) in which that player owns a
 * combatant the GM added (a `tempo` combatant), and a creature the player does not own is in it.
 * Skipped, saying why, otherwise. Every check reads the player's own copy after a wait, whether the
 * write's promise rejected or not: the check holds whether the server refuses a GM-only field with an
 * error or drops it (gmOnlyFields: "may only be updated by a GM user", API v14 ServerSanitizationFields,
 * as cited in tests/support/runtime/server.ts). Which of the two v13 does is what a tester's run shows.
 * The GM answers socket requests to the sender id the server gives (socket-channel.ts cites socketlib
 * and pf2e), so the spam is counted from the answers addressed to this user.
 *
 * 1. Each GM-only combatant field (system.json `documentTypes.Combatant.tempo.gmOnlyFields`) written on
 *    one's own combatant: refused by the server, the value unchanged.
 * 2. The Combat's engine state written directly (`system.seq`): the player does not own the Combat.
 * 3. A hand-made damage card (999, no roll) that the active GM is asked to apply to the creature the
 *    player does not own: refused with a reason; its hit points unchanged.
 * 4. Request spam on `system.tempo`: the GM answers at most REQUEST_RATE.limit requests of one sender in
 *    a window (the sender id is the server's, never the payload's) and drops the rest: of limit + 100
 *    sent, some are answered (the spam arrived) and at least 100 are not. Runs last.
 * `consoleAttacks(timing)` makes the batch with other waits (the runtime model delivers in milliseconds).
 */
import { REQUEST_RATE } from "../../engine/index.ts";
import { askActiveGm, REQUEST_ANSWER_QUERY, SOCKET_EVENT } from "../socket/socket-channel.ts";
import { postCard } from "../chat/post-card.ts";
import type { QuenchAssert, QuenchBatchFunction } from "./quench-api.ts";

const SUITE_TIMEOUT_MS = 90_000;
/** How long the checks wait for the server. */
export interface AttackTiming {
  /** For a refusal (or a broadcast) to come back after a write. */
  readonly settleMs: number;
  /** With no new answer for this long, the GM has answered all it will. */
  readonly quietMs: number;
}
const REAL_WORLD: AttackTiming = { settleMs: 1_500, quietMs: 2_000 };
const POLL_MS = 50;
/** The most the spam check waits for answers. */
const SPAM_LIMIT_MS = REQUEST_RATE.windowMs;

const FORGED: readonly (readonly [string, unknown])[] = [
  ["side", "enemy"],
  ["initiativeBonus", 20],
  ["int", 20],
  ["agi", 20],
  ["dexReaction", 20],
  ["surprised", true],
  ["actions", { now: null, undo: { forged: null }, redo: {} }],
  ["declaredUses", { segment: { itemUuid: "Actor.forged.Item.forged", targetUuids: [] } }],
];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A write the server may reject or drop: waits for either, never throws. */
async function attempt(write: () => Promise<unknown>, timing: AttackTiming): Promise<void> {
  try {
    await write();
  } catch {
    // the server's refusal: what the check expects
  }
  await wait(timing.settleMs);
}

/** Waits for a first count, then until `count()` has not changed for `quietMs` (SPAM_LIMIT_MS at most). */
async function untilQuiet(count: () => number, quietMs: number): Promise<void> {
  const started = Date.now();
  let last = count();
  let since = Date.now();
  while ((last === 0 || Date.now() - since < quietMs) && Date.now() - started < SPAM_LIMIT_MS) {
    await wait(POLL_MS);
    if (count() !== last) {
      last = count();
      since = Date.now();
    }
  }
}

const systemOf = (doc: { readonly system: unknown }): Record<string, unknown> =>
  (doc.system ?? {}) as Record<string, unknown>;

const hpOf = (actor: Actor.Implementation | null | undefined): unknown =>
  (systemOf(actor ?? { system: {} }).hp as { value?: unknown } | undefined)?.value;

export const consoleAttacks =
  (timing: AttackTiming): QuenchBatchFunction =>
  (context) => {
    const { describe, it, before } = context;
    const assert: QuenchAssert = context.assert;
    let own: Combatant.Implementation | null = null;
    let other: Combatant.Implementation | null = null;

    describe("Tempo: a player's console cheats change nothing", function () {
      this.timeout(SUITE_TIMEOUT_MS);

      before(function () {
        const combat = game.combat;
        const owned = combat?.combatants.find((c) => c.isOwner && c.type === "tempo");
        const notOwned = combat?.combatants.find((c) => !c.isOwner && c.actor !== null);
        if (game.user.isGM || game.users.activeGM === null || owned === undefined || notOwned === undefined) {
          console.warn(
            "Tempo | Quench tempo.attacks.console skipped: run it as a player, with a GM logged in, during a Tempo combat " +
              "with a combatant of yours the GM added and a creature you do not own.",
          );
          this.skip();
          return;
        }
        own = owned;
        other = notOwned;
      });

      for (const [field, value] of FORGED) {
        it(`a GM-only combatant field written from the console is refused: system.${field}`, async () => {
          if (own === null) assert.fail("No combatant of this player.");
          const target = own;
          const before = JSON.stringify(systemOf(target)[field] ?? null);
          await attempt(() => target.update({ [`system.${field}`]: value } as Combatant.UpdateData), timing);
          assert.strictEqual(JSON.stringify(systemOf(target)[field] ?? null), before, `system.${field} changed`);
        });
      }

      it("the Combat's engine state written from the console is refused (a player does not own the Combat)", async () => {
        const combat = game.combat;
        if (combat === null) assert.fail("No combat.");
        const seq = systemOf(combat).seq;
        await attempt(() => combat.update({ "system.seq": Number(seq ?? 0) + 100 } as Combat.UpdateData), timing);
        assert.strictEqual(systemOf(combat).seq, seq, "system.seq changed");
      });

      it("a hand-made damage card (999, no roll) is not applied by the GM to a creature the player does not own", async () => {
        if (other === null) assert.fail("No creature of another owner.");
        const actor = other.actor;
        const hp = hpOf(actor);
        const drNone = { physical: 0, elemental: 0, arcane: 0 };
        const input = {
          attacker: "Console",
          target: other.name ?? "",
          formula: "1d8",
          kind: "slashing",
          dr: drNone,
          drMode: "perHit",
          swings: [999],
        };
        const message = (await postCard({ type: "damage", input } as never, { whisper: [] })) as { id?: string } | null;
        if (message?.id == null) assert.fail("The player could not post a card of their own.");
        const answer = await askActiveGm("damage", {
          messageId: message.id,
          action: "apply",
          actorUuids: [actor?.uuid],
        });
        assert.isFalse(answer.ok, "the GM applied a hand-made damage card");
        await wait(timing.settleMs);
        assert.strictEqual(hpOf(actor), hp, "the creature's hit points changed");
      });

      it(`request spam: of ${REQUEST_RATE.limit + 100} requests at once the GM answers at most ${REQUEST_RATE.limit}`, async () => {
        const gm = game.users.activeGM?.id ?? "";
        let answers = 0;
        // The GM answers in a query to this user alone (socket-channel.ts): counted as each arrives.
        const queries = (CONFIG as unknown as { queries: Record<string, (data: unknown) => unknown> }).queries;
        const take = queries[REQUEST_ANSWER_QUERY];
        queries[REQUEST_ANSWER_QUERY] = (data: unknown) => {
          if (String((data as { id?: unknown }).id).startsWith("quench-spam.")) answers++;
          return take?.(data);
        };
        try {
          const change = { kind: "resolved" };
          for (let i = 0; i < REQUEST_RATE.limit + 100; i++)
            game.socket.emit(SOCKET_EVENT, {
              type: "request",
              id: `quench-spam.${i}`,
              kind: "card",
              gm,
              data: { messageId: "nothing", change },
            });
          await untilQuiet(() => answers, timing.quietMs);
        } finally {
          if (take !== undefined) queries[REQUEST_ANSWER_QUERY] = take;
        }
        assert.isAtLeast(answers, 1, "no answer: the spam never reached the GM");
        assert.isAtMost(answers, REQUEST_RATE.limit, "answers to the spam");
      });
    });
  };

export const consoleAttacksBatch: QuenchBatchFunction = consoleAttacks(REAL_WORLD);
