/**
 * What must hold while messages race and once they are all delivered (issue 17's race fuzz).
 *
 * After EVERY delivery, on every connected client, against that client's OWN documents (mid-flight
 * clients may be at different points; each must be coherent where it is):
 * - the Combat's stored `system` (as JSON carries it) reads back to an engine state;
 * - the Combat's and its combatants' sources survive a JSON round trip unchanged;
 * - `system.seq` never goes backwards.
 *
 * Once everything is delivered (`settledProblems`):
 * - every connected client's documents are the server's, byte for byte (as JSON);
 * - with an active GM, core's round/turn/turns/combatant/initiative/defeated on every client are the
 *   engine's (tempo-encounter.ts `coreMismatches`);
 * - every launched command was answered (`{ ok: true }` or a refusal with a reason), every core
 *   button's promise resolved; none is left pending unless the page that gave it closed (a closed
 *   page gets no answer, as in Foundry);
 * - the server applied Tempo writes with `seq` going up by exactly one each, and no write changed the
 *   engine state, its history or its timers without a new `seq` (two writers, or a write that
 *   skipped the queue, would show here) — except in a batch where one GM took over from another,
 *   which cannot be closed without a compare-and-swap Foundry does not have (runner.ts, TAKEOVER);
 * - write counts (`writeCountProblems`).
 */
import { readCombatState, readStoredCombat } from "../../../src/engine/index.ts";
import type { Client } from "../runtime/client.ts";
import { isObj, type Obj } from "../runtime/diff.ts";
import type { LedgerEntry } from "../runtime/protocol.ts";
import type { Runtime } from "../runtime/runtime.ts";
import { coreMismatches, type Tempo, type TempoWorld } from "../tempo-encounter.ts";
import type { Launched } from "./actions.ts";
import { survivesJson } from "./json-safe.ts";

interface CopyLike {
  readonly _source: Obj;
}

function sourcesOf(combat: Tempo): CopyLike[] {
  const c = combat as unknown as CopyLike & { combatants: { contents: CopyLike[] }; groups: { contents: CopyLike[] } };
  return [c, ...c.combatants.contents, ...c.groups.contents];
}

/**
 * Problems of one client's copy of a combat, read from its own documents. With `checked`, sources
 * already checked are skipped: the runtime replaces a document's `_source` object on every change
 * (runtime/document.ts `updateSource`), so an unchanged object was checked already. The check after
 * every batch passes none and reads everything.
 */
export function copyProblems(t: TempoWorld, combat: Tempo, checked?: WeakSet<object>): string[] {
  const out: string[] = [];
  const [own, ...children] = sourcesOf(combat).map((d) => d._source);
  if (own === undefined) return ["no combat"];
  for (const source of [own, ...children]) {
    if (checked?.has(source) === true) continue;
    if (!survivesJson(source)) out.push(`${String(source._id)}: the source does not survive a JSON round trip`);
  }
  if (checked !== undefined) {
    const fresh = !checked.has(own);
    for (const source of [own, ...children]) checked.add(source);
    if (!fresh) return out;
  }
  // The stored system as JSON carries it: the source itself once it survives a round trip unchanged.
  const source = own.system ?? null;
  const system = out.length === 0 ? source : (JSON.parse(JSON.stringify(source)) as unknown);
  const stored = isObj(system) ? readStoredCombat(system) : null;
  if (stored === null) return [...out, "the stored system has no engine state"];
  const read = readCombatState(t.model(combat).host, stored.engine);
  if (!read.ok) out.push(`the stored engine state does not read back: ${read.error.key}`);
  return out;
}

/** `system.seq` of a stored Combat source. */
export function sourceSeq(source: Obj | null | undefined): number {
  const system = source?.system;
  return isObj(system) && typeof system.seq === "number" ? system.seq : 0;
}

export function seqOf(combat: Tempo): number {
  return sourceSeq((combat as unknown as CopyLike)._source);
}

/** The per-delivery watch (scheduler.afterDelivery): records violations, never throws mid-delivery. */
export class DeliveryWatch {
  readonly violations: string[] = [];
  deliveries = 0;
  readonly #seq = new WeakMap<Client, number>();
  readonly #checked = new WeakSet<object>();

  constructor(
    private readonly t: TempoWorld,
    private readonly runtime: Runtime,
    private readonly combatId: string,
  ) {}

