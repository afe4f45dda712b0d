/**
 * System data of an `npc` actor: its side follows its token (null: friendly tokens are allies, the
 * rest enemies) and it has 1 hit die (SEG-13) until its sheet says otherwise.
 */
import { TempoActorModel } from "./actor-model.ts";
import { defineActorSchema, type ActorSchema } from "./actor-schema.ts";

export class NpcModel extends TempoActorModel {
  static override defineSchema(): ActorSchema {
    return defineActorSchema({ side: null, hitDice: "1" });
  }
}
