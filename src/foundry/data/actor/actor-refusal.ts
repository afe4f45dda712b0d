/**
 * Turns the engine's list of problems into the one localized error a data model throws to refuse a
 * change. Foundry's own Crucible system throws `new Error(game.i18n.localize(…))` from `validateJoint`
 * the same way (CrucibleBackground.validateJoint); the update is then rejected and nothing is saved.
 */
import type { ActorProblem } from "../../../engine/index.ts";
import { localizeMessage } from "../../localize.ts";

/** The localized sentence of every problem, one after the other. */
export function describeProblems(problems: readonly ActorProblem[]): string {
  return problems.map(localizeMessage).join(" ");
}

/** Throws the localized refusal when there are problems; returns quietly otherwise. */
export function refuseProblems(problems: readonly ActorProblem[]): void {
  if (problems.length === 0) return;
  throw new Error(game.i18n.format("TEMPO.ERRORS.Actor.Refused", { problems: describeProblems(problems) }));
}
