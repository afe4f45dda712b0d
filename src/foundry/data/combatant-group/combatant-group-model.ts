/**
 * System data of Tempo's CombatantGroup subtype (`initiative`): a group of combatants sharing one
 * initiative, ROT-4 shared initiative and ROT-5 enemy groups in rotations, a group rolling one d6 in
 * segment rounds (SEG-2). Membership is core's `combatant.group`; the engine keeps its own copy in the
 * combat's stored state, moved by Tempo when membership changes (combat/groups/).
 *
 * `side` marks a segment group that stands for a whole side: a creature of that side without a group
 * of its own fights with it (SEG-2).
 */
import type { GroupSide } from "../../../engine/index.ts";

export const GROUP_SIDES = ["party", "enemies"] as const satisfies readonly GroupSide[];

/** The subtype Tempo creates its groups with (system.json `documentTypes.CombatantGroup`). */
export const TEMPO_GROUP_TYPE = "initiative";

function defineGroupSchema() {
  const fields = foundry.data.fields;
  return {
    side: new fields.StringField({ required: true, nullable: true, choices: [...GROUP_SIDES], initial: null }),
  };
}

type GroupSchema = ReturnType<typeof defineGroupSchema>;

export class TempoCombatantGroupModel extends foundry.abstract.TypeDataModel<
  GroupSchema,
  CombatantGroup.Implementation
> {
  static override defineSchema(): GroupSchema {
    return defineGroupSchema();
  }
}

/** SEG-2: the side a group stands for, or null (a group Tempo did not make, or not a side's). */
export function groupSideOfDocument(group: CombatantGroup.Implementation): GroupSide | null {
  const system: unknown = group.system;
  if (!(system instanceof TempoCombatantGroupModel)) return null;
  const side = system.side;
  return side === "party" || side === "enemies" ? side : null;
}
