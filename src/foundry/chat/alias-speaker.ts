/**
 * A speaker named by an alias alone, for cards about a creature hidden from players (issue 18). Core's
 * `ChatMessage.getSpeaker({ alias })` does not stop at the alias: given no actor and no token it fills the
 * speaker in from the poster's controlled token or assigned character (dnd5e issue #620 and Scum and
 * Villainy PR #79 describe cards speaking as whatever token was selected), so a player controlling its
 * hidden creature's token would post that token's and actor's ids. The speaker's fields are plain ids
 * and an alias (API ChatSpeakerData: scene, actor, token, alias, each optional), written here as they are.
 */
export function aliasSpeaker(alias: string): { scene: null; actor: null; token: null; alias: string } {
  return { scene: null, actor: null, token: null, alias };
}
