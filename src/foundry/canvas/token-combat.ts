/** The Tempo combat a token's creature fights in (issue 21: who may move, what a move sets off, its allowance). */
import { ownMoveNow } from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { TempoCombat } from "../documents/combat.ts";

export interface TokenCombat {
  readonly combat: TempoCombat;
  readonly combatantId: string;
}

/** The started-or-not Tempo combat the token's creature is in (the viewed combat first), or null. */
export function tokenCombatOf(token: TokenDocument.Implementation): TokenCombat | null {
  const all: unknown[] = [game.combat, ...game.combats.contents];
  for (const combat of all) {
    if (!(combat instanceof TempoCombat) || tempoModelOf(combat) === null) continue;
    const found = combat.combatants.find((c) => c.tokenId === token.id && c.sceneId === (token.parent?.id ?? null));
    if (found?.id) return { combat, combatantId: found.id };
  }
  return null;
}

/**
 * Issue 21 item 2: whether it is the token's creature's own move now (engine `ownMoveNow`); true where no
 * Tempo combat holds it or its combat has not started.
 */
export function tokenMovesOnItsOwn(token: TokenDocument.Implementation): boolean {
  const found = tokenCombatOf(token);
  const model = found === null ? null : tempoModelOf(found.combat);
  if (found === null || model === null || model.state === null) return true;
  return ownMoveNow(model.host, model.state, found.combatantId);
}
