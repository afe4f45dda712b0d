/**
 * SEG-10: a creature's concentration ends. Called when it takes damage or fails a save (on the active GM's
 * client: concentration-ends.ts), when a move takes it past half its movement (canvas/landed-move.ts) and
 * when it is jostled (SEG-19, canvas/jostle.ts). The engine decides whether it is casting (segment
 * `segmentCastingUnderway`: also a declaration not yet revealed, as far as this client's copy of the combat
 * shows it); this writes:
 * - the `interrupt` command in its segment combat when it is (one Combat write; a move gives its own
 *   writer, so the move's record rides in that same write): the spell fails and is lost as if cast, and no
 *   card comes in step 7;
 * - the deletion of its `concentrating` / `casting` statuses (one Actor write, none when it shows neither);
 * - a chat message saying why. A casting nobody was shown is told to the GMs and the creature's owners only
 *   (they declared it: issue 19, SEG-10), so its loss reveals the declaration to no other player (issue 18). A
 *   creature hidden from players (its token's or its combatant's `hidden`) is told to the same users, speaking as
 *   its combat, and named by id through the one naming path (chat/named-lines.ts): the message reaches every
 *   client anyway, so no name is in it.
 */
import { segmentCastingUnderway, type HeldConcentration, type Message, type SegmentState } from "../../engine/index.ts";
import { actorCombatOf, type ActorCombat } from "../applications/sheets/sheet-commands.ts";
import { readableCombat } from "../combat/tempo-model.ts";
import { namedLinesData } from "../chat/named-lines.ts";
import { hiddenTokenIdOf } from "../chat/hidden-targets.ts";
import { effectsCarrying } from "./status-effect-data.ts";
import { aliasSpeaker } from "../chat/alias-speaker.ts";

interface Holding {
  readonly held: HeldConcentration;
  /** Its segment combat, when the engine says it is casting there. */
  readonly casting: ActorCombat | null;
}

/** A segment combat's engine state, or null (another ruleset, or not readable here). */
function segmentStateOf(found: ActorCombat | null): SegmentState | null {
  if (found === null) return null;
  const read = readableCombat(found.combat);
  // The segment host's state (the model's ruleset says which scheduler wrote it).
  return read.ok && read.value.model.ruleset === "segment" ? (read.value.state as SegmentState) : null;
}

/** What concentration the creature holds: its statuses, and a casting its segment combat knows of. */
export function concentrationHeld(actor: Actor.Implementation): Holding {
  const found = actorCombatOf(actor);
  const state = segmentStateOf(found);
  const inCombat = found !== null && state !== null && segmentCastingUnderway(state, found.combatantId);
  const casting = inCombat ? found : null;
  return {
    held: {
      concentrating: actor.statuses.has("concentrating"),
      casting: casting !== null || actor.statuses.has("casting"),
    },
    casting,
  };
}

/** Gives the `interrupt` command of a casting in its combat. */
export type Interrupter = (casting: ActorCombat) => Promise<void>;

const byCommand: Interrupter = async (casting) => {
  await casting.combat.tempoCommand({ type: "interrupt", combatantId: casting.combatantId });
};

/**
 * How the creature is named in a message (`id`: its combatant's, else its hidden token's, else its actor's,
 * as creature-names.ts reads them), and whether it is hidden from players.
 */
function namedAs(actor: Actor.Implementation, found: ActorCombat | null): { id: string; hidden: boolean } {
  const token = hiddenTokenIdOf(actor);
  const combatant = found?.combat.combatants.get(found.combatantId);
  if (combatant !== undefined && (combatant.hidden || token === null))
    return { id: found?.combatantId ?? "", hidden: combatant.hidden || token !== null };
  return token !== null ? { id: token, hidden: true } : { id: actor.id ?? "", hidden: false };
}

/** Who is told a hidden creature's loss, or that of a casting nobody was shown: the GMs and its owners. */
function gmsAndOwners(actor: Actor.Implementation): string[] {
  const gms = ChatMessage.getWhisperRecipients("GM").map((u) => u.id ?? "");
  const owners = game.users.contents.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
  return [...gms, ...owners.map((u) => u.id ?? "")];
}

/** Ends the creature's concentration, saying `why` ({id}); whether anything ended. */
export async function breakConcentration(
  actor: Actor.Implementation,
  why: Message,
  interrupt: Interrupter = byCommand,
): Promise<boolean> {
  const { casting } = concentrationHeld(actor);
  const shown = effectsCarrying(actor, ["concentrating", "casting"]);
  if (shown.length === 0 && casting === null) return false;
  if (casting !== null) await interrupt(casting);
  const left = effectsCarrying(actor, ["concentrating", "casting"]);
  if (left.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", left);
  const found = casting ?? actorCombatOf(actor);
  const { id, hidden } = namedAs(actor, found);
  const { content, flags } = namedLinesData([{ key: why.key, data: { ...why.data, id } }]);
  const whisper = shown.length === 0 || hidden ? gmsAndOwners(actor) : [];
  const alias = found?.combat.name ?? game.i18n.localize("TEMPO.COMBAT.Dice.Summary");
  const speaker = hidden ? aliasSpeaker(alias) : ChatMessage.getSpeaker({ actor });
  await ChatMessage.create({ content, flags, speaker, whisper } as ChatMessage.CreateData);
  return true;
}
