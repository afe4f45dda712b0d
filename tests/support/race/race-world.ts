/**
 * The race fuzz's table: two GMs and two players on the runtime model (tempo-encounter.ts's world
 * with a second GM; its observer leaves, it plays no part here). Each user acts on its OWN client's
 * copy of the combat, as a real page would.
 */
import type { RulesetId } from "../../../src/engine/index.ts";
import type { WorldUser } from "../foundry-world.ts";
import type { Client } from "../runtime/client.ts";
import { installTempoWorld, ownedId, type Tempo, type TempoWorld } from "../tempo-encounter.ts";

export type RaceUser = "gm" | "gm2" | "owner" | "other";
export const GMS: readonly RaceUser[] = ["gm", "gm2"];
export const PLAYERS: readonly RaceUser[] = ["owner", "other"];

export interface RaceWorld {
  readonly t: TempoWorld;
  readonly users: Readonly<Record<RaceUser, WorldUser>>;
  /** The user's client, or null when that user is not connected. */
  clientOf(who: RaceUser): Client | null;
  /** `who`'s own copy of the combat (null when not connected or the copy is gone). */
  combatOf(who: RaceUser, combatId: string): Tempo | null;
  connected(who: RaceUser): boolean;
  /** A Tempo combat of `ruleset` with `n` combatants, the first owned by `owner`; made without racing. */
  encounter(ruleset: RulesetId, n: number): Promise<{ combat: Tempo; own: string }>;
}

export async function installRaceWorld(seed: number): Promise<RaceWorld> {
  const t = await installTempoWorld(seed);
  const gm2 = t.world.addUser("gm2", true);
  t.observer.active = false;
  const users: Record<RaceUser, WorldUser> = { gm: t.gm, gm2, owner: t.owner, other: t.other };
  const clientOf = (who: RaceUser): Client | null => t.world.runtime.network.clientOf(users[who].id) ?? null;
  return {
    t,
    users,
    clientOf,
    combatOf(who, combatId) {
      const combat = clientOf(who)?.combats.get(combatId);
      return combat === undefined ? null : (combat as unknown as Tempo);
    },
    connected: (who) => clientOf(who) !== null,
    async encounter(ruleset, n) {
      const combat = await t.encounter(ruleset, n);
      return { combat, own: ownedId(t, combat) };
    },
  };
}
