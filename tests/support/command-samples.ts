/**
 * One well-formed sample of EVERY command of each ruleset, as data. Each table is keyed by its
 * scheduler's Command union (and the table's own commands, run-command.ts): a command added to a
 * union and missing here, or one here that is not in it, does not compile. Samples act for the
 * owner's creature (`own`) and aim at another (`npc`), so who may give them is clear.
 */
import type { AnyRulesetHost, HostCommand, RulesetId } from "../../src/engine/index.ts";
import { formulaMin } from "../../src/engine/index.ts";
import type { CountCommand } from "../../src/engine/initiative/count/types.ts";
import type { PhaseCommand } from "../../src/engine/initiative/phase/types.ts";
import type { RotationCommand } from "../../src/engine/initiative/rotation/scheduler.ts";
import type { SegmentCommand } from "../../src/engine/initiative/segment/types.ts";
import type { StandardCommand } from "../../src/engine/initiative/standard/scheduler.ts";
import type { TableCommand } from "../../src/foundry/combat/run-command.ts";

export interface SampleContext {
  readonly host: AnyRulesetHost;
  readonly state: unknown;
  /** The owner's creature. */
  readonly own: string;
  /** A creature nobody but the GM owns. */
  readonly npc: string;
}

type Samples<C extends { readonly type: string }> = {
  readonly [K in C["type"]]: (ctx: SampleContext) => Extract<C, { readonly type: K }>;
};

/** The id a `join` sample brings in (no Combatant document has it). */
export const NEWCOMER = "newcomer00000001";

/** Every pending request answered with the lowest total its formula can roll. */
function rolls(ctx: SampleContext): { type: "rolls"; results: { requestId: string; total: number }[] } {
  const results = ctx.host.pending(ctx.state).map((r) => {
    const min = formulaMin(r.formula);
    return { requestId: r.id, total: min.ok ? min.value : 0 };
  });
  return { type: "rolls", results };
}

const common = {
  start: () => ({ type: "start" }) as const,
  next: () => ({ type: "next" }) as const,
  rolls,
  leave: (c: SampleContext) => ({ type: "leave", combatantId: c.own }) as const,
  defeat: (c: SampleContext) => ({ type: "defeat", combatantId: c.own }) as const,
  revive: (c: SampleContext) => ({ type: "revive", combatantId: c.own }) as const,
  setInitiative: (c: SampleContext) => ({ type: "setInitiative", combatantId: c.own, value: 5 }) as const,
};

const count: Samples<CountCommand> = {
  ...common,
  join: () => ({ type: "join", combatant: { id: NEWCOMER, bonus: 0, isPlayer: false, defeated: false } }),
  declare: (c) => ({
    type: "declare",
    combatantId: c.own,
    action: { kind: "attack", properties: [], targets: [c.npc] },
  }),
  react: (c) => ({ type: "react", combatantId: c.own, reaction: { kind: "stopCasting" } }),
  unconscious: (c) => ({ type: "unconscious", combatantId: c.own }),
  regainConsciousness: (c) => ({ type: "regainConsciousness", combatantId: c.own }),
  markSurprised: (c) => ({ type: "markSurprised", combatantId: c.own, surprised: true }),
  declareSurprise: () => ({ type: "declareSurprise", value: true }),
};

const standard: Samples<StandardCommand> = {
  ...common,
  join: () => ({ type: "join", combatantId: NEWCOMER, dexBonus: 0 }),
  delay: (c) => ({ type: "delay", combatantId: c.own }),
  act: (c) => ({ type: "act", combatantId: c.own }),
  ready: (c) => ({ type: "ready", combatantId: c.own, trigger: "when the door opens" }),
  trigger: (c) => ({ type: "trigger", combatantId: c.own }),
  use: (c) => ({ type: "use", combatantId: c.own, kind: "action" }),
};

