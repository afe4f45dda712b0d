/**
 * The preview's combat, run the way the Foundry layer runs a Combat document: the engine state kept in
 * its stored form with the same patch history, every table command one `tableStep`, and the dice the
 * engine asks for that only settle an order rolled at once (contests, roll-offs, a group's d6). A
 * creature's own initiative waits for its roller: the GM's "roll all" / "roll NPCs" or its own "roll".
 */
import {
  automaticRequests,
  readCombatState,
  rulesetBookOf,
  rulesetHost,
  stepCombat,
  storeCombatState,
  tableStep,
  unwrap,
  waitsForRoller,
  type ActionLeft,
  type AnyRulesetHost,
  type CombatStep,
  type DiceRequest,
  type HostCommand,
  type HostEvent,
  type Message,
  type Result,
  type RulesetId,
  type StoredCombat,
} from "../engine/index.ts";
import { EconomyLedger } from "./economy-ledger.ts";
import { ScriptedDice } from "./scripted-dice.ts";
import { previewDiceScript, previewOptions, type PreviewCombatant } from "./sample-encounters.ts";

/** Untimed rounds (count, phase) last this long in the preview, as the world setting's default. */
const UNTIMED_ROUND_SECONDS = 6;
const MAX_ROLL_ROUNDS = 20;

export class PreviewCombat {
  readonly host: AnyRulesetHost;
  readonly combatants: readonly PreviewCombatant[];
  #stored: StoredCombat;
  #state: unknown;
  #error: Message | null = null;
  #events: readonly HostEvent[] = [];
  readonly #dice: ScriptedDice;
  /** STD-6: each creature's actions left, where the engine keeps a tracker for the ruleset (standard). */
  readonly #actions: EconomyLedger | null;

  constructor(ruleset: RulesetId, combatants: readonly PreviewCombatant[], seed: number) {
    this.host = rulesetHost(ruleset, UNTIMED_ROUND_SECONDS);
    this.combatants = combatants;
    this.#dice = new ScriptedDice(previewDiceScript(ruleset), seed);
    this.#state = unwrap(this.host.create(combatants, previewOptions(ruleset)));
    this.#stored = { engine: storeCombatState(this.#state), history: { undo: {}, redo: {} } };
    const ids = combatants.map((c) => c.id);
    const book = rulesetBookOf(ruleset);
    this.#actions = book === null ? null : new EconomyLedger(book, ids);
  }

  /** What a creature's action tracker has left, where the preview keeps one. */
  actionsLeft(combatantId: string): readonly ActionLeft<string>[] | undefined {
    return this.#actions?.left(combatantId) ?? undefined;
  }

  /** Each creature's stored tracker by id (what the engine's checks read), where the preview keeps them. */
  get actionNows(): Readonly<Record<string, unknown>> | undefined {
    return this.#actions?.nows;
  }

  get state(): unknown {
    return this.#state;
  }

  /** The events of the last step that was made (none after a refused one). */
  get lastEvents(): readonly HostEvent[] {
    return this.#events;
  }

  get error(): Message | null {
    return this.#error;
  }

  get canUndo(): boolean {
    return Object.keys(this.#stored.history.undo).length > 0;
  }

  get canRedo(): boolean {
    return Object.keys(this.#stored.history.redo).length > 0;
  }

  /** A table command (`start`, `next`, `undo`, `nextRound`, `declare` …); a refused one changes nothing. */
  run(command: HostCommand): void {
    // The trackers go with the roster: the engine refuses what they refuse (STD-6, a spent Reaction).
    const roster = {
      combatants: this.combatants,
      options: previewOptions(this.host.id),
      ...(this.#actions === null ? {} : { actions: this.#actions.nows }),
    };
    if (!this.#step(() => tableStep(this.host, this.#stored, command, roster))) return;
    this.#rollFollowUps([]);
  }

  /** Rolls the waiting initiative of the combatants `which` selects (all, NPCs, one creature). */
  roll(which: (combatantId: string) => boolean): void {
    const waiting = this.host
      .pending(this.#state)
      .filter((r) => waitsForRoller(r) && r.combatantId !== null && which(r.combatantId));
    if (waiting.length === 0) return;
    this.#rollFollowUps(waiting);
  }

  /** Answers `first`, then whatever the engine asks for that settles an order, as the GM's client does. */
  #rollFollowUps(first: readonly DiceRequest[]): void {
    let requests = first.length > 0 ? first : automaticRequests(this.host.pending(this.#state));
    for (let round = 0; requests.length > 0 && round < MAX_ROLL_ROUNDS; round++) {
      const results = requests.map((request) => ({ requestId: request.id, total: this.#dice.roll(request) }));
      if (!this.#step(() => stepCombat(this.host, this.#stored, { type: "rolls", results }))) return;
      requests = automaticRequests(this.host.pending(this.#state));
    }
  }

  #step(run: () => Result<CombatStep>): boolean {
    const step = run();
    if (!step.ok) {
      this.#error = step.error;
      this.#events = [];
      return false;
    }
    this.#error = null;
    this.#events = step.value.events;
    const before = this.#stored;
    const started = this.host.started(this.#state);
    this.#stored = step.value.stored;
    // Read back from the stored form, as a Foundry client does after the update arrives.
    this.#state = unwrap(readCombatState(this.host, this.#stored.engine));
    this.#actions?.follow({
      events: step.value.events,
      before: before.history,
      after: this.#stored.history,
      startedBefore: started,
      startedAfter: this.host.started(this.#state),
    });
    return true;
  }
}
