import type { ProbeLog } from '../log/probe-log.js';

/** At most one line a minute for each client and answer after its first. */
const QUIET_MS = 60_000;
/** Pairs of client and answer remembered; past it, every pair starts again. */
const MAX_REMEMBERED = 1_000;

export interface RefusalLog {
  /** A request from `client` was refused with `status`, for the reason in `line`. */
  refused(client: string, status: number, line: string): void;
}

/**
 * The push listener's refusals in the log: the first of each client and
 * answer at once, then at most one a minute, saying how many were not
 * logged meanwhile. Nothing is refused silently, and no client can flood
 * the log.
 */
export function createRefusalLog(log: ProbeLog, clock: () => number = () => performance.now()): RefusalLog {
  const seen = new Map<string, { atMs: number; unlogged: number }>();
  return {
    refused(client, status, line) {
      const key = `${client} ${status}`;
      const nowMs = clock();
      const last = seen.get(key);
      if (last !== undefined && nowMs - last.atMs < QUIET_MS) {
        last.unlogged += 1;
        return;
      }
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(key, { atMs: nowMs, unlogged: 0 });
      const more = last === undefined || last.unlogged === 0 ? '' : ` (and ${last.unlogged} more since the last line)`;
      log.error(`heartbeats: refused ${status} from ${client}: ${line}${more}`);
    },
  };
}
