/**
 * The two sides of the player-view property test (player-view-property.test.ts, issue 18 item 5): a
 * random encounter with hidden creatures, its dice (one stream per roller, reason and round), and one
 * encounter played click by click, with the tracker and chat a player gets from it.
 */
import {
  phaseCombatant,
  publishedState,
  secretTieRolls,
  unwrap,
  type DiceRequest,
  type HostSide,
  type PhaseState,
  type RollResult,
  type RulesetId,
} from "../../src/engine/index.ts";
import { buildTrackerContext } from "../../src/view/tracker/tracker-context.ts";
import type { TrackerInput } from "../../src/view/tracker/tracker-input.ts";
import { HostTable, type Creature } from "./host-table.ts";
import { PlayerChat, type AnsweredRoll } from "./player-chat.ts";
import { seeded as prng } from "../support/host-encounter.ts";

export interface Encounter {
  readonly creatures: readonly Creature[];
  /** The die each creature (or group) shows, by roller and how often it has rolled. */
  readonly faces: (key: string, sides: number, count: number) => number;
  /**
   * A hidden creature whose first roll is made to total a visible one's (where its dice can): a shared
   * total DEX decides (STD-2), which a player must not be told of (issue 18 item 5).
   */
  readonly tie: { readonly hidden: string; readonly visible: string };
}

export function encounter(seed: number): Encounter {
  const random = prng(seed);
  const size = 3 + Math.floor(random() * 5);
  const sides: readonly HostSide[] = ["pc", "ally", "enemy"];
  // Distinct bonuses: a shared total is told apart by DEX (STD-2), never by a roll a hidden creature joins.
  const bonuses = Array.from({ length: size }, (_, i) => i - 2).sort(() => random() - 0.5);
  const creatures: Creature[] = Array.from({ length: size }, (_, i) => {
    const side = sides[Math.floor(random() * sides.length)] ?? "enemy";
    return { id: `c${i}`, side, bonus: bonuses[i] ?? 0, hidden: side !== "pc" && random() < 0.45 };
  });
  const first = creatures[0];
  const last = creatures[size - 1];
  if (first !== undefined) creatures[0] = { ...first, side: "pc", hidden: false };
  if (last !== undefined) creatures[size - 1] = { ...last, side: "enemy", hidden: true };
  // A visible enemy too: with none, the enemies' side (its segment group, its d6) would not exist at all.
  const second = creatures[1];
  if (second !== undefined) creatures[1] = { ...second, side: "enemy", hidden: false };
  const salt = Math.floor(random() * 1e6);
  const seenIds = creatures.filter((c) => c.hidden !== true).map((c) => c.id);
  return {
    creatures,
    // Its partner is one the player sees (the forced tie is the same in the encounter where it is revealed).
    tie: { hidden: `c${size - 1}`, visible: seenIds[Math.floor(random() * seenIds.length)] ?? "c0" },
    faces: (key, dieSides, count) => {
      const rolled = prng(salt + [...`${key}#${count}`].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 31), 7));
      return 1 + Math.floor(rolled() * dieSides);
    },
  };
}

/**
 * A request's total: its dice from the roller's own stream for the round (the same in both encounters),
 * plus any modifier. Each roller's stream of a reason is drawn in order within a round, its secret tie
 * rolls (engine host/secret-ties.ts) included: a visible creature makes those only after its public ones
 * of the round (once no visible creature is level with it), so they shift none of the rolls both
 * encounters make, and the encounter where the GM revealed the hidden creature rolls the same dice.
 */
function totalOf(request: DiceRequest, enc: Encounter, rolled: Map<string, number>, round: number): number {
  const [dice = "", ...mods] = request.formula.replace(/\s+/g, "").split(/(?=[+-])/);
  const roller = request.combatantId ?? `group:${request.groupId ?? ""}`;
  const key = `${roller}|${request.reason}|${round}`;
  const count = rolled.get(key) ?? 0;
  rolled.set(key, count + 1);
  const match = /^(\d*)d(\d+)$/.exec(dice);
  if (match === null) throw new Error(`a formula this test does not roll: ${request.formula}`);
  let total = mods.reduce((sum, m) => sum + Number(m), 0);
  for (let d = 0; d < Number(match[1] === "" ? 1 : match[1]); d++)
    total += enc.faces(`${key}/${d}`, Number(match[2]), count);
  return total;
}

