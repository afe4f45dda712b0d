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
import { rotationTiePlaces } from "./contest.ts";
import { rotationUnitKey, type RotationCombatant, type RotationState } from "./state.ts";

/** The hidden creatures (a set, or a lookup the caller answers). */
export interface RotationHidden {
  has(id: string): boolean;
  /** Issue 17: true when the caller knows no creature is hidden (nothing to look up, creature by creature). */
  readonly none?: boolean;
}

/** The units every member of which is hidden (a group with a visible member is seen: ROT-4, ROT-5). */
function hiddenUnits(state: RotationState, hidden: RotationHidden): Set<string> {
  const units = new Set<string>();
  if (hidden.none === true) return units;
  let seenGroups: Set<string> | null = null;
  for (const c of Object.values(state.combatants)) {
    if (hidden.has(c.id)) units.add(rotationUnitKey(c));
    else if (c.groupId !== null) (seenGroups ??= new Set<string>()).add(rotationUnitKey(c));
  }
  for (const unit of seenGroups ?? []) units.delete(unit);
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
 * `shown` (the published state so far) with the visible units' results on a whole number a hidden unit
 * stands on given as their tie among themselves alone would (file comment), read against `whole`;
 * `shown` itself when none changes.
 */
export function withoutSecretTieResults(
  shown: RotationState,
  whole: RotationState,
  hidden: RotationHidden,
): RotationState {
  const units = hiddenUnits(whole, hidden);
  if (units.size === 0) return shown;
  const floors = new Set<number>();
  // A creature on its own stands in a hidden unit when it is hidden (`hiddenUnits`): no key is made for it.
  const inHidden = (c: RotationCombatant) => (c.groupId === null ? hidden.has(c.id) : units.has(rotationUnitKey(c)));
  for (const c of Object.values(whole.combatants))
    if (c.initiative !== null && inHidden(c)) floors.add(Math.floor(c.initiative));
  const byFloor = new Map<number, Map<string, number>>();
  // Issue 17: a creature on no floor a hidden unit stands on is passed over before its unit is named.
  for (const c of Object.values(whole.combatants)) {
    if (c.initiative === null || !floors.has(Math.floor(c.initiative))) continue;
    if (inHidden(c)) continue;
    const unit = rotationUnitKey(c);
    const at = byFloor.get(Math.floor(c.initiative)) ?? new Map<string, number>();
    at.set(unit, c.initiative);
    byFloor.set(Math.floor(c.initiative), at);
  }
  const placed = new Map<string, number>();
  for (const [value, results] of byFloor) {
    const ranked = [...results].sort((a, b) => b[1] - a[1]).map(([unit]) => unit);
    const places = rotationTiePlaces(value, ranked.length, []);
    ranked.forEach((unit, i) => placed.set(unit, places[i] ?? value));
  }
  if (placed.size === 0) return shown;
  const changed: Record<string, RotationCombatant> = {};
  for (const [id, c] of Object.entries(shown.combatants)) {
    const value = placed.get(rotationUnitKey(c));
    if (value !== undefined && c.initiative !== null && value !== c.initiative)
      changed[id] = { ...c, initiative: value };
  }
  if (Object.keys(changed).length === 0) return shown;
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
