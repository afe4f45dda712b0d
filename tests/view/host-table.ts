/**
 * Engine states for the tracker builders' tests, made through a ruleset's host with chosen dice (pure:
 * no preview, no storage), and the tracker input one viewer gets for them.
 */
import {
  DEFAULT_HOST_OPTIONS,
  rulesetHost,
  unwrap,
  type ActionLeft,
  type AnyRulesetHost,
  type HostCommand,
  type HostEvent,
  type HostOptions,
  type HostSide,
  type RulesetId,
} from "../../src/engine/index.ts";
import { trackerScope, type TrackerInput, type TrackerScope } from "../../src/view/tracker/tracker-input.ts";

export interface Creature {
  readonly id: string;
  readonly side: HostSide;
  readonly bonus?: number;
  readonly groupId?: string;
  readonly hidden?: boolean;
  /** The player viewer owns it. */
  readonly mine?: boolean;
  readonly ap?: number;
}

export class HostTable {
  readonly host: AnyRulesetHost;
  readonly creatures: readonly Creature[];
  state: unknown;
  /** Actions left by creature, as a host's action book would give them. */
  economy: Record<string, readonly ActionLeft<string>[]> = {};
  /** Stored action trackers by creature, as a host's records hold them (economy-records.ts); none by default. */
  actions: Record<string, unknown> | undefined = undefined;

  constructor(ruleset: RulesetId, creatures: readonly Creature[], options: Partial<HostOptions> = {}) {
    this.host = rulesetHost(ruleset, 6);
    this.creatures = creatures;
    const hostCombatants = creatures.map((c) => ({
      id: c.id,
      side: c.side,
      initiativeBonus: c.bonus ?? 0,
      int: 0,
      agi: 0,
      groupId: c.groupId ?? null,
      dexReaction: 0,
      surprised: false,
      defeated: false,
    }));
    this.state = unwrap(this.host.create(hostCombatants, { ...DEFAULT_HOST_OPTIONS, ...options }));
  }

  /** The events of the last command run. */
  events: readonly HostEvent[] = [];

  run(command: HostCommand): this {
    const step = unwrap(this.host.apply(this.state, command));
    this.state = step.state;
    this.events = step.events;
    return this;
  }

  /** Answers the first pending request of each named combatant with the given total. */
  roll(totals: Readonly<Record<string, number>>): this {
    const pending = this.host.pending(this.state);
    const results = Object.entries(totals).map(([id, total]) => {
      const request = pending.find((r) => r.combatantId === id);
      if (request === undefined) throw new Error(`no request for ${id}`);
      return { requestId: request.id, total };
    });
    return this.run({ type: "rolls", results });
  }

  input(isGM: boolean, npcInitiativeVisible = false): TrackerInput {
    return {
      host: this.host,
      state: this.state,
      combatants: this.creatures.map((c) => {
        const economy = this.economy[c.id];
        return {
          id: c.id,
          name: c.id,
          img: null,
          isPlayer: c.side === "pc",
          hidden: c.hidden ?? false,
          side: c.side,
          owned: isGM || (c.mine ?? false),
          ...(c.ap === undefined ? {} : { ap: c.ap }),
          ...(economy === undefined ? {} : { economy }),
        };
      }),
      groups: [...new Set(this.creatures.flatMap((c) => (c.groupId === undefined ? [] : [c.groupId])))].map((id) => ({
        id,
        name: `Group ${id}`,
      })),
      viewer: { isGM },
      canUndo: false,
      canRedo: false,
      canPing: false,
      npcInitiativeVisible,
      ...(this.actions === undefined ? {} : { actions: this.actions }),
    };
  }

  scope(isGM: boolean): TrackerScope {
    return trackerScope(this.input(isGM));
  }
}

/** STD-6: the standard tracker's four kinds with how many are left. */
export function standardLeft(action: number, quickAction: number, interaction: number, reaction: number) {
  return [
    { kind: "action", left: action, label: "TEMPO.ACTIONS.Action" },
    { kind: "quickAction", left: quickAction, label: "TEMPO.ACTIONS.QuickAction" },
    { kind: "interaction", left: interaction, label: "TEMPO.ACTIONS.Interaction" },
    { kind: "reaction", left: reaction, label: "TEMPO.ACTIONS.Reaction" },
  ] as const satisfies readonly ActionLeft<string>[];
}
