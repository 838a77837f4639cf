import type { HeartbeatSource } from '../checks/check-context.js';
import { describeIoError, errorKey } from '../errors/describe-error.js';
import { type ConditionLog, createConditionLog } from '../log/condition-log.js';
import type { ProbeLog } from '../log/probe-log.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { readHeartbeat, readWatched, writeWatched } from './heartbeat-files.js';

/** The probe's source of pushes, with the one step it takes before its first cycle. */
export interface PreparedHeartbeatSource extends HeartbeatSource {
  /**
   * Reads when each heartbeat component began to be watched, and records
   * now for those never watched before. Run by the writer before its first
   * cycle; a record it cannot read or write is logged, and watching then
   * begins at this start.
   */
  prepare(): Promise<void>;
}

export interface HeartbeatSourceOptions {
  /** The probe's state directory: the pushes are under `heartbeats/` there. */
  readonly stateDir: string;
  /** The slugs of the heartbeat components. */
  readonly slugs: readonly string[];
  readonly log: ProbeLog;
  readonly now?: () => Date;
}

/**
 * Where the probe's cycles read pushes: each component's record file, read
 * again every cycle (pushes arrive through any replica, or the `heartbeat`
 * command), and when the probe began watching it, kept in the state
 * directory so that neither a restart nor `--once` runs put off judging a
 * job that never pushed. A record that cannot be read counts as no push,
 * logged once while it lasts.
 */
export function createHeartbeatSource({
  stateDir,
  slugs,
  log,
  now = () => new Date(),
}: HeartbeatSourceOptions): PreparedHeartbeatSource {
  const startedAtMs = now().getTime();
  const watchedSince = new Map<string, number>();
  const unreadable = new Map<string, ConditionLog>();
  const conditionOf = (slug: string) => {
    let condition = unreadable.get(slug);
    if (condition === undefined) {
      condition = createConditionLog({ log, now });
      unreadable.set(slug, condition);
    }
    return condition;
  };
  return {
    async prepare() {
      if (slugs.length === 0) return;
      const recorded = await readWatched(stateDir).catch((error: unknown): Record<string, string> => {
        log.error(`heartbeats: ${describeIoError(error)}; watching every heartbeat component from now`);
        return {};
      });
      const nowIso = formatTimestamp(new Date(startedAtMs));
      const next = Object.fromEntries(slugs.map((slug) => [slug, recorded[slug] ?? nowIso]));
      for (const [slug, since] of Object.entries(next)) watchedSince.set(slug, Date.parse(since));
      if (slugs.every((slug) => recorded[slug] !== undefined)) return;
      await writeWatched(stateDir, next).catch((error: unknown) => {
        log.error(`heartbeats: could not record when watching began: ${describeIoError(error)}`);
      });
    },
    watchedSinceMs: (slug) => watchedSince.get(slug) ?? startedAtMs,
    async lastPush(slug) {
      try {
        const push = await readHeartbeat(stateDir, slug);
        conditionOf(slug).clear(`heartbeats: reading the last push of ${slug} again`);
        return push;
      } catch (error) {
        conditionOf(slug).holds(
          errorKey(error),
          `heartbeats: ${describeIoError(error)}; ${slug} counts as not heard from until its record is readable`,
        );
        return undefined;
      }
    },
  };
}
