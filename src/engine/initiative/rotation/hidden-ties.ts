/**
 * Issue 18 item 5, ROT-2: a tie with a hidden creature gives nothing away.
 *
 * Ruling: a reroll a visible unit makes only because hidden units share its tie (no unit the players see
 * rolls in the same reroll) is the GM's secret roll, rolled by the GM's client with the other rerolls and
 * shown on no card (host/secret-ties.ts): a roll they are shown would tell the players of a tie with a
 * creature they cannot see. Its owner is not asked: tie rerolls are the GM's rolls already
 * (host/roll-policy.ts), and this one only orders it against the hidden creature.
 *
 * The published results: on each whole number a hidden unit's result stands on (a tie's places all lie
 * between the tie's value and the next whole number, ROT-1's results and modifiers being whole), the
 * visible units there show the places the same tie among them alone gives (contest.ts: +0.5, +0.25, …,
 * the lowest keeps the value), in the order the GM's state has them. That order comes from rerolls made
 * in public (two visible units are told apart by a reroll both made, in which both were rolling), so it
 * is the order of the encounter without the hidden creatures. Ruling for the rare case the rules reach
 * past: a visible unit that won a tie whose other units all left since shows the tie's value there.
 */
import type { DiceRequest } from "../contract.ts";
import { rotationUnitKey, type RotationCombatant, type RotationState } from "./state.ts";

/** The hidden creatures (a set, or a lookup the caller answers). */
export interface RotationHidden {
  has(id: string): boolean;
  /** Issue 17: true when the caller knows no creature is hidden (nothing to look up, creature by creature). */
  readonly none?: boolean;
}

/**
 * The units every member of which is hidden (a group with a visible member is seen: ROT-4, ROT-5): the
 * hidden creatures on their own, by id, and the hidden groups, by group id. Issue 17: kept apart rather
 * than as unit keys, so no key is made per creature.
 */
interface HiddenUnits {
  readonly alone: ReadonlySet<string>;
  readonly groups: ReadonlySet<string>;
}

function hiddenUnitsOf(combatants: readonly RotationCombatant[], hidden: RotationHidden): HiddenUnits {
  const alone = new Set<string>();
  const groups = new Set<string>();
  if (hidden.none === true) return { alone, groups };
  let seenGroups: Set<string> | null = null;
  for (const c of combatants) {
    if (hidden.has(c.id)) (c.groupId === null ? alone : groups).add(c.groupId ?? c.id);
    else if (c.groupId !== null) (seenGroups ??= new Set<string>()).add(c.groupId);
  }
  for (const group of seenGroups ?? []) groups.delete(group);
  return { alone, groups };
}

/** The hidden units as unit keys (`rotationUnitKey`). */
function hiddenUnits(state: RotationState, hidden: RotationHidden): Set<string> {
  const { alone, groups } = hiddenUnitsOf(Object.values(state.combatants), hidden);
  const units = new Set<string>();
  for (const id of alone) units.add(rotationUnitKey({ id, groupId: null }));
  for (const group of groups) units.add(rotationUnitKey({ id: "", groupId: group }));
  return units;
}

/** ROT-2: the ids of `requests` that are secret tie rerolls (see the file comment). */
export function secretRotationRerolls(
  state: RotationState,
  requests: readonly DiceRequest[],
  hidden: RotationHidden,
): ReadonlySet<string> {
  const out = new Set<string>();
  if (state.contests.length === 0) return out;
  const units = hiddenUnits(state, hidden);
  if (units.size === 0) return out;
  const asked = new Set(requests.map((r) => r.id));
  for (const roll of state.rolls) {
    if (roll.kind !== "contest" || !asked.has(roll.request.id) || units.has(roll.unit)) continue;
    const rollOff = state.contests
      .flatMap((c) => c.rollOffs)
      .find((r) => r.rolling.includes(roll.unit) && !Object.hasOwn(r.results, roll.unit));
    if (rollOff !== undefined && rollOff.rolling.every((u) => u === roll.unit || units.has(u)))
      out.add(roll.request.id);
  }
  return out;
}

/**
 * `rotationTiePlaces(value, count, [])` (contest.ts) without a copy of the places held for each place
 * (quadratic: ~50 places, each copying the ones before, on every floor of ~150 units at 1,000). Each
 * place is the first free step below the last one, so the search goes on from there. Past about 48
 * places halving runs out and every place is spaced evenly instead, as there.
 */
