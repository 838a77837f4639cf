import type { BodyConditions } from '../schemas/body-conditions.js';
import type { DnsRcode } from '../schemas/check-options.js';
import type { CheckKind } from '../schemas/check-url.js';

/** What a heartbeat component expects: its push URL's slug, and how often a push must come. */
export interface HeartbeatExpectation {
  readonly slug: string;
  readonly everyMs: number;
  readonly graceMs: number;
}

/**
 * The shared part of every check (blackbox_exporter's `Module` before its
 * per-kind sub-struct): the kind its prober is chosen by, what it checks,
 * and the deadline of the whole check.
 */
interface CheckOf<K extends CheckKind> {
  readonly kind: K;
  readonly url: string;
  readonly timeoutMs: number;
}

/** The fields that belong to one kind or another; each member of `ProbeCheck` holds its own. */
type KindField =
  | 'expectStatus'
  | 'expectJson'
  | 'expectText'
  | 'ca'
  | 'expectAnswer'
  | 'expectRcode'
  | 'upstreamComponent'
  | 'heartbeat';

/**
 * The other kinds' fields, never set on this kind: left out, or written
 * `undefined` (the settings name every kind's options on every check, as
 * they always have, and a digest of the fields reads them by name).
 */
type NoneOf<Own extends KindField> = { readonly [Field in Exclude<KindField, Own>]?: undefined };

/** An http(s) check: which statuses count as success and what the body must satisfy (`expectJson`, `expectText`). */
export interface HttpCheck
  extends CheckOf<'http'>,
    BodyConditions,
    NoneOf<'expectStatus' | 'expectJson' | 'expectText' | 'ca'> {
  /** Statuses that count as success; `undefined` means any 2xx. */
  readonly expectStatus: readonly number[] | undefined;
  /** PEM certificates trusted for this check's TLS, instead of Node's bundled roots (`ca_file`). */
  readonly ca?: string | undefined;
}

/** A tcp check: it only connects. */
export interface TcpCheck extends CheckOf<'tcp'>, NoneOf<never> {}

/** A dns check: what the answer must hold. */
export interface DnsCheck extends CheckOf<'dns'>, NoneOf<'expectAnswer' | 'expectRcode'> {
  /** Records the answer must hold (`expect_answer`). */
  readonly expectAnswer?: readonly string[] | undefined;
  /** The answer code that counts as success (`expect_rcode`); `NOERROR` unless given. */
  readonly expectRcode?: DnsRcode | undefined;
}

/** A gRPC health check (`grpc://`, or `grpcs://` with TLS). */
export interface GrpcCheck extends CheckOf<'grpc'>, NoneOf<'ca'> {
  /** PEM certificates trusted for `grpcs://`, instead of Node's bundled roots (`ca_file`). */
  readonly ca?: string | undefined;
}

/** An upstream provider's Statuspage (`statuspage+https://`). */
export interface StatuspageCheck extends CheckOf<'statuspage'>, NoneOf<'ca' | 'upstreamComponent'> {
  /** PEM certificates trusted for the page's TLS (`ca_file`). */
  readonly ca?: string | undefined;
  /** The provider's component read (`upstream_component`); left out, the page's indicator. */
  readonly upstreamComponent?: string | undefined;
}

/** A heartbeat component's check of its pushes (`url` is `heartbeat:SLUG`, for the log and the fingerprint). */
export interface HeartbeatCheck extends CheckOf<'heartbeat'>, NoneOf<'heartbeat'> {
  /** When a push must come. */
  readonly heartbeat: HeartbeatExpectation;
}

/**
 * One check, of one kind: the shared part (kind, URL, deadline) and that
 * kind's own fields. `runCheck` chooses its prober by `kind`, and each
 * prober takes its own member.
 */
export type ProbeCheck = HttpCheck | TcpCheck | DnsCheck | GrpcCheck | StatuspageCheck | HeartbeatCheck;
