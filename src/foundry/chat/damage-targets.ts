/**
 * Whom a damage card's Apply hits (issue 11): the clicking user's targeted tokens, else the tokens they
 * have selected (controlled), each creature once. dnd5e's damage application offers the same two
 * sources ("targeted" and "selected" tokens, `game.user.targets` and `canvas.tokens.controlled`).
 */
export function damageTargetActors(): Actor.Implementation[] {
  const targeted = [...game.user.targets];
  const tokens = targeted.length > 0 ? targeted : (canvas?.tokens?.controlled ?? []);
  const actors = new Map<string, Actor.Implementation>();
  for (const token of tokens) {
    const actor = token.actor;
    if (actor !== null && !actors.has(actor.uuid)) actors.set(actor.uuid, actor);
  }
  return [...actors.values()];
}
