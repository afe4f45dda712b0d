/**
 * One combat as each connected client holds it (runtime model: every client has its own copy of the
 * documents), and what core shows of it there: round, turn, acting combatant, the cached `turns`.
 * The hook-ledger, roster and GM-leaving tests read every client through these.
 */
import { readCombatState, readStoredCombat } from "../../src/engine/index.ts";
import type { Client } from "./runtime/client.ts";
import type { HookCall } from "./runtime/hooks.ts";
import { storedSource, type Tempo, type TempoWorld } from "./tempo-encounter.ts";

/** Core's turn state (`combatTurnChange`'s prior and current). */
export interface TurnView {
  readonly round: number;
  readonly turn: number | null;
  readonly combatantId: string | null;
  readonly tokenId: string | null;
}

/** `client`'s own copy of the combat `id`. */
export function copyOn(client: Client, id: string): Tempo {
  const copy = client.combats.get(id);
  if (copy === undefined) throw new Error(`${client.id} has no combat ${id}`);
  return copy as unknown as Tempo;
}

/** The combat as `userId`'s client holds it. */
export function copyOf(t: TempoWorld, userId: string, id: string): Tempo {
  return copyOn(t.world.runtime.clientOf(userId), id);
}

export function turnView(combat: Tempo): TurnView {
  const combatant = combat.combatant;
  return {
    round: combat.round,
    turn: combat.turn,
    combatantId: combatant?.id ?? null,
    tokenId: combatant?.tokenId ?? null,
  };
}

export function sameTurn(a: TurnView, b: TurnView): boolean {
  return a.round === b.round && a.turn === b.turn && a.combatantId === b.combatantId;
}

/**
 * What differs, on `client`, between core's `turns` / `turn` / `combatant` / `round` and the engine the
 * active GM holds (`engine`) as it publishes it: empty when core shows its order, acting creature and round.
 */
export function coreVersusEngine(t: TempoWorld, client: Client, engine: Tempo): string[] {
  const copy = copyOn(client, engine.id ?? "");
  const m = t.model(engine);
  // Issue 18: core's turns follow the public order (no hidden creature but the acting one: engine
  // host/public-order.ts), the other combatants after it by id, on every client.
  const placed = m.publicOrder;
  const unplaced = engine.combatants.map((c) => c.id ?? "").filter((id) => !placed.includes(id));
  const order = [...placed, ...unplaced.sort()];
  // Issue 18: core's round and acting creature are the published state's, the one the document holds
  // (src/foundry/combat/core-position.ts); the GM's whole state may be a step behind it (a surprise round
  // only hidden creatures act in, CNT-4; a tie only against a hidden creature, STD-2).
  const stored = readStoredCombat(storedSource(engine));
  const read = stored === null ? null : readCombatState(m.host, stored.engine);
  const shown = read?.ok === true ? read.value : m.state;
  const current = m.host.current(shown);
  const out: string[] = [];
  const turns = copy.turns.map((c) => c.id);
  if (JSON.stringify(turns) !== JSON.stringify(order))
    out.push(`${client.id}: turns ${JSON.stringify(turns)} ≠ ${JSON.stringify(order)}`);
  const turn = current === null ? null : order.indexOf(current);
  if (copy.turn !== turn) out.push(`${client.id}: turn ${String(copy.turn)} ≠ ${String(turn)}`);
  if ((copy.combatant?.id ?? null) !== current)
    out.push(`${client.id}: combatant ${String(copy.combatant?.id)} ≠ ${String(current)}`);
  if (copy.round !== m.host.round(shown)) out.push(`${client.id}: round ${copy.round} ≠ ${m.host.round(shown)}`);
  return out;
}

/** The hook calls named `names` in a slice of the ledger. */
export function callsNamed(ledger: readonly HookCall[], ...names: string[]): HookCall[] {
  return ledger.filter((h) => names.includes(h.name));
}
