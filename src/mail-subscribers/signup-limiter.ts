/** Sign-ups a client may make in any rolling `SIGNUP_WINDOW_MS`. */
export const MAX_SIGNUPS_PER_WINDOW = 6;
export const SIGNUP_WINDOW_MS = 60_000;
/** Clients remembered at most; past it the longest quiet are forgotten, so memory stays bounded. */
const MAX_CLIENTS = 10_000;

export interface SignupLimiter {
  /** Counts a sign-up by `client` at `nowMs`: 0 when allowed, else the whole seconds until one would be. */
  take(client: string, nowMs: number): number;
}

/** A rolling window per client: at most `max` sign-ups in any `windowMs`. */
export function createSignupLimiter(max = MAX_SIGNUPS_PER_WINDOW, windowMs = SIGNUP_WINDOW_MS): SignupLimiter {
  const seen = new Map<string, number[]>();
  return {
    take(client, nowMs) {
      const recent = (seen.get(client) ?? []).filter((atMs) => nowMs - atMs < windowMs);
      seen.delete(client);
      if (recent.length >= max) {
        seen.set(client, recent);
        return Math.max(1, Math.ceil(((recent[0] ?? nowMs) + windowMs - nowMs) / 1000));
      }
      recent.push(nowMs);
      seen.set(client, recent);
      if (seen.size > MAX_CLIENTS) {
        const oldest = seen.keys().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
      return 0;
    },
  };
}
