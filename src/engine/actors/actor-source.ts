/**
 * The check a stored actor's system data must pass when nothing fills it in first (a pack source): every
 * statistic of `ActorStats` written with the right type, no field the actor models do not have, then the
 * engine's own `validateActorStats` (the check the data models run in `validateJoint`). The pack build
 * and the pack tests run it, so a compendium actor the model would refuse fails there, naming the field.
 */
import { isRecord, isWhole, shown } from "../dice/checks.ts";
import { DR_FAMILIES } from "../damage/damage-kinds.ts";
import { MOVEMENT_MODES } from "../movement/movement-turn.ts";
import type { I18nKey } from "../core/result.ts";
import { ABILITY_IDS, SKILL_IDS, type ActorStats } from "./actor-stats.ts";
import { validateActorStats, type ActorProblem } from "./validate-actor-stats.ts";
import { validateActorActions, type ActorActionOverrides } from "./actor-actions.ts";

/** What one stored field holds. Objects nest; `skills` is the weapon skills list. */
type Leaf = "number" | "maybeNumber" | "text" | "maybeText" | "flag" | "skills";
interface Shape {
  readonly [field: string]: Leaf | Shape;
}

function each(keys: readonly string[], leaf: Leaf): Shape {
  return Object.fromEntries(keys.map((key) => [key, leaf]));
}

const pool: Shape = { value: "number", max: "number" };
const dr: Shape = each(DR_FAMILIES, "number");

/** The stored shape of `ActorStats` (src/foundry/data/actor/actor-schema.ts stores the same fields). */
export const ACTOR_SOURCE_SHAPE: Shape = {
  abilities: each(ABILITY_IDS, "number"),
  primaryAbility: "text",
  initiative: { modifier: "number", dexReaction: "number" },
  hp: pool,
  overshield: { ...pool, dr, effect: "text", condition: "text" },
  dr,
  ap: pool,
  criticalThreshold: "number",
  skills: each(SKILL_IDS, "number"),
  weaponSkills: "skills",
  tier: "number",
  atk: "number",
  level: "number",
  hitDice: "text",
  aac0: "maybeNumber",
  defenses: each(["ac", "descendingAc", "def", "dodge", "armor"], "number"),
  speeds: each(MOVEMENT_MODES, "number"),
  side: "maybeText",
};

/** Fields an actor stores beside its statistics (rich text no rule reads): optional, text when present. */
export const ACTOR_TEXT_FIELDS: readonly string[] = ["biography"];

/** Fields an actor stores beside its statistics that a rule reads: optional (the rules' default), checked when present. */
const ACTOR_OPTIONAL_SHAPE: Shape = { actions: { segment: { attackRoutines: "number" } } };

const SKILL_SHAPE: Shape = { group: "text", bonus: "number", proficient: "flag" };

function problem(path: string, key: I18nKey, value: unknown): ActorProblem {
  return { path, key, data: { field: path, value: shown(value) } };
}

function checkLeaf(path: string, leaf: Leaf, value: unknown, out: ActorProblem[]): void {
  switch (leaf) {
    case "number":
    case "maybeNumber":
      if (!isWhole(value) && !(leaf === "maybeNumber" && value === null))
        out.push(problem(path, "TEMPO.ERRORS.Actor.NotWhole", value));
      return;
    case "text":
    case "maybeText":
      if (typeof value !== "string" && !(leaf === "maybeText" && value === null))
        out.push(problem(path, "TEMPO.ERRORS.Actor.NotText", value));
      return;
    case "flag":
      if (typeof value !== "boolean") out.push(problem(path, "TEMPO.ERRORS.Actor.NotFlag", value));
      return;
    case "skills":
      if (!Array.isArray(value)) out.push(problem(path, "TEMPO.ERRORS.Actor.NotAList", value));
      else value.forEach((skill: unknown, i) => checkShape(`${path}.${i}`, SKILL_SHAPE, skill, out));
  }
}

function checkShape(path: string, shape: Shape, value: unknown, out: ActorProblem[]): void {
  const at = (field: string) => (path === "" ? field : `${path}.${field}`);
  if (!isRecord(value) || Array.isArray(value)) {
    out.push(problem(path === "" ? "system" : path, "TEMPO.ERRORS.Actor.NotAnObject", value));
    return;
  }
  for (const field of Object.keys(value))
    if (path === "" && ACTOR_TEXT_FIELDS.includes(field)) checkLeaf(field, "text", value[field], out);
    else if (path === "" && Object.hasOwn(ACTOR_OPTIONAL_SHAPE, field))
      checkShape(field, ACTOR_OPTIONAL_SHAPE[field] as Shape, value[field], out);
    else if (!(field in shape))
      out.push({ path: at(field), key: "TEMPO.ERRORS.Actor.UnknownField", data: { field: at(field) } });
  for (const [field, inner] of Object.entries(shape)) {
    if (typeof inner === "string") checkLeaf(at(field), inner, value[field], out);
    else checkShape(at(field), inner, value[field], out);
  }
}

/**
 * Every problem of an actor's stored system data: its shape first (a missing or mistyped field, or one the
 * models do not have), then, when the shape is sound, the statistics themselves (`validateActorStats`).
 */
export function checkActorSource(system: unknown): readonly ActorProblem[] {
  const problems: ActorProblem[] = [];
  checkShape("", ACTOR_SOURCE_SHAPE, system, problems);
  if (problems.length > 0) return problems;
  const actions = (system as { actions?: ActorActionOverrides }).actions;
  return [...validateActorStats(system as ActorStats), ...(actions === undefined ? [] : validateActorActions(actions))];
}
