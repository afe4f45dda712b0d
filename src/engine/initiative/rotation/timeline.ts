/**
 * What the tracker shows for rotations: during planning a "Planning phase" boundary first; then each
 * unit in order, a group row (ROT-4, ROT-5) before its members' turn rows; then creatures still
 * waiting for their initiative roll. Rows of units in a tie roll-off carry a detail saying so (ROT-2).
 */
import type { TimelineEntry } from "../contract.ts";
import { own } from "../shared/round-order.ts";
import { compareRotationCombatants } from "./order.ts";
import { rotationUnitKey, type RotationCombatant, type RotationState } from "./state.ts";

/** ROT-2, ROT-4, ROT-5, ROT-7, DEF-1: the tracker rows of a rotation combat (see the file comment). */
export function rotationTimeline(state: RotationState): readonly TimelineEntry[] {
  const walking = state.status === "running" || state.status === "planning";
  const ids = walking
    ? state.order
    : Object.values(state.combatants)
        .filter((c) => c.initiative !== null)
        .sort(compareRotationCombatants)
        .map((c) => c.id);
  const tied = new Set(state.contests.flatMap((c) => c.rollOffs.flatMap((r) => r.rolling)));
  const rows: TimelineEntry[] = [];
  if (state.status === "planning") {
    rows.push({
      key: "boundary:planning",
      kind: "boundary",
      combatantId: null,
      round: 0,
      position: own(state.combatants, ids[0] ?? "")?.initiative ?? 0,
      label: { key: "TEMPO.COMBAT.Rotation.PlanningPhase" },
      groupId: null,
      active: false,
      done: false,
      defeated: false,
      detail: { key: "TEMPO.COMBAT.Rotation.PlanningAllowance" },
    });
  }
  const turnRow = (c: RotationCombatant, index: number): TimelineEntry => ({
    key: `turn:${c.id}`,
    kind: "turn",
    combatantId: c.id,
    round: state.round,
    position: c.initiative ?? 0,
    label: { key: "TEMPO.COMBAT.Rotation.Initiative", data: { value: c.initiative ?? 0 } },
    groupId: c.groupId,
    active: walking && index === state.turnIndex,
    // A newcomer slotted among the turns already taken has not had one: it is not "done".
    done: walking && index < state.turnIndex && !Object.hasOwn(state.firstTurnDue, c.id),
    defeated: c.defeated,
    detail: tied.has(rotationUnitKey(c))
      ? { key: "TEMPO.COMBAT.Rotation.Tied", data: { value: c.initiative ?? 0 } }
      : null,
  });
  let block: { readonly rowIndex: number; readonly group: string; readonly members: TimelineEntry[] } | null = null;
  const closeBlock = (): void => {
    if (block === null) return;
    const members = block.members;
    const first = members[0];
    rows[block.rowIndex] = {
      key: `group:${block.group}:${block.rowIndex}`,
      kind: "group",
      combatantId: null,
      round: state.round,
      position: first?.position ?? 0,
      label: first?.label ?? null,
      groupId: block.group,
      active: members.some((m) => m.active),
      done: members.every((m) => m.done),
      defeated: members.every((m) => m.defeated),
      detail: first?.detail ?? null,
    };
    block = null;
  };
  ids.forEach((id, index) => {
    const c = own(state.combatants, id);
    if (c === undefined) return;
    const row = turnRow(c, index);
    if (c.groupId === null || block?.group !== c.groupId) closeBlock();
    if (c.groupId !== null && block === null) {
      block = { rowIndex: rows.length, group: c.groupId, members: [] };
      rows.push(row); // placeholder, replaced by the group row when the block closes
    }
    if (block !== null) block.members.push(row);
    rows.push(row);
  });
  closeBlock();
  const listed = new Set(ids);
  for (const c of Object.values(state.combatants)) {
    if (listed.has(c.id)) continue;
    rows.push({
      ...turnRow(c, -1),
      kind: c.initiative === null ? "pending" : "turn",
      position: c.initiative ?? 0,
      label: c.initiative === null ? { key: "TEMPO.COMBAT.Rotation.AwaitingInitiative" } : turnRow(c, -1).label,
      active: false,
      done: false,
    });
  }
  return rows;
}
