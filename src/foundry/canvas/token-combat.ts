/** The Tempo combat a token's creature fights in (issue 21: who may move, what a move sets off, its allowance). */
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
