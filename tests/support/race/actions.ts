/**
 * What the race fuzz does at a table, and how each thing is launched WITHOUT waiting for it: Tempo
 * commands through `combat.tempoCommand` (every command of the ruleset, command-samples.ts), core's
 * buttons, combatant create / delete / defeated writes, a player's direct `turn` write, and GMs
 * leaving and coming back. Each is drawn from the seeded Prng against the table as it is when
 * launched (who is connected, the issuing client's own copy of the combat).
 */
import type { RulesetId } from "../../../src/engine/index.ts";
import { commandSamples } from "../command-samples.ts";
import type { Client } from "../runtime/client.ts";
import { combatantData, embedded, type Tempo } from "../tempo-encounter.ts";
import type { Prng } from "./prng.ts";
import { GMS, PLAYERS, type RaceUser, type RaceWorld } from "./race-world.ts";

export const CORE_BUTTONS = [
  "nextTurn",
  "previousTurn",
  "startCombat",
  "nextRound",
  "previousRound",
  "rollAll",
] as const;
export type CoreButton = (typeof CORE_BUTTONS)[number];

export type Action =
  | { readonly kind: "command"; readonly who: RaceUser; readonly sample: string; readonly pick: number }
  | { readonly kind: "core"; readonly who: RaceUser; readonly button: CoreButton }
  | { readonly kind: "create"; readonly who: RaceUser; readonly owned: boolean; readonly defeated: boolean }
  | { readonly kind: "delete"; readonly who: RaceUser; readonly pick: number }
  | { readonly kind: "defeated"; readonly who: RaceUser; readonly pick: number; readonly value: boolean }
  | { readonly kind: "turn"; readonly who: RaceUser; readonly value: number }
  | { readonly kind: "disconnect"; readonly who: RaceUser }
  | { readonly kind: "reconnect"; readonly who: RaceUser };

export type LaunchType = "command" | "core" | "write" | "connection";

/** One launched action and what became of its promise. */
export interface Launched {
  readonly action: Action;
  readonly type: LaunchType;
  /** The client that gave it (a page that closed before the answer never gets one). */
  readonly client: Client | null;
  status: "pending" | "resolved" | "rejected";
  value?: unknown;
  error?: unknown;
}

const GM_COMMANDS = ["next", "next", "next", "undo", "undo", "redo", "start", "nextRound", "previousRound", "*"];
const PLAYER_COMMANDS = ["endTurn", "endTurn", "*", "*"];

/** Draws one action for the table as it is now. */
export function drawAction(rng: Prng, race: RaceWorld, ruleset: RulesetId): Action {
  const gms = GMS.filter((g) => race.connected(g));
  const players = PLAYERS.filter((p) => race.connected(p));
  const offline = GMS.filter((g) => !race.connected(g));
  const kind = rng.weighted({
    command: 10,
    core: 4,
    create: 1,
    delete: 1,
    defeated: 1,
    turn: 0.5,
    // keep a GM most of the time: the last one leaves more rarely
    disconnect: gms.length > 1 ? 0.6 : gms.length === 1 ? 0.2 : 0,
    reconnect: offline.length > 0 ? 1 : 0,
  });
  const anyone = [...gms, ...players];
  const pick = rng.int(0, 7);
  switch (kind) {
    case "command": {
      const who = rng.pick(anyone);
      const names = commandSamples(ruleset).map(([name]) => name);
      const wanted = rng.pick(GMS.includes(who) ? GM_COMMANDS : PLAYER_COMMANDS);
      return { kind, who, sample: wanted === "*" ? rng.pick(names) : wanted, pick };
    }
    case "core": {
      const who = rng.pick(anyone);
      const button: CoreButton = GMS.includes(who)
        ? rng.pick(CORE_BUTTONS)
        : rng.pick(["nextTurn", "rollAll"] as const);
      return { kind, who, button };
    }
    case "create":
    case "delete":
    case "defeated": {
      // a GM, or the owner on its own creature (which a player may do with no GM there)
      const who = gms.length > 0 && rng.chance(0.75) ? rng.pick(gms) : "owner";
      if (kind === "create") return { kind, who, owned: who === "owner" || rng.chance(0.3), defeated: rng.chance(0.2) };
      if (kind === "delete") return { kind, who, pick };
      return { kind, who, pick, value: rng.chance(0.6) };
    }
    case "turn":
      return { kind, who: rng.pick(PLAYERS), value: rng.int(0, 4) };
    case "disconnect":
      return { kind, who: rng.pick(gms) };
    case "reconnect":
      return { kind, who: rng.pick(offline) };
  }
}