/** The shown-roll counts of both encounters when the GM revealed a creature. */
export interface RollMarks {
  readonly mine: ReadonlyMap<string, number>;
  readonly theirs: ReadonlyMap<string, number>;
}

export class Side {
  readonly table: HostTable;
  /** The hidden creatures the GM has revealed since (their `hidden` is off in the tracker's input). */
  readonly revealed = new Set<string>();
  /** The cards the player reads (player-chat.ts). */
  readonly chat: PlayerChat;
  private readonly rolled = new Map<string, number>();
  /** How many rolls of each creature the player has been shown (its secret tie rolls are not). */
  private readonly shown = new Map<string, number>();
  /** How many secret tie rolls the GM made here (engine host/secret-ties.ts). */
  secretRolls = 0;
  constructor(
    private readonly ruleset: RulesetId,
    private readonly creatures: readonly Creature[],
    private readonly enc: Encounter,
  ) {
    const hidden = new Set(creatures.filter((c) => c.hidden === true).map((c) => c.id));
    this.chat = new PlayerChat(ruleset, creatures, (id) => hidden.has(id) && !this.revealed.has(id));
    this.table = new HostTable(ruleset, creatures).run({ type: "start" });
    this.chat.stepped(this.table.events);
  }
  /** Answers every roll waiting (creature rolls and group rolls alike), as often as new ones come: one click. */
  rollAll(): void {
    const answered: AnsweredRoll[] = [];
    for (let i = 0; i < 12; i++) {
      const pending = this.table.host.pending(this.table.state);
      if (pending.length === 0) break;
      const secret = secretTieRolls(this.table.host, this.table.state, pending, this.hiddenNow());
      // The dice stream of the GM's own round (in a surprise round only hidden creatures act in, round 0).
      const round = this.table.host.round(this.table.state);
      // As the GM's client feeds them back (foundry combat/roll-requests.ts): a secret roll marked so (CNT-5).
      const results = pending.map((r) => ({
        requestId: r.id,
        total: totalOf(r, this.enc, this.rolled, round),
        ...(secret.has(r.id) ? { secret: true } : {}),
      }));
      this.tied(pending, results);
      this.table.run({ type: "rolls", results });
      this.chat.stepped(this.table.events);
      pending.forEach((request, at) => {
        answered.push({ request, total: results[at]?.total ?? 0, secret: secret.has(request.id) });
        const id = request.combatantId;
        if (secret.has(request.id)) this.secretRolls++;
        else if (id !== null) this.shown.set(id, (this.shown.get(id) ?? 0) + 1);
      });
    }
    this.chat.rolled(answered);
  }
  /** The encounter's tie: its hidden creature's roll totals its visible one's, when both roll now and its dice can. */
  private tied(pending: readonly DiceRequest[], results: RollResult[]): void {
    // STD-2, PHS-2, ROT-2: a shared total is settled by DEX, a roll-off, a reroll.
    if (this.ruleset !== "standard" && this.ruleset !== "phase" && this.ruleset !== "rotation") return;
    const { hidden, visible } = this.enc.tie;
    // The initiative roll only: a roll-off or reroll forced level too would never end.
    const at = (id: string) =>
      pending.findIndex((r) => r.combatantId === id && r.groupId === null && /initiative/i.test(r.reason));
    const h = at(hidden);
    const v = at(visible);
    const mine = pending[h];
    const target = results[v]?.total;
    if (mine === undefined || target === undefined || h < 0) return;
    const low = totalOf({ ...mine, formula: mine.formula.replace(/^\d*d\d+/, "1d1") }, this.enc, new Map(), 0);
    const sides = Number(/d(\d+)/.exec(mine.formula)?.[1] ?? 0);
    if (target >= low && target <= low + sides - 1) results[h] = { requestId: mine.id, total: target };
  }

