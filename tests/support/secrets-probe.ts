/**
 * Issue 18 item 3: the secrets probe's set-up and search (tests/foundry/secrets-probe.test.ts). An
 * encounter of the owner's PC, two NPCs and a hidden NPC whose name and rolls are spelled by no other
 * value; what a player's client received (runtime/network.ts `receivedBy`) searched for secrets; and
 * what a client's own copy of a combat's state holds of the hidden creature (a withheld number is one
 * no byte search can tell from others).
 */
import type { RulesetId, SegmentDeclaration } from "../../src/engine/index.ts";
import { vectorValues, type PersistentVector } from "../../src/engine/initiative/shared/persistent-vector.ts";
import type { Tempo, TempoWorld } from "./tempo-encounter.ts";

export const HIDDEN_NAME = "Zq Unseen Lurker";

/**
 * CNT-2: the hidden creature's count bonus. Its result (1d20 − 30) is then a number no other value of
 * the encounter takes (−29 … −10), however a write spells it (a field, a column of a leaf, an event).
 */
export const HIDDEN_COUNT_BONUS = 30;

/**
 * PHS-2, ROT-1: the hidden creature's INT in phase rounds and its modifier in rotations. Its rolls
 * (2d6 + INT + AGI, 1d20 + modifier) are then numbers no other value of the encounter takes.
 */
export const HIDDEN_ROLL_BONUS = -70;

/**
 * STD-1, STD-2: the hidden creature's DEX bonus in standard rounds, the same as the second creature's
 * (an NPC, `combatantData`: `i % 3`), so a tie with it on the total is settled by tie-breakers.
 */
export const HIDDEN_DEX = 1;

/** The creatures: the owner's PC, two NPCs (`C1` an enemy, `C2` an ally), and a hidden NPC. */
export async function probeEncounter(t: TempoWorld, ruleset: RulesetId): Promise<Tempo> {
  const combat = await t.encounter(ruleset, 3);
  const initiativeBonus =
    ruleset === "count" ? HIDDEN_COUNT_BONUS : ruleset === "rotation" ? HIDDEN_ROLL_BONUS : HIDDEN_DEX;
  const int = ruleset === "phase" ? HIDDEN_ROLL_BONUS : 1;
  const hidden = { name: HIDDEN_NAME, hidden: true, system: { side: "enemy", initiativeBonus, int, agi: 1 } };
  await (
    combat as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Combatant", [hidden]);
  await t.world.idle();
  return combat;
}

export const declaration = (d: Partial<SegmentDeclaration>): SegmentDeclaration => ({
  action: "melee",
  targetId: null,
  weaponSpeed: 0,
  castingTime: null,
  routines: 1,
  goesFirst: false,
  delay: false,
  inMelee: false,
  minors: [],
  ...d,
});

/** How often `needle` occurs in `text`. */
function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/**
 * Secrets found in what `userId`'s client received: each string, or each match of each pattern, and
 * the hidden creature's name anywhere but its own core `name`.
 */
export function secretsFound(
  t: Pick<TempoWorld, "world">,
  userId: string,
  secrets: readonly (string | RegExp)[],
): { found: number; where: string[] } {
  const bytes = t.world.runtime.network.receivedBy(t.world.runtime.clientOf(userId));
  let found = 0;
  const where: string[] = [];
  for (const delivery of bytes) {
    const own = occurrences(delivery, `"name":"${HIDDEN_NAME}"`);
    const names = occurrences(delivery, HIDDEN_NAME) - own;
    let values = 0;
    for (const secret of secrets) {
      const hits =
        typeof secret === "string"
          ? occurrences(delivery, secret)
          : [...delivery.matchAll(new RegExp(secret.source, "g"))].length;
      if (hits > 0) where.push(`${String(secret)} in ${delivery.slice(0, 300)}`);
      values += hits;
    }
    if (names > 0)
      where.push(delivery.slice(Math.max(0, delivery.indexOf(HIDDEN_NAME) - 700), delivery.indexOf(HIDDEN_NAME) + 100));
    found += names + values;
  }
  return { found, where };
}

/** A broadcast of the hidden creature's own documents, which carry its name as core keeps it. */
const OWN_DOCUMENT = /^document \{"action":"[a-z]+","documentName":"(Actor|Token|Combatant)"/;

/**
 * What `userId`'s client received naming the hidden creature anywhere but in a broadcast of its own
 * Actor, Token or Combatant (a chat card, a card's Apply record, a setting, a socket message …): the
 * first 300 characters of each such delivery.
 */
export function namedOutsideItsDocuments(t: Pick<TempoWorld, "world">, userId: string): string[] {
  const bytes = t.world.runtime.network.receivedBy(t.world.runtime.clientOf(userId));
  return bytes.filter((d) => d.includes(HIDDEN_NAME) && !OWN_DOCUMENT.test(d)).map((d) => d.slice(0, 300));
}

/** A number as any write spells it (a field, a column of a leaf, an event), not part of a longer one. */
export const spelled = (n: number) => new RegExp(`(?<![\\w.-])${String(n)}(?![\\w.])`);

/** The hidden creature. */
export function hiddenOf(combat: Tempo): { id: string } {
  const hidden = combat.combatants.find((c) => c.hidden);
  if (hidden?.id == null) throw new Error("no hidden creature");
  return { id: hidden.id };
}

/** A count record as the GM's engine holds it (the fields the probe reads). */
interface CountRecord {
  readonly id: string;
  readonly result: number | null;
}

/** The count records of a client's state. */
export function countRecords(t: TempoWorld, combat: Tempo): CountRecord[] {
  const state = t.model(combat).state as { combatants: unknown };
  return vectorValues(state.combatants as PersistentVector<CountRecord>);
}

/** A creature's record in a standard, phase or rotation state (the fields the probe reads). */
interface RolledRecord {
  readonly id: string;
  readonly initiative: number | null;
  readonly dexBonus?: number;
}

/** The hidden creature's record in a client's copy of the state (standard's, phase's and rotation's records). */
export function hiddenRecord(t: TempoWorld, combat: Tempo, id: string): RolledRecord | null {
  const state = t.model(combat).state as { combatants: unknown; index?: Record<string, number> };
  const record =
    state.index === undefined
      ? (state.combatants as Record<string, RolledRecord>)[id]
      : vectorValues(state.combatants as PersistentVector<RolledRecord>).find((c) => c.id === id);
  return record ?? null;
}

/** The hidden creature's rolled total in a client's copy of the state. */
export function hiddenTotal(t: TempoWorld, combat: Tempo, id: string): number | null {
  return hiddenRecord(t, combat, id)?.initiative ?? null;
}

/** The reloaded GM page's own copy of `combat` (a reload is a new page with new documents). */
export function pageCopy(combat: Tempo): Tempo {
  const copy = (game.combats as unknown as { get(id: string): Tempo | undefined }).get(combat.id ?? "");
  if (copy === undefined) throw new Error("the reloaded page has no copy of the combat");
  return copy;
}

/** Reloads the GM's page: a new page for the same user, whose browser keeps its storage. */
export async function reloadGm(t: TempoWorld, combat: Tempo): Promise<Tempo> {
  t.gm.active = false;
  await t.world.idle();
  t.gm.active = true;
  await t.world.idle();
  return pageCopy(combat);
}
