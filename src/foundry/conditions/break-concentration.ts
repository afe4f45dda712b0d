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
 *   (they declared it: issue 19, SEG-10), so its loss reveals the declaration to no other player (issue 18).
 */
import { segmentCastingUnderway, type HeldConcentration, type Message, type SegmentState } from "../../engine/index.ts";
import { actorCombatOf, type ActorCombat } from "../applications/sheets/sheet-commands.ts";
import { readableCombat } from "../combat/tempo-model.ts";
import { localizeMessage } from "../localize.ts";
import { effectsCarrying } from "./status-effect-data.ts";

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

/** Who is told of a casting nobody was shown: the GMs, and the users who own the creature (they declared it). */
function toldOfSecret(actor: Actor.Implementation): string[] {
  const users = game.users.contents.filter((u) => u.isGM || actor.testUserPermission(u, "OWNER"));
  return users.map((u) => u.id ?? "").filter((id) => id !== "");
}

/** Gives the `interrupt` command of a casting in its combat. */
export type Interrupter = (casting: ActorCombat) => Promise<void>;

const byCommand: Interrupter = async (casting) => {
  await casting.combat.tempoCommand({ type: "interrupt", combatantId: casting.combatantId });
};

/** Ends the creature's concentration, saying `why` ({name}); whether anything ended. */
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
  const content = `<p>${foundry.utils.escapeHTML(localizeMessage({ key: why.key, data: { ...why.data, name: actor.name } }))}</p>`;
  const whisper = shown.length === 0 ? toldOfSecret(actor) : [];
  await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor }), whisper });
  return true;
}
