/**
 * Issue 18: who puts creatures into a Tempo combat.
 * - A GM's new combatant (the tracker, a token's "toggle combat", encounter deploy) is of Tempo's
 *   `tempo` subtype from the start (`preCreateCombatant` on the GM's client; the Combat does the same
 *   for its own subtype, documents/combat.ts).
 * - A combatant a player creates (core's "toggle combat" on an owned token, or a console) is a join
 *   request. Players cannot create `tempo` combatants in v14 (foundryvtt issue #14252: a subtype with
 *   `gmOnlyFields` cannot be created by a player), and in v13 a player's `tempo` one could carry
 *   forged facts, so the active GM's client replaces the request by a `tempo` combatant of the same id,
 *   actor and token and none of the player's `system` (join-request data read from the actor, through
 *   the writer queue), or deletes it: before the combat starts it joins at once, in a running combat
 *   the GM is asked (engine: `joinRequestVerdict`); refused, the player is told why.
 * - A `base` combatant already in a Tempo combat (made before issue 18) becomes a `tempo` one with its
 *   data when the active GM's client is ready (`migrateBaseCombatants`).
 * Requests are never joined to the engine while they wait (`isJoinRequest`, roster-sync.ts).
 * A creature that left and joins again keeps what its `tempo` combatant held (its side, initiative facts
 * and surprise as the engine had them, its defeat, and its action tracker's current record: STD-6;
 * engine `rejoinFacts`), so leaving does not refresh its economy, change its side or revive it: the
 * active GM's browser remembers a departed combatant by its token (or actor) per combat, across reloads.
 */
import { joinRequestVerdict, rejoinFacts } from "../../engine/index.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";
import { keptActionsOf } from "./secret-actions.ts";
import { isActiveGm } from "./active-gm.ts";
import { tellUser } from "./tell-user.ts";
import { tempoModelOf } from "./tempo-model.ts";
import { TEMPO_ROLLBACK } from "./tempo-write.ts";
import { inWriterQueue } from "./writer-queue.ts";
import { pageKey } from "../page-key.ts";
import { keepDeparted, takeDeparted, type Departed } from "./departed.ts";

export const TEMPO_COMBATANT_TYPE = "tempo";

type Source = Readonly<Record<string, unknown>>;

/**
 * Combatants the active GM has not answered yet, keyed per page and combat (page-key.ts: the test
 * runtime runs several pages in one process; in Foundry a page's module state is its own anyway).
 */
const waitingIds = new Set<string>();
const waitKey = (combatId: string | null | undefined, id: string | null | undefined): string =>
  `${pageKey(combatId ?? "")}:${id ?? ""}`;
const waiting = {
  has: (combat: Combat.Implementation | null, id: string | null | undefined) => waitingIds.has(waitKey(combat?.id, id)),
  add: (combat: Combat.Implementation, id: string) => waitingIds.add(waitKey(combat.id, id)),
  delete: (combat: Combat.Implementation, id: string) => waitingIds.delete(waitKey(combat.id, id)),
};

function creatureKey(source: Source): string {
  const token = source.tokenId;
  return typeof token === "string" && token !== "" ? `t.${token}` : `a.${String(source.actorId)}`;
}

/** Remembers deleted `tempo` combatants (the active GM's `_onDeleteDescendantDocuments`). */
export function rememberDeparted(combat: Combat.Implementation, deleted: readonly Combatant.Implementation[]): void {
  if (!isActiveGm() || tempoModelOf(combat) === null) return;
  const combatId = combat.id ?? "";
  for (const combatant of deleted) {
    if (combatant.type !== TEMPO_COMBATANT_TYPE || waiting.has(combat, combatant.id)) continue;
    const source = combatant._source as unknown as Source;
    const system = structuredClone(source.system) as Record<string, unknown> | undefined;
    if (system === undefined) continue;
    // An NPC's tracker is the one this GM keeps (secret-actions.ts); the tracker's current record only:
    // its undo and redo belong to steps the creature was part of.
    const actions = (keptActionsOf(combatant) ?? system.actions) as { now?: unknown } | undefined;
    // Issue 18 item 2: its facts as the engine had them, and its defeat (engine rejoinFacts).
    const { facts, defeated } = rejoinFacts(hostCombatantOf(combatant));
    const kept = { ...system, ...facts, actions: { now: actions?.now ?? null, undo: {}, redo: {} } };
    keepDeparted(combatId, creatureKey(source), { system: kept, defeated });
  }
}

/** What a creature held when it last left `combat` (taken: used once), or a newcomer's empty `system`. */
function departedOf(combat: Combat.Implementation, source: Source): Departed {
  return takeDeparted(combat.id ?? "", creatureKey(source)) ?? { system: {}, defeated: false };
}

/** Whether `combatant` waits to join: not of the `tempo` subtype, or not answered yet. */
export function isJoinRequest(combatant: Combatant.Implementation): boolean {
  return combatant.type !== TEMPO_COMBATANT_TYPE || waiting.has(combatant.parent, combatant.id);
}

function isGmUser(userId: string): boolean {
  return game.users.get(userId)?.isGM ?? false;
}

/** The GM's new combatants of a Tempo combat are `tempo` (registered on `init`). */
export function registerCombatantType(): void {
  Hooks.on("preCreateCombatant", (combatant: Combatant.Implementation, _data: unknown, _o: unknown, userId: string) => {
    if (!isGmUser(userId) || combatant.type === TEMPO_COMBATANT_TYPE) return;
    if (tempoModelOf(combatant.parent) === null) return;
    combatant.updateSource({ type: TEMPO_COMBATANT_TYPE } as never);
  });
}

