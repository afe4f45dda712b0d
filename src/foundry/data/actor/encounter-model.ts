/**
 * System data of an `encounter` actor (issue 12): a ready fight, as dnd5e keeps one in its group actor
 * of type "encounter" (data/actor/group.mjs: members with a quantity). Tempo's members are named by
 * UUID rather than by a document field, so an encounter shipped in a compendium can list compendium
 * NPCs, and they carry their side and group; the encounter also holds its ruleset and who is surprised.
 * Field checks stay loose so the engine's `encounterProblems` (src/engine/encounters/encounter.ts),
 * run by `validateJoint`, gives every refusal its own localized reason and nothing is saved.
 */
import { localizeMessage } from "../../localize.ts";
import {
  ENCOUNTER_SIDES,
  ENCOUNTER_SURPRISE,
  RULESET_IDS,
  encounterProblems,
  type EncounterData,
} from "../../../engine/index.ts";

function defineEncounterSchema() {
  const fields = foundry.data.fields;
  const text = (initial = "") => new fields.StringField({ required: true, blank: true, initial });
  return {
    ruleset: new fields.StringField({ required: true, blank: false, choices: [...RULESET_IDS], initial: "count" }),
    surprise: new fields.StringField({
      required: true,
      blank: false,
      choices: [...ENCOUNTER_SURPRISE],
      initial: "none",
    }),
    entries: new fields.ArrayField(
      new fields.SchemaField({
        uuid: text(),
        name: text(),
        count: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 1 }),
        side: new fields.StringField({ required: true, blank: false, choices: [...ENCOUNTER_SIDES], initial: "enemy" }),
        group: new fields.StringField({ required: true, nullable: true, blank: false, initial: null }),
      }),
    ),
    groups: new fields.ArrayField(new fields.SchemaField({ id: text(), name: text() })),
  };
}

export type EncounterSchema = ReturnType<typeof defineEncounterSchema>;

export class EncounterModel extends foundry.abstract.TypeDataModel<EncounterSchema, Actor.Implementation> {
  static override defineSchema(): EncounterSchema {
    return defineEncounterSchema();
  }

  /** Bad references, counts, sides or groups refuse the change with every reason, localized. */
  static override validateJoint(data: object): void {
    const problems = encounterProblems(data);
    if (problems.length === 0) return;
    const text = problems.map(({ message }) => localizeMessage(message)).join(" ");
    throw new Error(game.i18n.format("TEMPO.ERRORS.Encounter.Refused", { problems: text }));
  }
}

/** The encounter data of an actor, or null when it is not an encounter. */
export function encounterDataOf(actor: { readonly system: unknown } | null | undefined): EncounterData | null {
  const system = actor?.system;
  if (!(system instanceof EncounterModel)) return null;
  return {
    ruleset: system.ruleset as EncounterData["ruleset"],
    surprise: system.surprise as EncounterData["surprise"],
    entries: system.entries.map((e) => ({
      uuid: e.uuid,
      name: e.name,
      count: e.count,
      side: e.side as EncounterData["entries"][number]["side"],
      group: e.group ?? null,
    })),
    groups: system.groups.map((g) => ({ id: g.id, name: g.name })),
  };
}
