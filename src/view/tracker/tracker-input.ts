/**
 * What every tracker builder reads, whatever hosts the combat (Foundry's documents or the preview's
 * in-memory encounter). The host hands over the engine state and the ruleset's host functions; the
 * builders read the state only through them, so a stored state and a fresh one draw the same.
 */
import { waitsForRoller, type ActionLeft, type AnyRulesetHost, type HostSide } from "../../engine/index.ts";
import type { CombatantSnapshot } from "./combatant-snapshot.ts";

/** A combatant as the tracker shows it to one viewer. */
export interface TrackerCombatant extends CombatantSnapshot {
  readonly side: HostSide;
  /** The viewer owns it: its row carries the owner's actions. */
  readonly owned: boolean;
  /**
   * What its action tracker has left (STD-6 …), as the host keeps it (engine/host/economy-book.ts);
   * absent where the host keeps none.
   */
  readonly economy?: readonly ActionLeft<string>[];
  /** AP-1: its weapon's AP, from the actor (issue 10); absent where unknown. */
  readonly ap?: number;
}

export interface TrackerViewer {
  readonly isGM: boolean;
}

export interface TrackerInput {
  readonly host: AnyRulesetHost;
  /** The engine state, as read by `host.read`. */
  readonly state: unknown;
  readonly combatants: readonly TrackerCombatant[];
  /** Named groups (Foundry CombatantGroups): ROT-4/ROT-5 groups, SEG-2 sides. */
  readonly groups: readonly { readonly id: string; readonly name: string }[];
  readonly viewer: TrackerViewer;
  /** Whether an undo (previous turn) and a redo are kept. */
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Core's ping control is offered (Foundry: the combat's scene is viewed and the user may ping; never in the preview). */
  readonly canPing: boolean;
  /** World setting: players see NPCs' initiative values (the GM always does). */
  readonly npcInitiativeVisible: boolean;
  /**
   * Each combatant's stored action tracker by id, where the host keeps them (engine/host/economy-records.ts):
   * what the engine's check of a command reads (STD-6, a `trigger` needs a Reaction left). Never drawn.
   */
  readonly actions?: Readonly<Record<string, unknown>>;
}

/** The combatants by id, for builders that look them up per row. */
export function combatantsById(input: TrackerInput): ReadonlyMap<string, TrackerCombatant> {
  return new Map(input.combatants.map((c) => [c.id, c]));
}

/**
 * Whether the viewer may see this combatant at all: a hidden one reaches only the GM's HTML and its own
 * owner's (issue 18: the owner's view of it, foundry combat/owner-view.ts), marked hidden in both.
 */
export function visibleTo(input: TrackerInput, combatant: TrackerCombatant | undefined): boolean {
  return combatant !== undefined && (input.viewer.isGM || !combatant.hidden || combatant.owned);
}

/** Whether the viewer may see what only its owner knows (its actions left, AP, a readied action's trigger). */
export function privateTo(input: TrackerInput, combatant: TrackerCombatant): boolean {
  return input.viewer.isGM || combatant.owned;
}

/** Whether the viewer may see this combatant's initiative value. */
export function initiativeVisibleTo(input: TrackerInput, combatant: TrackerCombatant): boolean {
  return input.viewer.isGM || combatant.side === "pc" || combatant.owned || input.npcInitiativeVisible;
}

/** What every row of one render reads, worked out once per render (not once per row). */
export interface TrackerScope {
  readonly input: TrackerInput;
  readonly byId: ReadonlyMap<string, TrackerCombatant>;
  readonly groupNames: ReadonlyMap<string, string>;
  /** Whose turn it is now. */
  readonly current: string | null;
  /** Combatants whose own initiative roll waits for a person. */
  readonly rolling: ReadonlySet<string>;
  /** Combatants whose row already carries the owner's actions in this render (the first row of each does). */
  readonly withActions: Set<string>;
}

export function trackerScope(input: TrackerInput): TrackerScope {
  const rolling = new Set<string>();
  for (const r of input.host.pending(input.state))
    if (waitsForRoller(r) && r.combatantId !== null) rolling.add(r.combatantId);
  const groupNames = new Map(input.groups.map((g) => [g.id, g.name]));
  return {
    input,
    byId: combatantsById(input),
    groupNames,
    current: input.host.current(input.state),
    rolling,
    withActions: new Set(),
  };
}
