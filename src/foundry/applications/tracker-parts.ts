/**
 * The parts of Tempo's combat tracker (issue 9: "one part per scheme"): one ApplicationV2 part per scheme
 * the view builders draw (`TrackerBody["part"]`: count, standard, phase, segment, rotation, and the order
 * list a combat falls back to), each the tracker's shell around that scheme's own partial
 * (templates/combat/tracker-parts/*.hbs). A render draws the viewed combat's one scheme part beside core's
 * header; a combat that is not Tempo's gets core's own parts. Choosing the parts per render by deleting the
 * unused ones from the parts `_configureRenderParts` returns is what Draw Steel's v13 tracker does to switch
 * between its own tracker and core's (src/module/applications/sidebar/tabs/combat-tracker.mjs).
 */
import type { TrackerBody } from "../../view/tracker/tracker-context.ts";

type TemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/** A scheme part's id: the scheme part of the tracker context's body. */
export type SchemePartId = TrackerBody["part"];

export const SCHEME_PART_IDS: readonly SchemePartId[] = ["count", "standard", "phase", "segment", "rotation", "list"];

/** Core's parts that draw a combat Tempo does not run (the header stays for every combat). */
const CORE_ONLY_PART_IDS: readonly string[] = ["tracker", "footer"];

const TEMPLATES = "systems/tempo/templates/combat";

/** A scheme part: its template and every partial it includes, so Foundry loads them with the part. */
function schemePart(id: SchemePartId): TemplatePart {
  return {
    template: `${TEMPLATES}/tracker-parts/${id}.hbs`,
    templates: [
      `${TEMPLATES}/tracker-shell.hbs`,
      `${TEMPLATES}/control.hbs`,
      `${TEMPLATES}/parts/${id}.hbs`,
      `${TEMPLATES}/tracker-row.hbs`,
    ],
    scrollable: [""],
  };
}

/** Every scheme part, by id. */
export function schemeParts(): Record<SchemePartId, TemplatePart> {
  return Object.fromEntries(SCHEME_PART_IDS.map((id) => [id, schemePart(id)])) as Record<SchemePartId, TemplatePart>;
}

export const isSchemePartId = (id: string): id is SchemePartId => (SCHEME_PART_IDS as readonly string[]).includes(id);

/**
 * The parts one render draws, from all the tracker's parts: the scheme part `drawn` (core's header kept,
 * core's tracker and footer left out), or, with no scheme part (not a Tempo combat), core's parts only.
 */
export function partsToRender<P>(parts: Record<string, P>, drawn: SchemePartId | null): Record<string, P> {
  const left: readonly string[] =
    drawn === null ? SCHEME_PART_IDS : [...CORE_ONLY_PART_IDS, ...SCHEME_PART_IDS.filter((id) => id !== drawn)];
  return Object.fromEntries(Object.entries(parts).filter(([id]) => !left.includes(id)));
}

/**
 * The parts a partial render (`options.parts`) redraws, in this tracker's parts. A module asks for core's
 * parts by core's ids (`ui.combat.render({ parts: ["tracker"] })`); ApplicationV2 draws only the asked
 * parts that this render configured and drops the others (the ApplicationRenderOptions docs: "re-rendering
 * a subset of application parts"), so for a Tempo combat, whose tracker and footer are its scheme part
 * `drawn`, core's `tracker` and `footer` (and any scheme part's id) mean `drawn`; for a combat core draws,
 * a scheme part's id means core's tracker and footer. Every other id is kept. The parts that draw the
 * combat (`drawn`, or core's tracker and footer) are redrawn too when one of them is not among the parts
 * `shown` (the viewed combat changed since they were drawn), so a partial render never leaves the sidebar
 * without a tracker.
 */
export function partsRequested(
  requested: readonly string[],
  drawn: SchemePartId | null,
  shown: readonly string[],
): string[] {
  const body: readonly string[] = drawn === null ? CORE_ONLY_PART_IDS : [drawn];
  const asked = (id: string): readonly string[] =>
    isSchemePartId(id) || (drawn !== null && CORE_ONLY_PART_IDS.includes(id)) ? body : [id];
  const parts = new Set(requested.flatMap(asked));
  if (!body.every((id) => shown.includes(id))) for (const id of body) parts.add(id);
  return [...parts];
}

/**
 * Parts on screen that the tracker does not draw any more (the viewed combat changed scheme, or changed
 * between a Tempo combat and another): removed before a render puts in its own, so the sidebar never
 * shows two trackers. `configured` are the parts the tracker draws now (not only those this render
 * redraws: a render of some parts leaves the others as they are). A part is found by core's
 * `data-application-part` attribute.
 */
export function removeStaleParts(content: Element, configured: readonly string[]): void {
  for (const id of [...CORE_ONLY_PART_IDS, ...SCHEME_PART_IDS]) {
    if (configured.includes(id)) continue;
    content.querySelector(`[data-application-part="${id}"]`)?.remove();
  }
}

/** The ids of the parts on screen inside `content` (core's `data-application-part` attribute). */
export function shownParts(content: Element): string[] {
  return Array.from(content.querySelectorAll("[data-application-part]"), (part) =>
    part.getAttribute("data-application-part"),
  ).filter((id): id is string => id !== null);
}
