/** A small driver for segment-round scenarios: applies commands, fails loudly, keeps every event. */
import { unwrap } from "../../../../src/engine/core/result.ts";
import {
  createSegmentState,
  SEGMENT_NO_DECLARATION,
  segmentScheduler,
  type SegmentCommand,
  type SegmentDeclaration,
  type SegmentEvent,
  type SegmentJoin,
  type SegmentSettings,
  type SegmentState,
} from "../../../../src/engine/initiative/segment/index.ts";

/** A declaration: no major action unless the overrides say otherwise. */
export function decl(overrides: Partial<SegmentDeclaration>): SegmentDeclaration {
  return { ...SEGMENT_NO_DECLARATION, ...overrides };
}

export function member(id: string, groupId: string, dexReaction = 0): SegmentJoin {
  return { id, groupId, dexReaction, surprised: false };
}

export class SegmentTable {
  state: SegmentState;
  events: SegmentEvent[] = [];

  constructor(combatants: readonly SegmentJoin[], settings?: SegmentSettings) {
    this.state = unwrap(createSegmentState(combatants, settings));
  }

  do(command: SegmentCommand): SegmentEvent[] {
    const result = segmentScheduler.apply(this.state, command);
    if (!result.ok) throw new Error(`${command.type} failed: ${result.error.key}`);
    this.state = result.value.state;
    this.events.push(...result.value.events);
    return [...result.value.events];
  }

  /** The error key a command would be refused with, or null when it would be accepted. */
  refused(command: SegmentCommand): string | null {
    const result = segmentScheduler.apply(this.state, command);
    return result.ok ? null : result.error.key;
  }

  step(): number {
    return this.state.step;
  }

  next(): SegmentEvent[] {
    return this.do({ type: "next" });
  }

  declare(declarations: Readonly<Record<string, SegmentDeclaration>>): void {
    for (const [combatantId, declaration] of Object.entries(declarations))
      this.do({ type: "declare", combatantId, declaration });
  }

  /** Answers the group d6 requests with these rolls, keyed by group. */
  rollGroups(rolls: Readonly<Record<string, number>>): SegmentEvent[] {
    const results = this.state.rolls.map((r) => ({ requestId: r.request.id, total: rolls[r.groupId] ?? 0 }));
    return this.do({ type: "rolls", results });
  }

  /** Declarations, then group rolls, then the round runs up to its first turn. */
  begin(declarations: Readonly<Record<string, SegmentDeclaration>>, rolls: Readonly<Record<string, number>>): void {
    if (this.state.step === 0) this.do({ type: "start" });
    this.declare(declarations);
    this.next();
    this.rollGroups(rolls);
    this.next();
  }

  /** Runs to the end of the round (step 8). */
  finish(): void {
    while (this.state.step !== 8) this.next();
  }

  /** Turns started, as "step.part:id", e.g. "5.group:fighter" or "7.spell:mage@3". */
  static turns(events: readonly SegmentEvent[]): string[] {
    return events.flatMap((e) =>
      e.type === "turnStarted"
        ? [`${e.step}.${e.part}:${e.combatantId}${e.part === "spell" ? `@${e.segment}` : ""}`]
        : [],
    );
  }
}
