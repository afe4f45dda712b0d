/**
 * A Tempo combat as the tracker's builders read it (src/view/tracker/tracker-input.ts): documents in,
 * plain facts out. Nothing here decides what is shown; the view does.
 */
import { rulesetBookOf } from "../../engine/index.ts";
import type { TrackerInput } from "../../view/tracker/tracker-input.ts";
import { hostCombatantOf } from "../data/combatant/combatant-model.ts";
import { actionNowsOf } from "../combat/step-actions.ts";
import { readableCombat } from "../combat/tempo-model.ts";
import { ownerActionsOf, ownerStateOf } from "../combat/owner-view.ts";
import { groupDocumentOf } from "../combat/groups/membership.ts";
import { SYSTEM_ID } from "../system-id.ts";

/** The tracker input for `user` viewing `combat`, or null when the combat is not a Tempo combat (or unreadable). */
export function trackerInputOf(combat: Combat.Implementation, user: User.Implementation): TrackerInput | null {
  const read = readableCombat(combat);
  if (!read.ok) return null;
  const { model, stored, state } = read.value;
  // STD-6: each creature's tracker from `system.actions`, read by the engine's own function (as the preview's).
  const book = rulesetBookOf(model.ruleset);
  // Issue 18: a hidden creature's tracker is the GM's; its owner reads it from its own view (owner-view.ts).
  const own = user.isGM ? null : ownerActionsOf(combat);
  const documents = actionNowsOf(combat);
  const actions = documents === undefined || own === null ? documents : { ...documents, ...own };
  const combatants = combat.combatants.contents.map((c) => {
    const facts = hostCombatantOf(c);
    const economy = book === null || actions === undefined ? null : book.left(actions[facts.id]);
    return {
      id: facts.id,
      name: c.name ?? "",
      img: c.img ?? null,
      isPlayer: facts.side === "pc",
      hidden: c.hidden,
      side: facts.side,
      owned: c.testUserPermission(user, "OWNER"),
      ...(economy === null ? {} : { economy }),
      ...(model.ruleset === "rotation" ? apOf(c) : {}),
    };
  });
  const groups = [...(combat.groups ?? [])].map((g) => ({ id: g.id ?? "", name: g.name ?? "" }));
  // SEG-2: a side's group is its side's name in the engine (membership.ts), shown with its document's name.
  for (const side of ["party", "enemies"] as const) {
    const document = groupDocumentOf(combat, side);
    if (document !== null && document !== side)
      groups.push({ id: side, name: combat.groups.get(document)?.name ?? "" });
  }
  // Issue 18: a player who owns a hidden creature draws its own view, where the active GM sent one
  // (combat/owner-view.ts); everyone else the document's published state.
  const shown = user.isGM ? null : ownerStateOf(combat);
  return {
    host: model.host,
    state: shown ?? state,
    combatants,
    groups,
    viewer: { isGM: user.isGM },
    canUndo: Object.keys(stored.history.undo).length > 0,
    canRedo: Object.keys(stored.history.redo).length > 0,
    canPing: canPing(combat, user),
    npcInitiativeVisible: game.settings.get(SYSTEM_ID, "npcInitiative") === true,
    ...(actions === undefined ? {} : { actions }),
  };
}

/**
 * AP-1: the creature's AP (its actor's `system.ap.max`, as the sheet and the attack dialog read it), which
 * the rotation tracker notes for its owner and the GM, as the preview's tracker does; none without an actor.
 */
function apOf(combatant: Combatant.Implementation): { ap?: number } {
  const system = combatant.actor?.system as { ap?: { max?: unknown } } | undefined;
  const ap = system?.ap?.max;
  return typeof ap === "number" ? { ap } : {};
}

/**
 * Core offers its ping control when the combat's scene is the one on the canvas and the user may ping
 * (Daggerheart's turn context rebuilds core's `canPing` this way). No canvas (a test world): no ping.
 */
function canPing(combat: Combat.Implementation, user: User.Implementation): boolean {
  if (typeof canvas === "undefined" || canvas?.ready !== true) return false;
  const scene = combat.scene;
  return (scene === null || scene.id === canvas.scene?.id) && user.hasPermission("PING_CANVAS");
}
