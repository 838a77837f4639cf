import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import { PROBE_USER_AGENT } from '../outbound/probe-user-agent.js';
import { ANSWER_IN } from '../outbound/with-deadline.js';
import type { CheckPhase } from './check-result.js';
import type { CertificateExpiry } from './judge-certificate.js';
import { type CappedBody, drainBody, readCappedBody } from './read-capped-body.js';
import type { ResolveHost } from './resolve-host.js';
import { trackLookup } from './track-lookup.js';

/** One GET to make: where, the CAs trusted for https, and how much of the body to keep (none: read and dropped). */
export interface ExchangeRequest {
  readonly url: string;
  readonly ca?: string | undefined;
  /** Keep the body up to this many bytes (a longer one is `too-large`); left out, the body is drained and dropped. */
  readonly keepBodyBytes?: number | undefined;
  /** Read and dropped up to this many bytes when not kept. */
  readonly drainBytes: number;
  readonly accept?: string;
}

export type ExchangeEnd =
  | { readonly kind: 'answered'; readonly status: number; readonly body: CappedBody | undefined }
  | { readonly kind: 'failed'; readonly error: unknown; readonly phase: CheckPhase };

export interface Exchange {
  /** Settles when the capped body has been read or the request failed; never rejects. */
  readonly result: Promise<ExchangeEnd>;
  /** The phase the exchange is in now. */
  phase(): CheckPhase;
  /** The served certificates' expiry, once a TLS handshake succeeded. */
  certificate(): CertificateExpiry | undefined;
  /** Drops the request and its socket, wherever they are. */
  destroy(): void;
}

/**
 * Starts a GET of `target.url`, following its progress through the phases:
 * a fresh connection (`agent: false`), names resolved by `resolveHost`,
 * credentials in the URL sent as Basic authentication. Throws only for a
 * URL Node cannot request at all.
 */
export function startExchange(target: ExchangeRequest, resolveHost: ResolveHost): Exchange {
  const { url, authorization } = splitCredentials(target.url);
  const secure = url.protocol === 'https:';
  const keepBodyBytes = target.keepBodyBytes;
  let phase: CheckPhase = isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 ? 'dns' : 'connect';
  const lookupController = new AbortController();
  const trackedLookup = trackLookup(
    resolveHost,
    lookupController.signal,
    () => (phase = 'dns'),
    () => {
      if (phase === 'dns') phase = 'connect';
    },
  );
  let request: ClientRequest | undefined;
  let certificate: CertificateExpiry | undefined;
  const result = new Promise<ExchangeEnd>((resolve) => {
    const fail = (error: unknown) => resolve({ kind: 'failed', error, phase });
    // A fresh connection per check (`agent: false` also sends `Connection: close`).
    const started = (secure ? httpsRequest : httpRequest)(url, {
      method: 'GET',
      agent: false,
      lookup: trackedLookup,
      // Verification stays on: `ca` only replaces which roots are trusted.
      ...(secure && target.ca !== undefined ? { ca: target.ca } : {}),
      headers: {
        'user-agent': PROBE_USER_AGENT,
        accept: target.accept ?? '*/*',
        ...(authorization === undefined ? {} : { authorization }),
      },
    });
    request = started;
    started.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        phase = secure ? 'tls' : 'headers';
      });
      if (secure) {
        socket.once('secureConnect', () => {
          phase = 'headers';
          certificate = readCertificateExpiry((socket as TLSSocket).getPeerCertificate(true));
        });
      }
    });
    started.on('error', fail);
    started.on('response', (response: IncomingMessage) => {
      phase = 'body';
      const status = response.statusCode ?? 0;
      if (keepBodyBytes !== undefined) {
        readCappedBody(response, keepBodyBytes).then((body) => resolve({ kind: 'answered', status, body }), fail);
      } else {
        drainBody(response, target.drainBytes).then(() => resolve({ kind: 'answered', status, body: undefined }), fail);
      }
    });
    started.end();
    // A request Node refuses to build (a header it will not send) is a failure like any other.
  }).catch((error: unknown): ExchangeEnd => ({ kind: 'failed', error, phase }));
  return {
    result,
    phase: () => phase,
    certificate: () => certificate,
    destroy: () => {
      lookupController.abort(ANSWER_IN);
      request?.destroy();
    },
  };
}

/**
 * The leaf's expiry and the earliest in the chain as served: the walk
 * follows `issuerCertificate` until it repeats (a self-signed root points
 * to itself) or ends. `undefined` when a date does not parse.
 */
export function readCertificateExpiry(leaf: DetailedPeerCertificate): CertificateExpiry | undefined {
  const leafExpiresAtMs = Date.parse(leaf.valid_to);
  if (Number.isNaN(leafExpiresAtMs)) return undefined;
  let earliestExpiresAtMs = leafExpiresAtMs;
  const seen = new Set<string>([leaf.fingerprint256]);
  let issuer = leaf.issuerCertificate as typeof leaf.issuerCertificate | undefined;
  while (issuer !== undefined && issuer.fingerprint256 !== undefined && !seen.has(issuer.fingerprint256)) {
    seen.add(issuer.fingerprint256);
    const expiresAtMs = Date.parse(issuer.valid_to);
    if (!Number.isNaN(expiresAtMs)) earliestExpiresAtMs = Math.min(earliestExpiresAtMs, expiresAtMs);
    issuer = issuer.issuerCertificate as typeof issuer.issuerCertificate | undefined;
  }
  return { leafExpiresAtMs, earliestExpiresAtMs };
}

/**
 * Credentials written into a URL (`https://user:token@host/`) become a Basic
 * `Authorization` header, as curl does, and never reach the request line.
 */
function splitCredentials(raw: string): { url: URL; authorization: string | undefined } {
  const url = new URL(raw);
  if (url.username === '' && url.password === '') return { url, authorization: undefined };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}
