/**
 * Issue 17: how fast the host ran the bench, so a reader can tell a slow host from a slow click. The same
 * machine, at quiet times minutes apart, measured one code's host-step median at 0.32 and at 0.65-0.80 ms
 * (README); a fixed workload timed beside the clicks moves with it. The workload: sorting the same 100,000
 * pseudo-random numbers, best of five, on the main thread's CPU clock (runtime/clock.ts `threadCpuMs`).
 */
import { threadCpuMs } from "../../tests/support/runtime/clock.ts";

const SIZE = 100_000;
const RUNS = 5;

/** The best of five timings of the fixed workload, ms. */
export function hostReferenceMs(): number {
  let seed = 1;
  const numbers = Array.from({ length: SIZE }, () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed;
  });
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const copy = numbers.slice();
    const start = threadCpuMs();
    copy.sort((a, b) => a - b);
    best = Math.min(best, threadCpuMs() - start);
  }
  return best;
}
