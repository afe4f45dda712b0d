/**
 * Dropping an NPC or an encounter from a compendium (or the world) onto the tracker (issue 12 item 3,
 * GM only): its creatures join the running combat. Their tokens go on the combat's scene in formation
 * next to a creature of their side already fighting (else around the scene's centre), in one batched
 * creation; the encounter's groups come in one creation where the combat's ruleset has groups (ROT-4 on,
 * or segment rounds); the combatants in one batched creation. Where they are slotted is the ruleset's
 * join rule, applied by the roster sync (roster-sync.ts: STD-3 late joiners, the current count, a
 * group's shared initiative), and the initiative they then wait for is rolled for them (a new group's
 * d6 in segment rounds too, SEG-2: deploy-steps.ts).
 * Late joiners are never surprised. Drop data is core's `{ type: "Actor", uuid }`.
 */
import { encounterRoster, err, ok, type EncounterData, type HostSide, type Result } from "../../engine/index.ts";
import { encounterDataOf } from "../data/actor/encounter-model.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { createGroups, createTokens, rollWaiting, untilJoined } from "./deploy-steps.ts";
import { findActors, worldActors } from "./encounter-actors.ts";
import { placeUnits } from "./place-tokens.ts";
import { sceneGeometry } from "./scene-board.ts";

export interface DropResult {
  readonly added: number;
  readonly missing: readonly string[];
  readonly unplaced: readonly string[];
}

/** The dropped actor as an encounter: an encounter's own data, or one NPC on its own side. */
async function droppedEncounter(uuid: string, ruleset: EncounterData["ruleset"]): Promise<EncounterData | null> {
  const doc: unknown = await fromUuid(uuid as `Actor.${string}`).catch(() => null);
  if (typeof doc !== "object" || doc === null || Reflect.get(doc, "documentName") !== "Actor") return null;
  const actor = doc as Actor.Implementation;
  const encounter = encounterDataOf(actor);
  if (encounter !== null) return encounter;
  const side: unknown = Reflect.get(actor.system, "side");
  return {
    ruleset,
    surprise: "none",
    groups: [],
    entries: [{ uuid, name: actor.name, count: 1, side: side === "ally" ? "ally" : "enemy", group: null }],
  };
}

/** Next to the first token of a creature of `side` in the combat, else the scene's centre. */
function anchorOf(
  combat: Combat.Implementation,
  scene: Scene.Implementation,
  side: HostSide,
): { x: number; y: number } {
  for (const combatant of combat.combatants) {
    const facts: unknown = combatant.system;
    const own = typeof facts === "object" && facts !== null ? Reflect.get(facts, "side") : null;
    const token = combatant.tokenId === null ? undefined : scene.tokens.get(combatant.tokenId);
    if (own === side && token !== undefined) return { x: token.x, y: token.y };
  }
  const g = sceneGeometry(scene);
  return { x: g.originX + (g.width * g.size) / 2, y: g.originY + (g.height * g.size) / 2 };
}

function groupsAllowed(combat: Combat.Implementation): boolean {
  const model = tempoModelOf(combat);
  if (model === null) return false;
  return model.ruleset === "segment" || (model.ruleset === "rotation" && model.hostOptions.sharedInitiative);
}

/** Adds the dropped actor (an NPC or an encounter's creatures) to `combat`. */
export async function dropOnCombat(combat: Combat.Implementation, data: unknown): Promise<Result<DropResult>> {
  if (!game.user.isGM) return err("TEMPO.ERRORS.Encounter.GmOnly");
  const model = tempoModelOf(combat);
  const uuid: unknown = typeof data === "object" && data !== null ? Reflect.get(data, "uuid") : null;
  if (model === null || typeof uuid !== "string" || Reflect.get(data as object, "type") !== "Actor")
    return err("TEMPO.ERRORS.Encounter.NotDroppable");
  const scene = combat.scene;
  if (scene === null) return err("TEMPO.ERRORS.Encounter.NoScene");
  const dropped = await droppedEncounter(uuid, model.ruleset);
  if (dropped === null) return err("TEMPO.ERRORS.Encounter.NotDroppable");
  const encounter = groupsAllowed(combat)
    ? dropped
    : { ...dropped, groups: [], entries: dropped.entries.map((e) => ({ ...e, group: null })) };
  const found = await findActors(encounter.entries.map((e) => e.uuid));
  const roster = encounterRoster({ ...encounter, surprise: "none" }, (id) => found.has(id));
  if (roster.units.length === 0) return err("TEMPO.ERRORS.Encounter.NoneFound", { names: roster.missing.join(", ") });
  const side = roster.units[0]?.side ?? "enemy";
  const placeable = roster.units.map((unit, i) => ({
    key: String(i),
    actor: found.get(unit.uuid) as Actor.Implementation,
  }));
  const placement = placeUnits(scene, anchorOf(combat, scene, side), placeable);
  if (!placement.ok) return placement;
  if (placement.value.placed.length === 0) return err("TEMPO.ERRORS.Encounter.NoRoom");
  const actors = await worldActors(found);
  const placed = await createTokens(scene, roster.units, placement.value.placed, actors.byUuid);
  const groups = await createGroups(combat, encounter);
  const combatants = placed.map(({ unit, token }) => ({
    tokenId: token.id,
    sceneId: scene.id,
    actorId: token.actorId,
    name: token.name,
    hidden: token.hidden,
    group: unit.group === null ? null : (groups.get(unit.group) ?? null),
    system: { side: unit.side, surprised: false },
  }));
  const created = (await combat.createEmbeddedDocuments("Combatant", combatants as never)) as readonly {
    id: string | null;
  }[];
  const ids = created.flatMap((c) => (c.id === null ? [] : [c.id]));
  if (await untilJoined(combat, ids)) await rollWaiting(combat, new Set(ids));
  const unplaced = placement.value.unplaced.map((key) => {
    const unit = roster.units[Number(key)];
    return encounter.entries[unit?.entry ?? -1]?.name ?? key;
  });
  return ok({ added: ids.length, missing: roster.missing, unplaced });
}
