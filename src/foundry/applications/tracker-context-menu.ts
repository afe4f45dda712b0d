/**
 * Tempo's entries in the tracker's combatant context menu, added after core's (as Draw Steel and Lancer
 * add theirs), in the running generation's entry shape (compat/context-menu.ts). Each entry gives a
 * command through the combat's one entry point; the engine and the GM-side check decide.
 */
import { heldConditionsOf, type HostCommand } from "../../engine/index.ts";
import { tempoModelOf } from "../combat/tempo-model.ts";
import type { TempoCombat } from "../documents/combat.ts";
import { askMoveToGroup } from "./group-menu.ts";
import { askPhaseDelay } from "./phase-delay-dialog.ts";
import { askNumber } from "./tracker-dialogs.ts";
import { coreMenuEntry, type CoreMenuEntry, type MenuEntry } from "../compat/context-menu.ts";

/** The combatant id of a context-menu row. */
function rowId(li: HTMLElement): string | null {
  return li.dataset.combatantId ?? null;
}

export function trackerContextEntries(viewed: () => TempoCombat | null): CoreMenuEntry[] {
  const give = async (command: HostCommand): Promise<void> => {
    await viewed()?.tempoCommand(command);
  };
  const ruleset = (): string | null => tempoModelOf(viewed())?.ruleset ?? null;
  const isGM = (): boolean => game.user.isGM;
  // Standard Delay (delay-ready.ts): the acting creature delays, by its owner or the GM.
  const standardDelay = (li: HTMLElement): boolean => {
    const id = rowId(li);
    const model = tempoModelOf(viewed());
    if (id === null || model?.ruleset !== "standard" || model.state === null) return false;
    if (model.host.current(model.state) !== id) return false;
    return isGM() || (viewed()?.combatants.get(id)?.isOwner ?? false);
  };
  // SEG-7: whether the row's creature has the delayed condition now (null: not a running segment round).
  const segmentDelayed = (li: HTMLElement): boolean | null => {
    const id = rowId(li);
    const model = tempoModelOf(viewed());
    if (id === null || model?.ruleset !== "segment" || model.state === null) return null;
    if ((viewed()?.round ?? 0) < 1) return null;
    return heldConditionsOf(model.host, model.state).get(id)?.has("delayed") ?? false;
  };
  const setDelayed = (delayed: boolean) => async (li: HTMLElement) => {
    const combatantId = rowId(li);
    if (combatantId !== null) await give({ type: "setDelayed", combatantId, delayed });
  };
  const entries: MenuEntry[] = [
    {
      label: "TEMPO.TRACKER.Menu.SetInitiative",
      icon: "fa-solid fa-hashtag",
      visible: () => isGM(),
      onClick: async (li) => {
        const combatantId = rowId(li);
        if (combatantId === null) return;
        const value = await askNumber("TEMPO.TRACKER.Menu.SetInitiative", "TEMPO.TRACKER.Menu.InitiativeValue");
        if (value !== null) await give({ type: "setInitiative", combatantId, value });
      },
    },
    {
      label: "TEMPO.TRACKER.Menu.Delay",
      icon: "fa-solid fa-clock",
      visible: (li) => ruleset() === "segment" || (ruleset() === "phase" && rowId(li) !== null) || standardDelay(li),
      onClick: async (li) => {
        const combatantId = rowId(li);
        const combat = viewed();
        if (combatantId === null || combat === null) return;
        if (ruleset() !== "phase") return give({ type: "delay", combatantId });
        // PHS-9: Delay waits for a named creature to finish (the same choice as the row's control).
        const command = await askPhaseDelay(combat, combatantId);
        if (command !== null) await give(command);
      },
    },
    {
      // SEG-7: the GM imposes the delayed condition (always LOW, loses ties) or lifts it, for this round.
      label: "TEMPO.TRACKER.Menu.ImposeDelayed",
      icon: "fa-solid fa-hourglass-half",
      visible: (li) => isGM() && segmentDelayed(li) === false,
      onClick: setDelayed(true),
    },
    {
      label: "TEMPO.TRACKER.Menu.LiftDelayed",
      icon: "fa-solid fa-hourglass-end",
      visible: (li) => isGM() && segmentDelayed(li) === true,
      onClick: setDelayed(false),
    },
    {
      label: "TEMPO.TRACKER.Menu.Reveal",
      icon: "fa-solid fa-eye",
      visible: () => isGM() && ruleset() === "segment",
      onClick: async (li) => {
        const combatantId = rowId(li);
        if (combatantId !== null) await give({ type: "reveal", combatantId });
      },
    },
    {
      label: "TEMPO.TRACKER.Menu.MoveToGroup",
      icon: "fa-solid fa-people-group",
      visible: (li) => isGM() && rowId(li) !== null,
      onClick: async (li) => {
        const combatantId = rowId(li);
        const combat = viewed();
        if (combatantId === null || combat === null) return;
        const command = await askMoveToGroup(combat, combatantId);
        if (command !== null) await give(command);
      },
    },
  ];
  return entries.map(coreMenuEntry);
}
