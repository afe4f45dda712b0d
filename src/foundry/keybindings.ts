/**
 * Keys for the table: the GM's next and previous turn, and the acting player's "end my turn". They act
 * on the viewed combat and go through the same commands (and GM checks) as the tracker's buttons.
 */
import { SYSTEM_ID } from "./system-id.ts";
import { giveCommand } from "./combat/queries.ts";
import { tempoModelOf } from "./combat/tempo-model.ts";

/** Read when keys are registered (init), when `foundry.helpers` exists. */
const shiftKey = () => foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS.SHIFT;

function viewedTempoCombat(): Combat.Implementation | null {
  const combat = game.combat as Combat.Implementation | null;
  return tempoModelOf(combat) === null ? null : combat;
}

function act(type: "next" | "undo" | "endTurn", gmOnly: boolean): boolean {
  const combat = viewedTempoCombat();
  if (combat === null || (gmOnly && !game.user.isGM)) return false;
  void giveCommand(combat, { type });
  return true;
}

export function registerKeybindings(): void {
  const keybindings = game.keybindings;
  const SHIFT = shiftKey();
  if (keybindings === undefined) return;
  keybindings.register(SYSTEM_ID, "nextTurn", {
    name: "TEMPO.KEYBINDINGS.nextTurn.name",
    hint: "TEMPO.KEYBINDINGS.nextTurn.hint",
    editable: [{ key: "BracketRight", modifiers: [SHIFT] }],
    restricted: true,
    onDown: () => act("next", true),
  });
  keybindings.register(SYSTEM_ID, "previousTurn", {
    name: "TEMPO.KEYBINDINGS.previousTurn.name",
    hint: "TEMPO.KEYBINDINGS.previousTurn.hint",
    editable: [{ key: "BracketLeft", modifiers: [SHIFT] }],
    restricted: true,
    onDown: () => act("undo", true),
  });
  keybindings.register(SYSTEM_ID, "endMyTurn", {
    name: "TEMPO.KEYBINDINGS.endMyTurn.name",
    hint: "TEMPO.KEYBINDINGS.endMyTurn.hint",
    editable: [{ key: "KeyE", modifiers: [SHIFT] }],
    onDown: () => act("endTurn", false),
  });
}
