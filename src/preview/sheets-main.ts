/**
 * The sheet preview (sheets.html): the character and NPC sheets and one item sheet per type, drawn by the
 * same builders (src/view/sheets), templates and CSS as in Foundry, from sample documents. Query:
 * `?ruleset=count|standard|phase|segment|rotation`, `?theme=dark`, `?mode=edit`, `?items=20` (the
 * character's item count, for the benchmark), `?only=character` (that sheet alone). Each render is measured as `tempo-sheet-render`.
 * The combat buttons run on the sample encounter (sheet-combat.ts), so a refused one stays refused.
 * Every template is compiled at page load (measured as `tempo-template-compile`), as Foundry compiles
 * system templates at init, so the first render measures rendering only.
 * The encounter sheet (encounter-sheet-preview.ts) follows the item sheets; its edits run the engine's checks.
 */
import "../../styles/tempo.css";
import "./page.css";
import en from "../../lang/en.json";
import { RULESET_IDS, type HostCommand, type RulesetId } from "../engine/index.ts";
import { buildActorSheetContext, type ActorTabId } from "../view/sheets/actor-sheet-context.ts";
import { buildItemSheetContext } from "../view/sheets/item-sheet-context.ts";
import type { SheetMode } from "../view/sheets/sheet-input.ts";
import { encounterSheetPreview } from "./encounter-sheet-preview.ts";
import { createHandlebarsHost } from "./handlebars-host.ts";
import { precompileTemplates } from "./precompile-templates.ts";
import { SAMPLE_ITEMS, sampleActorInput } from "./sample-sheets.ts";
import { sampleSheetEncounter, sheetCombatOf } from "./sheet-combat.ts";
import { openSegmentAttackDialog } from "./segment-attack-dialog.ts";
import attackTemplate from "./segment-attack-dialog.hbs?raw";
import { segmentTargetChoices } from "../view/tracker/segment-declare.ts";

const templates = import.meta.glob<string>("../../templates/**/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
});
// Issue 18: an engine message names a creature by its name (the sheets' combat as the GM sees it).
const handlebars = createHandlebarsHost(
  en,
  templates,
  (id) => combat.combatants.find((c) => c.id === id)?.name ?? null,
);
performance.mark("tempo-template-compile-start");
const compiled = precompileTemplates(handlebars, templates);
performance.measure("tempo-template-compile", "tempo-template-compile-start");
const compile = (path: string) => {
  const template = compiled.get(`systems/tempo/templates/sheets/${path}.hbs`);
  if (template === undefined) throw new Error(`No template sheets/${path}.hbs`);
  return template;
};
const ACTOR_PARTS = ["header", "tabs", "attributes", "combat", "inventory", "spells", "effects", "biography"].map((p) =>
  compile(`actor/${p}`),
);
const ITEM_PARTS = ["header", "details", "description"].map((p) => compile(`item/${p}`));
const encounter = encounterSheetPreview(
  ["header", "entries", "groups", "deploy"].map((p) => compile(`encounter/${p}`)),
);
const root = document.querySelector<HTMLElement>("#tempo-sheets");
const attackDialog = document.querySelector<HTMLDialogElement>("#tempo-preview-attack");
const renderAttack = handlebars.compile(attackTemplate);

const query = new URLSearchParams(window.location.search);
const ruleset: RulesetId = RULESET_IDS.find((r) => r === query.get("ruleset")) ?? "count";
const dark = query.get("theme") === "dark";
let mode: SheetMode = query.get("mode") === "edit" ? "edit" : "play";
const itemCount = Number(query.get("items") ?? "0");
const only = query.get("only") === "character";
/** Each actor sheet's own open tab (issue 22: a tab click on one sheet switches that sheet only). */
const tabs = new Map<string, ActorTabId>();
const combat = sampleSheetEncounter(ruleset);

