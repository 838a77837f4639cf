import type { ProbeLog } from '../log/probe-log.js';

/** At most one line a minute for each client and answer after its first. */
const QUIET_MS = 60_000;
/** Pairs of client and answer remembered; past it, every pair starts again. */
const MAX_REMEMBERED = 1_000;
/** Lines a minute in all, whatever the number of clients: past it, one line a minute says how many were not logged. */
export const MAX_REFUSAL_LINES_PER_MINUTE = 30;

export interface RefusalLog {
  /** A request from `client` was refused with `status`, for the reason in `line`. */
  refused(client: string, status: number, line: string): void;
}

/**
 * The push listener's refusals in the log: the first of each client and
 * answer at once, then at most one a minute, saying how many were not
 * logged meanwhile; and at most `MAX_REFUSAL_LINES_PER_MINUTE` lines a
 * minute in all, the next line then saying how many refusals (from how many
 * clients) the last minute left out. Nothing is refused silently, and no
 * client, nor any number of them, can flood the log.
 */
export function createRefusalLog(log: ProbeLog, clock: () => number = () => performance.now()): RefusalLog {
  const seen = new Map<string, { atMs: number; unlogged: number }>();
  let minute = { startMs: Number.NEGATIVE_INFINITY, lines: 0, unlogged: 0, clients: new Set<string>() };
  return {
    refused(client, status, line) {
      const key = `${client} ${status}`;
      const nowMs = clock();
      const last = seen.get(key);
      if (last !== undefined && nowMs - last.atMs < QUIET_MS) {
        last.unlogged += 1;
        return;
      }
      if (nowMs - minute.startMs >= QUIET_MS) {
        if (minute.unlogged > 0) {
          log.error(
            `heartbeats: ${minute.unlogged} more refusals from ${minute.clients.size} clients not logged in the last minute ` +
              `(at most ${MAX_REFUSAL_LINES_PER_MINUTE} lines a minute)`,
          );
        }
        minute = { startMs: nowMs, lines: 0, unlogged: 0, clients: new Set() };
      }
      if (minute.lines >= MAX_REFUSAL_LINES_PER_MINUTE) {
        minute.unlogged += 1;
        // Bounded as the pairs are: past it, the count of clients stops growing, not the count of refusals.
        if (minute.clients.size < MAX_REMEMBERED) minute.clients.add(client);
        return;
      }
      minute.lines += 1;
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(key, { atMs: nowMs, unlogged: 0 });
      const more = last === undefined || last.unlogged === 0 ? '' : ` (and ${last.unlogged} more since the last line)`;
      log.error(`heartbeats: refused ${status} from ${client}: ${line}${more}`);
    },
  };
}
