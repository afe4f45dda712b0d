/**
 * The encounter sheet's context (issue 12), built from plain data: the Foundry sheet
 * (src/foundry/applications/sheets/encounter-sheet.ts) and the preview's sheet page call this same
 * function and render templates/sheets/encounter/*.hbs. A GM who used dnd5e's encounter sheet or Draw
 * Steel's finds the same things: the creatures with their portraits and counts (+/-), their side and
 * group, the groups, the ruleset and who is surprised, what is wrong (the engine's own reasons), a
 * summary line, and Deploy / Undo last deploy, disabled with the reason when they cannot be used.
 */
import {
  ENCOUNTER_MAX_COUNT,
  ENCOUNTER_SIDES,
  ENCOUNTER_SURPRISE,
  GROUP_RULESETS,
  RULESET_IDS,
  RULESET_LABELS,
  encounterProblems,
  type EncounterData,
  type EncounterSide,
  type EncounterSurprise,
  type I18nKey,
  type Message,
} from "../../engine/index.ts";

export interface EncounterSheetInput {
  readonly name: string;
  readonly img: string | null;
  readonly data: EncounterData;
  /** Portraits of the listed actors by UUID, where the host knows them. */
  readonly portraits: Readonly<Record<string, string>>;
  /** The viewer may change the encounter (its owner). */
  readonly editable: boolean;
  /** Deploy and undo are the GM's. */
  readonly gm: boolean;
  /** A scene is viewed (deploy places the creatures on it). */
  readonly hasScene: boolean;
  /** A deploy of this encounter is still there to undo. */
  readonly canUndo: boolean;
  /** The reason the last edit was refused, shown until the next one. */
  readonly refusal: Message | null;
}

export interface SelectOption {
  readonly value: string;
  /** A localized label, or null when the option shows `text` as it is (a group's own name). */
  readonly label: Message | null;
  readonly text: string;
  readonly selected: boolean;
}

export interface EncounterEntryContext {
  readonly index: number;
  readonly name: string;
  readonly img: string | null;
  readonly count: number;
  /** The most creatures one entry holds (the count input's max). */
  readonly max: number;
  readonly canDecrease: boolean;
  readonly canIncrease: boolean;
  readonly decreaseLabel: Message;
  readonly increaseLabel: Message;
  readonly countLabel: Message;
  readonly sideLabel: Message;
  readonly sides: readonly SelectOption[];
  /** The group select, or null where the ruleset has no groups. */
  readonly groups: readonly SelectOption[] | null;
  readonly groupLabel: Message;
  readonly removeLabel: Message;
}

export interface EncounterGroupContext {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** How many creatures stand in the group. */
  readonly members: Message;
  readonly nameLabel: Message;
  readonly removeLabel: Message;
}

export interface EncounterButton {
  readonly shown: boolean;
  readonly disabled: boolean;
  /** Why the button cannot be used now, or null. */
  readonly reason: Message | null;
}

export interface EncounterSheetContext {
  readonly name: string;
  readonly img: string | null;
  readonly editable: boolean;
  readonly summary: readonly Message[];
  readonly rulesets: readonly SelectOption[];
  readonly surprises: readonly SelectOption[];
  readonly entries: readonly EncounterEntryContext[];
  readonly empty: boolean;
  readonly groupsShown: boolean;
  readonly groups: readonly EncounterGroupContext[];
  readonly problems: readonly Message[];
  readonly deploy: EncounterButton;
  readonly undo: EncounterButton;
}

const SIDE_LABELS: Readonly<Record<EncounterSide, I18nKey>> = {
  enemy: "TEMPO.SHEET.SideChoice.enemy",
  ally: "TEMPO.SHEET.SideChoice.ally",
};

const SURPRISE_LABELS: Readonly<Record<EncounterSurprise, I18nKey>> = {
  none: "TEMPO.ENCOUNTERS.Sheet.SurpriseChoice.none",
  party: "TEMPO.ENCOUNTERS.Sheet.SurpriseChoice.party",
  enemies: "TEMPO.ENCOUNTERS.Sheet.SurpriseChoice.enemies",
};

function options<V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, I18nKey>>,
  current: string,
): SelectOption[] {
  return values.map((value) => ({ value, label: { key: labels[value] }, text: "", selected: value === current }));
}

function countMessage(count: number, one: I18nKey, many: I18nKey): Message {
  return count === 1 ? { key: one } : { key: many, data: { count } };
}

