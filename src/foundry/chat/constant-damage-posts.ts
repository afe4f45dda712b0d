/**
 * AP-2: the damage a constant-damage weapon's hit deals on every turn until its wielder's next (the ruling
 * and which turns: engine damage/constant-damage.ts `constantTicks`). After a rotation step that starts a
 * turn, the active GM's client (event-card-posts.ts) rolls the weapon's damage once for each target still
 * held and posts its damage card, with Apply and Undo as any damage card. The rolls it reads are the
 * wielders' trackers (`Combatant.system.actions`, or the GM's kept record of an NPC: step-actions.ts).
 * Only a weapon of the wielder's own actor is rolled; a target that is no Tempo actor is passed over.
 */
import {
  attackEffectsOf,
  constantCandidates,
  constantTicks,
  readRotationActions,
  type ConstantHolder,
  type ConstantTick,
  type HostEvent,
} from "../../engine/index.ts";
import { planDamage } from "../../view/chat/item-attack.ts";
import { actionNowsOf } from "../combat/step-actions.ts";
import { storeMemoOf } from "../combat/state-cache.ts";
import { WeaponModel } from "../data/item/weapon-model.ts";
import { isActor, isItem } from "../document-kinds.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";
import { postCard } from "./post-card.ts";
import { outOfFight } from "../combat/out-of-fight.ts";

interface TurnStart {
  readonly combatantId: string;
  readonly round: number;
}

function turnStartsOf(events: readonly HostEvent[]): TurnStart[] {
  const starts: TurnStart[] = [];
  for (const event of events) {
    const e = event as unknown as Record<string, unknown>;
    if (e.type === "turnStarted" && typeof e.combatantId === "string" && typeof e.round === "number")
      starts.push({ combatantId: e.combatantId, round: e.round });
  }
  return starts;
}

/**
 * The creatures holding a roll. Issue 17: only the records the step's index of records names (a
 * record with a roll, or one written since it was indexed: engine economy-record-index.ts), else all.
 */
function holdersOf(combat: Combat.Implementation): ConstantHolder[] {
  const candidates = constantCandidates(storeMemoOf(combat.id).recordIndex, combat.combatants.size);
  const holders: ConstantHolder[] = [];
  const add = (c: Combatant.Implementation, now: unknown): void => {
    const hold = c.id === null ? null : (readRotationActions(now)?.constant ?? null);
    if (hold !== null && c.id !== null) holders.push({ id: c.id, hold, defeated: outOfFight(combat, c) });
  };
  if (candidates !== null) {
    for (const id of candidates) {
      const c = combat.combatants.get(id);
      if (c !== undefined) add(c, actionNowsOf(combat, id)?.[id]);
    }
    // The cards come in the combatants' order, as when every record is read.
    if (holders.length < 2) return holders;
    const place = new Map(combat.combatants.contents.map((c, i) => [c.id, i]));
    return holders.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
  }
  const nows = actionNowsOf(combat) ?? {};
  for (const c of combat.combatants) if (c.id !== null) add(c, nows[c.id]);
  return holders;
}

async function documentAt(uuid: string): Promise<unknown> {
  return uuid === "" ? null : fromUuid(uuid as Parameters<typeof fromUuid>[0]);
}

/** One turn's damage card of a held hit (nothing when the weapon or the target is gone). */
async function postTick(combat: Combat.Implementation, tick: ConstantTick): Promise<void> {
  const wielder = combat.combatants.get(tick.wielderId)?.actor ?? null;
  const item = await documentAt(tick.item);
  const target = await documentAt(tick.target);
  if (wielder === null || !isItem(item) || item.actor?.uuid !== wielder.uuid || !isActor(target)) return;
  const weapon: unknown = item.system;
  const snapshot = creatureSnapshotOf(target);
  if (!(weapon instanceof WeaponModel) || !weapon.stats.constantDamage || snapshot === null) return;
  const stats = weapon.stats;
  const statuses = attackEffectsOf(stats);
  const plan = planDamage({
    attacker: wielder.name,
    target: snapshot,
    formula: stats.damage,
    kind: stats.damageKind,
    swings: null,
    statuses: statuses.ok ? statuses.value : [],
    drMode: game.settings.get(SYSTEM_ID, "drMode") === "perAttack" ? "perAttack" : "perHit",
    provenance: { attackerUuid: wielder.uuid, itemUuid: item.uuid, targetUuid: target.uuid },
    critical: null,
  });
  const roll = new Roll(plan.formula);
  await roll.evaluate();
  const input = { ...plan.card([roll.total ?? 0]), constantDamage: item.name };
  await postCard(
    { type: "damage", input },
    { rolls: [roll], combatId: combat.id, speaker: ChatMessage.getSpeaker({ actor: wielder }) },
  );
}

/** AP-2: after a rotation step, the damage cards of the hits still held on the turns it started. */
export async function postConstantDamage(combat: Combat.Implementation, events: readonly HostEvent[]): Promise<void> {
  const starts = turnStartsOf(events);
  if (starts.length === 0) return;
  const holders = holdersOf(combat);
  if (holders.length === 0) return;
  for (const start of starts) for (const tick of constantTicks(start, holders)) await postTick(combat, tick);
}
