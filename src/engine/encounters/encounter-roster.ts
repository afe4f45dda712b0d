/**
 * What deploying an encounter places: one unit per creature (an entry's count expanded), each with its
 * side, its group and whether it starts surprised; entries whose actor could not be found are left out
 * and reported by name, and the rest still deploy (issue 12 item 2).
 */
import type { HostSide } from "../host/ruleset-host.ts";
import type { EncounterData, EncounterSurprise } from "./encounter.ts";

export interface EncounterUnit {
  /** The entry's index in the encounter. */
  readonly entry: number;
  readonly uuid: string;
  readonly side: HostSide;
  readonly group: string | null;
  /** CNT-4, SEG-16: the GM's "surprised" mark, from the encounter's surprise. */
  readonly surprised: boolean;
}

export interface EncounterRoster {
  readonly units: readonly EncounterUnit[];
  /** Names of the entries whose actor is missing, each once, in the encounter's order. */
  readonly missing: readonly string[];
}

/** Whether a creature on `side` starts surprised: the party is pcs and allies, the enemies the rest. */
export function startsSurprised(surprise: EncounterSurprise, side: HostSide): boolean {
  if (surprise === "party") return side !== "enemy";
  if (surprise === "enemies") return side === "enemy";
  return false;
}

/** The units to deploy; `found(uuid)` says whether the entry's actor exists. */
export function encounterRoster(data: EncounterData, found: (uuid: string) => boolean): EncounterRoster {
  const units: EncounterUnit[] = [];
  const missing: string[] = [];
  for (const [entry, item] of data.entries.entries()) {
    if (!found(item.uuid)) {
      if (!missing.includes(item.name)) missing.push(item.name);
      continue;
    }
    const surprised = startsSurprised(data.surprise, item.side);
    for (let n = 0; n < item.count; n++)
      units.push({ entry, uuid: item.uuid, side: item.side, group: item.group, surprised });
  }
  return { units, missing };
}
