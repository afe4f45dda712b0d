/**
 * Apply and Undo on a damage card (issue 11). Apply runs the engine's pipeline (actor-damage.ts: DR per
 * hit or per attack, the three DR kinds, the overshield first, the full-health rule, death at 0 for
 * NPCs) on the clicking user's targeted tokens, else the selected ones, and writes:
 * - the creatures' new hit points and overshield in batched updates (damage-writes.ts: one
 *   `Actor.updateDocuments` for world actors, one token update per scene for unlinked tokens' deltas);
 * - per creature at most ONE ActiveEffect create for the statuses the damage gives it (engine:
 *   damage-statuses.ts: unconscious, and dying below 0, for a player character; core's defeated status
 *   for any other creature at 0), none when it shows them already (damage-status-writes.ts);
 * - ONE update of the card message recording `system.input.applied: [{ actorUuid, name, before,
 *   after, notes, statuses }]`, which the card then shows (a creature hidden from players, applied by a
 *   GM's client: a stub naming it, its record in the GM's ledger, damage-ledger.ts `keptStub`);
 * - for a player's card applied by a GM's client, the GM's own record of it (damage-ledger.ts, kept in
 *   the GM's browser; a GM's card is its own record, as only a GM may update a GM's message).
 * Undo writes `before` back for exactly the fields Apply changed, batched the same way, at
 * most one ActiveEffect delete per creature (the statuses Apply set that it still shows) and one
 * message update, and is refused (nothing written) when any of those fields moved since
 * (engine: undoHealth) or a creature is gone. Everything is checked before anything is written.
 *
 * Issue 18, cards that cannot be forged: the damage is what the engine trusts of the card
 * (damage-card-facts.ts, engine trustedDamage): a GM's card as written; a player's card only when its
 * rolls are rolls of the item's formula by its author for an actor they own, its kind the item's, and a
 * player's Apply hits only the target recorded when the attack was rolled. A GM's client undoes a
 * player's card only as its ledger recorded it (never the card's own records, which the author may
 * rewrite) and refuses a second Apply while the first is recorded. A player's own client may apply and undo on
 * creatures that player owns (they may write them anyway), with the card's records.
 *
 * Who: the GM, or the user who rolled the damage (the message's author). When that user may not update
 * every creature, the active GM does it on a request over the system socket (socket/socket-channel.ts),
 * which checks the asking user again; with no GM connected the user is told so and nothing changes.
 */
import {
  DEFAULT_DAMAGE_KINDS,
  damageTargets,
  changedHealthFields,
  effectsToClear,
  planCardEffect,
  statusesToClear,
  undoCardEffect,
  type HealthChange,
  type Message,
  type StoredHealth,
  type TrustedDamage,
} from "../../engine/index.ts";
import { appliedRecords, type AppliedDamage } from "../../view/chat/damage-applied.ts";
import { hiddenNameRef } from "../../view/chat/initiative-card.ts";
import { hiddenCardRefOf } from "./hidden-creature-ref.ts";
import { cardModelOf, type TempoCardModel } from "../data/chat/chat-card-model.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { shownStatuses } from "../conditions/status-effect-data.ts";
import { clearStatuses, setStatuses, type StatusWrite } from "./damage-status-writes.ts";
import { damageTargetActors } from "./damage-targets.ts";
import { endConcentrationOnDamage } from "./concentration-damage.ts";
import { writeHealth, type HealthWrite } from "./damage-writes.ts";
import { localizeMessage } from "../localize.ts";
import { askActiveGm } from "../socket/socket-channel.ts";
import { cardMultiplierOf, trustedDamageOf } from "./damage-card-facts.ts";
import { isSealed } from "./sealed-cards.ts";
import { forgetApply, isKeptStub, keptStub, ledgerHasApply, ledgerRecords, recordApply } from "./damage-ledger.ts";

export type DamageAction = "apply" | "undo";

export interface ApplyDamageQuery {
  readonly messageId: string;
  readonly action: DamageAction;
  /** Apply: the creatures the asking user targeted or selected. */
  readonly actorUuids: readonly string[];
}

type Refusal = Message | null;

function damageModel(message: ChatMessage.Implementation | undefined): TempoCardModel | null {
  const model = cardModelOf(message);
  return model?.card.type === "damage" ? model : null;
}

