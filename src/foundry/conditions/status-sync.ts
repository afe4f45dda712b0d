/**
 * A status toggled on a creature's token after it joined reaches the engine (issue 10 item 3): the
 * active GM answers core's `createActiveEffect` / `deleteActiveEffect` hooks (fired on every client
 * with the write's options and the writing user's id, as dnd5e's and Draw Steel's status handlers read
 * them) with the command the engine decides (statusToggleCommand: surprised → `markSurprised` in count,
 * `surprise` in segment; unconscious → `unconscious` / `regainConsciousness` in count, and `defeat` /
 * `revive` in the other rulesets (the engine's ruling: out of the fight, so an acting creature's turn ends
 * in that one step); core's defeated status → `defeat` / `revive`), once per combat that holds the creature.
 *
 * Not answered: Tempo's own writes (tempo-write.ts: the conditions a step set or cleared), a status the
 * engine already holds so, and core's defeated status when the combatant's own `defeated` flag already
 * says so (core's tracker sets the flag first, which combatant-writes.ts turns into the command).
 * A command the writer may not give now (issue 18: the same check as a command sent on the socket,
 * command-permission.ts; `revive` and `regainConsciousness` are the GM's) is not given: the toggle is
 * undone (the effect deleted, or a deleted one put back with its id and data) and the writer told why.
 * A command the engine refuses leaves the toggle on the token as the user made it; the user is told the
 * engine's reason (the scheduler's state is unchanged).
 */
import { DEFEATED_STATUS, statusToggleCommand } from "../../engine/index.ts";
import { isActiveGm } from "../combat/active-gm.ts";
import { runCommand } from "../combat/run-command.ts";
import { inWriterQueue } from "../combat/writer-queue.ts";
import { tellUser } from "../combat/tell-user.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import { isTempoWrite, TEMPO_ROLLBACK } from "../combat/tempo-write.ts";
import { commandAccessFor } from "../combat/command-permission.ts";
import { mirrorDefeatedFlag } from "../combat/combatant-writes.ts";
import { engineStatusId, shownStatuses } from "./status-effect-data.ts";

interface ToggledEffect {
  readonly id: string | null;
  readonly parent: unknown;
  readonly statuses: unknown;
  toObject(): object;
}

interface ToggledActor {
  readonly documentName: "Actor";
  readonly uuid: string;
  readonly statuses: ReadonlySet<string>;
  readonly effects: { has(id: string): boolean };
  createEmbeddedDocuments(name: "ActiveEffect", data: object[], options: object): Promise<unknown>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[], options: object): Promise<unknown>;
}

/** The toggle a user may not make put back (Tempo's own write: it starts nothing). */
async function undoToggle(actor: ToggledActor, effect: ToggledEffect, created: boolean): Promise<void> {
  const id = effect.id;
  if (id === null) return;
  const marks = { [TEMPO_ROLLBACK]: true };
  if (created && actor.effects.has(id)) await actor.deleteEmbeddedDocuments("ActiveEffect", [id], marks);
  if (!created && !actor.effects.has(id))
    await actor.createEmbeddedDocuments("ActiveEffect", [effect.toObject()], { ...marks, keepId: true });
}

function actorOf(effect: ToggledEffect): ToggledActor | null {
  const parent = effect.parent as Partial<ToggledActor> | null;
  return parent !== null && parent.documentName === "Actor" && parent.statuses instanceof Set
    ? (parent as ToggledActor)
    : null;
}

function statusesOf(effect: ToggledEffect): string[] {
  const statuses = effect.statuses;
  if (statuses instanceof Set || Array.isArray(statuses)) return [...(statuses as Iterable<unknown>)].map(String);
  return [];
}

/** Sends each combat holding the creature the commands its toggled statuses need. */
export async function syncToggledStatuses(
  effect: ToggledEffect,
  created: boolean,
  options: unknown,
  userId: string,
): Promise<void> {
  if (isTempoWrite(options)) return;
  const actor = actorOf(effect);
  if (actor === null) return;
  const statuses = statusesOf(effect);
  if (statuses.length === 0) return;
  for (const combat of game.combats.contents as Combat.Implementation[]) {
    for (const combatant of combat.combatants.contents) {
      const id = combatant.id;
      if (id === null || combatant.actor?.uuid !== actor.uuid) continue;
      for (const status of statuses) {
        // On delete another effect may still carry the status: the token shows what `statuses` holds.
        const active = created || actor.statuses.has(status);
        const named = engineStatusId(status);
        if (named === DEFEATED_STATUS && combatant.defeated === active) continue;
        // Issue 17: in the combat's writer queue, decided on the state the command will run on.
        await inWriterQueue(combat, async () => {
          const model = tempoModelOf(combat);
          if (model === null || model.state === null) return;
          const command = statusToggleCommand(model.host, model.state, id, named, active, shownStatuses(actor));
          // DEF-1: nothing for the engine, but core's flag may change (an unconscious creature's `dead`).
          if (command === null) return mirrorDefeatedFlag(combat, id);
          const user = game.users.get(userId);
          const access = user === undefined ? null : commandAccessFor(combat, command, user);
          if (access !== null && !access.ok) {
            await undoToggle(actor, effect, created);
            tellUser(userId, access.error);
            return;
          }
          const result = await runCommand(combat, command);
          if (!result.ok) tellUser(userId, result.error);
        });
      }
    }
  }
}

export function registerStatusSync(): void {
  Hooks.on("createActiveEffect", (effect, options, userId) => {
    if (isActiveGm()) void syncToggledStatuses(effect as unknown as ToggledEffect, true, options, userId);
  });
  Hooks.on("deleteActiveEffect", (effect, options, userId) => {
    if (isActiveGm()) void syncToggledStatuses(effect as unknown as ToggledEffect, false, options, userId);
  });
}
