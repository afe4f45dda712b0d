/**
 * How a sheet (and a hotbar macro) gives a command for its actor: through the actor's Tempo combat's one
 * entry point, `TempoCombat.tempoCommand`, exactly as the tracker's buttons do (combat-tracker.ts), so the
 * GM-side checks apply. Before sending, the command is tried on the state with the tracker's own dry run
 * (`refusal`, src/view/tracker/tracker-controls.ts): a command the rules refuse now sends nothing and the
 * user is shown the engine's reason.
 */
import type { HostCommand, SegmentDeclaration, SpellStats, WeaponStats } from "../../../engine/index.ts";
import { attackCommand, castCommand } from "../../../view/sheets/sheet-commands.ts";
import { segmentDeclareCommand } from "../../../view/tracker/segment-declare.ts";
import { refusal } from "../../../view/tracker/tracker-controls.ts";
import { tempoModelOf } from "../../combat/tempo-model.ts";
import { showNotice } from "../../notice.ts";
import { withUse, type DeclaredUse } from "../../combat/declared-uses.ts";
import { TempoCombat } from "../../documents/combat.ts";
import { trackerInputOf } from "../tracker-input.ts";

export interface ActorCombat {
  readonly combat: TempoCombat;
  readonly combatantId: string;
}

/** Whose combatant to find: an actor document (a token's synthetic actor has the token in its uuid). */
export interface CombatActor {
  readonly id: string | null;
  readonly uuid?: string;
}

/**
 * The combatant `actor` fights as in `combat`. Issue 19: the very actor first (its uuid: a token's
 * synthetic actor is `Scene.….Token.….Actor.…`), so two unlinked tokens of one actor are two creatures;
 * a world actor (a linked token's, or a base actor opened from the sidebar) falls back to the first
 * combatant of that actor, as before. A token's actor never takes another token's combatant.
 */
export function combatantOfActor(combat: TempoCombat, actor: CombatActor & { readonly id: string }): string | null {
  const token = actor.uuid !== undefined && actor.uuid !== `Actor.${actor.id}`;
  let byId: string | null = null;
  for (const combatant of combat.combatants) {
    const of = combatant.actor;
    if (of === null || combatant.id === null) continue;
    if (actor.uuid !== undefined && of.uuid === actor.uuid) return combatant.id;
    if (!token && byId === null && of.id === actor.id) byId = combatant.id;
  }
  return byId;
}

/** The Tempo combat the actor fights in (the viewed one first) and its combatant there, or null. */
export function actorCombatOf(actor: CombatActor): ActorCombat | null {
  const id = actor.id;
  if (id === null) return null;
  const viewed: unknown = game.combat;
  const all: unknown[] = [viewed, ...game.combats.contents];
  for (const combat of all) {
    if (!(combat instanceof TempoCombat) || tempoModelOf(combat) === null) continue;
    const combatantId = combatantOfActor(combat, { id, uuid: actor.uuid });
    if (combatantId !== null) return { combat, combatantId };
  }
  return null;
}

/**
 * Gives `command` through the combat's entry point unless the rules refuse it now; then shows the reason
 * and sends nothing. True when the command was given.
 */
export async function sendSheetCommand(
  combat: TempoCombat,
  command: HostCommand,
  use: DeclaredUse | null = null,
): Promise<boolean> {
  const input = trackerInputOf(combat, game.user);
  if (input === null) return false;
  const why = refusal(input, command);
  if (why !== null) {
    showNotice(why);
    return false;
  }
  // Issue 11: a declared item's record rides with the command (declared-uses.ts).
  const answer = await combat.tempoCommand(withUse(command, use));
  return answer.ok;
}

/** An item as "use it now" needs it: its type and statistics, and its owner. */
export interface UsableItem {
  readonly name: string;
  readonly actor: (CombatActor & { readonly name: string }) | null;
  readonly use:
    | { readonly type: "weapon"; readonly stats: WeaponStats }
    | { readonly type: "spell"; readonly stats: SpellStats }
    | null;
}

/**
 * Attack with a weapon or cast a spell now, for the item's actor in its combat (the hotbar macro's
 * action): the same command the sheet's button sends. Refused (no combat, the rules say no) with a notice.
 */
export async function useItemNow(
  item: UsableItem,
  use: DeclaredUse | null = null,
  declared: SegmentDeclaration | null = null,
): Promise<boolean> {
  if (item.actor === null || item.use === null) {
    showNotice({ key: "TEMPO.SHEET.MacroUnowned" });
    return false;
  }
  const found = actorCombatOf(item.actor);
  const input = found === null ? null : trackerInputOf(found.combat, game.user);
  if (found === null || input === null) {
    showNotice({ key: "TEMPO.SHEET.NoCombat", data: { name: item.actor.name } });
    return false;
  }
  const ruleset = input.host.id;
  // SEG-16: the declared target is the combatant of the first targeted actor, when it fights in this combat.
  const targetUuid = use?.targetUuids[0];
  const target = found.combat.combatants.contents.find((c) => targetUuid !== undefined && c.actor?.uuid === targetUuid);
  const targetId = target?.id ?? null;
  // SEG-9: the declaration the declare form gave for this attack (its minors, its target) is given as it is.
  const command =
    declared !== null && ruleset === "segment"
      ? segmentDeclareCommand(found.combatantId, declared)
      : item.use.type === "weapon"
        ? attackCommand(ruleset, found.combatantId, item.use.stats, targetId === found.combatantId ? null : targetId)
        : castCommand(ruleset, found.combatantId, item.use.stats, targetId === found.combatantId ? null : targetId);
  if (command === null) {
    showNotice({ key: "TEMPO.SHEET.NoItemCommand", data: { name: item.name } });
    return false;
  }
  return sendSheetCommand(found.combat, command, use);
}
