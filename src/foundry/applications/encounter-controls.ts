/**
 * Where the GM meets encounters (issue 12): the Actors directory menu of an encounter offers "Deploy"
 * (then one click on the scene picks the point) and "Undo its latest deploy"; dragging an encounter
 * onto the canvas deploys it where it is dropped (core's `dropCanvasData` hook, whose handler returns
 * false to stop core's own token creation, as modules that place their own documents do); dropping an
 * NPC or an encounter onto Tempo's tracker adds it to the running combat. v13's `getActorContextOptions`
 * hook gives the directory entries (`li.dataset.entryId`), as public v13 modules add theirs.
 */
import type { Message, Result } from "../../engine/index.ts";
import { encounterDataOf } from "../data/actor/encounter-model.ts";
import { showNotice } from "../notice.ts";
import { deployEncounter, type DeployResult } from "../encounters/deploy.ts";
import { latestDeployOf } from "../encounters/deploy-record.ts";
import { dropOnCombat } from "../encounters/drop-on-combat.ts";
import { undoDeploy } from "../encounters/undo-deploy.ts";
import { TempoCombat } from "../documents/combat.ts";
import { coreMenuEntry, type CoreMenuEntry, type MenuEntry } from "../compat/context-menu.ts";

interface Point {
  readonly x: number;
  readonly y: number;
}

/** Tells the GM what a deploy or a drop left out (missing actors, creatures without room). */
function tellLeftOut(missing: readonly string[], unplaced: readonly string[]): void {
  if (missing.length > 0) showNotice({ key: "TEMPO.ENCOUNTERS.Missing", data: { names: missing.join(", ") } });
  if (unplaced.length > 0) showNotice({ key: "TEMPO.ENCOUNTERS.Unplaced", data: { names: unplaced.join(", ") } });
}

function report(result: Result<{ readonly missing: readonly string[]; readonly unplaced: readonly string[] }>): void {
  if (!result.ok) showNotice(result.error);
  else tellLeftOut(result.value.missing, result.value.unplaced);
}

export async function deployAt(actor: Actor.Implementation, point: Point): Promise<Result<DeployResult> | null> {
  const data = encounterDataOf(actor);
  const scene = canvas?.scene ?? null;
  if (data === null || scene === null) return null;
  const result = await deployEncounter(data, { scene, point, encounter: actor.uuid });
  report(result);
  return result;
}

/** The next click on the canvas, in canvas coordinates. */
export function pickPoint(): Promise<Point> {
  const notice: Message = { key: "TEMPO.ENCOUNTERS.PickPoint" };
  showNotice(notice);
  return new Promise((resolve) => {
    const stage = canvas?.stage;
    stage?.once("pointerdown", (event: { getLocalPosition(target: unknown): Point }) => {
      const { x, y } = event.getLocalPosition(stage);
      resolve({ x, y });
    });
  });
}

function actorOfEntry(li: HTMLElement): Actor.Implementation | null {
  const id = li.dataset.entryId ?? li.dataset.documentId ?? "";
  const actor = game.actors.get(id);
  return actor !== undefined && actor.type === "encounter" ? actor : null;
}

function directoryEntries(entries: CoreMenuEntry[]): void {
  const own: MenuEntry[] = [
    {
      label: "TEMPO.ENCOUNTERS.Deploy",
      icon: "fa-solid fa-people-group",
      visible: (li) => game.user.isGM && actorOfEntry(li) !== null,
      onClick: async (li) => {
        const actor = actorOfEntry(li);
        if (actor !== null) await deployAt(actor, await pickPoint());
      },
    },
    {
      label: "TEMPO.ENCOUNTERS.Undo",
      icon: "fa-solid fa-rotate-left",
      visible: (li) => game.user.isGM && latestDeployOf(actorOfEntry(li)?.uuid ?? "") !== null,
      onClick: async (li) => {
        const combat = latestDeployOf(actorOfEntry(li)?.uuid ?? "");
        if (combat === null) return;
        const undone = await undoDeploy(combat);
        if (!undone.ok) showNotice(undone.error);
      },
    },
  ];
  entries.push(...own.map(coreMenuEntry));
}

/** An encounter dropped on the canvas deploys there (false: core makes no token of it). */
function onDropCanvas(data: unknown): boolean | undefined {
  if (!game.user.isGM || typeof data !== "object" || data === null) return undefined;
  const { type, uuid, x, y } = data as { type?: unknown; uuid?: unknown; x?: unknown; y?: unknown };
  if (type !== "Actor" || typeof uuid !== "string" || typeof x !== "number" || typeof y !== "number") return undefined;
  const entry: unknown = fromUuidSync(uuid as `Actor.${string}`);
  if (typeof entry !== "object" || entry === null || Reflect.get(entry, "type") !== "encounter") return undefined;
  void fromUuid(uuid as `Actor.${string}`).then((actor) => {
    if (actor instanceof Actor) void deployAt(actor, { x, y });
  });
  return false;
}

const bound = new WeakSet<HTMLElement>();

/** Core's drag data is JSON in `text/plain`; anything else is not a drop for Tempo. */
function parseDrop(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Drop onto the tracker: the viewed Tempo combat takes the dropped actor (drop-on-combat.ts). */
function bindTrackerDrop(app: { readonly viewed: unknown }, element: HTMLElement): void {
  if (bound.has(element)) return;
  bound.add(element);
  element.addEventListener("dragover", (event) => event.preventDefault());
  element.addEventListener("drop", (event) => {
    const combat = app.viewed;
    const text = event.dataTransfer?.getData("text/plain") ?? "";
    if (!(combat instanceof TempoCombat) || text === "") return;
    event.preventDefault();
    const data = parseDrop(text);
    if (data === null) return;
    void dropOnCombat(combat, data).then(report);
  });
}

/** Hook names fvtt-types does not list (v13's directory menu hook, the render hook of Tempo's own class). */
type LooseHooks = { on(hook: string, fn: (...args: never[]) => unknown): number };

export function registerEncounterControls(): void {
  const hooks = Hooks as unknown as LooseHooks;
  hooks.on("getActorContextOptions", (_app: unknown, entries: CoreMenuEntry[]) => directoryEntries(entries));
  hooks.on("dropCanvasData", (_canvas: unknown, data: unknown) => onDropCanvas(data));
  // ApplicationV2 calls `render<ClassName>` for each class of the app, its own included.
  hooks.on("renderTempoCombatTracker", (app: { readonly viewed: unknown }, element: HTMLElement) =>
    bindTrackerDrop(app, element),
  );
}
