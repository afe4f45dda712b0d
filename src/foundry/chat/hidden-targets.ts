/**
 * Issue 18 item 5: a use's cards about a creature hidden from players (its token's `hidden`, v13 and
 * v14 TokenDocument). An area still attacks it (ruling next to FEAT-CLEAVE in engine damage/areas.ts),
 * but its attack and damage cards go to the GMs only (view/chat/roll-audience.ts `targetCardAudience`):
 * whispered to them, blind to a player who rolled them, speaking as the combat rather than the attacker,
 * and naming the creature by reference to its token (view/chat/initiative-card.ts `hiddenNameRef`),
 * which each viewer's page reads (card-viewer.ts): a whispered message still reaches every client
 * (docs/research/foundry-secrets-and-write-guards.md, foundryvtt #14429), so no name is written in it.
 */
import type { CreatureSnapshot } from "../../view/chat/item-attack.ts";
import { hiddenNameRef } from "../../view/chat/initiative-card.ts";
import { targetCardAudience } from "../../view/chat/roll-audience.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { hiddenTokenIdOf } from "../canvas/hidden-token.ts";
import type { PlacedToken } from "../canvas/scene-geometry.ts";
import type { PostCardOptions } from "./post-card.ts";

export { hiddenTokenIdOf };

/** A card about `target`: the snapshot it names, and who sees it and who speaks (none: as the caller chose). */
export interface TargetCard {
  readonly snapshot: CreatureSnapshot;
  readonly audience: Pick<PostCardOptions, "whisper" | "blind" | "speaker"> | null;
  /** The id of the token hiding it, when its cards go to the GMs only (they are sealed: sealed-cards.ts). */
  readonly tokenId?: string;
}

export function targetCardOf(
  target: Actor.Implementation,
  snapshot: CreatureSnapshot,
  attacker: Actor.Implementation,
): TargetCard {
  const tokenId = hiddenTokenIdOf(target);
  const audience = targetCardAudience(tokenId !== null, game.user.isGM);
  if (tokenId === null || !audience.gmOnly) return { snapshot, audience: null } satisfies TargetCard;
  const alias = actorCombatOf(attacker)?.combat.name ?? game.i18n.localize("TEMPO.COMBAT.Dice.Summary");
  return {
    snapshot: { ...snapshot, name: hiddenNameRef(tokenId) },
    tokenId,
    audience: {
      whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? ""),
      blind: audience.blind,
      speaker: ChatMessage.getSpeaker({ alias }),
    },
  } satisfies TargetCard;
}

/**
 * The name of a creature a card names by a token reference, as `user` may know it: the token's name for
 * a GM or while it is seen, "an unseen creature" while it is hidden; null when no scene holds the token.
 */
export function tokenNameFor(ref: string, user: User.Implementation): string | null {
  for (const scene of game.scenes.contents) {
    const token = scene.tokens.get(ref) as (PlacedToken & { readonly name?: string | null }) | undefined;
    if (token === undefined) continue;
    if (token.hidden === true && !user.isGM) return game.i18n.localize("TEMPO.CHAT.UnseenCreature");
    return token.name ?? token.actor?.name ?? null;
  }
  return null;
}
