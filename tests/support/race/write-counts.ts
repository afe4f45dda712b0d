/**
 * No command applied twice, none silently lost (issue 17), as far as the server's ledger can show it
 * soundly. Every Tempo write carries a new `seq`, and a command the active GM accepts is exactly one
 * such write (run-command.ts: `{ ok: true }` only after `writeStep`, which always moves `seq`), while
 * a refusal writes nothing. So, over one batch of racing actions, with W the seq-bearing Combat writes:
 *
 *   W ≥ commands answered `{ ok: true }`                      (an accepted command was not lost)
 *   W ≤ ok answers + answers that cannot know (the GM left, timed out, failed; a closed page's;
 *       core buttons, whose answer core's methods do not return) + background writes
 *                                                             (nothing was applied twice)
 *
 * Background writes are bounded by what started them: one roster step per combatant created or
 * deleted, one defeat/revive per `defeated` flag written, and per GM leaving or coming back one
 * reconcile (two roster steps and one step per combatant whose flag differs). The bound is exact in
 * the other direction only per command type, not per command: a double application hidden by a
 * command that was accepted but wrote nothing would not show; none can, since every accepted command
 * writes `seq`.
 */
import { isTempoWrite } from "../../../src/foundry/combat/tempo-write.ts";
import { isObj, type Obj } from "../runtime/diff.ts";
import type { LedgerEntry } from "../runtime/protocol.ts";
import type { Launched } from "./actions.ts";
import { combatUpdates } from "./invariants.ts";

const CANNOT_KNOW = new Set([
  "TEMPO.ERRORS.Access.GmLeft",
  "TEMPO.ERRORS.Access.Timeout",
  "TEMPO.ERRORS.Access.Failed",
]);

function answerOf(l: Launched): { ok: boolean; key: string | null } | null {
  const v = l.value as { ok?: unknown; error?: { key?: unknown } } | undefined;
  if (l.status !== "resolved" || typeof v?.ok !== "boolean") return null;
  return { ok: v.ok, key: typeof v.error?.key === "string" ? v.error.key : null };
}

function backgroundBound(ledger: readonly LedgerEntry[], gmChanges: number, most: number): number {
  let bound = gmChanges * (2 + most);
  for (const e of ledger) {
    if (e.kind !== "modify" || e.documentName !== "Combatant") continue;
    const result = e.result as readonly unknown[];
    if (e.action === "create" || e.action === "delete") bound += result.length;
    else if (!isTempoWrite(e.options)) bound += result.filter((d) => isObj(d) && "defeated" in d).length;
  }
  return bound;
}

export function writeCountProblems(
  ledger: readonly LedgerEntry[],
  combatId: string,
  launched: readonly Launched[],
  mostCombatants: number,
): string[] {
  const writes = combatUpdates(ledger, combatId).filter(
    (d: Obj) => isObj(d.system) && typeof d.system.seq === "number",
  );
  let ok = 0;
  let unknown = 0;
  for (const l of launched) {
    if (l.type === "core") unknown++;
    if (l.type !== "command") continue;
    const answer = answerOf(l);
    if (answer === null) unknown++;
    else if (answer.ok) ok++;
    else if (answer.key !== null && CANNOT_KNOW.has(answer.key)) unknown++;
  }
  const gmChanges = launched.filter((l) => l.type === "connection").length;
  const upper = ok + unknown + backgroundBound(ledger, gmChanges, mostCombatants);
  const out: string[] = [];
  if (writes.length < ok) out.push(`${ok} commands answered ok but only ${writes.length} Tempo writes: one was lost`);
  if (writes.length > upper)
    out.push(`${writes.length} Tempo writes, at most ${upper} possible (${ok} ok, ${unknown} unknown): applied twice`);
  return out;
}
