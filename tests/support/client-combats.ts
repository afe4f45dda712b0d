/**
 * One combat as each connected client holds it (runtime model: every client has its own copy of the
 * documents), and what core shows of it there: round, turn, acting combatant, the cached `turns`.
 * The hook-ledger, roster and GM-leaving tests read every client through these.
 */
import type { Client } from "./runtime/client.ts";
import type { HookCall } from "./runtime/hooks.ts";
import type { Tempo, TempoWorld } from "./tempo-encounter.ts";

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
 * What differs, on `client`, between core's `turns` / `turn` / `combatant` and the engine the active
 * GM holds (`engine`): empty when core shows the engine's order and acting creature.
 */
export function coreVersusEngine(t: TempoWorld, client: Client, engine: Tempo): string[] {
  const copy = copyOn(client, engine.id ?? "");
  const m = t.model(engine);
  // Issue 18: core's turns follow the public order (no hidden creature but the acting one: engine
  // host/public-order.ts), the other combatants after it by id, on every client.
  const placed = m.publicOrder;
  const unplaced = engine.combatants.map((c) => c.id ?? "").filter((id) => !placed.includes(id));
  const order = [...placed, ...unplaced.sort()];
  const current = m.host.current(m.state);
  const out: string[] = [];
  const turns = copy.turns.map((c) => c.id);
  if (JSON.stringify(turns) !== JSON.stringify(order))
    out.push(`${client.id}: turns ${JSON.stringify(turns)} ≠ ${JSON.stringify(order)}`);
  const turn = current === null ? null : order.indexOf(current);
  if (copy.turn !== turn) out.push(`${client.id}: turn ${String(copy.turn)} ≠ ${String(turn)}`);
  if ((copy.combatant?.id ?? null) !== current)
    out.push(`${client.id}: combatant ${String(copy.combatant?.id)} ≠ ${String(current)}`);
  if (copy.round !== m.host.round(m.state)) out.push(`${client.id}: round ${copy.round} ≠ ${m.host.round(m.state)}`);
  return out;
}

/** The hook calls named `names` in a slice of the ledger. */
export function callsNamed(ledger: readonly HookCall[], ...names: string[]): HookCall[] {
  return ledger.filter((h) => names.includes(h.name));
}
