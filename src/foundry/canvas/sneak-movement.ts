/**
 * STL-4 measured on the scene: while a sneaking creature acts in a rotation combat, each movement of its
 * token is recorded in the GM's stealth watch (engine stealth-watch.ts `watchMeasuredMove`: the farthest
 * movement of the turn, and whether it flew), so its end-of-turn Sneak takes the penalties without its
 * player reporting anything. Read from core's `moveToken` hook, which fires on every client after the
 * move with the movement's `passed` section: its `distance` in grid units and its waypoints' movement
 * `action` (https://foundryvtt.com/api/functions/hookEvents.moveToken.html,
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementSectionData.html,
 * https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMeasuredMovementWaypoint.html).
 * Only the active GM (who keeps the watch) records, in the combat's writer queue. A player's report
 * (`CONFIG.TEMPO.stealth.reportSneakMovement`) still works where nothing is measured.
 */
import { watchMeasuredMove } from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { inWriterQueue } from "../combat/writer-queue.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { keepStealth, keptStealth } from "../conditions/stealth-store.ts";

interface Movement {
  readonly passed?: {
    readonly distance?: unknown;
    readonly waypoints?: readonly { readonly action?: unknown }[];
  };
}

/** The token's combatant in a rotation combat where it is acting and sneaking, if any. */
function actingSneaker(tokenId: string): { combat: Combat.Implementation; id: string } | null {
  for (const combat of game.combats.contents as Combat.Implementation[]) {
    if (tempoModelOf(combat)?.host.id !== "rotation") continue;
    const acting = combat.combatant;
    if (acting?.tokenId !== tokenId || acting.id === null) continue;
    if (Object.hasOwn(keptStealth(combat.id ?? "").watch, acting.id)) return { combat, id: acting.id };
  }
  return null;
}

async function recordMove(tokenId: string, movement: Movement): Promise<void> {
  const found = actingSneaker(tokenId);
  const distance = movement.passed?.distance;
  if (found === null || typeof distance !== "number" || !Number.isFinite(distance)) return;
  const flew = (movement.passed?.waypoints ?? []).some((w) => w.action === "fly");
  const combatId = found.combat.id ?? "";
  await inWriterQueue(found.combat, () => {
    const kept = keptStealth(combatId);
    const moved = watchMeasuredMove(kept.watch, found.id, distance, flew);
    if (moved.ok) keepStealth(combatId, { ...kept, watch: moved.value });
    return Promise.resolve();
  });
}

export function registerSneakMovement(): void {
  const hooks = Hooks as unknown as { on(hook: string, fn: (token: unknown, movement: unknown) => void): number };
  hooks.on("moveToken", (token, movement) => {
    const id = (token as { id?: unknown } | null)?.id;
    if (!isActiveGm() || typeof id !== "string") return;
    void recordMove(id, movement as Movement);
  });
}