  /** Whether the player sees a creature on the same initiative as a hidden one. */
  tiesHidden(hidden: ReadonlySet<string>): boolean {
    const at = (id: string) => this.table.host.initiative(this.table.state, id);
    const seen = this.creatures.filter((c) => !hidden.has(c.id) && at(c.id) != null);
    return [...hidden].some((h) => at(h) != null && seen.some((c) => at(c.id) === at(h)));
  }

  /**
   * The round and the turn acting now (its timeline key), where the two encounters are lined up: as the
   * player's copy tells them (`shown`), so a surprise round only hidden creatures act in lines up with
   * round 1 of the encounter without them (CNT-4 ruling, engine count/hidden-surprise.ts).
   */
  at(): string {
    const active = this.table.host.timeline(this.playerState()).find((e) => e.active);
    return `${this.round()}|${active?.key ?? "none"}|${this.current() ?? "none"}`;
  }
  /**
   * Whether the player's copy stands in a round with nobody acting and no part of it under way: a round about
   * to start (CNT-4 ruling, engine count/hidden-surprise.ts: the end step of a surprise round only hidden
   * creatures act in), a moment the encounter without them does not have.
   */
  aboutToStart(): boolean {
    const state = this.playerState();
    return this.current() === null && !this.table.host.timeline(state).some((e) => e.active);
  }
  /** The part of the round the acting turn belongs to: its timeline key without the creature. */
  part(): string {
    const active = this.table.host.timeline(this.playerState()).find((e) => e.active);
    if (active === undefined) return "none";
    return active.key
      .split(":")
      .map((p) => (p === active.combatantId ? "*" : p))
      .join(":");
  }
  /** This encounter one step on, or null where it cannot move. */
  peek(): Side | null {
    const copy = new Side(this.ruleset, this.creatures, this.enc);
    copy.table.state = this.table.state;
    for (const id of this.revealed) copy.revealed.add(id);
    copy.rolled.clear();
    for (const [k, v] of this.rolled) copy.rolled.set(k, v);
    copy.shown.clear();
    for (const [k, v] of this.shown) copy.shown.set(k, v);
    if (!copy.next()) return null;
    copy.rollAll();
    return copy;
  }
  /** Where this encounter stands once the hidden creatures now acting are through, or null past the round. */
  nextVisible(hidden: ReadonlySet<string>): string | null {
    let copy = this.peek();
    for (let i = 0; copy !== null && i < 20; i++) {
      if (copy.round() !== this.round()) return null;
      const now = copy.current();
      // A boundary (an end step, the next phase's start) is a different moment, not the next turn.
      if (now === null) return null;
      // The next turn in the same part of the round (phase lane, segment step), not a later part.
      if (!hidden.has(now)) return copy.part() === this.part() ? copy.at() : null;
      copy = copy.peek();
    }
    return null;
  }
  /**
   * Whether every creature of `other` has been shown rolling as often here since `marks` (issue 18: a tie
   * with a hidden creature adds no roll the player sees; a reveal starts the count again, since the ties
   * with the revealed creature before it were secret here and public there).
   */
  sameRolls(other: Side, marks: RollMarks | null): boolean {
    const since = (side: Side, id: string, mark: ReadonlyMap<string, number> | undefined) =>
      (side.shown.get(id) ?? 0) - (mark?.get(id) ?? 0);
    return other.creatures.every((c) => since(this, c.id, marks?.mine) === since(other, c.id, marks?.theirs));
  }
  /** How often each creature has been shown rolling so far. */
  rollMarks(): ReadonlyMap<string, number> {
    return new Map(this.shown);
  }
  /**
   * Whether every creature of `other` stands on the same initiative here, as the state a player's client
   * holds shows it: its count, total or result, and in phase rounds its d6 roll-offs (PHS-2; the tracker
   * does not draw them, but they are in every player's copy of the combat).
   */
  sameInitiative(other: Side): boolean {
    const mine = this.playerInput().state;
    const theirs = other.playerInput().state;
    const facts = (side: Side, state: unknown, id: string) => {
      const rollOff = side.ruleset === "phase" ? phaseCombatant(state as PhaseState, id)?.rollOff : undefined;
      return JSON.stringify([side.table.host.initiative(state, id), rollOff ?? null]);
    };
    return other.creatures.every((c) => facts(this, mine, c.id) === facts(other, theirs, c.id));
  }
  /** The creatures hidden from the player now (the GM's reveals taken off). */
  private hiddenNow(): Set<string> {
    return new Set(this.creatures.filter((c) => c.hidden === true && !this.revealed.has(c.id)).map((c) => c.id));
  }
  next(): boolean {
    const moved = this.table.host.apply(this.table.state, { type: "next" });
    if (!moved.ok) return false;
    const step = unwrap(moved);
    this.table.state = step.state;
    this.chat.stepped(step.events);
    return true;
  }
  /** Who acts now, as the player's copy tells it (a hidden creature acting stays in it). */
  current(): string | null {
    return this.table.host.current(this.playerState());
  }
  /** The round, as the player's copy tells it. */
  round(): number {
    return this.table.host.round(this.playerState());
  }
  /** Whether the GM's own round differs from the one players are told (a surprise round only hidden creatures act in). */
  roundDiffersForGm(): boolean {
    return this.table.host.round(this.table.state) !== this.round();
  }
  /** The state a player's client holds (engine host/published.ts). */
  private playerState(): unknown {
    return publishedState(this.table.host, this.table.state, this.secrecy());
  }
  /** What the published state withholds: NPCs' secrets and the creatures hidden now. */
  private secrecy(): { gmOnly: ReadonlySet<string>; hidden: ReadonlySet<string> } {
    const gmOnly = new Set(this.creatures.filter((c) => c.side !== "pc").map((c) => c.id));
    return { gmOnly, hidden: this.hiddenNow() };
  }
  /**
   * The tracker's input for a player, as the GM's reveals leave it, drawn from the state a player's
   * client holds: the published one (engine host/published.ts; issue 18: no hidden creature's place).
   */
  playerInput(): TrackerInput {
    const input = this.table.input(false);
    return {
      ...input,
      state: this.playerState(),
      combatants: input.combatants.map((c) => (this.revealed.has(c.id) ? { ...c, hidden: false } : c)),
    };
  }
  /**
   * The player's tracker, with the acting marks taken off (the one thing a player may know differs), and
   * on `next`'s row (the visible creature whose turn comes after a hidden one's) what a row tells only
   * until its turn starts (CNT-13: its idle note).
   */
  playerView(next: string | null = null): string {
    const context = buildTrackerContext(this.playerInput());
    return JSON.stringify(context, function (key, value: unknown) {
      const row = this as { readonly combatantId?: unknown };
      if (key === "notes" && next !== null && row.combatantId === next && Array.isArray(value))
        return value.filter((n: { readonly kind?: unknown }) => n.kind !== "idle");
      if (key === "active" || key === "current") return false;
      if (key === "status" && value === "acting") return "waiting";
      if (key === "statusIcon" || key === "statusLabel") return undefined;
      if (key === "cssClass" && typeof value === "string")
        return value
          .split(" ")
          .filter((c) => !["active", "is-active", "is-current"].includes(c))
          .map((c) => (c === "is-acting" ? "is-waiting" : c))
          .join(" ");
      if (key === "announcement") return "(the round's sentence, compared below)";
      return value;
    });
  }
  announcement(): string {
    const a = buildTrackerContext(this.playerInput()).announcement;
    return a.key === "TEMPO.TRACKER.Announce.Turn" ? "TEMPO.TRACKER.Announce.Between" : a.key;
  }
}
