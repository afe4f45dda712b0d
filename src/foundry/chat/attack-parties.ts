/**
 * Who an attack is between: the user's targeted creatures, the ruleset the attacker fights under, each
 * creature's snapshot for the rules (view/chat/item-attack.ts), and the phase combat's extra sources of
 * advantage. Read from documents for the attack flow (attack-flow.ts) and the attack dialog
 * (attack-with-dialog.ts).
 */
import type { ExtraSources, Message, RulesetId } from "../../engine/index.ts";
import type { CreatureSnapshot } from "../../view/chat/item-attack.ts";
import { actorCombatOf, combatantOfActor } from "../applications/sheets/sheet-commands.ts";
import { trackerInputOf } from "../applications/tracker-input.ts";
import { phaseAttackSourcesIn } from "../conditions/attack-facts.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";
import { seenTargetsFirst } from "../../view/chat/roll-audience.ts";
import { targetCardOf, type TargetCard } from "./hidden-targets.ts";

/** The user's targeted tokens' actors, each once. */
export function targetedActors(): Actor.Implementation[] {
  const actors = new Map<string, Actor.Implementation>();
  for (const token of game.user.targets) {
    const actor = token.actor;
    if (actor !== null && !actors.has(actor.uuid)) actors.set(actor.uuid, actor);
  }
  return [...actors.values()];
}

/** The ruleset the actor fights under: its Tempo combat's, else the world's. */
export function rulesetOf(actor: Actor.Implementation): { ruleset: RulesetId; inCombat: boolean } {
  const found = actorCombatOf(actor);
  const input = found === null ? null : trackerInputOf(found.combat, game.user);
  if (input !== null) return { ruleset: input.host.id, inCombat: true };
  return { ruleset: game.settings.get(SYSTEM_ID, "ruleset"), inCombat: false };
}

/** PHS-4, PHS-10, PHS-11 in the combat both fight in (null outside one). */
export function phaseExtra(attacker: Actor.Implementation, target: Actor.Implementation): ExtraSources | null {
  const found = actorCombatOf(attacker);
  if (found === null) return null;
  const targetId = target.id === null ? null : combatantOfActor(found.combat, { id: target.id, uuid: target.uuid });
  if (targetId === null) return null;
  const sources = phaseAttackSourcesIn(found.combat, found.combatantId, targetId);
  return sources.ok ? sources.value : null;
}

export interface Gathered {
  readonly attacker: Actor.Implementation;
  /**
   * The targets, those the players see first (view/chat/roll-audience.ts `seenTargetsFirst`); `card`: how
   * the cards about each name it and who sees them (issue 18 item 5, hidden-targets.ts).
   */
  readonly targets: readonly {
    readonly actor: Actor.Implementation;
    readonly snapshot: CreatureSnapshot;
    readonly card: TargetCard;
  }[];
}

export function gather(attacker: Actor.Implementation, targets: readonly Actor.Implementation[]): Gathered | Message {
  if (targets.length === 0) return { key: "TEMPO.CHAT.Attack.NoTargets" };
  const list: Gathered["targets"][number][] = [];
  for (const actor of targets) {
    const snapshot = creatureSnapshotOf(actor);
    if (snapshot === null) return { key: "TEMPO.CHAT.Damage.NotTempoActor", data: { name: actor.name } };
    list.push({ actor, snapshot, card: targetCardOf(actor, snapshot, attacker) });
  }
  return { attacker, targets: seenTargetsFirst(list, (t) => t.card.audience !== null) };
}
