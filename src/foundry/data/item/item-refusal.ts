/**
 * The models' side of item validation: the engine's problem list becomes one localized Error, thrown from
 * `validateJoint` so that Foundry refuses the whole write and keeps the stored source as it was (Foundry's
 * own Crucible system throws localized errors from `validateJoint` the same way).
 */
import { type ItemProblem } from "../../../engine/index.ts";
import { localizeMessage } from "../../localize.ts";

/** Throws the first problem, localized, naming its field; returns when there is none. */
export function refuseProblems(problems: readonly ItemProblem[]): void {
  const first = problems[0];
  if (first === undefined) return;
  throw new Error(localizeMessage(first.message));
}