  check(): void {
    this.deliveries++;
    if (this.violations.length > 0) return;
    for (const client of this.runtime.network.connectedClients) {
      const combat = client.combats.get(this.combatId) as unknown as Tempo | undefined;
      if (combat === undefined) {
        this.violations.push(`delivery ${this.deliveries}: ${client.id} has lost the combat`);
        continue;
      }
      for (const p of copyProblems(this.t, combat, this.#checked))
        this.violations.push(`delivery ${this.deliveries}, ${client.id}: ${p}`);
      const seq = seqOf(combat);
      const before = this.#seq.get(client) ?? seq;
      if (seq < before)
        this.violations.push(`delivery ${this.deliveries}, ${client.id}: seq went back ${before} → ${seq}`);
      this.#seq.set(client, seq);
    }
  }
}

function sortedJson(sources: readonly Obj[]): string {
  return JSON.stringify([...sources].sort((a, b) => (String(a._id) < String(b._id) ? -1 : 1)));
}

/** The server's sources of the combat and its embedded documents, by document name. */
function serverSources(runtime: Runtime, combatId: string): { combat: Obj | null; children: Obj[] } {
  return { combat: runtime.server.source("Combat", combatId), children: runtime.server.childrenOf(combatId) };
}

const ANSWER_KEYS = /^TEMPO\.[A-Za-z.]+$/;

function answerProblem(l: Launched): string | null {
  const value = l.value as { ok?: unknown; error?: { key?: unknown } } | undefined;
  if (value?.ok === true) return null;
  if (value?.ok === false && typeof value.error?.key === "string" && ANSWER_KEYS.test(value.error.key)) return null;
  return `answered neither ok nor with a reason: ${JSON.stringify(l.value)}`;
}

/** Launched actions that were not settled as they must be, now that everything is delivered. */
export function launchProblems(launched: readonly Launched[]): string[] {
  const out: string[] = [];
  for (const l of launched) {
    const where = JSON.stringify(l.action);
    const open = l.client === null || l.client.connected;
    if (l.status === "pending") {
      if (open) out.push(`${where}: never settled (lost: no answer, no refusal)`);
      continue;
    }
    if (l.type === "command" || l.type === "core") {
      if (l.status === "rejected") out.push(`${where}: threw ${String(l.error)}`);
      else if (l.type === "command") {
        const problem = answerProblem(l);
        if (problem !== null) out.push(`${where}: ${problem}`);
      }
    }
  }
  return out;
}

/** Every client's copy is the server's; with an active GM, core's fields are the engine's on each. */
export function settledProblems(t: TempoWorld, runtime: Runtime, combatId: string): string[] {
  const out: string[] = [];
  const server = serverSources(runtime, combatId);
  if (server.combat === null) return ["the server lost the combat"];
  const hasGm = runtime.network.connectedClients.some((c) => c.user.isActiveGM);
  // The server's side of the comparison, written once for every client (four of them compared to it).
  const serverCombat = JSON.stringify(server.combat);
  const serverChildren = sortedJson(server.children);
  for (const client of runtime.network.connectedClients) {
    const combat = client.combats.get(combatId) as unknown as Tempo | undefined;
    if (combat === undefined) {
      out.push(`${client.id} has no copy of the combat`);
      continue;
    }
    const [own, ...children] = sourcesOf(combat).map((d) => d._source);
    if (JSON.stringify(own) !== serverCombat) out.push(`${client.id}: its Combat differs from the server's`);
    if (sortedJson(children) !== serverChildren)
      out.push(`${client.id}: its combatants or groups differ from the server's`);
    for (const p of copyProblems(t, combat)) out.push(`${client.id}: ${p}`);
    // As that client (issue 18: what it shows depends on who looks).
    if (hasGm) for (const m of client.run(() => coreMismatches(t, combat))) out.push(`${client.id}: ${m}`);
  }
  return out;
}

/** The Combat updates of `combatId` the server applied, in order. */
export function combatUpdates(ledger: readonly LedgerEntry[], combatId: string): Obj[] {
  return ledger
    .filter((e) => e.kind === "modify" && e.documentName === "Combat" && e.action === "update")
    .flatMap((e) => (e.result as Obj[]).filter((d) => d._id === combatId));
}

const STATE_KEYS = ["engine", "history", "durations", "turnLog", "format"];

/** `seq` up by exactly one per Tempo write, and no state write without it. */
export function seqProblems(updates: readonly Obj[], startSeq: number): string[] {
  const out: string[] = [];
  let seq = startSeq;
  for (const [i, diff] of updates.entries()) {
    const system = isObj(diff.system) ? diff.system : null;
    if (system === null) continue;
    if (typeof system.seq === "number") {
      if (system.seq !== seq + 1) out.push(`write ${i}: seq ${seq} → ${system.seq}`);
      seq = system.seq;
    } else if (STATE_KEYS.some((k) => k in system)) {
      out.push(`write ${i}: changed ${Object.keys(system).join(", ")} with no new seq (seq stays ${seq})`);
    }
  }
  return out;
}
