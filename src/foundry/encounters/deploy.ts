/**
 * Deploy (issue 12 item 2, GM only): from an encounter, one action places its creatures on a scene in
 * formation around a picked point, creates the Combat of its ruleset with its groups and surprise set
 * up, and rolls what the ruleset needs. The writes, in order:
 * 1. compendium actors the tokens need, imported in ONE batched creation (none when all are in the world);
 * 2. the tokens, in ONE batched creation on the scene;
 * 3. the Combat, ONE creation, carrying the record an undo reads (undo-deploy.ts);
 * 4. the encounter's groups (ROT-4, ROT-5, SEG-2), in ONE creation when it has any;
 * 5. the combatants, in ONE batched creation, each with its side, group and surprise (CNT-4, SEG-16);
 *    the active GM's roster sync joins them (roster-sync.ts);
 * 6. `start`, then the initiative dice the deployed creatures wait for (through `tempoCommand`: each a
 *    Combat update and at most one batched Combatant update).
 * Nothing is written when the encounter is unsound, the point is off the scene, or no actor is found.
 * Actors that cannot be found are reported by name and the rest still deploys; so is what finds no room.
 */
import {
  checkDeployable,
  encounterInitiator,
  encounterRoster,
  err,
  ok,
  type EncounterData,
  type Result,
} from "../../engine/index.ts";
import { initialCombatSystem } from "../combat/initial-system.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { findActors, worldActors } from "./encounter-actors.ts";
import { placeUnits } from "./place-tokens.ts";
import { createGroups, createTokens, rollWaiting, untilJoined } from "./deploy-steps.ts";
import { DEPLOY_FLAG, type DeployRecord } from "./deploy-record.ts";

export interface DeployOptions {
  readonly scene: Scene.Implementation;
  /** The picked canvas point. */
  readonly point: { readonly x: number; readonly y: number };
  /** The encounter's UUID, kept in the deploy record (its menu's undo finds the deploy by it). */
  readonly encounter?: string;
  /** Add the player characters' tokens already on the scene (default true). */
  readonly party?: boolean;
}

export interface DeployResult {
  readonly combat: Combat.Implementation;
  /** Names of the entries whose actor was not found. */
  readonly missing: readonly string[];
  /** Names of the creatures that found no room. */
  readonly unplaced: readonly string[];
}

function partyCombatants(scene: Scene.Implementation, encounter: EncounterData): object[] {
  const surprised = encounter.surprise === "party";
  return scene.tokens.contents
    .filter((token) => token.actor?.hasPlayerOwner === true)
    .map((token) => ({
      tokenId: token.id,
      sceneId: scene.id,
      actorId: token.actorId,
      name: token.name,
      hidden: token.hidden,
      system: { side: "pc", surprised },
    }));
}

/** Deploys `data` (an encounter's system data) on `options.scene` around `options.point`. */
export async function deployEncounter(data: unknown, options: DeployOptions): Promise<Result<DeployResult>> {
  if (!game.user.isGM) return err("TEMPO.ERRORS.Encounter.GmOnly");
  const checked = checkDeployable(data);
  if (!checked.ok) return checked;
  const encounter = checked.value;
  const found = await findActors(encounter.entries.map((e) => e.uuid));
  const roster = encounterRoster(encounter, (uuid) => found.has(uuid));
  if (roster.units.length === 0) return err("TEMPO.ERRORS.Encounter.NoneFound", { names: roster.missing.join(", ") });
  const placeable = roster.units.map((unit, i) => ({
    key: String(i),
    actor: found.get(unit.uuid) as Actor.Implementation,
  }));
  const placement = placeUnits(options.scene, options.point, placeable);
  if (!placement.ok) return placement;
  if (placement.value.placed.length === 0) return err("TEMPO.ERRORS.Encounter.NoRoom");
  const unplaced = placement.value.unplaced.map((key) => {
    const unit = roster.units[Number(key)];
    return encounter.entries[unit?.entry ?? -1]?.name ?? key;
  });
  const needed = new Map(
    placement.value.placed.flatMap((p) => {
      const uuid = roster.units[Number(p.key)]?.uuid;
      const actor = uuid === undefined ? undefined : found.get(uuid);
      return uuid === undefined || actor === undefined ? [] : [[uuid, actor] as const];
    }),
  );
  const actors = await worldActors(needed);
  const placed = await createTokens(options.scene, roster.units, placement.value.placed, actors.byUuid);
  const record: DeployRecord = {
    sceneId: options.scene.id ?? "",
    tokenIds: placed.map((p) => p.token.id ?? ""),
    actorIds: [...actors.imported],
    encounter: options.encounter ?? null,
  };
  // ROT-4: an encounter's groups share initiative in its combat whatever the world's default.
  const grouped = encounter.groups.length > 0 && encounter.ruleset === "rotation";
  // ROT-7: the side that surprised the other started the encounter (engine encounterInitiator).
  const initiator = encounterInitiator(encounter.surprise);
  const create = {
    type: encounter.ruleset,
    system: initialCombatSystem(encounter.ruleset, {
      ...(grouped ? { sharedInitiative: true } : {}),
      ...(initiator === null ? {} : { initiator }),
    }),
    scene: options.scene.id,
    active: true,
    flags: { [SYSTEM_ID]: { [DEPLOY_FLAG]: record } },
  };
  const combat = (await Combat.implementation.create(create as never)) as Combat.Implementation | undefined;
  if (combat === undefined) return err("TEMPO.ERRORS.Encounter.NotCreated");
  const groups = await createGroups(combat, encounter);
  const combatants = placed.map(({ unit, token }) => ({
    tokenId: token.id,
    sceneId: options.scene.id,
    actorId: token.actorId,
    name: token.name,
    hidden: token.hidden,
    group: unit.group === null ? null : (groups.get(unit.group) ?? null),
    system: { side: unit.side, surprised: unit.surprised },
  }));
  const party = options.party === false ? [] : partyCombatants(options.scene, encounter);
  const created = (await combat.createEmbeddedDocuments("Combatant", [...combatants, ...party] as never)) as readonly {
    id: string | null;
  }[];
  const ids = created.flatMap((c) => (c.id === null ? [] : [c.id]));
  if (await untilJoined(combat, ids)) {
    await combat.startCombat();
    await rollWaiting(combat, new Set(ids.slice(0, combatants.length)));
  }
  return ok({ combat, missing: roster.missing, unplaced });
}
