/**
 * One attack of the attack suite (issue 18, tests/foundry/attack-suite.test.ts): a cheat a player can
 * try from a browser console, on the runtime model (server + GM + player clients).
 * - `prepare` does what the cheat starts from (allowed writes: the player posting a card of their own,
 *   a legit apply the cheat then replays) and returns the exploit;
 * - the suite snapshots every byte the server holds (documents and world settings), runs the exploit,
 *   and snapshots again: the attack succeeded when anything changed or the exploit was let through.
 * New areas (combatant fields, roster, statuses) add their own lists to ATTACKS (index.ts).
 */
import type { Message } from "../../../src/engine/index.ts";
import type { AttackContext } from "./attack-context.ts";

export type Verdict =
  /** The GM's check refused it, with this reason (a key of lang/en.json) for the player. */
  | { readonly kind: "refused"; readonly reason: Message }
  /** The server refused the write (Foundry's own permission error, no Tempo reason due). */
  | { readonly kind: "server" }
  /** Dropped or ignored quietly, as designed (spam, a forged notice): no reason due. */
  | { readonly kind: "ignored" }
  /** Nothing stopped it. */
  | { readonly kind: "allowed" };

export interface Attack {
  readonly name: string;
  prepare(ctx: AttackContext): Promise<() => Promise<Verdict>>;
}

/** A refusal from Tempo's code as a verdict (null: it went through). */
export function verdictOf(refusal: Message | null | undefined): Verdict {
  return refusal === null || refusal === undefined ? { kind: "allowed" } : { kind: "refused", reason: refusal };
}

/** A socket answer as a verdict. */
export function answerVerdict(answer: { ok: boolean; error?: Message }): Verdict {
  return answer.ok ? { kind: "allowed" } : verdictOf(answer.error);
}
