/**
 * What a Tempo command given to the GM should come to, decided from data: the access rule (who may
 * give it) and the engine's own verdict on the stored combat (refused with its reason, or allowed:
 * the exact step when no dice are rolled on top of it). Used by the permission matrix and the fuzz.
 */
import {
  PLAYER_COMMANDS,
  automaticRequests,
  commandCombatant,
  stepCombat,
  undoRound,
  type CombatStep,
  type HostCommand,
  type Message,
  type StoredCombat,
} from "../../src/engine/index.ts";
import type { SampleContext } from "./command-samples.ts";

export type Requester = "gm" | "owner" | "other player" | "observer";

/** The access rule (README "Player commands"): the reason a requester is refused, or null. */
export function accessRefusal(
  requester: Requester,
  command: HostCommand,
  e: { own: string; current: string | null },
): Message | null {
  if (requester === "gm") return null;
  if (!PLAYER_COMMANDS.has(command.type)) return { key: "TEMPO.ERRORS.Access.GmOnly", data: { command: command.type } };
  const ids: unknown =
    command.type === "endTurn"
      ? [e.current]
      : command.type === "rollInitiative"
        ? command.combatantIds
        : [commandCombatant(command)];
  for (const id of Array.isArray(ids) ? ids : []) {
    if (typeof id !== "string") return { key: "TEMPO.ERRORS.Access.NoCombatant", data: { command: command.type } };
    if (requester !== "owner" || id !== e.own)
      return { key: "TEMPO.ERRORS.Access.NotOwner", data: { command: command.type } };
  }
  return null;
}

/**
 * The engine's verdict on `command` from the stored combat: refused with its reason, or allowed —
 * with the exact step when no dice are rolled on top of it (null when they are, or when the table
 * command's result is not one engine step).
 */
export type Verdict =
  { readonly ok: false; readonly error: Message } | { readonly ok: true; readonly exact: CombatStep | null };

export function engineVerdict(command: HostCommand, ctx: SampleContext, stored: StoredCombat): Verdict {
  const { host, state } = ctx;
  const loose = (r: { ok: true } | { ok: false; error: Message }): Verdict =>
    r.ok ? { ok: true, exact: null } : { ok: false, error: r.error };
  switch (command.type) {
    case "join":
    case "leave":
      return { ok: false, error: { key: "TEMPO.ERRORS.Host.RosterCommand", data: { type: command.type } } };
    case "endTurn": {
      const named = commandCombatant(command);
      if (named !== null && named !== host.current(state)) {
        return { ok: false, error: { key: "TEMPO.ERRORS.Host.NotCurrentTurn", data: { id: named } } };
      }
      return engineVerdict({ type: "next" }, ctx, stored);
    }
    case "rollInitiative": {
      const ids = new Set(command.combatantIds as string[]);
      const waiting = host.pending(state).some((r) => r.combatantId !== null && ids.has(r.combatantId));
      return waiting ? { ok: true, exact: null } : { ok: false, error: { key: "TEMPO.ERRORS.Host.NothingToRoll" } };
    }
    case "nextRound":
      return loose(stepCombat(host, stored, { type: "next" }));
    case "previousRound":
      return loose(undoRound(host, stored, 100));
    case "reset":
      return { ok: true, exact: null };
    case "start": {
      // The adapter makes the default groups first (groups/start-groups.ts): the engine alone cannot say the ids.
      const step = stepCombat(host, stored, command);
      return step.ok ? { ok: true, exact: null } : { ok: false, error: step.error };
    }
    default: {
      const step = stepCombat(host, stored, command);
      if (!step.ok) return { ok: false, error: step.error };
      return { ok: true, exact: automaticRequests(step.value.requests).length === 0 ? step.value : null };
    }
  }
}
