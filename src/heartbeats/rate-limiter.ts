/** A client's allowance: how many requests it may send at once, and how fast that refills. */
export interface RateLimit {
  /** Requests a client may send in a burst. */
  readonly burst: number;
  /** Requests a second a client may send for as long as it likes. */
  readonly perSecond: number;
}

export interface RateLimiter {
  /** Takes one request from `client`'s allowance at `nowMs`: 0 when allowed, else the seconds until it would be. */
  take(client: string, nowMs: number): number;
}

/** Clients remembered at most: past it the fullest allowances, those of clients quiet longest, are forgotten. */
const MAX_CLIENTS = 10_000;

/**
 * A token bucket per client: `burst` requests at once, refilled at
 * `perSecond`. A client forgotten (past `MAX_CLIENTS`) starts again with a
 * full bucket, which only ever errs towards letting a request through; the
 * memory stays bounded whatever the number of clients.
 */
export function createRateLimiter({ burst, perSecond }: RateLimit): RateLimiter {
  const buckets = new Map<string, { tokens: number; atMs: number }>();
  return {
    take(client, nowMs) {
      const bucket = buckets.get(client) ?? { tokens: burst, atMs: nowMs };
      const tokens = Math.min(burst, bucket.tokens + (Math.max(0, nowMs - bucket.atMs) / 1000) * perSecond);
      buckets.delete(client);
      if (tokens < 1) {
        buckets.set(client, { tokens, atMs: nowMs });
        return Math.ceil((1 - tokens) / perSecond);
      }
      // Re-inserted last: the map's order is then from the longest quiet to the latest.
      buckets.set(client, { tokens: tokens - 1, atMs: nowMs });
      if (buckets.size > MAX_CLIENTS) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      return 0;
    },
  };
}
