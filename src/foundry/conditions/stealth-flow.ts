/**
 * Stealth per observer at the table (STL-1..4, issue 19 item 5), in a rotation combat. The engine decides
 * (stealth.ts rolls, stealth-watch.ts who has seen whom); here the active GM rolls the dice, keeps the watch
 * on its own client (stealth-store.ts, issue 18) and posts the cards, which name who rolled and why but
 * carry no number a player could read a stealth result from (every chat message reaches every client:
 * docs/research/foundry-secrets-and-write-guards.md), so the rolls stay on the GM's client.
 * - STL-1: the `hidden` status set on a creature's token (the token HUD's toggle, or a macro) makes it
 *   enter stealth: the GM rolls its Sneak and keeps it; taking the status off ends its stealth. Where the
 *   creatures' tokens stand on the scene drawn on the canvas, an enemy whose token sees the creature's
 *   (walls measured, canvas/scene-rules.ts) refuses it: the card says so and the status comes off again.
 * - STL-2: at the start of each creature's turn (core's turn hook of the step, `tempo.turnStarted`), it
 *   rolls Cognition against every sneaking creature it has line of sight to (stealth-watch.ts's ruling:
 *   measured on the scene where both tokens stand, else every creature of the other side unless the GM
 *   marked it unsighted).
 * - STL-4: at the end of a sneaking creature's turn (`tempo.turnEnded`) it rolls Sneak again, with the
 *   penalties of its movement that turn: measured from its token's moves (canvas/sneak-movement.ts), or
 *   reported by its player where nothing is measured (`reportSneakMovement`).
 * - STL-3: a player's attack asks the active GM which targets have not seen the attacker (`unseenTargets`);
 *   those are attacked with advantage.
 * Hooks fire on every client; only the active GM answers, in the combat's writer queue (one step at a time).
 */
import {
  sneakersWatchedBy,
  stealthObservers,
  watchEnter,
  watchLeave,
  watchMovement,
  watchSneakAgain,
  watchSpot,
  watchUnseen,
  type Message,
  type SneakMovement,
  type WatchCreature,
} from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { inWriterQueue } from "../combat/writer-queue.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";
import { tempoActorModelOf } from "../data/actor/actor-model.ts";
import { actorStatsOf } from "../data/actor/actor-stats-of.ts";
import { askActiveGm, registerRequestHandler, type Answer } from "../socket/socket-channel.ts";
import { keepStealth, keptStealth } from "./stealth-store.ts";
import { postStealthCard } from "./stealth-cards.ts";
import { askSneakMovement } from "../applications/sneak-movement-dialog.ts";
import { showNotice } from "../notice.ts";
import { tokenSees } from "../canvas/scene-rules.ts";
import type { PlacedToken } from "../canvas/scene-geometry.ts";
import { outOfFight } from "../combat/out-of-fight.ts";

/** The status a sneaking creature's token carries (engine status-table.ts). */
const HIDDEN = "hidden";

interface TurnEvent {
  readonly combatantId?: unknown;
}

function isRotation(combat: Combat.Implementation): boolean {
  return tempoModelOf(combat)?.host.id === "rotation";
}

function creaturesOf(combat: Combat.Implementation): WatchCreature[] {
  return combat.combatants.contents.map((c) => ({
    id: c.id ?? "",
    side: hostCombatantOf(c).side,
    defeated: outOfFight(combat, c),
  }));
}

/** The creature's skills and walking speed (0 for a combatant without a Tempo actor). */
function statsOf(combatant: Combatant.Implementation | undefined) {
  const actor = combatant?.actor ?? null;
  const system = actor === null ? null : tempoActorModelOf(actor);
  const stats = system === null ? null : actorStatsOf(system);
  return {
    sneak: stats?.skills.sneak ?? 0,
    cognition: stats?.skills.cognition ?? 0,
    speed: stats?.speeds.walk ?? 0,
  };
}

async function d20(): Promise<number> {
  const roll = new Roll("1d20");
  await roll.evaluate();
  return roll.total ?? 0;
}

/** STL-1, STL-2: whether one combatant's token sees another's on the drawn scene (null: not measured). */
function sees(combat: Combat.Implementation, observerId: string, sneakerId: string): boolean | null {
  const token = (id: string) => (combat.combatants.get(id)?.token ?? null) as PlacedToken | null;
  return tokenSees(token(observerId), token(sneakerId));
}

