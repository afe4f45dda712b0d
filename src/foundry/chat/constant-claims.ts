/**
 * AP-2, issue 18: the active GM's side of a constant-damage roll. A `use` command's `constant` names the
 * weapon and the attack messages of its roll (attack-flow.ts); the targets it hit are derived here from
 * those messages as this client holds them (author as the server records it, the UUIDs and the verdict
 * the attack card records) by the engine's `trustedConstantHits`, and replace whatever `hits` the sender
 * listed: the GM's client posts the weapon's damage on them every turn (constant-damage-posts.ts). The
 * messages that backed a roll are kept in the active GM's browser (gm-kept.ts), so none backs two.
 */
import { trustedConstantHits, type ConstantAttackFacts, type HostCommand } from "../../engine/index.ts";
import type { AttackCardInput } from "../../view/chat/attack-card.ts";
import { attackHit } from "../../view/chat/item-attack.ts";
import { keepUsedConstantAttacks, usedConstantAttacks } from "../combat/constant-claims-kept.ts";
import { cardModelOf } from "../data/chat/chat-card-model.ts";
import { cardTargetUuid, isSealed } from "./sealed-cards.ts";
import { sealedVerdictOf } from "./sealed-verdicts.ts";

interface AttackFields {
  readonly attackerUuid?: unknown;
  readonly itemUuid?: unknown;
  readonly targetUuid?: unknown;
}

const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The verdict an attack card records (null: none, or an input no attack card has). */
function verdictOf(input: unknown): boolean | null {
  try {
    return attackHit(input as AttackCardInput);
  } catch {
    return null;
  }
}

function attackFacts(id: string, user: User.Implementation): ConstantAttackFacts | null {
  const message = game.messages.get(id);
  const model = message === undefined ? null : cardModelOf(message);
  if (message === undefined || model?.card.type !== "attack") return null;
  const input = model.input as AttackFields;
  return {
    id,
    byClaimant: message.author?.id === user.id,
    attackerUuid: input.attackerUuid,
    itemUuid: input.itemUuid,
    // Issue 18: a sealed card's target, and the verdict this GM's side gave it (sealed-verdicts.ts).
    targetUuid: cardTargetUuid(input),
    hit: isSealed(model.input) ? (sealedVerdictOf(id)?.hit ?? null) : verdictOf(model.input),
  };
}

interface Claim {
  readonly constant: Record<string, unknown>;
  readonly combatantId: string;
  readonly attacks: string[];
}

function claimOf(command: HostCommand): Claim | null {
  const constant = command.constant;
  const combatantId = command.combatantId;
  if (command.type !== "use" || typeof constant !== "object" || constant === null || Array.isArray(constant))
    return null;
  if (typeof combatantId !== "string") return null;
  const fields = constant as Record<string, unknown>;
  return { constant: fields, combatantId, attacks: textList(fields.attacks) };
}

/**
 * The command `user` gave, with a constant-damage claim's `hits` derived from its attack messages (a
 * command without one, or for no creature of this combat, as it came: the engine refuses it if need be).
 */
export function trustedConstantCommand(
  combat: Combat.Implementation,
  command: HostCommand,
  user: User.Implementation,
): HostCommand {
  const claim = claimOf(command);
  const wielder = claim === null ? null : (combat.combatants.get(claim.combatantId)?.actor ?? null);
  if (claim === null || wielder === null || combat.id === null) return command;
  const combatants: string[] = [];
  for (const c of combat.combatants) if (c.actor !== null) combatants.push(c.actor.uuid);
  const hits = trustedConstantHits({
    wielderUuid: wielder.uuid,
    item: typeof claim.constant.item === "string" ? claim.constant.item : "",
    attacks: claim.attacks.map((id) => attackFacts(id, user)),
    combatants,
    used: usedConstantAttacks(combat.id, claim.combatantId),
  });
  return { ...command, constant: { item: claim.constant.item, hits } };
}

/** After the command ran: its attack messages back no later roll of the same creature. */
export function keepConstantClaim(combat: Combat.Implementation, given: HostCommand): void {
  const claim = claimOf(given);
  if (claim === null || combat.id === null || claim.attacks.length === 0) return;
  keepUsedConstantAttacks(combat.id, claim.combatantId, claim.attacks);
}
