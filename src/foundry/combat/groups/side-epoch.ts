/**
 * Issue 17: a count of the changes that may move a segment creature's side (SEG-2: the side group it shows
 * when it has none of its own): its combatant's own data or roster, its actor (its side, its owners), its
 * token (its disposition), a user (ownership) and the combat's groups. Core's `create<Document>`,
 * `update<Document>` and `delete<Document>` hooks fire on every client for each (API v13 hookEvents). A
 * combatant keeps the side group it derived while the count is the same (combatant-model.ts), instead of
 * reading its actor and token again at every Combat update.
 */
import { changeCount } from "../../document-changes.ts";

const sides = changeCount(["Combatant", "CombatantGroup", "Actor", "Token", "User"]);

/** This page's count of side-moving changes (see the file comment). */
export const sideEpoch = sides.count;
export const registerSideEpoch = sides.register;