/** "6 creatures, 2 groups" (the groups part only when there are any). */
export function encounterSummary(data: EncounterData): Message[] {
  const creatures = data.entries.reduce((sum, e) => sum + e.count, 0);
  const out = [
    countMessage(creatures, "TEMPO.ENCOUNTERS.Sheet.Summary.Creature", "TEMPO.ENCOUNTERS.Sheet.Summary.Creatures"),
  ];
  if (data.groups.length > 0)
    out.push(
      countMessage(data.groups.length, "TEMPO.ENCOUNTERS.Sheet.Summary.Group", "TEMPO.ENCOUNTERS.Sheet.Summary.Groups"),
    );
  return out;
}

function entryContext(input: EncounterSheetInput, index: number, withGroups: boolean): EncounterEntryContext {
  const entry = input.data.entries[index];
  if (entry === undefined) throw new Error(`No encounter entry ${index}`);
  const named = { name: entry.name };
  const noGroup: SelectOption = {
    value: "",
    label: { key: "TEMPO.ENCOUNTERS.Sheet.NoGroup" },
    text: "",
    selected: entry.group === null,
  };
  return {
    index,
    name: entry.name,
    img: input.portraits[entry.uuid] ?? null,
    count: entry.count,
    max: ENCOUNTER_MAX_COUNT,
    canDecrease: input.editable && entry.count > 1,
    canIncrease: input.editable && entry.count < ENCOUNTER_MAX_COUNT,
    decreaseLabel: { key: "TEMPO.ENCOUNTERS.Sheet.Fewer", data: named },
    increaseLabel: { key: "TEMPO.ENCOUNTERS.Sheet.More", data: named },
    countLabel: { key: "TEMPO.ENCOUNTERS.Sheet.CountOf", data: named },
    sideLabel: { key: "TEMPO.ENCOUNTERS.Sheet.SideOf", data: named },
    sides: options(ENCOUNTER_SIDES, SIDE_LABELS, entry.side),
    groups: withGroups
      ? [
          noGroup,
          ...input.data.groups.map((g) => ({ value: g.id, label: null, text: g.name, selected: g.id === entry.group })),
        ]
      : null,
    groupLabel: { key: "TEMPO.ENCOUNTERS.Sheet.GroupOf", data: named },
    removeLabel: { key: "TEMPO.ENCOUNTERS.Sheet.Remove", data: named },
  };
}

function deployButton(input: EncounterSheetInput, problems: readonly Message[]): EncounterButton {
  const reason: Message | null =
    input.data.entries.length === 0
      ? { key: "TEMPO.ERRORS.Encounter.Empty" }
      : (problems[0] ?? (input.hasScene ? null : { key: "TEMPO.ENCOUNTERS.Sheet.NoScene" }));
  return { shown: input.gm, disabled: reason !== null, reason };
}

export function buildEncounterSheet(input: EncounterSheetInput): EncounterSheetContext {
  const { data } = input;
  const withGroups = GROUP_RULESETS.includes(data.ruleset);
  const problems = encounterProblems(data).map((p) => p.message);
  const shownProblems = input.refusal === null ? problems : [input.refusal, ...problems];
  return {
    name: input.name,
    img: input.img,
    editable: input.editable,
    summary: encounterSummary(data),
    rulesets: options(RULESET_IDS, RULESET_LABELS, data.ruleset),
    surprises: options(ENCOUNTER_SURPRISE, SURPRISE_LABELS, data.surprise),
    entries: data.entries.map((_, i) => entryContext(input, i, withGroups || data.groups.length > 0)),
    empty: data.entries.length === 0,
    groupsShown: withGroups || data.groups.length > 0,
    groups: data.groups.map((group, index) => {
      const members = data.entries.filter((e) => e.group === group.id).reduce((sum, e) => sum + e.count, 0);
      return {
        index,
        id: group.id,
        name: group.name,
        members: countMessage(
          members,
          "TEMPO.ENCOUNTERS.Sheet.Summary.Creature",
          "TEMPO.ENCOUNTERS.Sheet.Summary.Creatures",
        ),
        nameLabel: { key: "TEMPO.ENCOUNTERS.Sheet.GroupName", data: { index: index + 1 } },
        removeLabel: { key: "TEMPO.ENCOUNTERS.Sheet.RemoveGroup", data: { name: group.name } },
      };
    }),
    problems: shownProblems,
    deploy: deployButton(input, problems),
    undo: {
      shown: input.gm,
      disabled: !input.canUndo,
      reason: input.canUndo ? null : { key: "TEMPO.ENCOUNTERS.Sheet.NothingToUndo" },
    },
  };
}
