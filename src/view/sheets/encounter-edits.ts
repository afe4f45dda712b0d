/**
 * What the encounter sheet's controls do to an encounter (issue 12), as pure functions: each takes the
 * encounter's data and gives the whole new data, checked by the engine (`checkEncounter`,
 * src/engine/encounters/encounter.ts), or the engine's first reason to refuse it. The Foundry sheet
 * writes a new value in one update and writes nothing on a refusal; the preview runs the same functions.
 */
import { checkEncounter, err, type EncounterData, type EncounterEntry, type Result } from "../../engine/index.ts";

/** What the sheet's form gives: core's flat form data (`system.entries.0.count`, `name`, …). */
export type EncounterForm = Readonly<Record<string, unknown>>;

function formText(form: EncounterForm, key: string, fallback: string): string {
  const value = form[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : fallback;
}

/** A number field: Foundry's form data gives a number (data-dtype="Number"), the preview a string. */
function formNumber(form: EncounterForm, key: string, fallback: number): number | string {
  const value = form[key];
  if (typeof value === "number") return value;
  if (typeof value !== "string") return fallback;
  const trimmed = value.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/**
 * The encounter as the form says it now: every field the form holds replaces the stored one; the rest
 * stays. A group select's "" is "no group". A value the engine refuses (a count of 0, an unknown side)
 * gives the engine's reason.
 */
export function encounterFromForm(data: EncounterData, form: EncounterForm): Result<EncounterData> {
  const entries = data.entries.map((entry, i) => {
    const at = `system.entries.${i}`;
    const group = formText(form, `${at}.group`, entry.group ?? "");
    return {
      ...entry,
      count: formNumber(form, `${at}.count`, entry.count),
      side: formText(form, `${at}.side`, entry.side),
      group: group === "" ? null : group,
    };
  });
  const groups = data.groups.map((group, i) => ({
    ...group,
    name: formText(form, `system.groups.${i}.name`, group.name),
  }));
  return checkEncounter({
    ruleset: formText(form, "system.ruleset", data.ruleset),
    surprise: formText(form, "system.surprise", data.surprise),
    entries,
    groups,
  });
}

/**
 * A dropped actor joins the encounter: one more of it when it is already listed (up to the most one
 * entry holds), else a new enemy entry of one, in no group.
 */
export function addActorToEncounter(
  data: EncounterData,
  actor: { readonly uuid: string; readonly name: string },
): Result<EncounterData> {
  const index = data.entries.findIndex((e) => e.uuid === actor.uuid);
  if (index >= 0) return changeCount(data, index, 1);
  const entry: EncounterEntry = { uuid: actor.uuid, name: actor.name, count: 1, side: "enemy", group: null };
  return checkEncounter({ ...data, entries: [...data.entries, entry] });
}

/** The +/- buttons: one more or one fewer of entry `index` (from 1 to ENCOUNTER_MAX_COUNT). */
export function changeCount(data: EncounterData, index: number, delta: number): Result<EncounterData> {
  const entry = data.entries[index];
  if (entry === undefined) return err("TEMPO.ENCOUNTERS.Sheet.NoEntry");
  const entries = data.entries.map((e, i) => (i === index ? { ...e, count: e.count + delta } : e));
  return checkEncounter({ ...data, entries });
}

export function removeEntry(data: EncounterData, index: number): Result<EncounterData> {
  if (data.entries[index] === undefined) return err("TEMPO.ENCOUNTERS.Sheet.NoEntry");
  return checkEncounter({ ...data, entries: data.entries.filter((_, i) => i !== index) });
}

/** A new group (its id from the host, its name a localized "Group N"); refused where the ruleset has none. */
export function addGroup(data: EncounterData, id: string, name: string): Result<EncounterData> {
  return checkEncounter({ ...data, groups: [...data.groups, { id, name }] });
}

/** Removing a group takes its creatures out of it (they stay in the encounter, in no group). */
export function removeGroup(data: EncounterData, index: number): Result<EncounterData> {
  const group = data.groups[index];
  if (group === undefined) return err("TEMPO.ENCOUNTERS.Sheet.GroupGone");
  return checkEncounter({
    ...data,
    groups: data.groups.filter((_, i) => i !== index),
    entries: data.entries.map((e) => (e.group === group.id ? { ...e, group: null } : e)),
  });
}

/** Whether two encounters hold the same data (an edit that changes nothing writes nothing). */
export function sameEncounter(a: EncounterData, b: EncounterData): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