/** The GM, or whoever may update the card (its author), may apply and undo its damage. */
export function mayUseDamageCard(message: ChatMessage.Implementation, user: User.Implementation): boolean {
  return user.isGM || message.canUserModify(user, "update");
}

/** An engine refusal about one creature, naming it. */
function refusedFor(name: string, error: Message): Message {
  return {
    key: "TEMPO.CHAT.Damage.Refused",
    data: { name, reason: localizeMessage(error) },
  };
}

function pick(health: StoredHealth, change: HealthChange): Partial<StoredHealth> {
  return Object.fromEntries(changedHealthFields(change).map((field) => [field, health[field]]));
}

/** The one message update recording what Apply changed (or clearing it on Undo). */
function recordUpdate(records: readonly AppliedDamage[]): Record<string, unknown> {
  return { "system.input.applied": records };
}

/** Whether only a GM may write the card (a GM's card): its own records are then the GM's. */
function gmCard(message: ChatMessage.Implementation): boolean {
  return message.author?.isGM ?? false;
}

/** Whether the card's damage is applied: on the card, or in the GM's ledger (a player's card). */
function isAppliedNow(message: ChatMessage.Implementation): boolean {
  const applied = (damageModel(message)?.input as { applied?: unknown } | undefined)?.applied;
  return appliedRecords(applied).length > 0 || (!gmCard(message) && ledgerHasApply(message.id ?? ""));
}

/** Apply of the trusted damage, on a client that may write the creatures and the card. */
async function applyHere(
  message: ChatMessage.Implementation,
  trusted: TrustedDamage,
  actors: readonly Actor.Implementation[],
): Promise<Refusal> {
  if (isAppliedNow(message)) return { key: "TEMPO.CHAT.Damage.AlreadyApplied" };
  if (actors.length === 0) return { key: "TEMPO.CHAT.Damage.NoTargets" };
  const settings = { drMode: game.settings.get(SYSTEM_ID, "drMode"), kinds: DEFAULT_DAMAGE_KINDS };
  // SEG-15: the multiplier the GM derives again from the item and the recorded choices (damage-card-facts.ts).
  const damage = { ...trusted, multipliers: [await cardMultiplierOf(message)] };
  const records: AppliedDamage[] = [];
  const writes: HealthWrite[] = [];
  const statusWrites: StatusWrite[] = [];
  // Healing: the unconscious and dying it ends (engine damage-statuses.ts `statusesEndedByHealing`).
  const endWrites: StatusWrite[] = [];
  const hidden = new Set<string>(); // the names (references) of creatures hidden from players
  for (const actor of actors) {
    const system = tempoActorModelOf(actor);
    if (system === null) return { key: "TEMPO.CHAT.Damage.NotTempoActor", data: { name: actor.name } };
    // Damage, healing (OSH-3) or a shield grant (OSH-5, OSH-6), with OSH-2's statuses: the engine's plan.
    const plan = planCardEffect(actorStatsOf(system), damage, settings, shownStatuses(actor));
    if (!plan.ok) return refusedFor(actor.name, plan.error);
    const { before, after, notes, statuses, effects, shield, ended = [] } = plan.value;
    writes.push({ actor, values: pick(after, plan.value), shield: shield?.after ?? null });
    statusWrites.push({ actor, statuses: [...statuses, ...effects] });
    endWrites.push({ actor, statuses: ended });
    // Issue 18 item 5: the card's record reaches every client, so a hidden creature is named by reference.
    const hiddenRef = hiddenCardRefOf(actor);
    const name = hiddenRef === null ? actor.name : hiddenNameRef(hiddenRef);
    const record = { actorUuid: actor.uuid, name, before, after, notes, statuses, effects, shield };
    records.push(ended.length > 0 ? { ...record, ended } : record);
    if (hiddenRef !== null) hidden.add(name);
  }
  // Issue 18: a GM's client keeps a hidden creature's record in its ledger and only a stub on the card.
  const keep = game.user.isGM && hidden.size > 0;
  // The GM's record first (a player's client keeps none: damage-ledger.ts).
  if (!gmCard(message) || keep)
    recordApply(
      message.id ?? "",
      records.map(({ notes: _, ...r }) => ({ ...r, statuses: r.statuses ?? [] })),
    );
  await writeHealth(writes);
  await setStatuses(statusWrites);
  await clearStatuses(endWrites);
  await message.update(recordUpdate(keep ? records.map((r) => (hidden.has(r.name) ? keptStub(r.name) : r)) : records));
  await endConcentrationOnDamage(records, actors); // SEG-10 (concentration-damage.ts)
  return null;
}

