/**
 * One context per template, built by the template's real view builder from a small encounter.
 * The template test fails for any .hbs without an entry here, so no template ships unrendered.
 */
import {
  ITEM_DEFAULTS,
  SEGMENT_NO_DECLARATION,
  rulesetHost,
  type AnyRulesetHost,
  type TimelineEntry,
} from "../../src/engine/index.ts";
import { delayDialogContext } from "../../src/preview/delay-dialog.ts";
import { buildAttackDialog } from "../../src/view/chat/attack-dialog.ts";
import { attackOptionsFor, attackShape, settleChoices } from "../../src/view/chat/attack-options.ts";
import { buildPreviewPageContext } from "../../src/view/preview/page-context.ts";
import { buildCountDeclareForm, countTargetChoices } from "../../src/view/tracker/count-declare.ts";
import { buildCountReactForm } from "../../src/view/tracker/count-react.ts";
import { buildCountTrackContext } from "../../src/view/tracker/count-track-context.ts";
import { buildSegmentDeclareForm } from "../../src/view/tracker/segment-declare.ts";
import { buildSegmentAttackForm } from "../../src/view/sheets/segment-attacks.ts";
import { buildRotationOrderContext } from "../../src/view/tracker/rotation-order-context.ts";
import { buildStandardOrderContext } from "../../src/view/tracker/standard-order-context.ts";
import { trackerScope, type TrackerCombatant, type TrackerScope } from "../../src/view/tracker/tracker-input.ts";
import { buildTrackerRow } from "../../src/view/tracker/tracker-row.ts";
import { HostTable, standardLeft } from "../view/host-table.ts";
import { chatCardContexts } from "./chat-fixtures.ts";
import { playedTracker } from "../view/played-tracker.ts";
import { sheetTemplateContexts } from "./sheet-fixtures.ts";

export const combatants: readonly TrackerCombatant[] = [
  { id: "a", name: "Aria", img: null, isPlayer: true, hidden: false, side: "pc", owned: true },
  { id: "b", name: "Brute", img: "icons/brute.webp", isPlayer: false, hidden: false, side: "enemy", owned: false },
  { id: "c", name: "Cutpurse", img: null, isPlayer: false, hidden: true, side: "enemy", owned: false },
];

function turn(id: string, position: number, extra: Partial<TimelineEntry> = {}): TimelineEntry {
  return {
    key: `turn-${id}`,
    kind: "turn",
    combatantId: id,
    round: 1,
    position,
    label: { key: "TEMPO.COMBAT.Count.Position", data: { count: position } },
    groupId: null,
    active: false,
    done: false,
    defeated: false,
    detail: null,
    ...extra,
  };
}

export const countTimeline: readonly TimelineEntry[] = [
  turn("a", 3, { done: true }),
  turn("b", 5, { active: true }),
  turn("c", 5),
  {
    ...turn("a", 7),
    key: "pending-a-1",
    kind: "pending",
    detail: { key: "TEMPO.COMBAT.Count.Pending.Attack", data: { attack: 1, attacks: 2 } },
  },
  // CNT-9: carried past 19, due at count 3 of the next round.
  {
    ...turn("b", 3),
    key: "pending-b-1",
    kind: "pending",
    round: 2,
    detail: { key: "TEMPO.COMBAT.Count.Pending.Spell", data: { level: 5 } },
  },
  { ...turn("b", 20), key: "end", kind: "boundary", combatantId: null, label: { key: "TEMPO.COMBAT.Count.EndStep" } },
];

/**
 * The count track builder's input over a fixed timeline: the count host with its timeline, round and
 * acting creature replaced, so the view's own rules (slots, later rounds, hiding) are checked on a track
 * the engine tests do not need to reach. The tracker tests in tests/view play real encounters instead.
 */
