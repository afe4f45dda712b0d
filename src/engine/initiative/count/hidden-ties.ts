/**
 * Issue 18 item 5, CNT-5: a contest with a hidden creature gives nothing away.
 *
 * Ruling (beside CNT-5's own: a contest total is kept for the encounter): a contest total a visible
 * creature rolls only because hidden creatures are level with it (no creature the players see is) is the
 * GM's secret roll, rolled by the GM's client with the others (host/roll-policy.ts) and shown on no card
 * (host/secret-ties.ts). It is kept on the creature's record marked secret (`secretContest`: how many of
 * its last kept totals are); the published state shows only the totals before them (published.ts), so
 * the players' copy is that of the encounter without the hidden creatures. A secret total orders the
 * creature against hidden ones only, and for the round it was rolled for: when a later round is prepared
 * and the creature shares its count with a creature its public totals do not separate it from, its
 * secret totals are dropped and it contests again, in public where that creature is one the players see
 * (as the encounter without the hidden creatures makes it roll), in secret again where it is a hidden
 * one. The engine cannot tell the two apart (who is hidden is the Foundry layer's, and changes with no
 * step), so a secret total does not outlast its round where it could matter. A hidden creature's totals
 * are secret whatever they are (it is on no card, and its record leaves the players' copy while it does
 * not act): they are not marked. The Combat update's events leave a secret total out as the published
 * state does (`withoutSecretContestEvents`).
 *
 * A secret total that orders its creature against no one any more (the hidden creature left, or moved off
 * its count) is dropped at once (`dropOrphanSecretContests`, after every roster change and roll); one whose
 * hidden creature the GM reveals is shown from then on (`secretContestHidden`: the players see both sides).
 *
 * A creature that comes onto its count mid-encounter (its first roll after it joins, or a count the GM
 * sets) level with its public totals makes it contest again (`dropSecretsLevelWith`), so the newcomer is
 * never ordered against a total the players were not shown.
 */
import type { DiceRequest } from "../contract.ts";
import { vectorEntries, vectorGet, vectorValues } from "../shared/persistent-vector.ts";
import { COUNT_ROLL_REASONS, putCombatant } from "./state.ts";
import { placeTies } from "./ties.ts";
import type { CountCombatant, CountState } from "./types.ts";
import { roundCount, trackRound } from "./walk.ts";

/** The hidden creatures (a set, or a lookup the caller answers). */
export interface CountHidden {
  has(id: string): boolean;
  /** Issue 17: set when the caller knows no creature at all is hidden (secrecy.ts). */
  readonly none?: boolean;
}

/** The kept totals the players were shown: all but the secret ones at the end. */
export function publicContest(c: Pick<CountCombatant, "contest" | "secretContest">): readonly number[] {
  return c.secretContest > 0 ? c.contest.slice(0, c.contest.length - c.secretContest) : c.contest;
}