/** STL-1: how many enemies of the combatant see it, measured on the scene (0 where nothing is measured). */
function enemiesInSight(combat: Combat.Implementation, sneakerId: string): number {
  const enemies = stealthObservers(creaturesOf(combat), sneakerId, new Set());
  return enemies.filter((id) => sees(combat, id, sneakerId) === true).length;
}

/** STL-1: the combatants of rotation combats that stand for this actor. */
function combatantsOf(
  actor: Actor.Implementation,
): { combat: Combat.Implementation; combatant: Combatant.Implementation }[] {
  const out: { combat: Combat.Implementation; combatant: Combatant.Implementation }[] = [];
  for (const combat of game.combats.contents as Combat.Implementation[]) {
    if (!isRotation(combat)) continue;
    for (const combatant of combat.combatants.contents)
      if (combatant.actor?.uuid === actor.uuid) out.push({ combat, combatant });
  }
  return out;
}

/** STL-1: enters (or leaves) stealth in each rotation combat of the actor whose `hidden` status changed. */
async function hiddenChanged(actor: Actor.Implementation, hidden: boolean): Promise<void> {
  for (const { combat, combatant } of combatantsOf(actor)) {
    const id = combatant.id ?? "";
    const combatId = combat.id ?? "";
    await inWriterQueue(combat, async () => {
      const kept = keptStealth(combatId);
      const sneaking = Object.hasOwn(kept.watch, id);
      if (hidden === sneaking) return;
      if (!hidden) {
        keepStealth(combatId, { ...kept, watch: watchLeave(kept.watch, id) });
        await postStealthCard(combatant, "TEMPO.STEALTH.Left", [], []);
        return;
      }
      const face = await d20();
      const bonus = statsOf(combatant).sneak;
      const entered = watchEnter(kept.watch, id, face, bonus, enemiesInSight(combat, id));
      if (!entered.ok) {
        // STL-1: seen by an enemy: the creature does not slip into stealth, and its status comes off.
        await postStealthCard(combatant, "TEMPO.STEALTH.InSight", [], []);
        await actor.toggleStatusEffect(HIDDEN, { active: false });
        return;
      }
      keepStealth(combatId, { ...kept, watch: entered.value.watch });
      const total = entered.value.result.sneakResult;
      const detail: Message = { key: "TEMPO.STEALTH.Gm.Sneak", data: { total, face, bonus, penalty: 0 } };
      await postStealthCard(combatant, "TEMPO.STEALTH.Entered", [], [detail]);
    });
  }
}

/** STL-2: the creature whose turn starts rolls Cognition against each sneaking creature it can see. */
async function turnStarted(combat: Combat.Implementation, observerId: string): Promise<void> {
  const combatId = combat.id ?? "";
  let kept = keptStealth(combatId);
  // Issue 17: with nobody sneaking there is nothing to roll against; no list of every creature at each turn.
  if (Object.keys(kept.watch).length === 0) return;
  const unsighted = new Set(kept.unsighted);
  const watched = sneakersWatchedBy(kept.watch, observerId, creaturesOf(combat), unsighted);
  // STL-2: where the tokens stand on the drawn scene, only those the observer's token sees.
  const sneakers = watched.filter((sneakerId) => sees(combat, observerId, sneakerId) !== false);
  if (sneakers.length === 0) return;
  const observer = combat.combatants.get(observerId);
  const cognition = statsOf(observer).cognition;
  const details: Message[] = [];
  for (const sneakerId of sneakers) {
    const spotted = watchSpot(kept.watch, sneakerId, observerId, await d20(), cognition);
    if (!spotted.ok) continue;
    kept = { ...kept, watch: spotted.value.watch };
    const { total, needed, success } = spotted.value.outcome;
    const key = success ? "TEMPO.STEALTH.Gm.Sees" : "TEMPO.STEALTH.Gm.Misses";
    // Named by id, as every sentence a card shows (stealth-cards.ts).
    details.push({ key, data: { targetId: sneakerId, total, needed } });
  }
  keepStealth(combatId, kept);
  await postStealthCard(observer, "TEMPO.STEALTH.Searched", [], details);
}

