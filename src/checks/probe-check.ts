import type { FailureReason } from '../outbound/describe-request-error.js';
import type { DnsRcode } from '../schemas/check-options.js';
import type { CheckKind } from '../schemas/check-url.js';
import type { UpstreamSummary } from '../schemas/statuspage/upstream-summary.js';
import type { CheckEndpointOptions, EndpointCheck } from './check-endpoint.js';
import type { CheckResult } from './check-result.js';

/** What a heartbeat component expects: its push URL's slug, and how often a push must come. */
export interface HeartbeatExpectation {
  readonly slug: string;
  readonly everyMs: number;
  readonly graceMs: number;
}

/**
 * One check of any kind: the kind its prober is chosen by, the HTTP check's
 * fields (the URL, the deadline, and what only an HTTP answer has), and
 * each other kind's own.
 */
export interface ProbeCheck extends EndpointCheck {
  /** Which prober runs it; left out, the kind its URL names (`checkKindOf`). The settings always say. */
  readonly kind?: CheckKind | undefined;
  /** dns: records the answer must hold (`expect_answer`). */
  readonly expectAnswer?: readonly string[] | undefined;
  /** dns: the answer code that counts as success (`expect_rcode`); `NOERROR` unless given. */
  readonly expectRcode?: DnsRcode | undefined;
  /** statuspage: the provider's component read (`upstream_component`); left out, the page's indicator. */
  readonly upstreamComponent?: string | undefined;
  /** heartbeat: when a push must come. */
  readonly heartbeat?: HeartbeatExpectation | undefined;
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
  read(check: ProbeCheck, context: CheckContext): Promise<UpstreamReading>;
}

/**
 * What every prober is handed besides its check: the shared resolver, the
 * shutdown signal and the clocks, and the long-lived sources the probe keeps
 * across cycles (the heartbeats' pushes, the upstream pages read).
 */
export interface CheckContext extends CheckEndpointOptions {
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
