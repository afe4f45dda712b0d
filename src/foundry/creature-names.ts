/**
 * Issue 18: the name of a creature an engine message gives by id, as this page's user may know it
 * (view/i18n/creature-names.ts): a combatant of a combat on this page (the viewed one first), else an
 * actor, else a token of the drawn scene. A hidden combatant or token is "an unseen creature" to a player
 * (Combatant and TokenDocument `hidden`, v13 and v14); a GM reads every name.
 */
import { UNSEEN_CREATURE } from "../view/i18n/creature-names.ts";

interface Named {
  readonly name?: string | null;
  readonly hidden?: boolean;
}

function shown(found: Named, asGm: boolean): string | null {
  if (found.hidden === true && !asGm) return game.i18n?.localize(UNSEEN_CREATURE) ?? null;
  return typeof found.name === "string" && found.name !== "" ? found.name : null;
}

/** `asGm`: read as a GM (every name) or as a player (hidden ones unseen); by default as this page's user. */
export function creatureNameOf(id: string, gm?: boolean): string | null {
  if (typeof game === "undefined") return null;
  const asGm = gm ?? game.user?.isGM === true;
  const combats = [game.combat ?? null, ...(game.combats?.contents ?? [])];
  for (const combat of combats) {
    const combatant = combat?.combatants.get(id) as Named | undefined;
    if (combatant !== undefined) return shown(combatant, asGm);
  }
  const actor = game.actors?.get(id) as Named | undefined;
  if (actor !== undefined) return shown(actor, asGm);
  const token = (typeof canvas === "undefined" ? undefined : canvas?.scene?.tokens.get(id)) as Named | undefined;
  return token === undefined ? null : shown(token, asGm);
}
