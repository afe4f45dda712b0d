/**
 * SEG-10: a creature took damage or failed a save; whether that ends its concentration is decided, and
 * written, on the active GM's client, whoever pressed Apply or rolled the save. Only the GM's copy of a
 * segment combat knows a casting whose declaration is still secret (issue 18: a player's copy holds a
 * placeholder), so a player's client that wrote the damage or the save itself (its own creatures) asks the
 * active GM over the system socket (`concentration`), and the GM decides with the engine
 * (`concentrationLostTo`) and writes it (break-concentration.ts: the `interrupt` command, the statuses,
 * the message saying why).
 *
 * The GM takes the request only for a creature the asking user may update: a player may end its own
 * creature's casting anyway (`interrupt` is one of its commands), so the request gives it nothing new.
 * With no GM connected the player's client does what it can see (its statuses).
 */
import { concentrationLostTo, type Message, type RulesetId } from "../../engine/index.ts";
import { actorCombatOf } from "../applications/sheets/sheet-commands.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { askActiveGm, type Answer } from "../socket/socket-channel.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { breakConcentration, concentrationHeld } from "./break-concentration.ts";

/** What happened to the creature: it took damage, or it failed a save. */
export type ConcentrationBlow = "damage" | "failedSave";

const BLOWS: Readonly<Record<ConcentrationBlow, Message>> = {
  damage: { key: "TEMPO.CONDITIONS.ConcentrationLost.Damage" },
  failedSave: { key: "TEMPO.CONDITIONS.ConcentrationLost.FailedSave" },
};

export interface ConcentrationRequest {
  readonly actorUuid: string;
  readonly blow: ConcentrationBlow;
}

/** The ruleset the creature fights under: its Tempo combat's, else the world's. */
function rulesetOf(actor: Actor.Implementation): RulesetId {
  const found = actorCombatOf(actor);
  return (found === null ? null : tempoModelOf(found.combat)?.host.id) ?? game.settings.get(SYSTEM_ID, "ruleset");
}

/** Decides on this client and writes what it ends; whether anything ended. */
async function endHere(actor: Actor.Implementation, blow: ConcentrationBlow): Promise<boolean> {
  if (concentrationLostTo(rulesetOf(actor), concentrationHeld(actor).held, blow) === null) return false;
  return breakConcentration(actor, BLOWS[blow]);
}

/** SEG-10: `actor` took damage or failed a save: its concentration ends where the engine says so. */
export async function endConcentrationAfter(actor: Actor.Implementation, blow: ConcentrationBlow): Promise<void> {
  // A ruleset whose rules name no concentration: nothing to ask (whatever the creature holds).
  if (concentrationLostTo(rulesetOf(actor), { concentrating: true, casting: true }, blow) === null) return;
  if (game.user.isGM || game.users.activeGM === null) {
    await endHere(actor, blow);
    return;
  }
  await askActiveGm("concentration", { actorUuid: actor.uuid, blow } satisfies ConcentrationRequest);
}

function isActor(doc: unknown): doc is Actor.Implementation {
  return typeof doc === "object" && doc !== null && (doc as { documentName?: unknown }).documentName === "Actor";
}

/** The GM side: a creature the sender may update, and a blow that is one of the two. */
export async function answerConcentration(data: ConcentrationRequest, sender: User.Implementation): Promise<Answer> {
  if (!game.user.isGM) return { ok: false, error: { key: "TEMPO.ERRORS.Access.NotGm" } };
  const blow = data?.blow;
  const found: unknown =
    typeof data?.actorUuid === "string" ? await fromUuid(data.actorUuid as `Actor.${string}`) : null;
  if ((blow !== "damage" && blow !== "failedSave") || !isActor(found))
    return { ok: false, error: { key: "TEMPO.ERRORS.Host.InvalidCommand", data: { type: "concentration" } } };
  if (!found.canUserModify(sender, "update"))
    return { ok: false, error: { key: "TEMPO.ERRORS.Access.NotOwner", data: { command: "concentration" } } };
  await endHere(found, blow);
  return { ok: true };
}
