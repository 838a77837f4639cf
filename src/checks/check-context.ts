import type { FailureReason } from '../outbound/describe-request-error.js';
import type { UpstreamSummary } from '../schemas/statuspage/upstream-summary.js';
import type { CheckResult } from './check-result.js';
import type { ProbeCheck, StatuspageCheck } from './probe-check.js';
import type { ResolveHost } from './resolve-host.js';

/**
 * What `runCheck` hands the check of each kind besides its context: the
 * check's latency so far, on the clock it started when it started the check
 * (having already answered a check aborted before it began). No kind keeps a clock of its own.
 */
export interface CheckRun {
  /** Milliseconds since the check started, rounded. */
  readonly elapsed: () => number;
}

/** A push as the probe judges it: when it came, whether the job said it succeeded, and its message. */
export interface HeartbeatPush {
  readonly atMs: number;
  readonly ok: boolean;
  readonly message: string | null;
}

/** Where a heartbeat check finds its pushes: the probe keeps one for its whole life. */
export interface HeartbeatSource {
  /** The last push recorded for the component of `slug`; `undefined` when there is none (or it cannot be read). */
  lastPush(slug: string): Promise<HeartbeatPush | undefined>;
  /** Since when the probe has watched that component, in milliseconds since the epoch. */
  watchedSinceMs(slug: string): number;
}

/** What a provider's page says, as last read: a summary and when it was read, or why it could not be read since when. */
export type UpstreamReading =
  | {
      readonly kind: 'read';
      readonly summary: UpstreamSummary;
      readonly readAtMs: number;
      readonly latencyMs: number;
    }
  /** The last read failed, but the summary read before is recent enough to stand. */
  | {
      readonly kind: 'kept';
      readonly summary: UpstreamSummary;
      readonly readAtMs: number;
      readonly latencyMs: number;
      readonly failure: FailureReason;
    }
  | {
      readonly kind: 'unreadable';
      readonly sinceMs: number;
      readonly failure: FailureReason;
      readonly latencyMs: number;
    };

/** The providers' pages the probe reads, kept across cycles (`createUpstreamPages`). */
export interface UpstreamPages {
  /** The page `check.url` names, read now if its last read is old enough, else as last read. Never rejects. */
  read(check: StatuspageCheck, context: CheckContext): Promise<UpstreamReading>;
}

/**
 * What every prober is handed besides its check: the shared resolver, the
 * shutdown signal and the clocks, and the long-lived sources the probe keeps
 * across cycles (the heartbeats' pushes, the upstream pages read).
 */
export interface CheckContext {
  /** Resolves host names; the system resolver by default, in a child process the deadline can kill. */
  readonly resolveHost?: ResolveHost;
  /** Aborts the check from outside (shutdown); the result is then a failure nobody should publish. */
  readonly signal?: AbortSignal | undefined;
  /** A monotonic clock in milliseconds: each check's latency (`runCheck`). */
  readonly clock?: () => number;
  /** The wall clock: a heartbeat's age, an upstream page's freshness. */
  readonly now?: (() => Date) | undefined;
  readonly heartbeats?: HeartbeatSource | undefined;
  readonly upstreamPages?: UpstreamPages | undefined;
}

/**
 * Every kind of check has this one signature, as `runCheck`, which chooses
 * among them, has too; a check never throws: a failure is its result.
 */
export type CheckFunction = (check: ProbeCheck, context: CheckContext) => Promise<CheckResult>;
