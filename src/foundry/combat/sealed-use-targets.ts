/**
 * Issue 18 item 3: a declared use (declared-uses.ts) names its targets on the declaring Combatant, a
 * document every client receives. A target hidden from players (a hidden combatant, or a creature whose
 * token is hidden) is named there by a reference to its Combatant or its token instead of its actor's
 * uuid, as a sealed card names it (sealed-cards.ts `targetRef`; hidden as canvas/hidden-token.ts tells it):
 * players hold that document already, but no Tempo record gives them the actor's uuid. Resolve on the
 * pending card finds the creature from that document on the client that rolls it (the GM's for a hidden
 * target: resolve-declared.ts).
 */
import { hiddenTokenIdOf } from "../canvas/hidden-token.ts";
import type { PlacedToken } from "../canvas/scene-geometry.ts";
import type { DeclaredUse } from "./declared-uses.ts";

const TOKEN_REF = "tokenRef:";
const COMBATANT_REF = "combatantRef:";
const isRef = (target: string) => target.startsWith(TOKEN_REF) || target.startsWith(COMBATANT_REF);

function isActor(doc: unknown): doc is Actor.Implementation {
  return typeof doc === "object" && doc !== null && (doc as { documentName?: unknown }).documentName === "Actor";
}

/**
 * The reference naming the creature at `uuid` when it is hidden from players, or null: a hidden combatant
 * of this combat (or one whose token is hidden) by its Combatant id, another creature whose token is hidden
 * by its token id.
 */
function hiddenRefOf(combat: Combat.Implementation, uuid: string): string | null {
  const combatant = combat.combatants.contents.find((c) => c.actor?.uuid === uuid);
  const token = combatant?.token as { readonly hidden?: boolean } | null | undefined;
  if (combatant?.id != null && (combatant.hidden || token?.hidden === true)) return `${COMBATANT_REF}${combatant.id}`;
  const actor: unknown = fromUuidSync(uuid as `Actor.${string}`);
  const tokenId = isActor(actor) ? hiddenTokenIdOf(actor) : null;
  return tokenId === null ? null : `${TOKEN_REF}${tokenId}`;
}

function sealedList(combat: Combat.Implementation, uuids: readonly string[]): string[] {
  return uuids.map((uuid) => (isRef(uuid) ? uuid : (hiddenRefOf(combat, uuid) ?? uuid)));
}

/** The actor of the token `ref`, on any scene this client holds (null: none). */
function tokenActor(ref: string): Actor.Implementation | null {
  for (const scene of game.scenes.contents) {
    const token = scene.tokens.get(ref) as PlacedToken | undefined;
    if (token !== undefined) return token.actor;
  }
  return null;
}

/** `use` as a document may hold it: each hidden target named by its reference. */
export function sealedUse(combat: Combat.Implementation, use: DeclaredUse | null): DeclaredUse | null {
  if (use === null) return null;
  const declared = use.declaredTargetUuids;
  return {
    ...use,
    targetUuids: sealedList(combat, use.targetUuids),
    ...(declared === undefined ? {} : { declaredTargetUuids: sealedList(combat, declared) }),
  };
}

/** A step's record for one combatant (key → use or null), sealed. */
export function sealedUseRecord(
  combat: Combat.Implementation,
  record: Readonly<Record<string, DeclaredUse | null>>,
): Record<string, DeclaredUse | null> {
  return Object.fromEntries(Object.entries(record).map(([key, use]) => [key, sealedUse(combat, use)]));
}

/**
 * The creature a recorded target names: its actor's uuid, or (sealed) the actor of its combatant in
 * `combat` or of its token; null when gone.
 */
export async function useTargetActor(
  combat: Combat.Implementation | undefined,
  target: string,
): Promise<Actor.Implementation | null> {
  if (target.startsWith(COMBATANT_REF))
    return combat?.combatants.get(target.slice(COMBATANT_REF.length))?.actor ?? null;
  if (target.startsWith(TOKEN_REF)) return tokenActor(target.slice(TOKEN_REF.length));
  const actor: unknown = await fromUuid(target as `Actor.${string}`);
  return isActor(actor) ? actor : null;
}