function pickId(combat: Tempo, pick: number, among?: (c: Tempo["combatants"]["contents"][number]) => boolean): string {
  const ids = combat.combatants.contents.filter((c) => among === undefined || among(c)).map((c) => c.id ?? "");
  return ids[pick % Math.max(ids.length, 1)] ?? "nobody";
}

let created = 0;

/** Starts the names of created combatants again (a sequence replays alone as it ran among others). */
export function resetDraws(): void {
  created = 0;
}

/** The promise of `action`, run on its user's client against that client's copy of the combat. */
function start(race: RaceWorld, ruleset: RulesetId, combatId: string, action: Action): Promise<unknown> | null {
  const user = race.users[action.who];
  if (action.kind === "disconnect" || action.kind === "reconnect") {
    user.active = action.kind === "reconnect";
    return Promise.resolve();
  }
  const combat = race.combatOf(action.who, combatId);
  if (combat === null) return null;
  const as = <T>(fn: () => Promise<T>) => race.t.world.as(user, fn);
  const ownedBy = (c: Tempo["combatants"]["contents"][number]) =>
    action.who !== "owner" || c.testUserPermission(user as never, "OWNER");
  switch (action.kind) {
    case "command": {
      const sample = commandSamples(ruleset).find(([name]) => name === action.sample)?.[1];
      const model = race.t.model(combat);
      if (sample === undefined || model.state === null) return null;
      const own = pickId(combat, action.pick, ownedBy);
      const npc = combat.combatants.contents.find((c) => c.id !== own)?.id ?? "nobody";
      const command = sample({ host: model.host, state: model.state, own, npc });
      return as(() => combat.tempoCommand(command));
    }
    case "core":
      return as(() => combat[action.button]());
    case "create": {
      const data = combatantData((created++ % 5) + 1, race.users.owner.id, "");
      const owners = action.owned ? [race.users.owner.id] : [];
      return as(() =>
        embedded(combat).createEmbeddedDocuments("Combatant", [
          { ...data, owners, observers: [], defeated: action.defeated },
        ]),
      );
    }
    case "delete":
      return as(() => embedded(combat).deleteEmbeddedDocuments("Combatant", [pickId(combat, action.pick, ownedBy)]));
    case "defeated":
      return as(() =>
        embedded(combat).updateEmbeddedDocuments("Combatant", [
          { _id: pickId(combat, action.pick, ownedBy), defeated: action.value },
        ]),
      );
    case "turn":
      return as(() => combat.update({ turn: action.value } as never));
  }
}

const TYPES: Readonly<Record<Action["kind"], LaunchType>> = {
  command: "command",
  core: "core",
  create: "write",
  delete: "write",
  defeated: "write",
  turn: "write",
  disconnect: "connection",
  reconnect: "connection",
};

/** Starts `action` and returns its record at once; the record follows its promise. */
export function launch(race: RaceWorld, ruleset: RulesetId, combatId: string, action: Action): Launched {
  const client = race.clientOf(action.who);
  const launched: Launched = { action, type: TYPES[action.kind], client, status: "pending" };
  let promise: Promise<unknown> | null;
  try {
    promise = start(race, ruleset, combatId, action);
  } catch (error) {
    promise = Promise.reject(error as Error);
  }
  if (promise === null) {
    launched.status = "resolved";
    return launched;
  }
  promise.then(
    (value) => {
      launched.status = "resolved";
      launched.value = value;
    },
    (error: unknown) => {
      launched.status = "rejected";
      launched.error = error;
    },
  );
  return launched;
}
