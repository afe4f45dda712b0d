/**
 * Issue 22 item 3: Tempo's attack and damage cards and Automated Animations. Not run against the module:
 * written from its public code, autoanimations 6.8.5 (Foundry v13) and 7.0.6 (v14) on
 * github.com/theripper93/autoanimations (the same src/system-support/aa-chatmessage.js in both), the
 * handler it uses for a system it has no file of its own for:
 * - on `createChatMessage`, on its author's client only, it reads `flags[game.system.id]` for `itemUuid`,
 *   `itemId`, `actorId` and `tokenUuid`, else `data-item-uuid`, `data-actor-id`, `data-token-uuid` and
 *   `data-item-id` in the message's stored `content` (Tempo's cards store none: they are drawn from their
 *   data), then plays the item's animation from the token;
 * - its `aa.getRequiredData` hook (src/system-support/getRequiredData.js) gets the data before the
 *   animation is built: Tempo names the card's targets and which were hit there (`targets`, `hitTargets`,
 *   `playOnMiss`, src/system-handlers/workflow-data.js), instead of the user's current targets, so each
 *   card's animation goes to its own target and a miss is drawn as a miss.
 * Which card starts the animation is src/view/integrations/animation-carrier.ts's decision.
 */
import { SYSTEM_ID } from "../system-id.ts";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;

/** What a card names for the module (`flags.tempo`), and for Tempo's own hook (targets and hits). */
export interface AnimationFlags {
  readonly itemUuid: string;
  readonly itemId: string;
  readonly actorId: string;
  readonly tokenUuid: string | null;
  readonly targetTokenUuids: readonly string[];
  readonly hitTokenUuids: readonly string[];
}

/** What the attack flow knows about one card's use of an item. */
export interface AnimationUse {
  readonly item: Item.Implementation;
  readonly attacker: Actor.Implementation;
  readonly token: TokenDocument.Implementation | null;
  readonly targets: readonly { readonly tokenUuids: readonly string[]; readonly hit: boolean }[];
}

export function animationFlags(use: AnimationUse): AnimationFlags {
  return {
    itemUuid: use.item.uuid,
    itemId: use.item.id ?? "",
    actorId: use.attacker.id ?? "",
    tokenUuid: use.token?.uuid ?? null,
    targetTokenUuids: use.targets.flatMap((t) => t.tokenUuids),
    hitTokenUuids: use.targets.filter((t) => t.hit).flatMap((t) => t.tokenUuids),
  };
}

/** The attacker's token: its own (an unlinked token's actor), the one this user controls, else its combat's. */
export function attackerToken(actor: Actor.Implementation, combatToken: TokenDocument.Implementation | null) {
  const own: unknown = actor.token;
  if (own !== null && own !== undefined) return own as TokenDocument.Implementation;
  const controlled = canvas?.tokens?.controlled.find((t) => t.actor?.id === actor.id)?.document;
  return controlled ?? combatToken;
}

/** The user's targeted tokens standing for `actor` (their document UUIDs). */
export function targetTokenUuids(actor: Actor.Implementation): string[] {
  return [...game.user.targets].flatMap((t) => {
    const doc: unknown = t.document;
    const uuid = isObj(doc) && typeof doc.uuid === "string" ? doc.uuid : null;
    return t.actor?.uuid === actor.uuid && uuid !== null ? [uuid] : [];
  });
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The placeable of a token document's UUID on this client's canvas, if drawn. */
function placeableOf(uuid: string): unknown {
  const doc: unknown = fromUuidSync(uuid as never);
  return isObj(doc) ? (doc.object ?? null) : null;
}

/**
 * The module's `aa.getRequiredData` data for a message it found on a Tempo card: the card's targets and
 * hits replace the user's current targets. A card without Tempo's target list is left alone.
 */
export function fillRequiredData(data: unknown): void {
  if (!isObj(data) || !isObj(data.workflow)) return;
  const flags = data.workflow.flags;
  const ours = isObj(flags) ? flags[SYSTEM_ID] : null;
  if (!isObj(ours) || !Array.isArray(ours.targetTokenUuids)) return;
  const targets = strings(ours.targetTokenUuids)
    .map(placeableOf)
    .filter((t) => t !== null);
  const hits = new Set(strings(ours.hitTokenUuids));
  data.targets = targets;
  data.hitTargets = strings(ours.targetTokenUuids)
    .filter((uuid) => hits.has(uuid))
    .map(placeableOf)
    .filter((t) => t !== null);
  data.playOnMiss = true;
}

export function registerAutomatedAnimations(): void {
  Hooks.on("aa.getRequiredData" as never, fillRequiredData as never);
}

/**
 * The `data-*` attributes an attack or damage card carries when drawn (issue 22): its item's UUID, its
 * actor's id and its token's UUID, as modules that read a chat card's element look for them (the names
 * Automated Animations reads from a card's HTML). None on a card this user may not read, or another card.
 */
export function cardDataAttributes(message: ChatMessage.Implementation): Record<string, string> {
  const type: string = message.type;
  if (!message.isContentVisible || (type !== "attack" && type !== "damage")) return {};
  const system: unknown = message.system;
  const input: unknown = isObj(system) ? system.input : null;
  const speaker: unknown = message.speaker;
  const found: Record<string, string> = {};
  if (isObj(input) && typeof input.itemUuid === "string") found["data-item-uuid"] = input.itemUuid;
  if (isObj(speaker) && typeof speaker.actor === "string" && speaker.actor !== "")
    found["data-actor-id"] = speaker.actor;
  if (isObj(speaker) && typeof speaker.scene === "string" && typeof speaker.token === "string" && speaker.token !== "")
    found["data-token-uuid"] = `Scene.${speaker.scene}.Token.${speaker.token}`;
  return found;
}
