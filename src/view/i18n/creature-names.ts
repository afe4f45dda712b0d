/**
 * Engine messages name creatures by id (`id`: the creature a refusal is about, `targetId`: the one it
 * aims at): the engine knows nothing else. A user reads the creature's name instead, as that user may know
 * it: the host's `creatureName` gives it ("an unseen creature" for one hidden from a player), and an id
 * it does not know (a creature since removed, a token's id) reads as "an unknown creature", never the raw
 * id. Every message the hosts show goes through here (`formatMessage`: Foundry's notices and both hosts'
 * templates). Ids that name no creature are not in the engine's sentences at all (a roll request's id, a
 * group's), except an encounter's group id, which its author typed (`Encounter.*`).
 */
import type { Message } from "../../engine/index.ts";

/** The fields of an engine Message that hold a creature's id. */
export const CREATURE_ID_FIELDS: readonly string[] = ["id", "targetId"];

/** Families of refusals (`TEMPO.ERRORS.<family>.…`) whose `id` is not a creature's: an encounter's group id, typed by the user. */
const OTHER_IDS: readonly string[] = ["Encounter"];

/** A key's family: its third part (`TEMPO`, `ERRORS`, the family, the message). */
const familyOf = (key: string): string | undefined => {
  const [root, kind, family] = key.split(".");
  return root === "TEMPO" && kind === "ERRORS" ? family : undefined;
};

/** A hidden creature, as a player's page names it. */
export const UNSEEN_CREATURE = "TEMPO.CHAT.UnseenCreature";
/** A creature id the page does not know. */
export const UNKNOWN_CREATURE = "TEMPO.ERRORS.UnknownCreature";

/** The name of the creature `id` as the viewer may know it; null when the page knows no such creature. */
export type CreatureName = (id: string) => string | null;

/**
 * `message`'s data with each creature id replaced by its name (`unknown` when `nameOf` knows none); as it
 * is when the host gives no `nameOf` (a page with no creatures, a test's bare localizer).
 */
export function namedData(
  message: Message,
  nameOf: CreatureName | undefined,
  unknown: string,
): Readonly<Record<string, string | number>> {
  const data = message.data ?? {};
  const family = familyOf(message.key);
  if (nameOf === undefined || (family !== undefined && OTHER_IDS.includes(family))) return data;
  let named: Record<string, string | number> | null = null;
  for (const field of CREATURE_ID_FIELDS) {
    const id = data[field];
    if (typeof id !== "string") continue;
    named ??= { ...data };
    named[field] = nameOf(id) ?? unknown;
  }
  return named ?? data;
}

/** A page's creatures as `creatureName` reads them: a hidden one is `unseen` to a player. */
export function creatureNamesOf(
  creatures: readonly { readonly id: string; readonly name: string; readonly hidden?: boolean }[],
  isGM: boolean,
  unseen: string,
): CreatureName {
  return (id) => {
    const found = creatures.find((c) => c.id === id);
    if (found === undefined) return null;
    return found.hidden === true && !isGM ? unseen : found.name;
  };
}
