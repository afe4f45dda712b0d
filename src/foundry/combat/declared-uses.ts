/**
 * Issue 11: a weapon or spell declared in a `count` or `segment` combat (CNT-6, SEG-2 step 1) is rolled
 * later, when its pending card is resolved. What that roll needs (the item's uuid and the targeted
 * actors' uuids) is recorded on the declaring Combatant, at `system.declaredUses.<key>` (issue 18: a
 * GM-only field, so a player cannot swap the item or the targets after declaring; it was a flag):
 * - `<key>` is the engine's action id for a count action (`a3`, the pending card's `pending:a3`); one
 *   record per action the step declared (CNT-7 staggered attacks share the item);
 * - `segment` for a segment declaration (one per creature per round; the SEG-5 spell card reads it).
 * Why a flag and not the command: the engine's commands carry only rules facts and its state is
 * checked strictly, so an opaque ref has no place there. The record rides with the command to the GM
 * (`tempoUse`, taken off before the engine sees the command) and is written in the step's ONE batched
 * Combatant update (write-step.ts); the record of a creature the rules keep it from players for stays with
 * the active GM instead (secret-uses.ts). A step that declares without a record (the tracker's Declare) writes
 * `null` for its keys, so an action id reused after an undo never rolls an older declaration's item.
 */
import type { HostCommand } from "../../engine/index.ts";
import type { AttackChoices } from "../../view/chat/attack-options.ts";
import { keptUseOf } from "./secret-uses.ts";

export interface DeclaredUse {
  readonly itemUuid: string;
  /** The targeted actors' uuids when declared (empty: the resolving user's targets then). */
  readonly targetUuids: readonly string[];
  /**
   * Issue 19: the attack dialog's choices (charge, hands, cleave, modifier …). Rolling settles them again
   * against the rules (attack-options.ts `settleChoices`), so a hand-made record rolls nothing they forbid.
   */
  readonly choices?: AttackChoices;
  /**
   * CNT-12: the targets recorded with the declaration, kept once a reaction named others (`targetUuids` then
   * holds those, retarget-uses.ts), so undoing the reaction gives them back.
   */
  readonly declaredTargetUuids?: readonly string[];
}

const USE_KEY = "tempoUse";
const SEGMENT_KEY = "segment";

/** A stored `system.declaredUses`: key → use or null. */
export function isDeclaredUseRecord(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((use) => use === null || isUse(use));
}

/** The record per combatant a step writes: key → use (null clears a key). */
export type DeclaredUseWrites = ReadonlyMap<string, Readonly<Record<string, DeclaredUse | null>>>;

/** `command` carrying `use` to the GM's step (a plain command when `use` is null). */
export function withUse(command: HostCommand, use: DeclaredUse | null): HostCommand {
  return use === null ? command : ({ ...command, [USE_KEY]: use } as HostCommand);
}

function isUse(value: unknown): value is DeclaredUse {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const choices = v.choices === undefined || (typeof v.choices === "object" && v.choices !== null);
  const declared = v.declaredTargetUuids === undefined || isUuidList(v.declaredTargetUuids);
  return typeof v.itemUuid === "string" && isUuidList(v.targetUuids) && choices && declared;
}

function isUuidList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((t) => typeof t === "string");
}

/** The engine's command and the record it carried (null: none, or not a valid record). */
export function splitUse(command: HostCommand): { command: HostCommand; use: DeclaredUse | null } {
  if (!(USE_KEY in command)) return { command, use: null };
  const { [USE_KEY]: raw, ...rest } = command as HostCommand & { [USE_KEY]?: unknown };
  return { command: rest as HostCommand, use: isUse(raw) ? raw : null };
}

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * CNT-7, CNT-12: the record a declared count weapon attack keeps: one whose target the track names (an
 * attack the dialog aimed, count-declare-attack.ts) rolls on that creature (`uuidOf`: its actor's uuid);
 * any other rolls on the targets recorded with the declaration.
 */
function countUse(use: DeclaredUse | null, action: unknown, uuidOf: (id: string) => string | null) {
  const kind = field(action, "kind");
  const named = field(action, "targets");
  if (use === null || (kind !== "attack" && kind !== "charged") || !isUuidList(named) || named.length === 0) return use;
  const targetUuids = named.flatMap((id) => uuidOf(id) ?? []);
  return targetUuids.length === 0 ? use : { ...use, targetUuids };
}

/** What a `declare` step writes: its action ids (count) or `segment`, each with `use` or null. */
export function declaredUseWrites(
  ruleset: string,
  command: HostCommand,
  events: readonly { readonly type: string }[],
  use: DeclaredUse | null,
  uuidOf: (combatantId: string) => string | null = () => null,
): DeclaredUseWrites {
  const writes = new Map<string, Record<string, DeclaredUse | null>>();
  const combatantId = field(command, "combatantId");
  if (command.type !== "declare" || typeof combatantId !== "string") return writes;
  const record: Record<string, DeclaredUse | null> = {};
  if (ruleset === "segment") record[SEGMENT_KEY] = use;
  if (ruleset === "count")
    for (const event of events) {
      const action = field(event, "action");
      const id = field(action, "id");
      if (event.type === "actionDeclared" && field(action, "combatantId") === combatantId && typeof id === "string")
        record[id] = countUse(use, action, uuidOf);
    }
  if (Object.keys(record).length > 0) writes.set(combatantId, record);
  return writes;
}

/** The flag key a pending card's entry reads (`pending:a3` → `a3`; a segment spell → `segment`). */
export function useKeyOfEntry(entryKey: string): string | null {
  if (entryKey.startsWith("pending:")) return entryKey.slice("pending:".length);
  if (entryKey.startsWith("segment:")) return SEGMENT_KEY;
  return null;
}

/**
 * The record a combatant holds for a pending card's entry, or null: the one a GM's client keeps for a
 * creature whose record is withheld from players (secret-uses.ts), else the document's.
 */
export function declaredUseOf(combatant: Combatant.Implementation | undefined, entryKey: string): DeclaredUse | null {
  const key = useKeyOfEntry(entryKey);
  if (combatant === undefined || key === null) return null;
  const kept = keptUseOf(combatant, key);
  const use = kept === null ? field(field(combatant.system, "declaredUses"), key) : kept.value;
  return isUse(use) ? use : null;
}
