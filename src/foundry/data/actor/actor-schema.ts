/**
 * The system data shared by the `character` and `npc` actors: the statistics of `ActorStats`
 * (src/engine/actors), one field per statistic. Field checks stay loose (types only) so that the engine's
 * `validateActorStats`, run by the model's `validateJoint`, gives every refusal its own localized reason.
 */
import type { HostSide } from "../../../engine/index.ts";
import { ABILITY_IDS, ACTOR_SIDES, SKILL_IDS } from "../../../engine/index.ts";

/** What differs between the two actor types: who they are by default. */
export interface ActorSchemaDefaults {
  readonly side: HostSide | null;
  readonly hitDice: string;
}

function record<K extends string, F>(keys: readonly K[], field: () => F): Record<K, F> {
  return Object.fromEntries(keys.map((key) => [key, field()])) as Record<K, F>;
}

export function defineActorSchema(defaults: ActorSchemaDefaults) {
  const fields = foundry.data.fields;
  const whole = (initial = 0) => new fields.NumberField({ required: true, nullable: false, integer: true, initial });
  const pool = (value: number, max: number) => new fields.SchemaField({ value: whole(value), max: whole(max) });
  const drKinds = () => new fields.SchemaField({ physical: whole(), elemental: whole(), arcane: whole() });
  const text = (initial = "") => new fields.StringField({ required: true, blank: true, initial });
  return {
    abilities: new fields.SchemaField(record(ABILITY_IDS, () => whole())),
    primaryAbility: new fields.StringField({ required: true, blank: false, choices: [...ABILITY_IDS], initial: "str" }),
    initiative: new fields.SchemaField({ modifier: whole(), dexReaction: whole() }),
    hp: pool(10, 10),
    overshield: new fields.SchemaField({
      value: whole(),
      max: whole(),
      dr: drKinds(),
      effect: text(),
      condition: text(),
    }),
    dr: drKinds(),
    ap: pool(0, 0),
    criticalThreshold: whole(20),
    skills: new fields.SchemaField(record(SKILL_IDS, () => whole())),
    weaponSkills: new fields.ArrayField(
      new fields.SchemaField({
        group: text(),
        bonus: whole(),
        proficient: new fields.BooleanField({ required: true, initial: true }),
      }),
    ),
    tier: whole(1),
    // PHS-8: a new field with a default; Foundry fills the initial value into older sources, so no migration.
    atk: whole(),
    level: whole(),
    hitDice: text(defaults.hitDice),
    aac0: new fields.NumberField({ required: true, nullable: true, integer: true, initial: null }),
    defenses: new fields.SchemaField({
      ac: whole(10),
      descendingAc: whole(10),
      def: whole(10),
      dodge: whole(10),
      armor: whole(10),
    }),
    speeds: new fields.SchemaField({ walk: whole(30), swim: whole(), fly: whole(), climb: whole(), burrow: whole() }),
    side: new fields.StringField({ required: true, nullable: true, choices: [...ACTOR_SIDES], initial: defaults.side }),
    // SEG-16: the one action resource a creature may carry differently from its ruleset's default
    // (engine/actors/actor-actions.ts). A new field with a default: older sources take the initial value.
    actions: new fields.SchemaField({ segment: new fields.SchemaField({ attackRoutines: whole(1) }) }),
    /** Declared in system.json htmlFields (enriched by the sheet, as dnd5e's and Draw Steel's biographies are). */
    biography: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export type ActorSchema = ReturnType<typeof defineActorSchema>;
