// Public API for hosts (the Foundry layer, the preview): one interface over the five rulesets.
export * from "./ruleset-host.ts";
export * from "./host-events.ts";
export { countHost } from "./count-host.ts";
export { standardHost } from "./standard-host.ts";
export { phaseHost } from "./phase-host.ts";
export { segmentHost, segmentGroupOf } from "./segment-host.ts";
export { rotationHost } from "./rotation-host.ts";
export { hostRegistry, rulesetHost, type AnyRulesetHost } from "./ruleset-hosts.ts";
export { segmentTrackerFactsOf } from "./segment-tracker.ts";
export { phaseTrackerFactsOf } from "./phase-tracker.ts";
export { countTrackerFactsOf } from "./count-tracker.ts";
export {
  readCombatState,
  readStoredCombat,
  settle,
  stepCombat,
  stepCombatUntil,
  storeCombatState,
  undoRound,
  type CombatStep,
  type StoredCombat,
} from "./combat-step.ts";
export {
  historyIsEmpty,
  declaredUseWithheld,
  publishedCombat,
  publishedEvents,
  publishedState,
  publishedUpdate,
  ownerSecrecy,
  type Secrecy,
} from "./published.ts";
export { isPlainNext, tableFirstCommand, tableStep, type TableRoster } from "./table-step.ts";
export { automaticRequests, waitsForRoller } from "./roll-policy.ts";
export { secretTieRolls } from "./secret-ties.ts";
export {
  PLAYER_COMMANDS,
  checkCommandAccess,
  commandCombatant,
  joinRequestVerdict,
  rejoinFacts,
  type RejoinFacts,
  type JoinVerdict,
  type Requester,
} from "./command-access.ts";
export { tempoHookNames, turnEventPlan, type TurnEventCall } from "./turn-event-plan.ts";
export {
  EMPTY_TURN_EVENT_LEDGER,
  isRepeatedTurnEvent,
  readTurnEventLedger,
  stepTurnEventLedger,
  storeTurnEventLedger,
  type TurnEventLedger,
  type TurnLedgerInput,
  type TurnLedgerStep,
} from "./turn-event-ledger.ts";
export {
  EVENT_SUMMARY_BUDGET,
  decodeEventSummary,
  encodeEventSummary,
  summarizeEvents,
  type EventSummary,
} from "./event-summary.ts";
export { engineGroupOf, engineHoldsGroup, regroupCombatants } from "./groups/regroup.ts";
export { regrouped, type RegroupedEvent } from "./groups/regrouped.ts";
export { segmentGroupsOpen } from "./groups/segment-regroup.ts";
export {
  defaultGroupPlan,
  evenSplit,
  groupSideOf,
  sideGroupFor,
  type GroupCandidate,
  type GroupSide,
  type PlannedGroup,
} from "./groups/default-groups.ts";
export {
  STANDARD_BOOK_ECONOMY,
  economyLeft,
  followEconomies,
  openEconomyBook,
  type BookEconomy,
  type BookStep,
  type EconomyBook,
} from "./economy-book.ts";
export { ROTATION_BOOK_ECONOMY, refuseRotationUse } from "./rotation-book.ts";
export { heldConditionsOf, stepConditionChanges } from "./step-conditions.ts";
export {
  COMMAND_STATUSES,
  defeatedFlag,
  defeatedFlagCommand,
  outOfFightStatuses,
  statusToggleCommand,
  statusToggledByHand,
} from "./status-toggles.ts";
export {
  historyStepOf,
  outOfFightPlan,
  statusesBeforeRevive,
  type OutOfFightCreature,
  type OutOfFightMemory,
  type OutOfFightPlan,
} from "./out-of-fight-memory.ts";
export { disengageShiftIn, phaseSourcesOf } from "./condition-sources.ts";
export {
  EMPTY_ACTION_RECORD,
  actionRecordUpdate,
  isActionRecordShape,
  readActionRecord,
  type ActionRecord,
} from "./economy-record-shape.ts";
export {
  economyRefusal,
  rulesetBook,
  rulesetBookOf,
  type RecordStep,
  type RecordStepInput,
  type RulesetBook,
} from "./economy-records.ts";
export { constantCandidates } from "./economy-record-index.ts";
export {
  COMBAT_FORMAT,
  combatFormatReason,
  combatResetReason,
  migrateStoredCombat,
  UNREADABLE_COMBAT,
  type CombatMigration,
} from "./combat-format.ts";
export { moveAccess, ownMoveNow, type MoveAccess, type MoveAccessInput, type MoveChoice } from "./move-access.ts";
export {
  judgeLandedMove,
  readTurnMoves,
  segmentFeet,
  turnMovesAtStart,
  NO_TURN_MOVES,
  type LandedMoveInput,
  type LandedMoveVerdict,
  type TokenSpot,
  type TurnMoves,
} from "./landed-move.ts";
