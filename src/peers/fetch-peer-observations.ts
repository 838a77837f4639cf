import type { Dispatcher } from 'undici';
import { InputError } from '../errors/input-error.js';
import { judgeFreshness } from '../freshness/judge-freshness.js';
import { parseDocument } from '../io/parse-document.js';
import { redactUrl } from '../outbound/redact-url.js';
import { type JsonTextAnswer, requestJsonText } from '../outbound/request-json-text.js';
import { withDeadline } from '../outbound/with-deadline.js';
import { ObservationsDocumentSchema } from '../schemas/observations.js';
import type { StatusValue } from '../schemas/status-value.js';
import type { PeerSettings } from './peer-settings.js';

/**
 * The most a peer's observations document may weigh. A real one is a few
 * hundred bytes per component; anything near this is not an observations
 * document, and reading no further keeps a lying peer from filling memory.
 */
export const MAX_PEER_DOCUMENT_BYTES = 256 * 1024;

/** One peer's observations as this cycle received them. Only a `fresh` one votes. */
export type PeerObservations =
  | {
      readonly region: string;
      readonly outcome: 'fresh';
      readonly observedAt: string;
      /** What the peer observed, by component name, before its thresholds. */
      readonly components: ReadonlyMap<string, StatusValue>;
    }
  | {
      readonly region: string;
      readonly outcome: 'stale' | 'future';
      readonly observedAt: string;
      readonly detail: string;
    }
  | { readonly region: string; readonly outcome: 'unreachable' | 'invalid'; readonly detail: string };

export interface FetchPeersOptions {
  /** How long each peer may take, connect to last byte; they all run at once, so this bounds the lot. */
  readonly timeoutMs: number;
  /** Observations older than this are stale. */
  readonly maxAgeMs: number;
  /** The wall clock the peers' `observed_at` is judged against. */
  readonly now?: () => Date;
  /** Aborts every fetch (shutdown). */
  readonly signal?: AbortSignal | undefined;
  readonly dispatcher?: Dispatcher;
}

/**
 * Fetches every peer's observations at once and judges each. Never throws
 * and never takes much longer than `timeoutMs`, whatever the peers do.
 */
export function fetchPeersObservations(
  peers: readonly PeerSettings[],
  options: FetchPeersOptions,
): Promise<PeerObservations[]> {
  return Promise.all(peers.map((peer) => fetchPeerObservations(peer, options)));
}

/**
 * Fetches one peer's `/api/v1/observations` and judges it: a 200 within the
 * timeout, at most `MAX_PEER_DOCUMENT_BYTES`, valid against the schema, from
 * the region it is configured as, and fresh by the one staleness rule
 * (`judgeFreshness`: older than `maxAgeMs` is stale; ahead of this clock
 * past the skew allowance is from the future). Redirects are not followed.
 * The answer comes at the timeout at the latest, even while the connection
 * attempt itself lingers (undici finishes a connect to a host that does not
 * answer ARP before it honours an abort, about 3 s later). Never throws:
 * every failure is an outcome with a reason fit for a log.
 */
export async function fetchPeerObservations(
  peer: PeerSettings,
  { timeoutMs, maxAgeMs, now = () => new Date(), signal, dispatcher }: FetchPeersOptions,
): Promise<PeerObservations> {
  const { region } = peer;
  const shown = redactUrl(peer.url);
  const outcome = await withDeadline(
    (abort) => requestJsonText(peer.url, { maxBytes: MAX_PEER_DOCUMENT_BYTES, signal: abort, dispatcher }),
    timeoutMs,
    signal,
  );
  const answer: JsonTextAnswer =
    outcome.kind === 'settled'
      ? outcome.value
      : { kind: 'unreachable', reason: outcome.kind === 'timeout' ? `timeout after ${timeoutMs} ms` : 'stopped' };
  if (answer.kind !== 'body') return { region, outcome: answer.kind, detail: `${shown}: ${answer.reason}` };
  return judgeObservations(peer, shown, answer.text, now(), maxAgeMs);
}

/** A body judged: an observations document of the configured region, and how fresh it is. */
function judgeObservations(
  peer: PeerSettings,
  shown: string,
  text: string,
  now: Date,
  maxAgeMs: number,
): PeerObservations {
  const { region } = peer;
  let document: ReturnType<typeof ObservationsDocumentSchema.parse>;
  try {
    document = parseDocument(shown, text, ObservationsDocumentSchema);
  } catch (error) {
    const first = error instanceof InputError ? error.problems[0] : undefined;
    const why = first === undefined ? 'not an observations document' : `${first.path} ${first.reason}`.trim();
    return { region, outcome: 'invalid', detail: `${shown}: ${why}` };
  }
  if (document.region !== region) {
    return {
      region,
      outcome: 'invalid',
      detail: `${shown}: claims to be region ${JSON.stringify(document.region)}, configured as ${region}`,
    };
  }
  const freshness = judgeFreshness(document.observed_at, now, maxAgeMs);
  const observedAt = document.observed_at;
  if (freshness.kind === 'stale') {
    const detail = `${shown}: observed at ${observedAt}, ${Math.round(freshness.ageMs / 1000)} s ago, older than ${Math.round(maxAgeMs / 1000)} s`;
    return { region, outcome: 'stale', observedAt, detail };
  }
  if (freshness.kind === 'future') {
    const detail = `${shown}: observed at ${observedAt}, ${Math.round(freshness.aheadMs / 1000)} s ahead of this clock`;
    return { region, outcome: 'future', observedAt, detail };
  }
  const components = new Map(document.components.map((component) => [component.name, component.status]));
  return { region, outcome: 'fresh', observedAt, components };
}
