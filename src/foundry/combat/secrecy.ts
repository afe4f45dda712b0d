/**
 * Issue 18 item 3: which of a combat's creatures the published state keeps secrets of
 * (engine/host/published.ts): those no player owns (`hasPlayerOwner`, API v13 Combatant) and the
 * hidden ones (`combatant.hidden`). Looked up only for the creatures a ruleset asks about, and kept
 * per combat until something they follow from changes (issue 17: testing a thousand creatures'
 * ownership at every step of a segment round cost about 1 ms): a combatant's `hidden` or actor, the
 * roster, an actor's or token's ownership (or the actor or token itself, created or deleted), the users
 * and their roles. Core's create, update and delete hooks fire on every client for every such change
 * (document-changes.ts).
 */
import type { Secrecy } from "../../engine/index.ts";
import { pageKey } from "../page-key.ts";
import { onDocumentChanges } from "../document-changes.ts";

/** Per page (page-key.ts) and combat. */
const kept = new Map<string, Secrecy>();

/** A lookup that asks each creature once. */
function lookup(test: (id: string) => boolean): { has(id: string): boolean } {
  const found = new Map<string, boolean>();
  return {
    has: (id) => {
      let value = found.get(id);
      if (value === undefined) found.set(id, (value = test(id)));
      return value;
    },
  };
}

export function secrecyOf(combat: Combat.Implementation): Secrecy {
  const key = pageKey(combat.id ?? "");
  let secrecy = kept.get(key);
  if (secrecy === undefined) {
    const of = (id: string) => combat.combatants.get(id);
    const hidden = lookup((id) => of(id)?.hidden === true);
    let none: boolean | undefined;
    secrecy = {
      gmOnly: lookup((id) => of(id)?.hasPlayerOwner === false),
      hidden: {
        has: hidden.has,
        // Issue 17: found once per secrecy (a hidden flag changing forgets it), so a step with no hidden
        // creature does not work out the whole order to take none out (engine host/public-order.ts).
        get none() {
          return (none ??= !combat.combatants.contents.some((c) => c.hidden));
        },
      },
    };
    kept.set(key, secrecy);
  }
  return secrecy;
}

/** Forgets every combat's secrecy (each is looked up again at its next step). */
export function forgetSecrecy(): void {
  kept.clear();
}

const COMBATANT_FIELDS = ["hidden", "actorId", "tokenId", "sceneId"];
const OWNER_FIELDS = ["ownership", "delta", "actorLink", "role"];

/** What a change must touch to change who is secret: then every combat's secrecy is looked up again. */
export function registerSecrecyHooks(): void {
  // The roster, a creature's hidden flag or actor.
  onDocumentChanges(["Combatant"], forgetSecrecy, COMBATANT_FIELDS);
  // Who owns a creature: its actor's or token's ownership (a deleted actor or token owns nothing), the users
  // and their roles.
  onDocumentChanges(["Actor", "Token", "User"], forgetSecrecy, OWNER_FIELDS);
  // A deleted combat's secrecy goes with it; its other changes (every step) leave who is secret as it is.
  Hooks.on("deleteCombat", forgetSecrecy);
}
