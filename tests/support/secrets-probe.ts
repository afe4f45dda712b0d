/**
 * Issue 18 item 3: the secrets probe's set-up and search (tests/foundry/secrets-probe.test.ts). An
 * encounter of the owner's PC, two NPCs and a hidden NPC whose name and rolls are spelled by no other
 * value; what a player's client received (runtime/network.ts `receivedBy`) searched for secrets; and
 * what a client's own copy of a combat's state holds of the hidden creature (a withheld number is one
 * no byte search can tell from others).
 */
import { expect } from "vitest";
import type { RulesetId, SegmentDeclaration } from "../../src/engine/index.ts";
import { vectorValues, type PersistentVector } from "../../src/engine/initiative/shared/persistent-vector.ts";
import type { ChatLog, ChatMessageModel } from "./chat-log.ts";
import { copyOf, coreVersusEngine } from "./client-combats.ts";
import type { World, WorldUser } from "./foundry-world.ts";
import { storedSource, type Tempo, type TempoWorld } from "./tempo-encounter.ts";

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

/**
 * Issue 18: the item and target a secret declaration records for its Resolve (declared-uses.ts), as the
 * sheet's or macro's declaration carries them to the GM; the item's uuid is spelled nowhere else.
 */
export const SECRET_ITEM = "ZqSecretItem";
export const SECRET_USE = { itemUuid: `Actor.zq.Item.${SECRET_ITEM}`, targetUuids: [] };

/**
 * SEG-2: a segment round started and declared: the owner's PC (its owner's to tell), an NPC twice (the
 * second, `castingTime` 7, replaces the first, 9: kept only in the GM's undo history) and the hidden
 * creature (`weaponSpeed` 8), the NPC's and the hidden creature's with `SECRET_USE`. The NPC's id.
 */
export async function declareSegmentSecrets(t: TempoWorld, combat: Tempo): Promise<string> {
  await combat.startCombat();
  await t.world.idle();
  const [pc, npc] = combat.combatants.contents;
  const hidden = combat.combatants.find((c) => c.hidden);
  const declare = (id: string, d: SegmentDeclaration, use: object | null = SECRET_USE) =>
    combat.tempoCommand({
      type: "declare",
      combatantId: id,
      declaration: d,
      ...(use === null ? {} : { tempoUse: use }),
    } as unknown as Parameters<Tempo["tempoCommand"]>[0]);
  await t.world.as(t.owner, () =>
    declare(pc?.id ?? "", declaration({ weaponSpeed: 5, targetId: npc?.id ?? null }), null),
  );
  await declare(npc?.id ?? "", declaration({ action: "spell", castingTime: 9, targetId: pc?.id ?? null }));
  await declare(npc?.id ?? "", declaration({ action: "spell", castingTime: 7, targetId: pc?.id ?? null }));
  await declare(hidden?.id ?? "", declaration({ weaponSpeed: 8, targetId: pc?.id ?? null }));
  await t.world.idle();
  return npc?.id ?? "";
}

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

/** What `userId`'s client received outside the hidden creature's own Actor and Token documents. */
export function receivedOutsideActorAndToken(world: World, userId: string): string[] {
  const own = /^document \{"action":"[a-z]+","documentName":"(Actor|Token)"/;
  return world.runtime.network.receivedBy(world.runtime.clientOf(userId)).filter((d) => !own.test(d));
}

/**
 * The player's sheet Use of `actor`'s Blade on the hidden creature (the hidden-target and sealed-step card
 * tests): the attack card and the damage card it posted, in that order.
 */
export async function bladeCards(
  t: { readonly world: World; readonly chat: ChatLog },
  player: WorldUser,
  actor: Awaited<ReturnType<World["addActor"]>>,
): Promise<{ attack: ChatMessageModel; damage: ChatMessageModel }> {
  const { useSheetItem } = await import("../../src/foundry/applications/sheets/sheet-item-use.ts");
  const before = t.chat.messages.length;
  const item = actor.items.contents.find((i) => i.name === "Blade");
  const used = await t.world.as(player, () =>
    useSheetItem(actor.here() as unknown as Actor.Implementation, item?.id ?? ""),
  );
  await t.world.idle();
  expect(used).toBe(true);
  const [attack, damage] = t.chat.messages.slice(before);
  if (attack === undefined || damage === undefined) throw new Error("no cards on the lurker");
  expect([attack.type, damage.type]).toEqual(["attack", "damage"]);
  return { attack, damage };
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

/**
 * Issue 18: what each player's copy of `combat` tells of the hidden creature's place, as [user id, what]:
 * core's turns, turn or acting combatant other than the GM's public order (engine host/public-order.ts;
 * while the hidden creature acts, `combat.combatant` is it, so no visible row acts), and, while it does
 * not act, its id in the order, an initiative or count for it, or its id anywhere in the engine.
 */
export function placesTold(
  t: TempoWorld,
  combat: Tempo,
  users: readonly { readonly id: string }[],
): [string, string][] {
  const m = t.model(combat);
  const id = combat.combatants.find((c) => c.hidden)?.id ?? "-";
  const acting = m.host.current(m.state) === id;
  const out: [string, string][] = [];
  for (const user of users) {
    for (const problem of coreVersusEngine(t, t.world.runtime.clientOf(user.id), combat)) out.push([user.id, problem]);
    if (acting) continue;
    const copy = copyOf(t, user.id, combat.id ?? "");
    const cm = t.model(copy);
    if (cm.host.order(cm.state).includes(id)) out.push([user.id, "the hidden creature's place in the order"]);
    if (cm.host.initiative(cm.state, id) !== null) out.push([user.id, "the hidden creature's initiative or count"]);
    if (JSON.stringify(storedSource(copy).engine).includes(id))
      out.push([user.id, "the hidden creature's id in the engine"]);
  }
  return out;
}