async function actorAt(uuid: string): Promise<Actor.Implementation | null> {
  const found: unknown = await fromUuid(uuid as Parameters<typeof fromUuid>[0]);
  return tempoActorModelOf(found as Actor.Implementation | null) === null ? null : (found as Actor.Implementation);
}

/**
 * Undo, on a client that may write the creatures and the card: a GM's client restores what its ledger
 * recorded for a player's card; otherwise (a GM's card, or a player's own creatures) what the card records.
 */
async function undoHere(message: ChatMessage.Implementation): Promise<Refusal> {
  const model = damageModel(message);
  if (model === null) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: "undo" } };
  let records: readonly Omit<AppliedDamage, "notes">[] = appliedRecords((model.input as { applied?: unknown }).applied);
  if (game.user.isGM && (!gmCard(message) || records.some(isKeptStub))) {
    const recorded = ledgerRecords(message.id ?? "");
    if (!recorded.ok) return recorded.error;
    records = recorded.value;
  }
  if (records.length === 0) return { key: "TEMPO.CHAT.Damage.NothingToUndo" };
  const writes: HealthWrite[] = [];
  const statusWrites: StatusWrite[] = [];
  // Healing's ended statuses are set again (those the creature does not show by now).
  const endedWrites: StatusWrite[] = [];
  for (const record of records) {
    const actor = await actorAt(record.actorUuid);
    const system = tempoActorModelOf(actor);
    if (actor === null || system === null) return { key: "TEMPO.CHAT.Damage.ActorGone", data: { name: record.name } };
    const restore = undoCardEffect(actorStatsOf(system), record);
    if (!restore.ok) return refusedFor(record.name, restore.error);
    writes.push({ actor, values: restore.value.values, shield: restore.value.shield });
    const shown = shownStatuses(actor);
    const statuses = [...statusesToClear(record.statuses ?? [], shown), ...effectsToClear(record.effects ?? [], shown)];
    statusWrites.push({ actor, statuses });
    endedWrites.push({ actor, statuses: (record.ended ?? []).filter((status) => !shown.has(status)) });
  }
  await writeHealth(writes);
  await clearStatuses(statusWrites);
  await setStatuses(endedWrites);
  await message.update(recordUpdate([]));
  forgetApply(message.id ?? ""); // a GM's client only, when it recorded this Apply
  return null;
}

/** The creatures an Undo writes: the card's records that still resolve to Tempo actors. */
async function recordedActors(message: ChatMessage.Implementation): Promise<Actor.Implementation[]> {
  const records = appliedRecords((damageModel(message)?.input as { applied?: unknown } | undefined)?.applied);
  const found = await Promise.all(records.map((r) => actorAt(r.actorUuid)));
  return found.filter((a): a is Actor.Implementation => a !== null);
}

/** The creatures at these UUIDs: those the caller holds, else found (a Tempo actor), else a refusal. */
async function actorsAt(
  uuids: readonly string[],
  held: readonly Actor.Implementation[],
): Promise<Actor.Implementation[] | Message> {
  const actors: Actor.Implementation[] = [];
  for (const uuid of uuids) {
    const actor = held.find((a) => a.uuid === uuid) ?? (await actorAt(uuid));
    if (actor === null) return { key: "TEMPO.CHAT.Damage.ActorGone", data: { name: uuid } };
    actors.push(actor);
  }
  return actors;
}

/** The trusted damage and the creatures an Apply by `user` asking for `requested` (or `held`) hits. */
async function planApply(
  message: ChatMessage.Implementation,
  requested: readonly string[],
  user: User.Implementation,
  held: readonly Actor.Implementation[] = [],
): Promise<{ trusted: TrustedDamage; actors: Actor.Implementation[] } | Message> {
  const trusted = await trustedDamageOf(message);
  if (!trusted.ok) return { key: "TEMPO.CHAT.Damage.Untrusted", data: { reason: localizeMessage(trusted.error) } };
  const uuids = damageTargets(trusted.value, requested, user.isGM);
  if (!uuids.ok) return uuids.error;
  const actors = await actorsAt(uuids.value, held);
  return Array.isArray(actors) ? { trusted: trusted.value, actors } : actors;
}

