/**
 * Time the runtime model spends doing Foundry's own work (the server's permission check and diff,
 * copying messages, cleaning data models, merging sources): what Foundry would spend too, not Tempo.
 * The host-step bench subtracts it from a click's CPU time to get Tempo's own time.
 *
 * Measured as CPU time (`process.cpuUsage`), the clock the bench measures the click with: wall time
 * also counts the other processes of a shared machine, so subtracting it took more than the model's
 * work from Tempo's (a median below zero on a loaded machine). A measure inside another counts once.
 * Off unless a bench turns it on (`enabled`): reading the CPU clock is a system call, and at two calls
 * per document change it was a fifth of the race fuzz's time.
 */
let depth = 0;

export const modelClock = {
  ms: 0,
  enabled: false,
  measure<T>(fn: () => T): T {
    if (!this.enabled || depth > 0) return fn();
    depth++;
    const start = process.cpuUsage();
    try {
      return fn();
    } finally {
      const used = process.cpuUsage(start);
      this.ms += (used.user + used.system) / 1000;
      depth--;
    }
  },
};
