/**
 * Rotation order (ROT-1, ROT-4, ROT-5, ROT-6): units highest first, members of a unit one after
 * another, and at most two player characters in a row when the GM turns that on.
 */
import { compareIds, compareTotals } from "../shared/highest-first.ts";
import { own } from "../shared/round-order.ts";
import {
  ROTATION_MAX_PLAYERS_IN_ROW,
  rotationSide,
  rotationUnitKey,
  type RotationCombatant,
  type RotationInitiator,
} from "./state.ts";

/** A creature on its own or a group sharing one result, with the members taking part in this order. */
export interface RotationUnit {
  readonly key: string;
  readonly value: number;
  /** Member ids in join order. */
  readonly members: readonly string[];
  /** ROT-6: every member is a player character. */
  readonly allPlayers: boolean;
  /** ROT-6: player characters at the start of `members` (a unit starting with one is a player entry). */
  readonly leadingPlayers: number;
  /** ROT-6: player characters at the end of `members` (the run the next unit continues). */
  readonly trailingPlayers: number;
}

/** ROT-6: how many of `kinds` in a row, from the start, are player characters. */
function playersFromStart(kinds: readonly RotationCombatant["kind"][]): number {
  const first = kinds.findIndex((k) => k !== "pc");
  return first < 0 ? kinds.length : first;
}

/** ROT-1: higher result first; equal results (a tie still being rolled off) by unit key. */
export function compareRotationUnits(
  a: Pick<RotationUnit, "key" | "value">,
  b: Pick<RotationUnit, "key" | "value">,
): number {
  return a.value !== b.value ? b.value - a.value : compareIds(a.key, b.key);
}

/**
 * The same order on single creatures: by unit, then join order inside the unit. Sorting ids with it
 * gives the order without ROT-6, and keeps every unit's members together.
 */
export function compareRotationCombatants(a: RotationCombatant, b: RotationCombatant): number {
  return (
    compareTotals(a.initiative, b.initiative) || compareIds(rotationUnitKey(a), rotationUnitKey(b)) || a.seq - b.seq
  );
}

/** ROT-1, ROT-4, ROT-5: units of the given creatures (those with a result), sorted highest first. O(n log n). */
export function rotationUnits(
  combatants: Readonly<Record<string, RotationCombatant>>,
  ids: Iterable<string>,
): RotationUnit[] {
  const byKey = new Map<string, RotationCombatant[]>();
  for (const id of ids) {
    const c = own(combatants, id);
    if (c === undefined || c.initiative === null) continue;
    const key = rotationUnitKey(c);
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [c]);
    else list.push(c);
  }
  const units: RotationUnit[] = [];
  for (const [key, list] of byKey) {
    list.sort((a, b) => a.seq - b.seq);
    const kinds = list.map((c) => c.kind);
    units.push({
      key,
      value: list[0]?.initiative ?? 0,
      members: list.map((c) => c.id),
      allPlayers: kinds.every((k) => k === "pc"),
      leadingPlayers: playersFromStart(kinds),
      trailingPlayers: playersFromStart([...kinds].reverse()),
    });
  }
  return units.sort(compareRotationUnits);
}

/**
 * ROT-6: walks the sorted units and, where the next unit would make more than two player characters
 * act in a row, moves the next non-player entry (a unit whose first member is not a player character)
 * up in front of it. A unit's members stay together (ROT-4), so a shared-initiative group counts with
 * the player characters it starts and ends with. `run` is how many player characters already acted in
 * a row just before these units. A group of three or more player characters sharing one result still
 * acts together, but never straight after another player character while a non-player entry is left. O(n).
 */
export function rotationNoThreePlayersInRow(sorted: readonly RotationUnit[], run: number): RotationUnit[] {
  const players = sorted.filter((u) => u.leadingPlayers > 0);
  const others = sorted.filter((u) => u.leadingPlayers === 0);
  const out: RotationUnit[] = [];
  let p = 0;
  let o = 0;
  let streak = run;
  while (p < players.length || o < others.length) {
    const player = players[p];
    const other = others[o];
    let takePlayer = other === undefined || (player !== undefined && compareRotationUnits(player, other) < 0);
    if (
      takePlayer &&
      player !== undefined &&
      other !== undefined &&
      streak > 0 &&
      streak + player.leadingPlayers > ROTATION_MAX_PLAYERS_IN_ROW
    ) {
      takePlayer = false;
    }
    const unit = takePlayer ? player : other;
    if (unit === undefined) break;
    out.push(unit);
    streak = unit.allPlayers ? streak + unit.members.length : unit.trailingPlayers;
    if (takePlayer) p++;
    else o++;
  }
  return out;
}

/** How many player characters stand in a row at the end of `ids` (ROT-6's starting run for what follows). */
export function rotationTrailingPlayerRun(
  combatants: Readonly<Record<string, RotationCombatant>>,
  ids: readonly string[],
): number {
  let run = 0;
  for (let i = ids.length - 1; i >= 0; i--) {
    const id = ids[i];
    const c = id === undefined ? undefined : own(combatants, id);
    if (c === undefined || c.kind !== "pc") break;
    run++;
  }
  return run;
}

/** ROT-7: whether a creature takes part in the planning phase. */
export function rotationPlansFirst(c: RotationCombatant, initiator: RotationInitiator): boolean {
  return initiator === "both" || rotationSide(c.kind) === initiator;
}

/** ROT-4: flattens units into turns. */
export function rotationUnitTurns(units: readonly RotationUnit[]): string[] {
  const turns: string[] = [];
  for (const unit of units) for (const id of unit.members) turns.push(id);
  return turns;
}