/**
 * Issue 18: a GM's client runs one damage Apply or Undo at a time (each reads the ledger the last wrote).
 * One chain per page, by `game` (page-key.ts): the test runtime runs several pages in one process.
 */
const damageChains = new WeakMap<object, Promise<unknown>>();

function oneAtATime(run: () => Promise<Refusal>): Promise<Refusal> {
  const page = game as object;
  const next = (damageChains.get(page) ?? Promise.resolve()).then(run, run);
  damageChains.set(
    page,
    next.catch(() => undefined),
  );
  return next;
}

/** Apply or Undo for this user on these creatures: here when they may write it all, else through the GM. */
async function routeDamage(
  message: ChatMessage.Implementation,
  action: DamageAction,
  actors: readonly Actor.Implementation[],
): Promise<Refusal> {
  if (damageModel(message) === null) return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action } };
  if (!mayUseDamageCard(message, game.user)) return { key: "TEMPO.CHAT.Damage.NotAuthor" };
  const requested = actors.map((a) => a.uuid);
  if (game.user.isGM)
    return oneAtATime(async () => {
      if (action === "undo") return undoHere(message);
      const plan = await planApply(message, requested, game.user, actors);
      return "trusted" in plan ? applyHere(message, plan.trusted, plan.actors) : plan;
    });
  // A player writes here only when every creature is theirs to update (and, for Undo, all were found).
  // A sealed card (issue 18, sealed-cards.ts) names its target only on a GM's page: the GM decides it.
  if (action === "apply") {
    if (!isSealed(damageModel(message)?.input)) {
      const plan = await planApply(message, requested, game.user, actors);
      if (!("trusted" in plan)) return plan;
      if (plan.actors.every((actor) => actor.canUserModify(game.user, "update")))
        return applyHere(message, plan.trusted, plan.actors);
    }
  } else {
    const mine = actors.every((actor) => actor.canUserModify(game.user, "update"));
    if (mine && actors.length === appliedRecords(damageModel(message)?.input.applied).length) return undoHere(message);
  }
  if (game.users.activeGM === null) return { key: "TEMPO.CHAT.Damage.NoGm" };
  const data = { messageId: message.id ?? "", action, actorUuids: requested };
  const answer = await askActiveGm("damage", data);
  return answer.ok ? null : answer.error;
}

/** A damage card's button for this user: Apply on their targeted (else selected) tokens, or Undo. */
export async function runDamageAction(message: ChatMessage.Implementation, action: DamageAction): Promise<Refusal> {
  const actors = action === "apply" ? damageTargetActors() : await recordedActors(message);
  return routeDamage(message, action, actors);
}

/** Apply on given creatures (macros, the Quench batch), with the same checks and writes as the button. */
export function applyDamageTo(
  message: ChatMessage.Implementation,
  actors: readonly Actor.Implementation[],
): Promise<Refusal> {
  return routeDamage(message, "apply", actors);
}

/**
 * The GM side of a damage request: the sender (the server's id) must be allowed the card; the damage
 * and its targets are the engine's decision on the card's facts and the sender (issue 18).
 */
export async function answerDamageQuery(data: ApplyDamageQuery, user: User.Implementation): Promise<Refusal> {
  if (!game.user.isGM) return { key: "TEMPO.ERRORS.Access.NotGm" };
  const message = game.messages.get(typeof data?.messageId === "string" ? data.messageId : "");
  const action = data?.action;
  if (message === undefined || damageModel(message) === null || (action !== "apply" && action !== "undo"))
    return { key: "TEMPO.CHAT.Errors.UnknownAction", data: { action: String(action) } };
  if (!mayUseDamageCard(message, user)) return { key: "TEMPO.CHAT.Damage.NotAuthor" };
  const uuids = Array.isArray(data.actorUuids) ? data.actorUuids.filter((u) => typeof u === "string") : [];
  return oneAtATime(async () => {
    if (action === "undo") return undoHere(message);
    const plan = await planApply(message, uuids, user);
    return "trusted" in plan ? applyHere(message, plan.trusted, plan.actors) : plan;
  });
}
