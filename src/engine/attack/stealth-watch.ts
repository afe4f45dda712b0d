/**
 * Stealth per observer in a rotation combat (STL-1..4): who is sneaking with what kept Sneak result, and
 * which observers have seen each sneaking creature. Plain JSON, held by the GM only (issue 18: a player
 * must not learn an unrevealed stealth result; the Foundry layer keeps it on the GM's client). The rolls
 * themselves are stealth.ts's; this file keeps their results per combat.
 *
 * **Ruling:** the creatures on the other side (enemies of player characters and their allies, and the
 * reverse) that are not defeated are the possible observers. Where the creatures have tokens on the scene
 * drawn on the canvas, the Foundry layer measures who has line of sight (scene-measures.ts `seesThrough`):
 * a creature enters stealth only when no enemy sees it (STL-1, `enemiesInSight`), and only observers that
 * see a sneaking creature roll to spot it (STL-2). Without tokens on the scene nothing is measured: every
 * possible observer has line of sight unless the GM marks it as having none (`unsighted`), and whoever sets
 * the `hidden` status says the creature is out of every enemy's sight, as the GM would rule at the table.
 */
import { err, ok, type Message, type Result } from "../core/result.ts";
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { enterStealth, resolveSneakReroll, resolveStealthSpot, type SneakResult } from "./stealth.ts";
import type { CheckOutcome } from "./attack-outcome.ts";

/** One sneaking creature: its kept Sneak result, who has seen it, and the movement reported this turn (STL-4). */
export interface StealthEntry {
  readonly sneak: number;
  readonly seenBy: readonly string[];
  readonly moved: SneakMovement | null;
}

/** Sneaking creature id → its entry. */
export type StealthWatch = Readonly<Record<string, StealthEntry>>;

export const NO_STEALTH: StealthWatch = {};

/** A creature of the combat as the watch reads it. */
export interface WatchCreature {
  readonly id: string;
  readonly side: "pc" | "ally" | "enemy";
  readonly defeated: boolean;
}

/** STL-4: what the sneaking creature reports of its turn (entered by its player until issue 21 measures it). */
export interface SneakMovement {
  /** The most feet it moved in one Full action this turn. */
  readonly feet: number;
  readonly flew: boolean;
  /** It flew with stealth soaring or hovering wings (flying costs nothing). */
  readonly quietFlight: boolean;
}

const enemies = (a: WatchCreature["side"], b: WatchCreature["side"]) => (a === "enemy") !== (b === "enemy");

/** STL-2 (interim ruling above): the creatures that have line of sight to `sneakerId`. */
export function stealthObservers(
  creatures: readonly WatchCreature[],
  sneakerId: string,
  unsighted: ReadonlySet<string>,
): string[] {
  const sneaker = creatures.find((c) => c.id === sneakerId);
  if (sneaker === undefined) return [];
  return creatures
    .filter((c) => c.id !== sneakerId && !c.defeated && !unsighted.has(c.id) && enemies(c.side, sneaker.side))
    .map((c) => c.id);
}

/** The watch read from storage: anything malformed is dropped entry by entry (nobody is sneaking there). */
export function readStealthWatch(value: unknown): StealthWatch {
  if (!isRecord(value)) return NO_STEALTH;
  const out: Record<string, StealthEntry> = {};
  for (const [id, entry] of Object.entries(value)) {
    if (id === "__proto__" || !isRecord(entry) || !isWhole(entry.sneak) || !Array.isArray(entry.seenBy)) continue;
    const seenBy = entry.seenBy.filter((s): s is string => typeof s === "string");
    const moved = isRecord(entry.moved) && checkMovement(entry.moved as unknown as SneakMovement).ok;
    out[id] = { sneak: entry.sneak, seenBy, moved: moved ? (entry.moved as unknown as SneakMovement) : null };
  }
  return out;
}

/**
 * STL-1: the creature enters stealth with a fresh Sneak roll; nobody has seen it yet. Refused
 * (`Attack.StealthInSight`) while `enemiesInSight` enemies, measured on the scene, can see it.
 */
export function watchEnter(
  watch: StealthWatch,
  sneakerId: string,
  face: number,
  sneakBonus: number,
  enemiesInSight = 0,
): Result<{ readonly watch: StealthWatch; readonly result: SneakResult }> {
  const rolled = enterStealth(face, { sneakBonus, enemiesWithLineOfSight: enemiesInSight });
  if (!rolled.ok) return rolled;
  const entry: StealthEntry = { sneak: rolled.value.sneakResult, seenBy: [], moved: null };
  return ok({ watch: { ...watch, [sneakerId]: entry }, result: rolled.value });
}

/** The creature leaves stealth (its `hidden` status is taken off, or it leaves the combat). */
export function watchLeave(watch: StealthWatch, id: string): StealthWatch {
  if (!Object.hasOwn(watch, id)) return watch;
  return Object.fromEntries(Object.entries(watch).filter(([key]) => key !== id));
}

/** STL-2: the sneaking creatures `observerId` rolls against at the start of its turn (it has line of sight). */
export function sneakersWatchedBy(
  watch: StealthWatch,
  observerId: string,
  creatures: readonly WatchCreature[],
  unsighted: ReadonlySet<string>,
): string[] {
  return Object.keys(watch).filter((s) => stealthObservers(creatures, s, unsighted).includes(observerId));
}

