/**
 * Who may give a command (issue: "players act only for what they own, checked by the GM").
 *
 * The GM may give any command. A player may give only the commands a creature gives for itself —
 * roll its initiative, declare, delay (and re-enter with `act`), ready (and `trigger` it), react, defend,
 * disengage, seize, end its turn — and only for a combatant it owns; the combatant a command acts for
 * is named by its `combatantId` field (a `react` or a `declare` included). "End my turn" is `next`
 * given by the owner of the acting creature. Whether the rules allow the command now is the engine's
 * to say, after this check.
 */
import { err, ok, type Result } from "../core/result.ts";
import type { HostCombatant, HostCommand, HostSide } from "./ruleset-host.ts";

/** Commands a player may give for a creature it owns. */
export const PLAYER_COMMANDS: ReadonlySet<string> = new Set([
  "declare",
  "delay",
  "act",
  "ready",
  "trigger",
  "react",
  "defend",
  "disengage",
  "seize",
  "interrupt",
  "freeAttack",
  "immediateAttack",
  "immediateSpell",
  "nameTarget",
  "endTurn",
  "rollInitiative",
  // ACT-ROT: a creature uses its own actions (a swing, a grapple, a trip, a Swift action …).
  "use",
  // PHS-7: a creature attacks or activates an item as its battle action.
  "battleAction",
]);

/** The combatant a command acts for, or null when it names none. */
export function commandCombatant(command: HostCommand): string | null {
  const id: unknown = (command as unknown as Record<string, unknown>).combatantId;
  return typeof id === "string" ? id : null;
}

export interface Requester {
  readonly isGM: boolean;
  /** Whether this user owns the combatant with this id. */
  owns(combatantId: string): boolean;
}

/**
 * Ok when `requester` may give `command` now as far as ownership goes. `current` is the acting
 * combatant (for "end my turn").
 */
export function checkCommandAccess(command: HostCommand, requester: Requester, current: string | null): Result<true> {
  if (requester.isGM) return ok(true);
  if (!PLAYER_COMMANDS.has(command.type)) return err("TEMPO.ERRORS.Access.GmOnly", { command: command.type });
  const id = command.type === "endTurn" ? current : commandCombatant(command);
  if (id === null) return err("TEMPO.ERRORS.Access.NoCombatant", { command: command.type });
  if (!requester.owns(id)) return err("TEMPO.ERRORS.Access.NotOwner", { command: command.type });
  return ok(true);
}

/**
 * Issue 18: a creature a player puts into a combat (core's "toggle combat" on a token, or a console) is
 * a request to join. Before the combat starts it joins at once, as when the GM adds it; in a running
 * combat only the GM adds creatures, so the GM is asked.
 */
export type JoinVerdict = "join" | "askGm";

export function joinRequestVerdict(started: boolean): JoinVerdict {
  return started ? "askGm" : "join";
}

/** The facts a returning creature's combatant is given (combatant data: side and initiative numbers). */
export interface RejoinFacts {
  readonly side: HostSide;
  readonly initiativeBonus: number;
  readonly int: number;
  readonly agi: number;
  readonly dexReaction: number;
  readonly surprised: boolean;
}

/**
 * Issue 18 item 2: a creature that leaves a combat and joins it again comes back as it left (`left`:
 * the engine's view of it then): its side, the numbers its ruleset's initiative reads and its surprise
 * as they were, not read again from its actor (which its owner may have changed meanwhile), and still
 * defeated if it was (DEF-1: only the GM's `revive` brings a creature back). Its action tracker's current
 * record is kept too (STD-6). Leaving is no way to a fresh start.
 */
export function rejoinFacts(left: HostCombatant): { readonly facts: RejoinFacts; readonly defeated: boolean } {
  const { side, initiativeBonus, int, agi, dexReaction, surprised } = left;
  return { facts: { side, initiativeBonus, int, agi, dexReaction, surprised }, defeated: left.defeated };
}
