/**
 * Encounters as data (issue 12): which actors fight, how many of each, on which side, in which group
 * (ROT-4 shared initiative, ROT-5 enemy groups, SEG-2 group rolls), under which ruleset, and which side
 * is surprised (CNT-4, SEG-16). The Foundry layer stores this in an `encounter` actor's system data and
 * refuses a change the check below finds wrong; the pack build runs the same check on shipped sources.
 *
 * An actor is named by its UUID: a world actor `Actor.<id>` or a compendium one
 * `Compendium.<package>.<pack>.Actor.<id>`. Whether it still exists is only known when deploying; the
 * entry's `name` is what a missing actor is reported as.
 */
import { RULESET_IDS, type RulesetId } from "../initiative/contract.ts";
import { err, ok, type Message, type Result } from "../core/result.ts";

export const ENCOUNTER_SIDES = ["enemy", "ally"] as const;
export type EncounterSide = (typeof ENCOUNTER_SIDES)[number];

/** Who is surprised when the encounter starts: nobody, the party (pcs and allies), or the enemies. */
export const ENCOUNTER_SURPRISE = ["none", "party", "enemies"] as const;
export type EncounterSurprise = (typeof ENCOUNTER_SURPRISE)[number];

/** The most creatures of one entry, and of a whole encounter (bounds the tokens one deploy creates). */
export const ENCOUNTER_MAX_COUNT = 50;
export const ENCOUNTER_MAX_TOTAL = 200;

/** Rulesets whose creatures can share initiative in groups (regroup.ts: the others have none). */
export const GROUP_RULESETS: readonly RulesetId[] = ["segment", "rotation"];

export interface EncounterEntry {
  readonly uuid: string;
  readonly name: string;
  readonly count: number;
  readonly side: EncounterSide;
  /** The id of one of the encounter's groups, or null. */
  readonly group: string | null;
}

export interface EncounterGroup {
  readonly id: string;
  readonly name: string;
}

export interface EncounterData {
  readonly ruleset: RulesetId;
  readonly surprise: EncounterSurprise;
  readonly entries: readonly EncounterEntry[];
  readonly groups: readonly EncounterGroup[];
}

/** A problem with one field (`entries.2.count`, `ruleset`, … or "" for the whole encounter). */
export interface EncounterProblem {
  readonly field: string;
  readonly message: Message;
}

const DOCUMENT_ID = "[A-Za-z0-9]{16}";
const ACTOR_UUID = new RegExp(`^(Actor\\.${DOCUMENT_ID}|Compendium\\.[\\w-]+\\.[\\w-]+\\.Actor\\.${DOCUMENT_ID})$`);
const GROUP_ID = /^[A-Za-z0-9]{1,16}$/;

/** Whether `uuid` names an actor (world or compendium); the pack build checks references with it. */
/**
 * ROT-7 "the side that started the encounter" for a deployed encounter. **Ruling:** the side that caught
 * the other by surprise started it (the party surprised: the enemies did; the enemies surprised: the
 * players did); with no surprise the world's default stands (null), and the GM may still change it in
 * the tracker until the planning turns begin.
 */
export function encounterInitiator(surprise: EncounterSurprise): "players" | "enemies" | null {
  if (surprise === "party") return "enemies";
  if (surprise === "enemies") return "players";
  return null;
}

