/**
 * Issue 18: the reference a card names a creature hidden from players by, and the creature it leads back
 * to. A creature is hidden for cards when its token is hidden (canvas/hidden-token.ts), or when it has no
 * token on the drawn scene and its combatant in the viewed combat (`game.combat`) is hidden (Combatant
 * `hidden`, v13 and v14): a creature hidden in the tracker with no token to hide is kept off cards as well.
 * Its reference is the hiding token's id, else that combatant's id. A whispered card reaches every client
 * (foundryvtt #14429, cited in hidden-targets.ts), so a card holds the reference, never the name or uuid;
 * the page that draws or applies it finds the creature from the reference: a token on any scene, else a
 * combatant of the viewed combat, then of any combat.
 */
import { hiddenTokenIdOf, standingTokenOf } from "../canvas/hidden-token.ts";
import type { PlacedToken } from "../canvas/scene-geometry.ts";

/** The reference a card names `actor` by while it is hidden from players, or null (it is not). */
export function hiddenCardRefOf(actor: Actor.Implementation): string | null {
  if (standingTokenOf(actor) !== null) return hiddenTokenIdOf(actor);
  const combat = game.combat as Combat.Implementation | null | undefined;
  const combatant = combat?.combatants.find((c) => c.actor?.uuid === actor.uuid);
  return combatant?.hidden === true && combatant.id !== null ? combatant.id : null;
}

/** What a reference leads to: its creature, its name, whether it is hidden now, and who owns it. */
interface Referenced {
  readonly actor: Actor.Implementation | null;
  readonly name: string | null;
  readonly hidden: boolean;
  testUserPermission(user: User.Implementation, level: "OWNER"): boolean;
}

/** The token or combatant `ref` names, on any scene or combat this client holds (null: none). */
function referenced(ref: string): Referenced | null {
  for (const scene of game.scenes.contents) {
    const token = scene.tokens.get(ref) as (PlacedToken & { readonly name?: string | null }) | undefined;
    if (token === undefined) continue;
    const { actor } = token;
    const name = token.name ?? actor?.name ?? null;
    const owns = (user: User.Implementation) => actor?.testUserPermission(user, "OWNER") === true;
    return { actor, name, hidden: token.hidden === true, testUserPermission: owns };
  }
  const combats = [game.combat, ...game.combats.contents] as (Combat.Implementation | null | undefined)[];
  for (const combat of combats) {
    const combatant = combat?.combatants.get(ref);
    if (combatant === undefined) continue;
    const owns = (user: User.Implementation) => combatant.testUserPermission(user, "OWNER");
    const { actor, name, hidden } = combatant;
    return { actor, name: name ?? null, hidden, testUserPermission: owns };
  }
  return null;
}

/** The creature a card's reference names (null: none on this client). */
export function referencedActor(ref: unknown): Actor.Implementation | null {
  return typeof ref === "string" && ref !== "" ? (referenced(ref)?.actor ?? null) : null;
}

/**
 * The name of the creature `ref` names, as `user` may know it: its name for a GM (and, with
 * `ownerReads`, for its owner) or while it is seen, "an unseen creature" while it is hidden; null when
 * this client holds neither a token nor a combatant of that id.
 */
export function referencedNameFor(ref: string, user: User.Implementation, ownerReads = false): string | null {
  const found = referenced(ref);
  if (found === null) return null;
  const reads = user.isGM || !found.hidden || (ownerReads && found.testUserPermission(user, "OWNER"));
  return reads ? found.name : game.i18n.localize("TEMPO.CHAT.UnseenCreature");
}
