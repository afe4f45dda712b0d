/**
 * The preview's combat, run the way the Foundry layer runs a Combat document: the engine state kept in
 * its stored form with the same patch history, every table command one `tableStep`, and the dice the
 * engine asks for that only settle an order rolled at once (contests, roll-offs, a group's d6). A
 * creature's own initiative waits for its roller: the GM's "roll all" / "roll NPCs" or its own "roll".
 */
import {
  automaticRequests,
  readCombatState,
  STANDARD_BOOK_ECONOMY,
  standardReactionLeft,
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
  type Message,
  type Result,
  type RulesetId,
  type StandardActions,
  type StandardEvent,
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
  readonly #dice: ScriptedDice;
  /** STD-6: each creature's actions left (standard only; the other rulesets' trackers are not drawn yet). */
  readonly #actions: EconomyLedger<StandardActions, StandardEvent> | null;

  constructor(ruleset: RulesetId, combatants: readonly PreviewCombatant[], seed: number) {
    this.host = rulesetHost(ruleset, UNTIMED_ROUND_SECONDS);
    this.combatants = combatants;
    this.#dice = new ScriptedDice(previewDiceScript(ruleset), seed);
    this.#state = unwrap(this.host.create(combatants, previewOptions(ruleset)));
    this.#stored = { engine: storeCombatState(this.#state), history: { undo: {}, redo: {} } };
    const ids = combatants.map((c) => c.id);
    this.#actions = ruleset === "standard" ? new EconomyLedger(STANDARD_BOOK_ECONOMY, ids) : null;
  }

  /** What a creature's action tracker has left, where the preview keeps one. */
  actionsLeft(combatantId: string): readonly ActionLeft<string>[] | undefined {
    return this.#actions?.left(combatantId) ?? undefined;
  }

  get state(): unknown {
    return this.#state;
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
    const roster = { combatants: this.combatants, options: previewOptions(this.host.id) };
    const refused = this.#actionRefusal(command);
    if (refused !== null) {
      this.#error = refused;
      return;
    }
    if (!this.#step(command.type, () => tableStep(this.host, this.#stored, command, roster))) return;
    this.#rollFollowUps([]);
  }

  /** Ready: a readied action triggers with the Reaction (STD-6), which the host checks before the engine runs. */
  #actionRefusal(command: HostCommand): Message | null {
    if (command.type !== "trigger" || this.#actions === null || typeof command.combatantId !== "string") return null;
    const actions = this.#actions.book[command.combatantId];
    if (actions === undefined) return null;
    const left = standardReactionLeft(actions);
    return left.ok ? null : left.error;
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
      if (!this.#step("rolls", () => stepCombat(this.host, this.#stored, { type: "rolls", results }))) return;
      requests = automaticRequests(this.host.pending(this.#state));
    }
  }

  #step(type: string, run: () => Result<CombatStep>): boolean {
    const step = run();
    if (!step.ok) {
      this.#error = step.error;
      return false;
    }
    this.#error = null;
    const before = this.#stored;
    const started = this.host.started(this.#state);
    this.#stored = step.value.stored;
    // Read back from the stored form, as a Foundry client does after the update arrives.
    this.#state = unwrap(readCombatState(this.host, this.#stored.engine));
    this.#follow(type, before, started, step.value.events);
    return true;
  }

  /** The action trackers follow the step: its events, or as many undos or redos as the history moved. */
  #follow(type: string, before: StoredCombat, started: boolean, events: CombatStep["events"]): void {
    const ledger = this.#actions;
    if (ledger === null) return;
    const undos = (stored: StoredCombat): number => Object.keys(stored.history.undo).length;
    const redos = (stored: StoredCombat): number => Object.keys(stored.history.redo).length;
    if (type === "undo" || type === "previousRound") ledger.undo(undos(before) - undos(this.#stored));
    else if (type === "redo") ledger.redo(redos(before) - redos(this.#stored));
    else if (type === "reset") ledger.reset();
    else ledger.record(events, started);
  }
}
