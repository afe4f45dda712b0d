/**
 * What a GM who becomes the active GM finds changed in a Tempo combat while no GM was connected, as
 * ONE engine step (reconcile.ts writes it; issue 17: "it reconciles the roster, `defeated` and
 * statuses once"):
 * - combatants created meanwhile join the engine, deleted ones leave it (roster-sync.ts's commands);
 * - a `defeated` flag that differs from the engine's is `defeat` / `revive` (combatant-writes.ts's
 *   rule; who wrote it is not known any more);
 * - a status the creature's token shows, that the engine keeps and holds otherwise (surprised and
 *   unconscious where the ruleset keeps them, core's defeated status), is the command status-sync.ts
 *   would have sent for the toggle (statusToggleCommand, the same rules); core's defeated status (and
 *   unconscious outside count, which defeats there) only when the combatant's own `defeated` flag does
 *   not already say so, as status-sync.ts skips it, and only when shown (`defeat`): taking it off while
 *   no GM was there is not seen (open, issue 17 report).
 *
 * Issue 18: with no GM connected every such write was a player's, so only a command a player may give
 * (the socket's access check, engine command-access.ts) is taken; `defeat`, `revive`, `unconscious` and
 * `regainConsciousness` are the GM's and are left out (the mirror puts a `defeated` flag back).
 * A command the engine refuses is left out silently: nobody is waiting for an answer, and the writer's
 * mirror puts a refused `defeated` flag back to the engine's in the same write (write-step.ts). A
 * change that needs nothing gives no step. A roster change clears the undo history (undo cannot take a
 * document back), as roster-sync.ts does; otherwise the reconcile is one undo step.
 */
import {
  COMMAND_STATUSES,
  checkCommandAccess,
  defeatedFlagCommand,
  outOfFightStatuses,
  settle,
  statusToggleCommand,
  tableFirstCommand,
  type AnyRulesetHost,
  type CombatStep,
  type DiceRequest,
  type HostCommand,
  type HostEvent,
} from "../../engine/index.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";
import { shownStatuses } from "../conditions/status-effect-data.ts";
import { showNotice } from "../notice.ts";
import { readableCombat } from "./tempo-model.ts";
import { isJoinRequest } from "./join-requests.ts";

/** Who wrote what a GM finds changed: a player (no GM was connected), of the creature it wrote to. */
const BY_A_PLAYER = { isGM: false, owns: () => true };

interface Draft {
  state: unknown;
  readonly events: HostEvent[];
  readonly requests: DiceRequest[];
  changed: boolean;
}

type Transition = ReturnType<AnyRulesetHost["apply"]>;

function take(draft: Draft, result: Transition): boolean {
  if (!result.ok) return false;
  draft.state = result.value.state;
  draft.events.push(...result.value.events);
  draft.requests.push(...result.value.requests);
  draft.changed = true;
  return true;
}

/** The commands that make the engine hold what a combatant's flag and token show. */
function combatantCommands(host: AnyRulesetHost, state: unknown, combatant: Combatant.Implementation): HostCommand[] {
  const id = combatant.id;
  if (id === null || !host.order(state).includes(id)) return [];
  const actor = combatant.actor;
  const shown = shownStatuses(actor ?? {});
  // DEF-1 ruling (engine status-toggles.ts): a flag off an unconscious creature revives nothing.
  const flagged = defeatedFlagCommand(host.id, id, host.defeated(state, id), combatant.defeated, shown);
  if (flagged !== null) return [flagged];
  if (actor === null) return [];
  const out: HostCommand[] = [];
  const outOfFight = outOfFightStatuses(host.id);
  for (const status of COMMAND_STATUSES[host.id]) {
    const active = shown.has(status);
    // The statuses that defeat (core's defeated status; unconscious outside count) only ON: a `defeated`
    // flag written without them (a macro, the combatant's sheet, the engine's own defeat) is common, so
    // their absence says nothing about a change.
    if (outOfFight.includes(status) && (!active || combatant.defeated)) continue;
    const command = statusToggleCommand(host, state, id, status, active, shown);
    if (command !== null) out.push(command);
  }
  return out;
}

/** The one step that reconciles `combat`, or null when the engine already holds what its documents say. */
export function reconcileStep(combat: Combat.Implementation): { host: AnyRulesetHost; step: CombatStep } | null {
  const read = readableCombat(combat);
  if (!read.ok) return null;
  const { model, stored } = read.value;
  const host = model.host;
  const draft: Draft = { state: read.value.state, events: [], requests: [], changed: false };
  const known = new Set(host.order(draft.state));
  const present = new Set(combat.combatants.map((c) => c.id ?? ""));
  let roster = false;
  // Issue 18: a GM without the GM's half (secret-store.ts; its copy may still be on its way: gm-replica.ts)
  // reads the published state, which leaves the hidden creatures out (engine host/public-order.ts): they
  // are not new, and are not joined afresh; the combat runs on from what the players see.
  const secretless = model.cachedStored === null && host.started(draft.state);
  for (const combatant of combat.combatants.contents) {
    // Issue 18: a combatant that is not `tempo` is a join request, answered before (join-requests.ts).
    if (combatant.id === null || known.has(combatant.id) || isJoinRequest(combatant)) continue;
    if (secretless && combatant.hidden) continue;
    const joined = host.join(draft.state, hostCombatantOf(combatant));
    if (take(draft, joined)) roster = true;
    else if (!joined.ok) showNotice(joined.error); // as roster-sync.ts: a creature the engine cannot take
  }
  for (const id of known) {
    if (!present.has(id) && take(draft, host.apply(draft.state, { type: "leave", combatantId: id }))) roster = true;
  }
  for (const combatant of combat.combatants.contents) {
    for (const command of combatantCommands(host, draft.state, combatant))
      if (checkCommandAccess(command, BY_A_PLAYER, host.current(draft.state)).ok)
        // PHS-6's `endTurn` (a creature shown Slowed in its movement slot) is the engine's `next`.
        take(draft, host.apply(draft.state, tableFirstCommand(command)));
  }
  if (!draft.changed) return null;
  const step = settle(host, stored, read.value.state, draft, roster ? "reset" : "record");
  return { host, step };
}
