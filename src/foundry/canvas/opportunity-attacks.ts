/**
 * Opportunity attacks (issue 21 item 3; PHS-6, ROT-10, ROT-11): when a creature's move lands, the active GM
 * measures the scene (each combatant's token square, side and whether it can attack) and asks the engine
 * who the move provoked (`moveOpportunityAttacks`: the ruleset, how the creature moved — Disengage, a
 * 5 ft step or Shift provoke nothing). Each attacker's owner gets a card (the GM for a creature no player
 * owns): a pending card whose Resolve spends the attacker's Reaction in rotation (the engine's `use`
 * command, task `opportunityAttack`, ROT-10) and rolls one melee attack on the mover without AP
 * (chat/opportunity-roll.ts). Only a move the active GM accepted is asked about (landed-move.ts, from core's
 * `moveToken`, API: foundryvtt.com/api/functions/hookEvents.moveToken.html).
 * Sides are token dispositions, as Draw Steel reads them for its free strikes
 * (github.com/MetaMorphic-Digital/draw-steel, src/module/documents/token.mjs `getHostileTokensFromPoints`);
 * who fights whom is the engine's `gridCreatureOf` (scene-geometry.ts), one ruling for threat and flanking.
 */
import {
  moveOpportunityAttacks,
  OPPORTUNITY_ATTACKS,
  type GridCreature,
  type HostCommand,
  type MoveHow,
  type OpportunityAttack,
  type RulesetId,
  type Square,
} from "../../engine/index.ts";
import type { PendingCardInput } from "../../view/chat/pending-card.ts";
import { postCard } from "../chat/post-card.ts";
import { speakerOf } from "../chat/event-card-posts.ts";
import type { TempoCombat } from "../documents/combat.ts";
import { gridCreatureOfToken, type PlacedToken } from "./scene-geometry.ts";
import { outOfFight } from "../combat/out-of-fight.ts";

type Token = TokenDocument.Implementation;

/**
 * The combat's creatures on the token's scene, as the engine's grid snapshot lists them (who fights whom is
 * the engine's `gridCreatureOf`, scene-geometry.ts, the same as for flanking and shared space).
 */
function creaturesOn(
  combat: TempoCombat,
  scene: Scene.Implementation,
): Map<string, GridCreature & { readonly combatantId: string }> {
  const out = new Map<string, GridCreature & { readonly combatantId: string }>();
  // DEF-1: an unconscious creature threatens nothing either (out-of-fight.ts).
  const defeated = new Set(combat.combatants.filter((c) => outOfFight(combat, c)).map((c) => c.tokenId ?? ""));
  for (const combatant of combat.combatants) {
    const token = combatant.token;
    if (token === null || token === undefined || token.parent?.id !== scene.id || combatant.id === null) continue;
    const creature = gridCreatureOfToken(scene, token as unknown as PlacedToken, defeated);
    out.set(token.id ?? "", { ...creature, combatantId: combatant.id });
  }
  return out;
}

/** Who sees an attacker's card: its owners and the GMs (the GMs alone for a creature no player owns). */
function recipients(actor: Actor.Implementation | null | undefined): string[] {
  return game.users
    .filter((u) => u.isGM || (actor?.testUserPermission(u, "OWNER") ?? false))
    .map((u) => u.id ?? "")
    .filter((id) => id !== "");
}

/** The opportunity attack card of one attacker (a pending card, resolved by its owner). */
export interface OpportunityCardInput extends PendingCardInput {
  readonly opportunity: { readonly targetUuid: string; readonly withoutAp: boolean };
}

async function postAttack(
  combat: TempoCombat,
  ruleset: RulesetId,
  attack: OpportunityAttack & { readonly combatantId: string },
  mover: Token,
): Promise<void> {
  const combatant = combat.combatants.get(attack.combatantId);
  const actor = combatant?.actor;
  const targetUuid = mover.actor?.uuid ?? "";
  if (combatant === undefined || combat.id === null || targetUuid === "") return;
  const rule = ruleset === "rotation" ? "ROT-10" : "PHS-6";
  const input: OpportunityCardInput = {
    combatId: combat.id,
    combatantId: attack.combatantId,
    name: combatant.name ?? "?",
    entryKey: "",
    title: { key: "TEMPO.CHAT.Opportunity.Title", data: { name: combatant.name ?? "?" } },
    detail: { key: "TEMPO.CHAT.Opportunity.Detail", data: { mover: mover.name ?? "?", name: combatant.name ?? "?" } },
    position: { key: attack.spendsReaction ? "TEMPO.CHAT.Opportunity.Reaction" : "TEMPO.CHAT.Opportunity.Free" },
    rule,
    resolved: false,
    opportunity: { targetUuid, withoutAp: attack.withoutAp },
  };
  // ROT-10: the attack uses the Reaction; elsewhere (PHS-6) it spends nothing.
  const command: HostCommand | null = attack.spendsReaction
    ? { type: "use", combatantId: attack.combatantId, task: "opportunityAttack" }
    : null;
  const speaker = speakerOf(actor);
  await postCard(
    { type: "pending", input },
    { combatId: combat.id, command, whisper: recipients(actor), ...(speaker === undefined ? {} : { speaker }) },
  );
}

/** An accepted move as the active GM's landed-move judge passes it on (landed-move.ts). */
export interface AcceptedMove {
  readonly combat: TempoCombat;
  readonly ruleset: RulesetId;
  /** How the rules took the move (null: no combat rules apply). */
  readonly how: MoveHow | null;
  /** The squares the move passed, its starting square first. */
  readonly path: readonly Square[];
}

/**
 * PHS-6, ROT-10, ROT-11: the cards an accepted move calls for (active GM only, inside the combat's writer
 * queue). A move the GM put back never reaches here, so it provokes nothing.
 */
export async function postOpportunityAttacks(token: Token, move: AcceptedMove): Promise<number> {
  const { combat, ruleset, how, path } = move;
  const scene = token.parent;
  if (how === null || scene === null || !OPPORTUNITY_ATTACKS[ruleset]) return 0;
  const creatures = creaturesOn(combat, scene);
  const mover = creatures.get(token.id ?? "");
  if (mover === undefined || path.length < 2) return 0;
  const start = path[0] ?? mover.square;
  const snapshot = {
    creatures: [...creatures.values()].map((c) => (c.id === mover.id ? { ...c, square: start } : c)),
    obstacles: [],
  };
  const attacks = moveOpportunityAttacks({ ruleset, snapshot, moverId: mover.id, path, how });
  if (!attacks.ok) return 0;
  for (const attack of attacks.value) {
    const combatantId = creatures.get(attack.attackerId)?.combatantId;
    if (combatantId !== undefined) await postAttack(combat, ruleset, { ...attack, combatantId }, token);
  }
  return attacks.value.length;
}
