/** System data of a `character` actor: a player character by default. */
import { TempoActorModel } from "./actor-model.ts";
import { defineActorSchema, type ActorSchema } from "./actor-schema.ts";

export class CharacterModel extends TempoActorModel {
  static override defineSchema(): ActorSchema {
    return defineActorSchema({ side: "pc", hitDice: "" });
  }
}
