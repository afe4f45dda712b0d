/**
 * Issue 17: a count of the Combatants created and deleted on this page. Core's `createCombatant` and
 * `deleteCombatant` hooks fire on every client once its collection holds the change (API v13 hookEvents),
 * so a check of which ids a combat's roster holds stays true while the count is the same
 * (step-actions.ts checks the engine's order of a thousand creatures once, not at every step).
 */
import { changeCount } from "../document-changes.ts";

// No field of an update moves the roster: creations and deletions only.
const roster = changeCount(["Combatant"], []);

/** This page's count of Combatant creations and deletions (see the file comment). */
export const rosterEpoch = roster.count;
export const registerRosterEpoch = roster.register;
