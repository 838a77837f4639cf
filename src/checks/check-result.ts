import type { FailureReason } from '../outbound/describe-request-error.js';
import type { StatusValue } from '../schemas/status-value.js';
import type { CertificateExpiry } from './judge-certificate.js';

/** Where a check was when it ended: resolving the host, connecting, the TLS handshake, waiting for headers, reading the body. */
export type CheckPhase = 'dns' | 'connect' | 'tls' | 'headers' | 'body';

/** What one check found. A failure is data, never an exception. */
export interface CheckResult {
  readonly ok: boolean;
  /** The response status, when a response arrived. */
  readonly status?: number;
  /** From sending the request to the end of the (capped) body, or to the failure. */
  readonly latency_ms: number;
  readonly error?: FailureReason;
  /** For a `timeout`: the phase that ran out of time. */
  readonly phase?: CheckPhase;
  /** For https (and grpcs), once the handshake succeeded: when the served certificates expire. */
  readonly certificate?: CertificateExpiry;
  /**
   * The state the checked thing reports of itself (an upstream provider's
   * page), which stands for this check in its component's state, whatever
   * `ok` and the latency say; `ok` is then whether that state is operational.
   */
  readonly reported?: StatusValue;
  /** For a heartbeat: when its last push arrived, in milliseconds since the epoch. */
  readonly pushedAtMs?: number;
  /** A success that measured nothing, in words for the log: a heartbeat not judged yet. */
  readonly note?: string;
  /** For a heartbeat never heard from: when it is first judged, in milliseconds since the epoch. */
  readonly notJudgedUntilMs?: number;
}