/** The core fields a replacement keeps (`system` is read from the actor, or kept for a migration). */
function coreFields(source: Source): Record<string, unknown> {
  const keep = ["_id", "actorId", "tokenId", "sceneId", "name", "img", "hidden", "group", "defeated", "flags"];
  return Object.fromEntries(keep.filter((k) => k in source).map((k) => [k, structuredClone(source[k])]));
}

/** Deletes `ids` and creates `data` in their place with the same ids (one job of the writer queue). */
async function replace(combat: Combat.Implementation, ids: readonly string[], data: readonly object[]): Promise<void> {
  if (ids.length === 0) return;
  const marks = { [TEMPO_ROLLBACK]: true } as never;
  await combat.deleteEmbeddedDocuments("Combatant", [...ids], marks);
  if (data.length > 0)
    await combat.createEmbeddedDocuments("Combatant", [...data] as never, { keepId: true, ...(marks as object) });
}

async function refuse(combat: Combat.Implementation, ids: readonly string[], userId: string): Promise<void> {
  const present = ids.filter((id) => combat.combatants.has(id));
  await replace(combat, present, []);
  for (const id of ids) waiting.delete(combat, id);
  if (present.length > 0) tellUser(userId, { key: "TEMPO.NOTICES.JoinRefused" });
}

async function accept(combat: Combat.Implementation, ids: readonly string[]): Promise<void> {
  const sources = ids.flatMap((id) => {
    const combatant = combat.combatants.get(id);
    return combatant === undefined ? [] : [combatant._source as unknown as Source];
  });
  const data = sources.map((s) => {
    const held = departedOf(combat, s);
    return { ...coreFields(s), type: TEMPO_COMBATANT_TYPE, defeated: held.defeated, system: held.system };
  });
  await replace(
    combat,
    sources.map((s) => String(s._id)),
    data,
  );
  // Still waiting while replaced: a request's own `system` is never remembered as a departure.
  for (const id of ids) waiting.delete(combat, id);
}

/** The GM's answer to a request in a running combat (DialogV2.confirm; no dialog: refused). */
async function gmApproves(names: readonly string[], userId: string): Promise<boolean> {
  const applications = (foundry as unknown as { applications?: { api?: { DialogV2?: { confirm?: unknown } } } })
    .applications;
  const api = applications?.api;
  const confirm = api?.DialogV2?.confirm;
  if (typeof confirm !== "function") return false;
  const user = game.users.get(userId)?.name ?? "?";
  const content = game.i18n.format("TEMPO.JOIN.Ask", { user, names: names.join(", ") });
  const title = game.i18n.localize("TEMPO.JOIN.Title");
  try {
    const answer: unknown = await (confirm as (o: object) => Promise<unknown>).call(api?.DialogV2, {
      window: { title },
      content: `<p>${foundry.utils.escapeHTML(content)}</p>`,
    });
    return answer === true;
  } catch {
    return false;
  }
}

/**
 * The active GM's answer to combatants a player created (`_onCreateDescendantDocuments`). A GM's own
 * combatants are `tempo` already; any other is a request.
 */
export function answerJoinRequests(
  combat: Combat.Implementation,
  created: readonly Combatant.Implementation[],
  userId: string,
): void {
  if (!isActiveGm() || tempoModelOf(combat) === null) return;
  const byGm = isGmUser(userId);
  const ids = created.filter((c) => !byGm || c.type !== TEMPO_COMBATANT_TYPE).map((c) => c.id ?? "");
  if (ids.length === 0) return;
  for (const id of ids) waiting.add(combat, id);
  if (byGm || joinRequestVerdict(combat.started) === "join") {
    void inWriterQueue(combat, () => accept(combat, ids));
    return;
  }
  const names = created.filter((c) => ids.includes(c.id ?? "")).map((c) => c.name ?? "?");
  void gmApproves(names, userId).then((yes) =>
    inWriterQueue(combat, () => (yes ? accept(combat, ids) : refuse(combat, ids, userId))),
  );
}

/**
 * The `base` combatants of `combat` when the active GM takes over (reconcile.ts, in the writer queue):
 * one the engine holds (made before issue 18) becomes `tempo` with its data; one it does not hold was
 * created by a player while no GM was connected, a join request: it joins a combat not yet started
 * and is deleted from a running one (who made it is not known any more, so nobody is told).
 */
export async function settleBaseCombatants(combat: Combat.Implementation): Promise<void> {
  const model = tempoModelOf(combat);
  if (!isActiveGm() || model === null || model.state === null) return;
  const known = new Set(model.host.order(model.state));
  const old = combat.combatants.filter((c) => c.type !== TEMPO_COMBATANT_TYPE && !waiting.has(combat, c.id));
  const kept = old.filter((c) => known.has(c.id ?? "")).map((c) => c._source as unknown as Source);
  const asked = old.filter((c) => !known.has(c.id ?? "")).map((c) => c.id ?? "");
  const data = kept.map((s) => ({ ...coreFields(s), type: TEMPO_COMBATANT_TYPE, system: s.system ?? {} }));
  await replace(
    combat,
    kept.map((s) => String(s._id)),
    data,
  );
  if (asked.length === 0) return;
  if (joinRequestVerdict(combat.started) === "join") await accept(combat, asked);
  else await replace(combat, asked, []);
}
