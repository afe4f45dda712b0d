/**
 * The `concentrating` condition on the tokens (CNT-10, SEG-10), decided from a command and its step's
 * events. **Rulings:**
 * - set when the caster declares a spell whose item has concentration (count `declare` with a spell
 *   action, segment `declare` with a spell declaration; the sheet's and the macro's cast commands carry
 *   the item's `concentration`): SEG-10 concentration covers the casting and the maintained effect;
 * - cleared when the casting is lost, stopped or fails (count `castingLost` / `castingStopped`,
 *   segment `castingFailed`: SEG-10's broken concentration, given as `interrupt`), or the caster falls
 *   unconscious, is defeated or leaves;
 * - the engine does not time a maintained effect: when it ends the GM takes the condition off by hand
 *   (or a timed effect's expiry does), as for every condition no scheduler holds.
 *
 * Pure.
 */
import type { HostCommand, HostEvent } from "../host/ruleset-host.ts";
import type { ConditionChange } from "./condition-changes.ts";

const ENDING: ReadonlySet<string> = new Set([
  "castingLost",
  "castingStopped",
  "castingFailed",
  "combatantUnconscious",
  "combatantDefeated",
  "combatantLeft",
]);

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, name) : undefined;
}

/** The caster a command makes concentrate (a declared spell with concentration), or null. */
export function concentrationCaster(command: HostCommand): string | null {
  if (command.type !== "declare" || command.concentration !== true) return null;
  const spell = field(command.action, "kind") === "spell" || field(command.declaration, "action") === "spell";
  return spell && typeof command.combatantId === "string" ? command.combatantId : null;
}

/** The creatures whose concentration a step's events end. */
export function concentrationEndedBy(events: readonly HostEvent[]): string[] {
  const out: string[] = [];
  for (const event of events) {
    if (!ENDING.has(event.type)) continue;
    const id = field(event, "combatantId") ?? field(field(event, "action"), "combatantId");
    if (typeof id === "string" && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The `concentrating` changes of a command that was carried out, with its step's events. */
export function concentrationChanges(command: HostCommand, events: readonly HostEvent[]): ConditionChange[] {
  const ended = concentrationEndedBy(events);
  const caster = concentrationCaster(command);
  const changes: ConditionChange[] = ended.map((combatantId) => ({
    combatantId,
    condition: "concentrating",
    active: false,
  }));
  if (caster !== null && !ended.includes(caster))
    changes.push({ combatantId: caster, condition: "concentrating", active: true });
  return changes;
}
