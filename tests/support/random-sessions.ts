/**
 * A scheduler's laws over random sessions (the phase and segment property tests): `start`, then 20-120
 * random actions, each sequence checked by `run`. 60 sequences in `npm test`, 2,000 in `npm run soak`
 * (soak-depth.ts): about a second on a quiet two-core machine, several times that under load.
 */
import fc from "fast-check";
import { soakDepth } from "./soak-depth.ts";

export function playRandomSessions<A>(action: fc.Arbitrary<A>, start: A, run: (actions: readonly A[]) => void): void {
  fc.assert(
    fc.property(
      fc.array(action, { minLength: 20, maxLength: 120 }).map((xs): A[] => [start, ...xs]),
      (actions) => run(actions),
    ),
    { numRuns: soakDepth(60, 2000) },
  );
}