/** STL-4: a sneaking creature whose turn ends rolls Sneak again with its reported movement's penalties. */
async function turnEnded(combat: Combat.Implementation, sneakerId: string): Promise<void> {
  const combatId = combat.id ?? "";
  const kept = keptStealth(combatId);
  if (!Object.hasOwn(kept.watch, sneakerId)) return;
  const sneaker = combat.combatants.get(sneakerId);
  const stats = statsOf(sneaker);
  const face = await d20();
  const again = watchSneakAgain(kept.watch, sneakerId, face, { sneakBonus: stats.sneak, speed: stats.speed });
  if (!again.ok) return;
  keepStealth(combatId, { ...kept, watch: again.value.watch });
  const { sneakResult: total, penalty } = again.value.result;
  const detail: Message = { key: "TEMPO.STEALTH.Gm.Sneak", data: { total, face, bonus: stats.sneak, penalty } };
  await postStealthCard(sneaker, "TEMPO.STEALTH.SneakAgain", again.value.notes, [detail]);
}

interface StealthRequest {
  readonly action?: unknown;
  readonly combatId?: unknown;
  readonly combatantId?: unknown;
  readonly targetIds?: unknown;
  readonly moved?: unknown;
}

const refused = (key: `TEMPO.${string}`, data?: Record<string, string | number>): Answer => ({
  ok: false,
  error: data === undefined ? { key } : { key, data },
});

/** The active GM's answer to a player's stealth request about a creature the player owns. */
async function answerStealth(data: StealthRequest, sender: User.Implementation): Promise<Answer> {
  const combat = typeof data.combatId === "string" ? game.combats.get(data.combatId) : undefined;
  const combatant = typeof data.combatantId === "string" ? combat?.combatants.get(data.combatantId) : undefined;
  if (combat === undefined || combatant === undefined || !isRotation(combat as Combat.Implementation))
    return refused("TEMPO.ERRORS.Stealth.NoCombat");
  if (!sender.isGM && !combatant.testUserPermission(sender, "OWNER")) return refused("TEMPO.ERRORS.Access.NotOwner");
  const combatId = combat.id ?? "";
  const id = combatant.id ?? "";
  if (data.action === "unseen") {
    const targets = Array.isArray(data.targetIds) ? data.targetIds.filter((t) => typeof t === "string") : [];
    const watch = keptStealth(combatId).watch;
    return { ok: true, value: targets.filter((t) => watchUnseen(watch, id, t)) };
  }
  if (data.action === "movement") {
    return inWriterQueue(combat as Combat.Implementation, () => {
      const kept = keptStealth(combatId);
      const moved = watchMovement(kept.watch, id, data.moved as SneakMovement);
      if (!moved.ok) return Promise.resolve<Answer>({ ok: false, error: moved.error });
      keepStealth(combatId, { ...kept, watch: moved.value });
      return Promise.resolve<Answer>({ ok: true });
    });
  }
  return refused("TEMPO.ERRORS.Host.InvalidCommand", { type: String(data.action) });
}

/**
 * STL-3: the targets (actors) that have not seen `attacker` in its rotation combat, as the active GM's
 * watch says; null outside a rotation combat (then the `hidden` status decides, attack-conditions.ts).
 */
export async function unseenTargets(
  attacker: Actor.Implementation,
  targets: readonly Actor.Implementation[],
): Promise<ReadonlySet<Actor.Implementation> | null> {
  const found = combatantsOf(attacker)[0];
  if (found === undefined) return null;
  const ids = new Map<string, Actor.Implementation>();
  for (const target of targets) {
    const c = found.combat.combatants.contents.find((x) => x.actor?.uuid === target.uuid);
    if (c?.id) ids.set(c.id, target);
  }
  const request = {
    action: "unseen",
    combatId: found.combat.id,
    combatantId: found.combatant.id,
    targetIds: [...ids.keys()],
  };
  const answer = await askActiveGm("stealth", request);
  if (!answer.ok || !Array.isArray(answer.value)) return null;
  const unseen = new Set<Actor.Implementation>();
  for (const id of answer.value) {
    const actor = typeof id === "string" ? ids.get(id) : undefined;
    if (actor !== undefined) unseen.add(actor);
  }
  return unseen;
}