function actorSheet(kind: "character" | "npc", id: string): string {
  const input = sampleActorInput({
    kind,
    ruleset,
    mode,
    itemCount: kind === "character" && itemCount > 0 ? itemCount : undefined,
    combat: sheetCombatOf(combat, id),
  });
  // Each sheet of the page names its own ids (issue 22), as each Foundry sheet does with its application id.
  const context = { ...buildActorSheetContext(input, tabs.get(kind) ?? "combat"), rootId: `tempo-sheet-${kind}` };
  return `<article class="tempo-sheet actor" data-sheet="${kind}" aria-label="${input.actor.name}">${ACTOR_PARTS.map((t) => t(context)).join("")}</article>`;
}

function itemSheets(): string {
  return SAMPLE_ITEMS.filter((item, i, all) => all.findIndex((o) => o.type === item.type) === i)
    .map((item) => {
      const built = buildItemSheetContext({
        item,
        ruleset,
        mode,
        editable: true,
        owner: { ap: 80, primaryModifier: null },
      });
      const context = { ...built, rootId: `tempo-item-${item.type}` };
      return `<article class="tempo-sheet item" data-sheet="item-${item.type}" aria-label="${item.name}">${ITEM_PARTS.map((t) => t(context)).join("")}</article>`;
    })
    .join("");
}

function render(): void {
  if (root === null) return;
  performance.mark("tempo-sheet-render-start");
  const rest = only ? "" : `${actorSheet("npc", "ogre")}${itemSheets()}${encounter.html()}`;
  root.innerHTML = `<h1 class="tempo-visually-hidden">Tempo sheets</h1>${actorSheet("character", "ilsa")}${rest}`;
  void root.offsetHeight;
  performance.measure("tempo-sheet-render", "tempo-sheet-render-start");
  document.body.classList.toggle("theme-dark", dark);
  document.body.classList.toggle("theme-light", !dark);
  root.setAttribute("aria-busy", "false");
}

root?.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
  if (target === null || target.hasAttribute("disabled")) return;
  const action = target.dataset.action;
  if (action === "tab") {
    const kind = target.closest<HTMLElement>("[data-sheet]")?.dataset.sheet ?? "";
    tabs.set(kind, (target.dataset.tab as ActorTabId | undefined) ?? "combat");
  } else if (action === "toggleMode") mode = mode === "play" ? "edit" : "play";
  // An item's Attack/Cast carries the declaration it gives in count/segment (the preview has no dice flow).
  else if ((action === "tempoCommand" || action === "useItem") && target.dataset.command !== undefined)
    combat.run(JSON.parse(target.dataset.command) as HostCommand);
  // SEG-16: Free attack… / Immediate attack… ask as in Foundry (the shared form), then give the command.
  else if (action === "segmentAttack" && attackDialog !== null) return segmentAttack(attackDialog, target);
  else if (action === undefined || !encounter.click(action, target)) return;
  render();
});

/** SEG-16: the form for the control's creature: its sheet's weapons and the opponents the GM's tracker offers. */
function segmentAttack(dialog: HTMLDialogElement, button: HTMLElement): void {
  const combatantId = button.dataset.combatantId ?? "";
  const kind = combatantId === "ilsa" ? "character" : "npc";
  const weapons = sampleActorInput({ kind, ruleset, mode })
    .items.filter((item) => item.type === "weapon")
    .map((item) => ({ id: item.id, name: item.name }));
  const offered = () => ({
    weapons,
    opponents: segmentTargetChoices(sheetCombatOf(combat, combatantId).input, combatantId),
  });
  openSegmentAttackDialog(
    {
      dialog,
      render: renderAttack,
      offered,
      done: (outcome) => {
        if (outcome !== null && "command" in outcome) combat.run(outcome.command);
        render();
      },
    },
    button,
  );
}

root?.addEventListener("change", (event) => {
  const form =
    event.target instanceof Element ? event.target.closest<HTMLFormElement>('form[data-sheet="encounter"]') : null;
  if (form === null) return;
  encounter.change(form);
  render();
});

render();
