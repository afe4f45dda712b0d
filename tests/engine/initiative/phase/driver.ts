/** A small driver for phase-round scenarios: applies commands, fails loudly, keeps every event. */
import { unwrap } from "../../../../src/engine/core/result.ts";
import {
  createPhaseState,
  phaseScheduler,
  type PhaseCommand,
  type PhaseEvent,
  type PhaseJoin,
  type PhaseState,
} from "../../../../src/engine/initiative/phase/index.ts";

export class PhaseTable {
  state: PhaseState;
  events: PhaseEvent[] = [];

  constructor(combatants: readonly PhaseJoin[]) {
    this.state = unwrap(createPhaseState(combatants));
  }

  /** Applies a command and returns only the events it produced. */
  do(command: PhaseCommand): PhaseEvent[] {
    const result = phaseScheduler.apply(this.state, command);
    if (!result.ok) throw new Error(`${command.type} failed: ${result.error.key}`);
    this.state = result.value.state;
    this.events.push(...result.value.events);
    return [...result.value.events];
  }

  /** The phase now (a method, so the compiler does not narrow it across calls). */
  phase(): PhaseState["phase"] {
    return this.state.phase;
  }

  next(): PhaseEvent[] {
    return this.do({ type: "next" });
  }

  /** Answers the pending requests of the named combatants with these totals. */
  roll(totals: Readonly<Record<string, number>>): PhaseEvent[] {
    const results = phaseScheduler
      .pending(this.state)
      .filter((r) => r.combatantId !== null && totals[r.combatantId] !== undefined)
      .map((r) => ({ requestId: r.id, total: totals[r.combatantId ?? ""] ?? 0 }));
    return this.do({ type: "rolls", results });
  }

  /** Who the pending requests are for, with their formulas. */
  asked(): string[] {
    return phaseScheduler.pending(this.state).map((r) => `${r.combatantId ?? "?"}: ${r.formula}`);
  }

  /** The turn events only, as "phase:id" strings, e.g. "movement:ava". */
  static turns(events: readonly PhaseEvent[]): string[] {
    return events.flatMap((e) => (e.type === "turnStarted" ? [`${e.phase}:${e.combatantId}`] : []));
  }
}