/** Neither list of totals separates the two: one begins with all of the other. */
function level(a: readonly number[], b: readonly number[]): boolean {
  const most = Math.min(a.length, b.length);
  for (let i = 0; i < most; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The creatures in play on each count of `round` (defeated ones do not contest, DEF-1), by count. */
function byCount(state: CountState, round: number): Map<number, { slot: number; record: CountCombatant }[]> {
  const counts = new Map<number, { slot: number; record: CountCombatant }[]>();
  vectorEntries(state.combatants).forEach((record, slot) => {
    if (record === null || record.defeated) return;
    const count = roundCount(record, round);
    if (count === null) return;
    const here = counts.get(count);
    if (here === undefined) counts.set(count, [{ slot, record }]);
    else here.push({ slot, record });
  });
  return counts;
}

/** CNT-5: whether any record keeps secret contest totals (the usual case: none). O(n). */
function keepsSecretContest(state: CountState): boolean {
  return vectorEntries(state.combatants).some((c) => c !== null && c.secretContest > 0);
}

/**
 * CNT-5 (see the file comment): as `round` is prepared (once: not again while its contests are out), a
 * creature's secret totals are dropped where it shares its count with a creature its public totals do
 * not separate it from. `state`
 * itself when none is (the usual case: nobody keeps a secret total). O(n) plus the pairs on a count
 * where someone keeps one.
 */
export function dropSecretContests(state: CountState, round: number): CountState {
  if (!keepsSecretContest(state)) return state;
  let s = state;
  const dropped: number[] = [];
  for (const here of byCount(state, round).values()) {
    for (const { slot, record } of here) {
      if (record.secretContest === 0) continue;
      const mine = publicContest(record);
      if (!here.some((other) => other.slot !== slot && level(mine, publicContest(other.record)))) continue;
      s = putCombatant(s, { ...record, contest: mine, secretContest: 0 });
      dropped.push(slot);
    }
  }
  return dropped.length === 0 ? state : placeTies(s, dropped);
}

/**
 * CNT-5: the ids of `requests` that are secret contest totals: a visible creature's, where no visible
 * creature on its count (in the round whose contests are out) has public totals that begin with all of
 * its own. O(n) when any contest is asked.
 */
export function secretCountContests(
  state: CountState,
  requests: readonly DiceRequest[],
  hidden: CountHidden,
): ReadonlySet<string> {
  const out = new Set<string>();
  // Issue 17: with no creature hidden, only a total kept from a creature since revealed can be secret.
  if (hidden.none === true && !keepsSecretContest(state)) return out;
  const asked = requests.filter(
    (r) => r.reason === COUNT_ROLL_REASONS.contest && r.combatantId !== null && !hidden.has(r.combatantId),
  );
  if (asked.length === 0) return out;
  const rounds = [...new Set([trackRound(state), state.contestRound])];
  const counts = rounds.map((round) => byCount(state, round));
  for (const request of asked) {
    const id = request.combatantId ?? "";
    const slot = state.slots[id];
    const record = slot === undefined ? null : vectorGet(state.combatants, slot);
    if (record === null) continue;
    const mine = publicContest(record);
    const seen = (c: CountCombatant) =>
      c.id !== id && !hidden.has(c.id) && startsWith(publicContest(c), mine) && record.secretContest === 0;
    const publicTie = rounds.some((round, at) => {
      const count = roundCount(record, round);
      return count !== null && (counts[at]?.get(count) ?? []).some((e) => seen(e.record));
    });
    if (!publicTie) out.add(request.id);
  }
  return out;
}

function startsWith(totals: readonly number[], prefix: readonly number[]): boolean {
  return prefix.length <= totals.length && level(totals, prefix);
}

/**
 * Whether `c`'s secret totals still order it against a creature `among` names: one on its count (in the
 * round under way or the one whose contests are out, as `secretCountContests` reads them), defeated or
 * not (DEF-1: it keeps its place), whose totals begin as `c`'s public ones do. O(n).
 */
function secretsInUse(state: CountState, c: CountCombatant, among: (other: CountCombatant) => boolean): boolean {
  const mine = publicContest(c);
  return [...new Set([trackRound(state), state.contestRound])].some((round) => {
    const count = roundCount(c, round);
    if (count === null) return false;
    for (const other of vectorValues(state.combatants))
      if (other.id !== c.id && among(other) && roundCount(other, round) === count && level(mine, other.contest))
        return true;
    return false;
  });
}

/**
 * CNT-5, issue 18: a secret total that orders its creature against no one any more (the hidden creature it
 * was rolled against left, or its count moved) is dropped, so a creature that comes onto its count later
 * contests against what the players were shown. Nobody's order changes: no creature on its count was level
 * with its public totals. `state` itself when nobody keeps a secret total.
 */
export function dropOrphanSecretContests(state: CountState): CountState {
  const records = vectorValues(state.combatants);
  if (!records.some((c) => c.secretContest > 0)) return state;
  let s = state;
  for (const c of records)
    if (c.secretContest > 0 && !secretsInUse(state, c, () => true)) s = putCombatant(s, withoutSecretContest(c));
  return s;
}

/**
 * CNT-5, issue 18: whether the players' copy leaves `c`'s secret totals out: while they order it against a
 * creature still hidden, or against no one. Once the GM reveals that creature, the contest between the two is one the players
 * see both sides of, and it is shown as any other (the revealed creature's totals are shown with it).
 */
export function secretContestHidden(state: CountState, c: CountCombatant, hidden: CountHidden): boolean {
  if (c.secretContest === 0) return false;
  // Ordering it against no one (dropped at the next roster change or round): still the GM's.
  return !secretsInUse(state, c, () => true) || secretsInUse(state, c, (other) => hidden.has(other.id));
}

/**
 * CNT-5, issue 18: a creature placed on the track mid-encounter (`placed`: its first roll, or a count the GM
 * set) contests against what the players were shown: where it is level with a creature's public totals on
 * that creature's count, that creature's secret totals are dropped and it contests again (with the hidden
 * creature too), in public where the newcomer is one the players see. The slots whose totals were dropped,
 * for the caller to place again (none, and `state` itself, when nobody keeps a secret total).
 */
export function dropSecretsLevelWith(
  state: CountState,
  placed: readonly number[],
): { readonly state: CountState; readonly dropped: readonly number[] } {
  const records = vectorValues(state.combatants);
  if (placed.length === 0 || !records.some((c) => c.secretContest > 0)) return { state, dropped: [] };
  const newcomers = new Set(placed.map((slot) => vectorGet(state.combatants, slot)?.id));
  let s = state;
  const dropped: number[] = [];
  for (const c of records) {
    if (c.secretContest === 0 || newcomers.has(c.id) || !secretsInUse(state, c, (o) => newcomers.has(o.id))) continue;
    s = putCombatant(s, withoutSecretContest(c));
    const slot = state.slots[c.id];
    if (slot !== undefined) dropped.push(slot);
  }
  return { state: s, dropped };
}

/** `c` as the players' copy holds it: its secret totals left out. */
export function withoutSecretContest(c: CountCombatant): CountCombatant {
  return c.secretContest === 0 ? c : { ...c, contest: publicContest(c), secretContest: 0 };
}

function contestOf(state: CountState, id: string): number {
  const slot = state.slots[id];
  const record = slot === undefined ? null : vectorGet(state.combatants, slot);
  return record === null ? 0 : record.contest.length;
}

/**
 * The events of a step as the players' copy tells them: a `contestRolled` event whose total the
 * published state leaves out (a secret one, `shown` against `whole`) is left out too.
 */
export function withoutSecretContestEvents<E extends { readonly type: string }>(
  events: readonly E[],
  whole: CountState,
  shown: CountState,
): readonly E[] {
  // Issue 17: a published state that withholds nothing (the same state) keeps every total the step rolled.
  if (shown === whole) return events;
  const subject = (e: E): string | null => {
    const id = (e as { readonly combatantId?: unknown }).combatantId;
    return e.type === "contestRolled" && typeof id === "string" ? id : null;
  };
  const made = new Map<string, number>();
  for (const e of events) {
    const id = subject(e);
    if (id !== null) made.set(id, (made.get(id) ?? 0) + 1);
  }
  if (made.size === 0) return events;
  // Of the totals this step rolled, the first ones are public (a secret total comes after its public ones).
  const kept = new Map<string, number>();
  for (const [id, n] of made) kept.set(id, Math.max(0, contestOf(shown, id) - (contestOf(whole, id) - n)));
  const out: E[] = [];
  for (const e of events) {
    const id = subject(e);
    const left = id === null ? 1 : (kept.get(id) ?? 0);
    if (id !== null) kept.set(id, left - 1);
    if (left > 0) out.push(e);
  }
  return out.length === events.length ? events : out;
}
