/** The host of each ruleset by id (ruleset-host.ts). */
import type { RulesetId } from "../initiative/contract.ts";
import { countHost } from "./count-host.ts";
import { phaseHost } from "./phase-host.ts";
import { rotationHost } from "./rotation-host.ts";
import type { RulesetHost } from "./ruleset-host.ts";
import { segmentHost } from "./segment-host.ts";
import { standardHost } from "./standard-host.ts";

/**
 * A host whose state type is not known to the caller. States only travel between the host's own
 * functions (read → apply → stored), so `unknown` loses nothing a caller could use.
 */
export type AnyRulesetHost = RulesetHost<unknown>;

/** The host of `ruleset`. `untimedRoundSeconds` is the world setting for `count` and `phase` rounds (TIME-1). */
export function rulesetHost(ruleset: RulesetId, untimedRoundSeconds: number): AnyRulesetHost {
  switch (ruleset) {
    case "count":
      return countHost(untimedRoundSeconds) as unknown as AnyRulesetHost;
    case "standard":
      return standardHost() as unknown as AnyRulesetHost;
    case "phase":
      return phaseHost(untimedRoundSeconds) as unknown as AnyRulesetHost;
    case "segment":
      return segmentHost() as unknown as AnyRulesetHost;
    case "rotation":
      return rotationHost() as unknown as AnyRulesetHost;
  }
}