function freshTiePlaces(value: number, count: number): number[] {
  const places: number[] = [];
  let bonus = 0.5;
  for (let place = 1; place < count; place++) {
    const next = value + bonus;
    if (next === value) {
      const gap = (value + 1 - value) / count;
      return Array.from({ length: count }, (_, i) => (i === count - 1 ? value : value + gap * (count - 1 - i)));
    }
    places.push(next);
    bonus /= 2;
  }
  if (count > 0) places.push(value);
  return places;
}

/**
 * `shown` (the published state so far) with the visible units' results on a whole number a hidden unit
 * stands on given as their tie among themselves alone would (file comment), read against `whole`;
 * `shown` itself when none changes.
 */
export function withoutSecretTieResults(
  shown: RotationState,
  whole: RotationState,
  hidden: RotationHidden,
): RotationState {
  if (hidden.none === true) return shown;
  // One copy of the roster for the three walks below.
  const roster = Object.values(whole.combatants);
  const units = hiddenUnitsOf(roster, hidden);
  if (units.alone.size === 0 && units.groups.size === 0) return shown;
  const inHidden = (c: RotationCombatant) => (c.groupId === null ? units.alone.has(c.id) : units.groups.has(c.groupId));
  const floors = new Set<number>();
  for (const c of roster) {
    if (c.initiative !== null && inHidden(c)) floors.add(Math.floor(c.initiative));
  }
  const byFloor = new Map<number, Map<string, number>>();
  // The unit each key names, to read the places back by creature id or group id.
  const named = new Map<string, RotationCombatant>();
  // Issue 17: a creature on no floor a hidden unit stands on is passed over before its unit is named.
  for (const c of roster) {
    if (c.initiative === null || !floors.has(Math.floor(c.initiative))) continue;
    if (inHidden(c)) continue;
    const unit = rotationUnitKey(c);
    const at = byFloor.get(Math.floor(c.initiative)) ?? new Map<string, number>();
    at.set(unit, c.initiative);
    byFloor.set(Math.floor(c.initiative), at);
    named.set(unit, c);
  }
  const placedAlone = new Map<string, number>();
  const placedGroups = new Map<string, number>();
  for (const [value, results] of byFloor) {
    const ranked = [...results].sort((a, b) => b[1] - a[1]).map(([unit]) => unit);
    const places = freshTiePlaces(value, ranked.length);
    ranked.forEach((unit, i) => {
      const c = named.get(unit);
      if (c !== undefined) (c.groupId === null ? placedAlone : placedGroups).set(c.groupId ?? c.id, places[i] ?? value);
    });
  }
  if (placedAlone.size === 0 && placedGroups.size === 0) return shown;
  // Issue 17: each creature's place read by its id or group id, no unit key made per creature.
  const changed: Record<string, RotationCombatant> = {};
  let anyChanged = false;
  for (const [id, c] of Object.entries(shown.combatants)) {
    const value = c.groupId === null ? placedAlone.get(c.id) : placedGroups.get(c.groupId);
    if (value !== undefined && c.initiative !== null && value !== c.initiative) {
      changed[id] = { ...c, initiative: value };
      anyChanged = true;
    }
  }
  if (!anyChanged) return shown;
  return { ...shown, combatants: { ...shown.combatants, ...changed } };
}

/**
 * The events of a step as the players' copy tells them: an `initiativeSet` of a visible creature whose
 * result the players' copy shows otherwise (a place won only against hidden units) tells the published
 * result, or is left out where that is the tie's whole number (the encounter without the hidden units
 * had no tie there). `events` itself when none changes.
 */
export function withoutSecretTieEvents<E extends { readonly type: string }>(
  events: readonly E[],
  whole: RotationState,
  shown: RotationState,
): readonly E[] {
  let changed = false;
  const out: E[] = [];
  for (const e of events) {
    const { combatantId: id, value } = e as { readonly combatantId?: unknown; readonly value?: unknown };
    const before = typeof id === "string" ? whole.combatants[id]?.initiative : undefined;
    const after = typeof id === "string" ? shown.combatants[id]?.initiative : undefined;
    if (e.type !== "initiativeSet" || value !== before || after === undefined || after === before) {
      out.push(e);
      continue;
    }
    changed = true;
    if (after !== null && !Number.isInteger(after)) out.push({ ...e, value: after });
  }
  return changed ? out : events;
}
