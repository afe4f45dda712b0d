/**
 * Issue 18 item 3, the Ready ruling (scheduler.ts): the standard state every client may hold. What a
 * readied action waits for is its owner's secret (the tracker shows "readied" to everyone, the trigger
 * only to its owner and the GM: view tracker-input.ts `privateTo`); the published state can keep it from
 * every player only for the creatures no player owns and the hidden ones. Theirs is published as a
 * placeholder that says nothing; the round it was readied in stays (the tracker's "readied" marker).
 *
 * A player character's trigger stays in the published state: every player's client gets the same
 * document, and its owner's client shows it (the other players' trackers do not).
 */
import { d20Roll } from "../shared/linear-commands.ts";
import type { StandardCombatant, StandardPendingRoll, StandardReadied, StandardState } from "./state.ts";

/** What a published standard state may not tell. */
export interface StandardSecrecy {
  readonly gmOnly: { has(id: string): boolean };
  readonly hidden: {
    has(id: string): boolean;
    /** Issue 17: true when the caller knows no creature is hidden (no pass over every creature). */
    readonly none?: boolean;
  };
}

/** The trigger published in place of a withheld one (a valid trigger text: 1–200 characters). */
export const WITHHELD_TRIGGER = "…";

/** The total a hidden creature's published record shows for the roll it made (STD-1). */
export const WITHHELD_STANDARD_TOTAL = 0;

/** The DEX bonus a hidden creature's published record shows (STD-1, STD-2). */
export const WITHHELD_DEX_BONUS = 0;

/**
 * STD-1, STD-2: a hidden creature's rolled total, its DEX bonus (which breaks ties) and its tie-breaker
 * rolls are the GM's secret, as in phase and rotation rounds, and so is its place: while it does not act
 * it is out of the published state (host/public-order.ts, `withoutHiddenBeforeOrder`). Ruling, for a
 * hidden creature still in it (the one acting now): it shows a DEX bonus of 0 and no tie-breakers; one
 * that rolled shows a total of 0, one still to roll shows none.
 */
function withheldTotals(state: StandardState, secrecy: StandardSecrecy): StandardState["combatants"] | null {
  if (secrecy.hidden.none === true) return null;
  let combatants: Record<string, StandardCombatant> | null = null;
  for (const [id, c] of Object.entries(state.combatants)) {
    if (!secrecy.hidden.has(id)) continue;
    const initiative = c.initiative === null ? null : WITHHELD_STANDARD_TOTAL;
    if (c.initiative === initiative && c.dexBonus === WITHHELD_DEX_BONUS && c.tieBreak.length === 0) continue;
    combatants ??= { ...state.combatants };
    combatants[id] = { ...c, initiative, dexBonus: WITHHELD_DEX_BONUS, tieBreak: [] };
  }
  return combatants;
}

/**
 * STD-1, STD-2: a hidden creature's pending rolls as a published state may hold them. A tie-breaker it
 * waits for tells that it is level with another creature on total and DEX: left out. Its initiative roll
 * tells only what its published record does (no total yet), so it stays, asked with the withheld DEX
 * bonus (the request's formula would spell the real one); the ids stay in sequence, so the stored form
 * still packs (packed.ts). The list itself when it holds no hidden creature's roll to change.
 */
function withheldRolls(state: StandardState, secrecy: StandardSecrecy): StandardState["rolls"] | null {
  let changed = false;
  const rolls: StandardPendingRoll[] = [];
  for (const roll of state.rolls) {
    const id = roll.request.combatantId;
    if (id === null || !secrecy.hidden.has(id)) rolls.push(roll);
    else if (roll.kind === "initiative") {
      const shown = {
        ...d20Roll(roll.request.id, id, roll.request.groupId, WITHHELD_DEX_BONUS, roll.request.reason),
        kind: roll.kind,
      };
      const same = shown.request.formula === roll.request.formula && shown.min === roll.min && shown.max === roll.max;
      rolls.push(same ? roll : shown);
      changed ||= !same;
    } else changed = true;
  }
  return changed ? rolls : null;
}

