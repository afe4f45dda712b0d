/**
 * Issue 22 item 1, the Carousel Combat Tracker (theripper93/combat-tracker-dock): what each ruleset's
 * portrait shows, taken from the tracker's own context for the same viewer (so the carousel never shows
 * more than the tracker does: a hidden creature, an NPC's initiative, another's actions left stay hidden).
 * The module's portrait draws (scripts/app/CombatantPortrait.js, templates/combatant-portrait.hbs and
 * combatant-tooltip.hbs, read at commit 4ff9ee9 of its GitHub repository):
 * - `getInitiativeDisplay()`: `{ value, icon, rollIcon }`, the value next to an icon on the portrait;
 * - `getSystemIcons()`: icons under the portrait and in its tooltip, `{ icon, color, enabled, visible,
 *   callback, id }`, a click calling `callback`;
 * - `getDescription()`: one line of text under the name in the tooltip (drawn escaped);
 * - the world's tracked attributes (`defaultAttributesConfig()[systemId]`: actor `system` paths).
 */
import type { Message, RulesetId } from "../../engine/index.ts";
import type { TrackerBody, TrackerContext } from "../tracker/tracker-context.ts";
import type { TrackerRowContext } from "../tracker/tracker-row.ts";

/** One icon of the portrait: a pip (what is left, no click) or a tracker control (a click gives it). */
export interface PortraitIcon {
  readonly id: string;
  readonly icon: string;
  readonly label: Message;
  readonly enabled: boolean;
  /** The tracker control it gives on a click (`action`, and its `data-command` JSON), or null for a pip. */
  readonly control: { readonly action: string; readonly command: string | null; readonly combatantId: string } | null;
}

export interface PortraitView {
  /** The value next to the initiative icon (the count, the place, the lane or the segment); "" for none. */
  readonly value: string;
  /** Its meaning when the value is a lane or a segment's name rather than a number. */
  readonly valueLabel: Message | null;
  readonly icon: string;
  /** The tooltip's line: where the creature stands and the tracker's notes (AP, delay, tie …), in order. */
  readonly description: readonly Message[];
  readonly icons: readonly PortraitIcon[];
}

/** The initiative icon per ruleset (Font Awesome, which Foundry ships). */
const ICONS: Readonly<Record<RulesetId, string>> = {
  count: "fa-solid fa-hourglass-half",
  standard: "fa-solid fa-dice-d20",
  phase: "fa-solid fa-layer-group",
  segment: "fa-solid fa-table-cells",
  rotation: "fa-solid fa-rotate",
};

/** A row found in the tracker's body, with the lane or segment it was drawn in (phase, segment). */
interface FoundRow {
  readonly row: TrackerRowContext;
  readonly where: Message | null;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null;
const isRow = (value: Obj): boolean =>
  typeof value.key === "string" && "combatantId" in value && Array.isArray(value.notes) && Array.isArray(value.pips);
const isMessage = (value: unknown): value is Message => isObj(value) && typeof value.key === "string";

/** Every row of `combatantId` in the body, each with the nearest lane's or segment's label above it. */
function rowsOf(body: TrackerBody, combatantId: string): FoundRow[] {
  const found: FoundRow[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, where: Message | null): void => {
    if (!isObj(value) || seen.has(value)) return;
    seen.add(value);
    if (isRow(value)) {
      if (value.combatantId === combatantId) found.push({ row: value as unknown as TrackerRowContext, where });
      return;
    }
    const here = Array.isArray(value.rows) && isMessage(value.label) ? value.label : where;
    for (const child of Object.values(value)) {
      if (Array.isArray(child)) for (const item of child) walk(item, here);
      else walk(child, here);
    }
  };
  walk(body, null);
  return found;
}

/**
 * The portrait of one combatant for the viewer of `context`, or null when the tracker draws no row of it
 * (hidden from this viewer, or not in the round).
 */
export function portraitView(
  context: TrackerContext,
  combatantId: string,
  groups: readonly { readonly id: string; readonly name: string }[],
): PortraitView | null {
  const found = rowsOf(context.body, combatantId);
  const first = found[0];
  if (first === undefined) return null;
  const { row } = first;
  const numeric = row.value !== null;
  const where = found.map((f) => f.where).find((w) => w !== null) ?? null;
  const groupId = found.map((f) => f.row.groupId).find((g) => g !== null) ?? null;
  const groupName = groupId === null ? null : (groups.find((g) => g.id === groupId)?.name ?? groupId);
  const description: Message[] = [];
  if (where !== null) description.push(where);
  if (groupName !== null) description.push({ key: "TEMPO.INTEGRATIONS.Carousel.Group", data: { group: groupName } });
  for (const f of found) for (const n of f.row.notes) description.push(n.label);
  const icons: PortraitIcon[] = [];
  for (const f of found)
    for (const pip of f.row.pips)
      icons.push({ id: `pip-${pip.kind}`, icon: pip.icon, label: pip.label, enabled: pip.available, control: null });
  for (const f of found)
    for (const c of f.row.actions)
      icons.push({
        id: `control-${c.action}-${icons.length}`,
        icon: c.icon,
        label: c.disabled && c.reason !== null ? c.reason : c.label,
        enabled: !c.disabled,
        control: { action: c.action, command: c.command, combatantId },
      });
  return {
    value: numeric ? (row.value ?? "") : "",
    valueLabel: numeric ? null : where,
    icon: ICONS[context.ruleset],
    description,
    icons,
  };
}

/**
 * The tracked attributes a Tempo world starts with (the module's setting default; a GM may change them in
 * the module's own menu): hit points, the overshield and the three kinds of damage reduction, as actor
 * `system` paths (src/foundry/data/actor/actor-schema.ts).
 */
export const CAROUSEL_ATTRIBUTES: readonly { readonly attr: string; readonly icon: string; readonly units: Message }[] =
  [
    { attr: "hp.value", icon: "fas fa-heart", units: { key: "TEMPO.INTEGRATIONS.Carousel.Hp" } },
    {
      attr: "overshield.value",
      icon: "fas fa-shield-halved",
      units: { key: "TEMPO.INTEGRATIONS.Carousel.Overshield" },
    },
    { attr: "dr.physical", icon: "fas fa-shield", units: { key: "TEMPO.INTEGRATIONS.Carousel.DrPhysical" } },
    { attr: "dr.elemental", icon: "fas fa-fire", units: { key: "TEMPO.INTEGRATIONS.Carousel.DrElemental" } },
    { attr: "dr.arcane", icon: "fas fa-hat-wizard", units: { key: "TEMPO.INTEGRATIONS.Carousel.DrArcane" } },
  ];
