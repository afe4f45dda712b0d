/**
 * Time the runtime model spends doing Foundry's own work (the server's permission check and diff,
 * copying messages, cleaning data models, merging sources): what Foundry would spend too, not Tempo.
 * The host-step bench subtracts it from a click's CPU time to get Tempo's own time.
 */
import { performance } from "node:perf_hooks";

export const modelClock = {
  ms: 0,
  measure<T>(fn: () => T): T {
    const start = performance.now();
    try {
      return fn();
    } finally {
      this.ms += performance.now() - start;
    }
  },
};
