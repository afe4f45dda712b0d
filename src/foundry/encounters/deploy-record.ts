/**
 * What a deploy created, stored on the Combat it made (`flags.tempo.deploy`, written with the Combat's
 * creation: no extra write), so an undo removes exactly that and nothing the GM made since.
 */
import { SYSTEM_ID } from "../system-id.ts";

export const DEPLOY_FLAG = "deploy";

export interface DeployRecord {
  readonly sceneId: string;
  readonly tokenIds: readonly string[];
  /** World actors imported from compendiums for the tokens. */
  readonly actorIds: readonly string[];
  /** The UUID of the encounter deployed, when known (the encounter's menu undoes its latest deploy). */
  readonly encounter: string | null;
}

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null;

/** The deploy record of a combat, or null when the combat was not made by a deploy. */
export function deployRecordOf(combat: Combat.Implementation): DeployRecord | null {
  const flags: unknown = Reflect.get(combat, "flags");
  const scoped: unknown = typeof flags === "object" && flags !== null ? Reflect.get(flags, SYSTEM_ID) : null;
  const record: unknown = typeof scoped === "object" && scoped !== null ? Reflect.get(scoped, DEPLOY_FLAG) : null;
  if (typeof record !== "object" || record === null) return null;
  const sceneId: unknown = Reflect.get(record, "sceneId");
  const tokenIds = strings(Reflect.get(record, "tokenIds"));
  const actorIds = strings(Reflect.get(record, "actorIds"));
  if (typeof sceneId !== "string" || tokenIds === null || actorIds === null) return null;
  const encounter: unknown = Reflect.get(record, "encounter");
  return { sceneId, tokenIds, actorIds, encounter: typeof encounter === "string" ? encounter : null };
}

/** The latest combat a deploy of `encounter` made that is still there, or null. */
export function latestDeployOf(encounter: string): Combat.Implementation | null {
  const combats = game.combats.contents as unknown as readonly Combat.Implementation[];
  const made = combats.filter((combat) => deployRecordOf(combat)?.encounter === encounter);
  return made.at(-1) ?? null;
}