/**
 * Issue 18 item 5, STD-2: a creature's tie-breakers tell that another creature shares its total and DEX
 * bonus. Once the hidden creatures are out of the published state (`shown`: host/public-order.ts), one
 * whose tie in the whole state was with them only shares them with nobody there: its tie-breakers are
 * left out, as they are in the encounter without the hidden creatures. A tie that is lone in the whole
 * state too (its partner set another total) stays. `shown` itself when no tie is left lone by them.
 */
export function withoutLoneTies(shown: StandardState, whole: StandardState): StandardState {
  if (shown === whole) return shown;
  const keyOf = (c: StandardCombatant) => `${String(c.initiative)}|${String(c.dexBonus)}`;
  // Issue 17: only a tie with a creature that is out of `shown` can be left lone, so only the keys of
  // those are counted (`shown` holds the other creatures as `whole` does: leaves and drops only).
  const gone = new Map<string, number>();
  const totals = new Set<number | null>();
  for (const id of Object.keys(whole.combatants)) {
    const c = whole.combatants[id];
    if (c === undefined || Object.hasOwn(shown.combatants, id)) continue;
    gone.set(keyOf(c), (gone.get(keyOf(c)) ?? 0) + 1);
    totals.add(c.initiative);
  }
  if (gone.size === 0) return shown;
  const now = new Map<string, number>();
  const level: [string, StandardCombatant][] = [];
  for (const [id, c] of Object.entries(shown.combatants)) {
    if (!totals.has(c.initiative)) continue;
    const key = keyOf(c);
    if (!gone.has(key)) continue;
    now.set(key, (now.get(key) ?? 0) + 1);
    level.push([id, c]);
  }
  let combatants: Record<string, StandardCombatant> | null = null;
  for (const [id, c] of level) {
    const key = keyOf(c);
    const shownCount = now.get(key) ?? 0;
    if (c.tieBreak.length === 0 || shownCount > 1 || shownCount + (gone.get(key) ?? 0) <= 1) continue;
    combatants ??= { ...shown.combatants };
    combatants[id] = { ...c, tieBreak: [] };
  }
  return combatants === null ? shown : { ...shown, combatants };
}

/**
 * Issue 18: before the round's order is set (status setup or rolling) a hidden creature is left out of
 * the published state with its pending rolls, where its ruleset's `leave` would start the round
 * (host/public-order.ts: its tie-breaker the last roll the round waits for). Nothing else has its place
 * yet: the GM's state still waits for the roll. `state` itself when no hidden creature is in it.
 */
export function withoutHiddenBeforeOrder(state: StandardState, secrecy: StandardSecrecy): StandardState {
  if (state.status === "running" || secrecy.hidden.none === true) return state;
  const gone = Object.keys(state.combatants).filter((id) => secrecy.hidden.has(id));
  if (gone.length === 0) return state;
  const drop = <T>(record: Readonly<Record<string, T>>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).filter(([id]) => !gone.includes(id)));
  return {
    ...state,
    combatants: drop(state.combatants),
    firstTurnDue: drop(state.firstTurnDue),
    delayed: drop(state.delayed),
    reentered: drop(state.reentered),
    delayRank: drop(state.delayRank),
    readied: drop(state.readied),
    rolls: state.rolls.filter((r) => r.request.combatantId === null || !secrecy.hidden.has(r.request.combatantId)),
  };
}

/** The state with every withheld trigger, total, DEX bonus and roll replaced; `state` itself when none is withheld. */
export function publishedStandardState(state: StandardState, secrecy: StandardSecrecy): StandardState {
  let readied: Record<string, StandardReadied> | null = null;
  for (const [id, r] of Object.entries(state.readied)) {
    if (r.trigger === WITHHELD_TRIGGER || (!secrecy.gmOnly.has(id) && !secrecy.hidden.has(id))) continue;
    readied ??= { ...state.readied };
    readied[id] = { ...r, trigger: WITHHELD_TRIGGER };
  }
  const combatants = withheldTotals(state, secrecy);
  const rolls = withheldRolls(state, secrecy);
  if (readied === null && combatants === null && rolls === null) return state;
  return {
    ...state,
    ...(readied === null ? {} : { readied }),
    ...(combatants === null ? {} : { combatants }),
    ...(rolls === null ? {} : { rolls }),
  };
}