/**
 * STL-2: the observer's Cognition roll against one sneaking creature's kept result. **Ruling:** each roll
 * decides until the observer's next one: a success sees the creature, a failure loses it again ("only
 * those who succeed see it").
 */
export function watchSpot(
  watch: StealthWatch,
  sneakerId: string,
  observerId: string,
  face: number,
  cognitionBonus: number,
): Result<{ readonly watch: StealthWatch; readonly outcome: CheckOutcome }> {
  const entry = Object.hasOwn(watch, sneakerId) ? watch[sneakerId] : undefined;
  if (entry === undefined) return err("TEMPO.ERRORS.Stealth.NotSneaking", { id: sneakerId });
  const spot = resolveStealthSpot(face, { cognitionBonus, sneakResult: entry.sneak });
  if (!spot.ok) return spot;
  const others = entry.seenBy.filter((id) => id !== observerId);
  const seenBy = spot.value.success ? [...others, observerId] : others;
  return ok({ watch: { ...watch, [sneakerId]: { ...entry, seenBy } }, outcome: spot.value });
}

function checkMovement(moved: SneakMovement): Result<SneakMovement> {
  if (!isRecord(moved)) return err("TEMPO.ERRORS.Stealth.MovementInvalid", { value: shown(moved) });
  if (typeof moved.feet !== "number" || !Number.isFinite(moved.feet) || moved.feet < 0)
    return err("TEMPO.ERRORS.Stealth.MovementInvalid", { value: shown(moved.feet) });
  for (const flag of [moved.flew, moved.quietFlight])
    if (typeof flag !== "boolean") return err("TEMPO.ERRORS.Stealth.MovementInvalid", { value: shown(flag) });
  return ok(moved);
}

/** STL-4: the movement the sneaking creature's player reports for this turn (replaces an earlier report). */
export function watchMovement(watch: StealthWatch, sneakerId: string, moved: SneakMovement): Result<StealthWatch> {
  const entry = Object.hasOwn(watch, sneakerId) ? watch[sneakerId] : undefined;
  if (entry === undefined) return err("TEMPO.ERRORS.Stealth.NotSneaking", { id: sneakerId });
  const checked = checkMovement(moved);
  if (!checked.ok) return checked;
  return ok({
    ...watch,
    [sneakerId]: { ...entry, moved: { feet: moved.feet, flew: moved.flew, quietFlight: moved.quietFlight } },
  });
}

/**
 * STL-4, measured on the scene: one movement of the sneaking creature's token during its turn. **Ruling:**
 * each movement is one Full action's (rotation's Move is a Full action, ACT-ROT); the watch keeps the
 * farthest of the turn, and that it flew if any movement flew (quiet wings are still the player's report).
 */
export function watchMeasuredMove(
  watch: StealthWatch,
  sneakerId: string,
  feet: number,
  flew: boolean,
): Result<StealthWatch> {
  const before = Object.hasOwn(watch, sneakerId) ? watch[sneakerId]?.moved : undefined;
  const moved: SneakMovement = {
    feet: Math.max(before?.feet ?? 0, Math.round(feet)),
    flew: (before?.flew ?? false) || flew,
    quietFlight: before?.quietFlight ?? false,
  };
  return watchMovement(watch, sneakerId, moved);
}

/** What the creature brings to its end-of-turn Sneak roll. */
export interface SneakerFacts {
  readonly sneakBonus: number;
  /** Its walking speed in feet. */
  readonly speed: number;
}

/**
 * STL-4: the end-of-turn Sneak roll with the turn's penalties; it replaces the kept result and the report
 * is spent. **Ruling:** "more than half its movement speed in a single Full action" compares the most feet
 * reported for one Full action with half the creature's speed (no report: it did not move). Who has seen
 * the creature stays as it is until each observer's next STL-2 roll, against the new result.
 */
export function watchSneakAgain(
  watch: StealthWatch,
  sneakerId: string,
  face: number,
  facts: SneakerFacts,
): Result<{ readonly watch: StealthWatch; readonly result: SneakResult; readonly notes: readonly Message[] }> {
  const entry = Object.hasOwn(watch, sneakerId) ? watch[sneakerId] : undefined;
  if (entry === undefined) return err("TEMPO.ERRORS.Stealth.NotSneaking", { id: sneakerId });
  if (!isWhole(facts.speed) || facts.speed < 0)
    return err("TEMPO.ERRORS.Stealth.MovementInvalid", { value: shown(facts.speed) });
  const moved = entry.moved;
  const turn = {
    movedOverHalfSpeed: moved !== null && moved.feet > facts.speed / 2,
    flew: moved?.flew ?? false,
    quietFlight: moved?.quietFlight ?? false,
  };
  const rolled = resolveSneakReroll(face, facts.sneakBonus, turn);
  if (!rolled.ok) return rolled;
  const next: StealthEntry = { ...entry, sneak: rolled.value.sneakResult, moved: null };
  return ok({ watch: { ...watch, [sneakerId]: next }, result: rolled.value, notes: rolled.value.notes });
}

/** STL-3: the target has not seen the attacker: the attacker is sneaking and the target is not among those who saw it. */
export function watchUnseen(watch: StealthWatch, attackerId: string, targetId: string): boolean {
  const entry = Object.hasOwn(watch, attackerId) ? watch[attackerId] : undefined;
  return entry !== undefined && !entry.seenBy.includes(targetId);
}
