import { errorCode } from '../errors/describe-error.js';

/**
 * Why a check failed, in a short fixed vocabulary: `refused`, `dns`, `tls`,
 * `reset`, `timeout`, `unexpected status N`, `error (CODE)` for anything
 * else, or `body ...` for an answer whose body failed a condition (its words
 * say which, with what was found cut short and escaped). The other kinds of
 * check add their own words, each counted under one of the same failure
 * classes (`classifyFailure`): a DNS answer's code (`rcode NXDOMAIN, …`) or
 * records (`answer …`), a gRPC health answer (`health NOT_SERVING`), a
 * heartbeat (`no heartbeat since …`, `heartbeat failed …`), an upstream
 * provider (`upstream …`). Only error codes are used, never messages, so
 * nothing from a URL (credentials, query) can reach a log through a reason.
 */
export type FailureReason =
  | 'refused'
  | 'dns'
  | 'tls'
  | 'reset'
  | 'timeout'
  | `unexpected status ${number}`
  | `error (${string})`
  | `body ${string}`
  | `rcode ${string}`
  | `answer ${string}`
  | `health ${string}`
  | `no heartbeat ${string}`
  | `heartbeat failed${string}`
  | `upstream ${string}`;

const REASON_BY_CODE: Readonly<Record<string, FailureReason>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  EAI_NODATA: 'dns',
  EAI_FAIL: 'dns',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  // undici (verify's client): the peer closed the socket, or ended the body before Content-Length.
  UND_ERR_SOCKET: 'reset',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  EPROTO: 'tls',
};

/** Maps an error from the HTTP client to a failure reason. */
export function describeRequestError(error: unknown): FailureReason {
  const code = errorCode(error) ?? errorCode(error instanceof Error ? error.cause : undefined);
  if (code === undefined) return `error (${error instanceof Error ? error.name : typeof error})`;
  const known = REASON_BY_CODE[code];
  if (known !== undefined) return known;
  // OpenSSL's verification codes (CERT_HAS_EXPIRED, UNABLE_TO_VERIFY_LEAF_SIGNATURE, ...) and Node's TLS errors.
  if (/^ERR_(TLS|SSL)_|CERT|SELF_SIGNED|^UNABLE_TO_|SIGNATURE|HOSTNAME_MISMATCH/.test(code)) return 'tls';
  return `error (${code})`;
}

/** The reason for a response whose status was not expected. */
export function describeUnexpectedStatus(status: number): FailureReason {
  return `unexpected status ${status}`;
}
