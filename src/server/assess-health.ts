import type { ServiceStatus } from '../schemas/service-status.js';

/** The staleness bound when no probe schedule is known: three 30-second intervals. */
export const DEFAULT_STALE_AFTER_MS = 90_000;

export type Health =
  | { readonly healthy: true; readonly updatedAt: string; readonly ageSeconds: number }
  | { readonly healthy: false; readonly code: 'status_missing' | 'status_stale'; readonly message: string };

/**
 * Whether the published status is fresh enough to call the origin healthy.
 * Age is measured from the document's own `updated_at`, the time consumers see.
 */
export function assessHealth(status: ServiceStatus | undefined, now: Date, staleAfterMs: number): Health {
  if (status === undefined) {
    return { healthy: false, code: 'status_missing', message: 'no valid status document has been published' };
  }
  const ageMs = now.getTime() - Date.parse(status.updated_at);
  const ageSeconds = Math.max(0, Math.floor(ageMs / 1000));
  if (ageMs > staleAfterMs) {
    return {
      healthy: false,
      code: 'status_stale',
      message: `the status document was updated at ${status.updated_at}, ${ageSeconds} s ago, more than the ${Math.round(staleAfterMs / 1000)} s allowed; is the probe running?`,
    };
  }
  return { healthy: true, updatedAt: status.updated_at, ageSeconds };
}