export function isActorUuid(uuid: unknown): uuid is string {
  return typeof uuid === "string" && ACTOR_UUID.test(uuid);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function problem(field: string, key: Message["key"], data?: Message["data"]): EncounterProblem {
  return { field, message: data === undefined ? { key } : { key, data } };
}

function groupProblems(groups: unknown): { problems: EncounterProblem[]; ids: Set<string> } {
  const problems: EncounterProblem[] = [];
  const ids = new Set<string>();
  if (!Array.isArray(groups)) return { problems: [problem("groups", "TEMPO.ERRORS.Encounter.NotAList")], ids };
  for (const [index, group] of groups.entries()) {
    const field = `groups.${index}`;
    const id: unknown = isRecord(group) ? group.id : undefined;
    if (typeof id !== "string" || !GROUP_ID.test(id))
      problems.push(problem(`${field}.id`, "TEMPO.ERRORS.Encounter.GroupId", { index: index + 1 }));
    else if (ids.has(id)) problems.push(problem(`${field}.id`, "TEMPO.ERRORS.Encounter.GroupTwice", { id }));
    else ids.add(id);
    const name: unknown = isRecord(group) ? group.name : undefined;
    if (typeof name !== "string" || name.trim() === "")
      problems.push(problem(`${field}.name`, "TEMPO.ERRORS.Encounter.GroupName", { index: index + 1 }));
  }
  return { problems, ids };
}

function entryProblems(entry: unknown, index: number, groups: ReadonlySet<string>): EncounterProblem[] {
  const field = `entries.${index}`;
  const at = { index: index + 1 };
  if (!isRecord(entry)) return [problem(field, "TEMPO.ERRORS.Encounter.Entry", at)];
  const out: EncounterProblem[] = [];
  const name = typeof entry.name === "string" && entry.name.trim() !== "" ? entry.name : String(index + 1);
  if (!isActorUuid(entry.uuid))
    out.push(problem(`${field}.uuid`, "TEMPO.ERRORS.Encounter.Reference", { name, uuid: String(entry.uuid) }));
  if (typeof entry.name !== "string" || entry.name.trim() === "")
    out.push(problem(`${field}.name`, "TEMPO.ERRORS.Encounter.EntryName", at));
  const count = entry.count;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > ENCOUNTER_MAX_COUNT)
    out.push(problem(`${field}.count`, "TEMPO.ERRORS.Encounter.Count", { name, max: ENCOUNTER_MAX_COUNT }));
  if (!(ENCOUNTER_SIDES as readonly unknown[]).includes(entry.side))
    out.push(problem(`${field}.side`, "TEMPO.ERRORS.Encounter.Side", { name }));
  const group = entry.group ?? null;
  if (group !== null && (typeof group !== "string" || !groups.has(group)))
    out.push(problem(`${field}.group`, "TEMPO.ERRORS.Encounter.UnknownGroup", { name, group: String(group) }));
  return out;
}

/** Every problem with an encounter's data; empty when it is sound. */
export function encounterProblems(data: unknown): EncounterProblem[] {
  if (!isRecord(data)) return [problem("", "TEMPO.ERRORS.Encounter.NotAnEncounter")];
  const out: EncounterProblem[] = [];
  const ruleset = data.ruleset;
  const knownRuleset = (RULESET_IDS as readonly unknown[]).includes(ruleset);
  if (!knownRuleset) out.push(problem("ruleset", "TEMPO.ERRORS.Encounter.Ruleset", { ruleset: String(ruleset) }));
  if (!(ENCOUNTER_SURPRISE as readonly unknown[]).includes(data.surprise))
    out.push(problem("surprise", "TEMPO.ERRORS.Encounter.Surprise", { surprise: String(data.surprise) }));
  const groups = groupProblems(data.groups);
  out.push(...groups.problems);
  if (
    knownRuleset &&
    Array.isArray(data.groups) &&
    data.groups.length > 0 &&
    !GROUP_RULESETS.includes(ruleset as RulesetId)
  )
    out.push(problem("groups", "TEMPO.ERRORS.Encounter.NoGroups", { ruleset: String(ruleset) }));
  if (!Array.isArray(data.entries)) return [...out, problem("entries", "TEMPO.ERRORS.Encounter.NotAList")];
  for (const [index, entry] of data.entries.entries()) out.push(...entryProblems(entry, index, groups.ids));
  const total = data.entries.reduce<number>(
    (sum, entry) => sum + (isRecord(entry) && typeof entry.count === "number" ? entry.count : 0),
    0,
  );
  if (total > ENCOUNTER_MAX_TOTAL)
    out.push(problem("entries", "TEMPO.ERRORS.Encounter.TooMany", { total, max: ENCOUNTER_MAX_TOTAL }));
  return out;
}

/** The encounter, typed, or its first problem. */
export function checkEncounter(data: unknown): Result<EncounterData> {
  const [first] = encounterProblems(data);
  if (first !== undefined) return err(first.message.key, first.message.data);
  return ok(data as EncounterData);
}

/** A sound encounter ready to deploy: it must also list at least one creature. */
export function checkDeployable(data: unknown): Result<EncounterData> {
  const checked = checkEncounter(data);
  if (!checked.ok) return checked;
  if (checked.value.entries.length === 0) return err("TEMPO.ERRORS.Encounter.Empty");
  return checked;
}
