/**
 * Issue 18: requests a player sends the GM on the system socket are rate-limited per sender (the id the
 * server gives, never one in the payload): at most REQUEST_RATE.limit in any REQUEST_RATE.windowMs;
 * what is over is dropped without an answer (the sender's own client times it out). A person clicking
 * stays far below the limit (a click is one request); a console loop of thousands is cut off, and with
 * it the GM's answers broadcast to every client. Pure: the caller keeps the state and gives the time.
 */

export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

/** **Ruling:** 600 requests in 10 seconds (a sustained 60 a second). */
export const REQUEST_RATE: RateRule = { limit: 600, windowMs: 10_000 };

/** When each sender's recent requests arrived (ms), oldest first. */
export type RateState = Readonly<Record<string, readonly number[]>>;

export interface RateVerdict {
  readonly admitted: boolean;
  readonly state: RateState;
}

/** Whether a request from `sender` at `now` is admitted, and the state after it. */
export function admitRequest(
  state: RateState,
  sender: string,
  now: number,
  rule: RateRule = REQUEST_RATE,
): RateVerdict {
  const recent = (Object.hasOwn(state, sender) ? (state[sender] ?? []) : []).filter((t) => now - t < rule.windowMs);
  const admitted = recent.length < rule.limit;
  const kept = admitted ? [...recent, now] : recent;
  const next: Record<string, readonly number[]> = {};
  for (const [id, times] of Object.entries(state)) {
    const live = id === sender ? kept : times.filter((t) => now - t < rule.windowMs);
    if (live.length > 0) next[id] = live;
  }
  if (!Object.hasOwn(next, sender) && kept.length > 0) next[sender] = kept;
  return { admitted, state: next };
}
