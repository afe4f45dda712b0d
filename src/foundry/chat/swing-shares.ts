/**
 * AP-1 (engine `shareSwings`): one Full action's swings are shared by the attack's targets. Asked before the
 * attack spends its Full action (attack-flow.ts), so an attack with fewer swings than targets is refused with
 * its reason and nothing is spent or rolled.
 */
import type { Message, RulesetId, WeaponStats } from "../../engine/index.ts";
import { settleChoices, targetSwings, type AttackChoices } from "../../view/chat/attack-options.ts";
import { attackOptionsOf } from "../applications/attack-dialog.ts";
import { showNotice } from "../notice.ts";
import { creatureSnapshotOf } from "./creature-snapshot.ts";

/** Why `actor`'s attack with `weapon` at `targets` creatures cannot share its swings, or null when it can. */
export function swingShareRefusal(
  actor: Actor.Implementation,
  weapon: WeaponStats,
  ruleset: RulesetId,
  targets: number,
  wanted: AttackChoices | undefined,
): Message | null {
  const attacker = creatureSnapshotOf(actor);
  // With no target (or no Tempo creature) the attack flow says why itself.
  if (attacker === null || targets === 0) return null;
  const options = attackOptionsOf({ actor, weapon, ruleset, attacker });
  const shares = targetSwings(settleChoices(options, wanted ?? {}), targets);
  return shares.ok ? null : shares.error;
}

/** `swingShareRefusal`, its reason shown: true when refused. */
export function refusedSwingShares(...args: Parameters<typeof swingShareRefusal>): boolean {
  const refusal = swingShareRefusal(...args);
  if (refusal !== null) showNotice(refusal);
  return refusal !== null;
}
