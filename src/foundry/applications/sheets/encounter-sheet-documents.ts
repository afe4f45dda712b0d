/**
 * The encounter sheet's documents side (issue 12): an `encounter` Actor read as the sheet builder's plain
 * input (src/view/sheets/encounter-sheet.ts), and the sheet's edits written back. Every edit is decided
 * by src/view/sheets/encounter-edits.ts (the engine's `checkEncounter` inside); here a new value becomes
 * ONE Actor update, a refusal writes nothing and shows the engine's reason, and an edit that changes
 * nothing writes nothing.
 */
import type { EncounterData, Message, Result } from "../../../engine/index.ts";
import type { EncounterSheetInput } from "../../../view/sheets/encounter-sheet.ts";
import { addActorToEncounter, sameEncounter } from "../../../view/sheets/encounter-edits.ts";
import { showNotice } from "../../notice.ts";
import { encounterDataOf } from "../../data/actor/encounter-model.ts";
import { latestDeployOf } from "../../encounters/deploy-record.ts";

/** What the sheet needs of its actor (the Foundry Actor, or a test's stand-in). */
export interface EncounterActor {
  readonly uuid: string;
  readonly name: string;
  readonly img?: string | null;
  readonly system: unknown;
  readonly isOwner?: boolean;
  update(data: object): Promise<unknown>;
}

/** The portrait of an actor named by UUID, when core knows it without loading (world actor or index entry). */
function portraitOf(uuid: string): string | null {
  let found: unknown;
  try {
    found = fromUuidSync(uuid as `Actor.${string}`);
  } catch {
    return null;
  }
  const img: unknown = typeof found === "object" && found !== null ? Reflect.get(found, "img") : null;
  return typeof img === "string" && img !== "" ? img : null;
}

export function encounterSheetInputOf(
  actor: EncounterActor,
  editable: boolean,
  refusal: Message | null,
): EncounterSheetInput | null {
  const data = encounterDataOf(actor);
  if (data === null) return null;
  const portraits: Record<string, string> = {};
  for (const entry of data.entries) {
    const img = portraitOf(entry.uuid);
    if (img !== null) portraits[entry.uuid] = img;
  }
  return {
    name: actor.name,
    img: actor.img ?? null,
    data,
    portraits,
    editable,
    gm: game.user.isGM,
    hasScene: (canvas?.scene ?? null) !== null,
    canUndo: latestDeployOf(actor.uuid) !== null,
    refusal,
  };
}

/**
 * Writes an edit's result: the new encounter in one update (with the new name when `name` differs), or
 * nothing and the engine's reason. Returns the refusal, or null when the edit was taken (or changed nothing).
 */
export async function writeEncounter(
  actor: EncounterActor,
  result: Result<EncounterData>,
  name?: string,
): Promise<Message | null> {
  if (!result.ok) {
    showNotice(result.error);
    return result.error;
  }
  const before = encounterDataOf(actor);
  const renamed = name !== undefined && name.trim() !== "" && name !== actor.name;
  const changed = before === null || !sameEncounter(before, result.value);
  if (!renamed && !changed) return null;
  await actor.update({ ...(renamed ? { name } : {}), ...(changed ? { system: result.value } : {}) });
  return null;
}

/** What was dropped: a document with a name and a type (core's Actor, world or compendium). */
interface Dropped {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
}

function droppedOf(value: unknown): Dropped | null {
  if (typeof value !== "object" || value === null) return null;
  const documentName: unknown = Reflect.get(value, "documentName");
  const uuid: unknown = Reflect.get(value, "uuid");
  const name: unknown = Reflect.get(value, "name");
  const type: unknown = Reflect.get(value, "type");
  if (documentName !== "Actor" || typeof uuid !== "string" || typeof name !== "string" || typeof type !== "string")
    return null;
  return { uuid, name, type };
}

/**
 * An actor dropped onto the encounter sheet: an NPC or character (world or compendium) joins as an entry,
 * or one more of it when already listed; an encounter is refused (its creatures are not merged in).
 */
export async function dropOnEncounter(actor: EncounterActor, dropped: unknown): Promise<Message | null> {
  const data = encounterDataOf(actor);
  const found = droppedOf(dropped);
  if (data === null) return null;
  const refuse = (message: Message): Message => {
    showNotice(message);
    return message;
  };
  if (found === null) return refuse({ key: "TEMPO.ENCOUNTERS.Sheet.NotAnActor" });
  if (found.type === "encounter") return refuse({ key: "TEMPO.ENCOUNTERS.Sheet.NoEncounterInEncounter" });
  if (found.type !== "npc" && found.type !== "character")
    return refuse({ key: "TEMPO.ENCOUNTERS.Sheet.OnlyCreatures", data: { name: found.name } });
  return writeEncounter(actor, addActorToEncounter(data, found));
}
