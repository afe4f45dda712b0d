/**
 * How deep a random test goes: `quick` in `npm test`, `deep` in `npm run soak` (scripts/soak.mjs sets
 * TEMPO_SOAK). The same property runs in both, on the same first cases where the test fixes its seed; the
 * deep runs are what `npm test` no longer waits for (session 18: vitest's time on two cores had reached
 * 213 s of the five-minute budget).
 */
export const soakDepth = (quick: number, deep: number): number => (process.env.TEMPO_SOAK === undefined ? quick : deep);

/** A deep test's time limit: `quick` in `npm test` (a hang still fails), an hour in `npm run soak`. */
export const soakTimeout = (quick: number): number => soakDepth(quick, 3_600_000);