export function countScope(round: number, viewerIsGM: boolean, timeline = countTimeline): TrackerScope {
  const count = rulesetHost("count", 6);
  const host: AnyRulesetHost = {
    ...count,
    timeline: () => timeline,
    started: () => round >= 0,
    round: () => Math.max(0, round),
    current: () => timeline.find((e) => e.active && e.kind === "turn")?.combatantId ?? null,
    pending: () => [],
    // No engine state stands behind this timeline, so nothing is read from one (CNT-7's line left).
    left: () => [],
  };
  return trackerScope({
    host,
    state: null,
    combatants,
    groups: [],
    viewer: { isGM: viewerIsGM },
    canUndo: false,
    canRedo: false,
    canPing: false,
    npcInitiativeVisible: false,
  });
}
/** SEG-16: Aria's free attack form, the Brute <b> aimed at first (a name the template must escape). */
const attackForm = buildSegmentAttackForm(
  "freeAttack",
  {
    weapons: [
      { id: "w1", name: "Sword" },
      { id: "w2", name: "Dagger" },
    ],
    opponents: [
      { id: "b", name: "Brute <b>" },
      { id: "c", name: "Cutpurse" },
    ],
  },
  "c",
);

const played = playedTracker("rotation", { isGM: true, turns: 2 });
const segment = playedTracker("segment", { isGM: true, turns: 3 }).context.body;
/** The sample played into its battle phase: a seize, a defend and a delay (src/preview/preview-opening.ts). */
const phase = playedTracker("phase", { isGM: true, turns: 0 }).context.body;
const declareForm = buildSegmentDeclareForm(
  "a",
  "Aria",
  { ...SEGMENT_NO_DECLARATION, action: "spell", castingTime: 3, targetId: "b" },
  [
    { id: "a", name: "Aria" },
    { id: "b", name: "Bran" },
  ],
);

/**
 * STD-2, STD-6, Delay, Ready: a standard round with a DEX-broken tie, a delayed creature, a readied
 * action, and the acting creature's actions left.
 */
export function standardTable(): HostTable {
  const table = new HostTable("standard", [
    { id: "Aria", side: "pc", bonus: 3, mine: true },
    { id: "Bram", side: "pc", bonus: 1 },
    { id: "Cole", side: "enemy", bonus: 0 },
    { id: "Dana", side: "enemy", bonus: 0 },
  ])
    .run({ type: "start" })
    .roll({ Aria: 15, Bram: 15, Cole: 12, Dana: 9 })
    .run({ type: "delay", combatantId: "Aria" })
    .run({ type: "ready", combatantId: "Bram", trigger: "when the door opens" });
  table.economy = { Cole: standardLeft(1, 0, 1, 1), Bram: standardLeft(0, 0, 0, 1) };
  return table;
}

/** ROT-5, ROT-6, AP-1: three player characters and an enemy band the rule moved up. */
export function rotationTable(planningPhase: boolean): HostTable {
  return new HostTable(
    "rotation",
    [
      { id: "P1", side: "pc", ap: 80 },
      { id: "P2", side: "pc" },
      { id: "P3", side: "pc" },
      { id: "E1", side: "enemy", groupId: "band", ap: 30 },
      { id: "E2", side: "enemy", groupId: "band" },
    ],
    { enemyGroups: true, noThreePlayersInRow: true, planningPhase },
  )
    .run({ type: "start" })
    .roll({ P1: 18, P2: 17, P3: 16, E1: 10 });
}

/**
 * A count encounter in round 1 with something to tell: Ilsa (on 5) has declared a 4th-level spell that
 * lands at 9 (CNT-8), the ogre and the brute tie on 7 (CNT-5, contest 15 against 9).
 */
export function countTable(): HostTable {
  return new HostTable("count", [
    { id: "ilsa", side: "pc", bonus: 3, mine: true },
    { id: "ogre", side: "enemy", bonus: 0 },
    { id: "brute", side: "enemy", bonus: 0 },
  ])
    .run({ type: "start" })
    .roll({ ilsa: 5, ogre: 7, brute: 7 })
    .roll({ ogre: 15, brute: 9 })
    .run({ type: "declare", combatantId: "ilsa", action: { kind: "spell", slotLevel: 4, targets: [], origin: null } });
}

const countInput = countTable().input(false);
const countTargets = countTargetChoices(countInput, "ilsa");
const countDeclare = buildCountDeclareForm("ilsa", "Ilsa", countTargets);
const countReact = buildCountReactForm(countInput, "ilsa", "Ilsa", countTargets);

