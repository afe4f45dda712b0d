/**
 * What the declaring user is told after a count declaration whose action had no delay (issue 22: "no feedback
 * after a declaration without delay"). A delayed action shows on the track where it lands (count-notes.ts); one
 * with no delay resolves in the same step (CNT-9: it lands on the count it was declared on), so nothing on the
 * track changes but the acting creature's row. The sentence names it from the step's `actionResolved` events.
 */
import type { CountDeclaredKind, HostEvent, I18nKey, Message } from "../../engine/index.ts";

const SENTENCES: Readonly<Record<CountDeclaredKind, I18nKey>> = {
  attack: "TEMPO.TRACKER.Count.ResolvedNow.Attack",
  charged: "TEMPO.TRACKER.Count.ResolvedNow.Charged",
  spell: "TEMPO.TRACKER.Count.ResolvedNow.Spell",
  other: "TEMPO.TRACKER.Count.ResolvedNow.Other",
};

interface ResolvedAtOnce {
  readonly combatantId: string;
  readonly kind: CountDeclaredKind;
  readonly count: number;
}

function resolvedAtOnce(event: HostEvent): ResolvedAtOnce | null {
  if (event.type !== "actionResolved") return null;
  const action = (event as { readonly action?: unknown }).action;
  if (typeof action !== "object" || action === null) return null;
  const a = action as Record<string, unknown>;
  const kind = a.kind;
  if (a.delay !== 0 || typeof a.combatantId !== "string" || typeof a.count !== "number") return null;
  if (typeof kind !== "string" || !Object.hasOwn(SENTENCES, kind)) return null;
  return { combatantId: a.combatantId, kind: kind as CountDeclaredKind, count: a.count };
}

/** The sentence for the first action of `combatantId` that a step resolved at once; null when there is none. */
export function countResolvedNowNote(
  events: readonly HostEvent[],
  combatantId: string,
  nameOf: (id: string) => string,
): Message | null {
  for (const event of events) {
    const action = resolvedAtOnce(event);
    if (action === null || action.combatantId !== combatantId) continue;
    return { key: SENTENCES[action.kind], data: { name: nameOf(combatantId), count: action.count } };
  }
  return null;
}