const phase: Samples<PhaseCommand> = {
  ...common,
  join: () => ({ type: "join", combatant: { id: NEWCOMER, int: 0, agi: 0 } }),
  seize: (c) => ({ type: "seize", combatantId: c.own }),
  delay: (c) => ({ type: "delay", combatantId: c.own, afterId: c.npc }),
  defend: (c) => ({ type: "defend", combatantId: c.own }),
  disengage: (c) => ({ type: "disengage", combatantId: c.own }),
  battleAction: (c) => ({ type: "battleAction", combatantId: c.own, action: "attack" }),
};

const segment: Samples<SegmentCommand> = {
  ...common,
  join: () => ({ type: "join", combatant: { id: NEWCOMER, groupId: "enemies", dexReaction: 0, surprised: false } }),
  declare: (c) => ({
    type: "declare",
    combatantId: c.own,
    declaration: {
      action: "melee",
      targetId: c.npc,
      weaponSpeed: 5,
      castingTime: null,
      routines: 1,
      goesFirst: false,
      delay: false,
      inMelee: true,
      minors: [],
    },
  }),
  reveal: (c) => ({ type: "reveal", combatantId: c.own }),
  delay: (c) => ({ type: "delay", combatantId: c.own }),
  interrupt: (c) => ({ type: "interrupt", combatantId: c.own }),
  freeAttack: (c) => ({ type: "freeAttack", combatantId: c.own, targetId: c.npc }),
  immediateAttack: (c) => ({ type: "immediateAttack", combatantId: c.own, targetId: c.npc }),
  immediateSpell: (c) => ({ type: "immediateSpell", combatantId: c.own }),
  nameTarget: (c) => ({ type: "nameTarget", combatantId: c.own, targetId: c.npc }),
  surprise: (c) => ({ type: "surprise", combatantId: c.own, surprised: true }),
  setDelayed: (c) => ({ type: "setDelayed", combatantId: c.own, delayed: true }),
};

const rotation: Samples<RotationCommand> = {
  ...common,
  join: () => ({ type: "join", combatantId: NEWCOMER, kind: "enemy", modifier: 0, groupId: null }),
  setInitiator: () => ({ type: "setInitiator", initiator: "enemies" }),
  use: (c) => ({ type: "use", combatantId: c.own, task: "opportunityAttack" }),
};

/** The table's own commands; `endTurn` names no creature, as a macro gives it. */
export const TABLE_SAMPLES: Samples<TableCommand> = {
  endTurn: () => ({ type: "endTurn" }),
  rollInitiative: (c) => ({ type: "rollInitiative", combatantIds: [c.own] }),
  nextRound: () => ({ type: "nextRound" }),
  previousRound: () => ({ type: "previousRound" }),
  undo: () => ({ type: "undo" }),
  redo: () => ({ type: "redo" }),
  reset: () => ({ type: "reset" }),
};

/** Each ruleset's engine commands. */
export const ENGINE_SAMPLES: {
  readonly [R in RulesetId]: Readonly<Record<string, (ctx: SampleContext) => HostCommand>>;
} = {
  count,
  standard,
  phase,
  segment,
  rotation,
};

/** Every command a combat of `ruleset` takes: its engine's and the table's, by type. */
export function commandSamples(ruleset: RulesetId): readonly [string, (ctx: SampleContext) => HostCommand][] {
  return [...Object.entries(ENGINE_SAMPLES[ruleset]), ...Object.entries(TABLE_SAMPLES)];
}

/** One of `xs`, picked with `random`. */
export function pick<T>(xs: readonly T[], random: () => number): T {
  const x = xs[Math.floor(random() * xs.length)];
  if (x === undefined) throw new Error("empty pick");
  return x;
}

/** Any sample of the ruleset's engine commands, given by or aimed at creatures picked from the order. */
export function sampleCommand(
  ruleset: RulesetId,
  host: AnyRulesetHost,
  state: unknown,
  random: () => number,
): HostCommand {
  const ids = host.order(state);
  return pick(
    Object.values(ENGINE_SAMPLES[ruleset]),
    random,
  )({
    host,
    state,
    own: pick(ids, random),
    npc: pick(ids, random),
  });
}
