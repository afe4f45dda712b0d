/**
 * Issue 18 item 5: a use's cards about a creature hidden from players (its token's `hidden`, v13 and
 * v14 TokenDocument, or with no token on the drawn scene its combatant's: hidden-creature-ref.ts). An area still attacks it (ruling next to FEAT-CLEAVE in engine damage/areas.ts),
 * but its attack and damage cards go to the GMs only (view/chat/roll-audience.ts `targetCardAudience`):
 * whispered to them, blind to a player who rolled them, speaking as the combat rather than the attacker,
 * and naming the creature by reference to its token or combatant (view/chat/initiative-card.ts `hiddenNameRef`),
 * which each viewer's page reads (card-viewer.ts): a whispered message still reaches every client
 * (docs/research/foundry-secrets-and-write-guards.md, foundryvtt #14429), so no name is written in it.
 */
import type { CreatureSnapshot } from "../../view/chat/item-attack.ts";
import { hiddenNameRef } from "../../view/chat/initiative-card.ts";
import { targetCardAudience } from "../../view/chat/roll-audience.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { hiddenTokenIdOf } from "../canvas/hidden-token.ts";
import { hiddenCardRefOf } from "./hidden-creature-ref.ts";
import type { PostCardOptions } from "./post-card.ts";
import { aliasSpeaker } from "./alias-speaker.ts";

export { hiddenTokenIdOf };

/** A card about `target`: the snapshot it names, and who sees it and who speaks (none: as the caller chose). */
export interface TargetCard {
  readonly snapshot: CreatureSnapshot;
  readonly audience: Pick<PostCardOptions, "whisper" | "blind" | "speaker"> | null;
  /**
   * The reference naming it (its hiding token's id, or its hidden combatant's: hidden-creature-ref.ts),
   * when its cards go to the GMs only (they are sealed: sealed-cards.ts).
   */
  readonly hiddenRef?: string;
}

export function targetCardOf(
  target: Actor.Implementation,
  snapshot: CreatureSnapshot,
  attacker: Actor.Implementation,
): TargetCard {
  const hiddenRef = hiddenCardRefOf(target);
  const audience = targetCardAudience(hiddenRef !== null, game.user.isGM);
  if (hiddenRef === null || !audience.gmOnly) return { snapshot, audience: null } satisfies TargetCard;
  const alias = actorCombatOf(attacker)?.combat.name ?? game.i18n.localize("TEMPO.COMBAT.Dice.Summary");
  return {
    snapshot: { ...snapshot, name: hiddenNameRef(hiddenRef) },
    hiddenRef,
    audience: {
      whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? ""),
      blind: audience.blind,
      speaker: aliasSpeaker(alias),
    },
  } satisfies TargetCard;
}
