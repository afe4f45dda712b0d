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
import type { HostCommand } from "./ruleset-host.ts";

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