/**
 * STL-3 on the GM's side (the trust check of a player's card, chat/damage-card-facts.ts): whether the
 * creature whose actor has `targetUuid` had not seen `attacker`, as this GM's watch says; null outside a
 * rotation combat holding both (then the `hidden` status decides).
 */
export function unseenOnThisGm(attacker: Actor.Implementation, targetUuid: unknown): boolean | null {
  const found = combatantsOf(attacker)[0];
  const target = found?.combat.combatants.contents.find((c) => c.actor !== null && c.actor.uuid === targetUuid);
  if (found === undefined || target === undefined || !game.user.isGM) return null;
  return watchUnseen(keptStealth(found.combat.id ?? "").watch, found.combatant.id ?? "", target.id ?? "");
}

/**
 * STL-4: the owner reports how far the sneaking creature moved in one Full action this turn and whether
 * it flew (where its token's moves are not measured); the GM applies it to the end-of-turn Sneak roll. A refusal is
 * returned as the engine's reason.
 */
export async function reportSneakMovement(actor: Actor.Implementation, given?: SneakMovement): Promise<Answer> {
  const found = combatantsOf(actor)[0];
  if (found === undefined) return told(refused("TEMPO.ERRORS.Stealth.NoCombat"));
  // Without numbers (a macro, a button) the owner is asked in a dialog; Cancel reports nothing.
  const moved = given ?? (await askSneakMovement());
  if (moved === null) return { ok: false, error: { key: "TEMPO.STEALTH.Dialog.Cancelled" } };
  const request = { action: "movement", combatId: found.combat.id, combatantId: found.combatant.id, moved };
  return told(await askActiveGm("stealth", request));
}

/** A refusal is shown to the user as a notice, and returned. */
function told(answer: Answer): Answer {
  if (!answer.ok) showNotice(answer.error);
  return answer;
}

interface ChangedEffect {
  readonly parent: unknown;
  readonly statuses: unknown;
}

function hiddenActorOf(effect: ChangedEffect): Actor.Implementation | null {
  const statuses = effect.statuses;
  const has = statuses instanceof Set ? statuses.has(HIDDEN) : Array.isArray(statuses) && statuses.includes(HIDDEN);
  const parent = effect.parent as { documentName?: unknown } | null;
  return has && parent !== null && parent.documentName === "Actor" ? (parent as Actor.Implementation) : null;
}

/** Each turn event of a rotation combat, answered by the active GM in the combat's writer queue. */
function onTurn(run: (combat: Combat.Implementation, id: string) => Promise<void>) {
  return (combat: Combat.Implementation, event: TurnEvent) => {
    if (!isActiveGm() || !isRotation(combat) || typeof event.combatantId !== "string") return;
    const id = event.combatantId;
    void inWriterQueue(combat, () => run(combat, id));
  };
}

export function registerStealth(): void {
  registerRequestHandler("stealth", (data, sender) => answerStealth(data as StealthRequest, sender));
  Hooks.on("createActiveEffect", (effect: unknown) => {
    const actor = isActiveGm() ? hiddenActorOf(effect as ChangedEffect) : null;
    if (actor !== null) void hiddenChanged(actor, true);
  });
  Hooks.on("deleteActiveEffect", (effect: unknown) => {
    const actor = isActiveGm() ? hiddenActorOf(effect as ChangedEffect) : null;
    if (actor !== null && !actor.statuses.has(HIDDEN)) void hiddenChanged(actor, false);
  });
  const hooks = Hooks as unknown as {
    on(hook: string, fn: (combat: Combat.Implementation, event: TurnEvent) => void): number;
  };
  hooks.on("tempo.turnStarted", onTurn(turnStarted));
  hooks.on("tempo.turnEnded", onTurn(turnEnded));
}

/**
 * STL-2 (interim ruling, stealth-watch.ts): the GM marks a creature as having no line of sight to anyone
 * sneaking (`unsighted`), or takes the mark off. Kept on this GM's client; a player's client does nothing.
 */
export function markUnsighted(combat: Combat.Implementation, combatantId: string, unsighted: boolean): void {
  if (!game.user.isGM) return;
  const combatId = combat.id ?? "";
  const kept = keptStealth(combatId);
  const others = kept.unsighted.filter((id) => id !== combatantId);
  keepStealth(combatId, { ...kept, unsighted: unsighted ? [...others, combatantId] : others });
}