/** Each scheme's own part context, as the parts/*.hbs partials and Foundry's tracker parts draw it. */
const schemeContexts: Readonly<Record<string, readonly [string, object]>> = {
  count: ["count", buildCountTrackContext(countScope(1, true))],
  standard: ["standard", buildStandardOrderContext(standardTable().scope(true))],
  rotation: ["rotation", buildRotationOrderContext(rotationTable(false).scope(true))],
  segment: ["segment", segment.part === "segment" ? segment.segment : {}],
  phase: ["phase", phase.part === "phase" ? phase.phase : {}],
  list: [played.context.ruleset, played.list],
};

/** Foundry's tracker part for each scheme (templates/combat/tracker-parts/*.hbs): the shell's context with that body. */
const trackerPartContexts = Object.fromEntries(
  Object.entries(schemeContexts).map(([part, [ruleset, body]]) => [
    `templates/combat/tracker-parts/${part}.hbs`,
    { ...played.context, ruleset, body: { part, [part]: body } },
  ]),
);

/** Issue 19: the attack dialog for a charged Maul with every count option offered. */
function attackDialogContext() {
  const maul = {
    ...ITEM_DEFAULTS.weapon,
    damage: "2d6",
    properties: { ...ITEM_DEFAULTS.weapon.properties, great: true, versatile: true },
  };
  const feats = new Set(["cleave", "chargedAttack", "versatileMaster"] as const);
  const options = attackOptionsFor("count", maul, { primaryModifier: 8, ap: null, feats });
  const choices = settleChoices(options, { charged: true });
  const shape = attackShape(options, maul, choices);
  const targets = [{ name: "Gale", hit: 0.55, critical: 0.05 }];
  return buildAttackDialog({
    actor: "Brann",
    weapon: "Maul",
    options,
    choices,
    shape,
    targets,
    count: 4,
    showOdds: true,
  });
}

export const templateContexts: Readonly<Record<string, object>> = {
  // The token ruler's waypoint label (src/foundry/canvas/token-ruler.ts): core's context and Tempo's budget text.
  "templates/canvas/waypoint-label.hbs": {
    action: { icon: "fa-solid fa-person-walking" },
    cost: { total: 14, delta: 7, units: "ft" },
    distance: { total: 10, delta: 5 },
    units: "ft",
    tempo: { text: "14 ft moved · Walk 16 ft left", over: false },
  },
  "templates/dialogs/attack.hbs": attackDialogContext(),
  "templates/combat/count-declare.hbs": countDeclare,
  "templates/combat/count-react.hbs": countReact,
  "src/preview/count-dialog.hbs": { declare: countDeclare },
  "templates/combat/parts/count.hbs": buildCountTrackContext(countScope(1, true)),
  "templates/combat/parts/list.hbs": played.list,
  "templates/combat/parts/segment.hbs": segment.part === "segment" ? segment.segment : {},
  "templates/combat/parts/phase.hbs": phase.part === "phase" ? phase.phase : {},
  "templates/combat/segment-declare.hbs": declareForm,
  "src/preview/declare-dialog.hbs": { form: declareForm },
  "templates/combat/segment-attack.hbs": attackForm,
  "src/preview/segment-attack-dialog.hbs": { form: attackForm },
  "src/preview/delay-dialog.hbs": delayDialogContext("Ogre", [
    { id: "a", name: "Aria" },
    { id: "b", name: "Brute" },
  ]),
  "templates/combat/parts/standard.hbs": buildStandardOrderContext(standardTable().scope(true)),
  "templates/combat/parts/rotation.hbs": buildRotationOrderContext(rotationTable(false).scope(true)),
  "templates/combat/tracker.hbs": played.context,
  "templates/combat/tracker-shell.hbs": played.context,
  ...trackerPartContexts,
  "templates/combat/control.hbs": played.context.controls[0] ?? {},
  "templates/combat/tracker-row.hbs": buildTrackerRow(turn("b", 5, { active: true }), countScope(1, true)) ?? {},
  "src/preview/page.hbs": buildPreviewPageContext(
    { ruleset: "phase", size: 30, isGM: false, dark: true },
    '<section class="tempo-tracker"></section>',
    { key: "TEMPO.ERRORS.History.NothingToUndo" },
  ),
  ...chatCardContexts,
  ...sheetTemplateContexts,
};
