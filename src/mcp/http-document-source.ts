import { joinUrl } from '../outbound/join-url.js';
import { redactUrl } from '../outbound/redact-url.js';
import { requestJsonText } from '../outbound/request-json-text.js';
import { withDeadline } from '../outbound/with-deadline.js';
import type { DocumentSource, SourceRead } from './document-source.js';

/** How long one document may take to arrive, headers and body, before the tool answers without it. */
export const DEFAULT_DOCUMENT_TIMEOUT_MS = 10_000;

/**
 * Reads a deployment's documents over HTTP under `siteUrl` (no credentials;
 * no redirect followed), each with the outbound helpers' bounds: the whole
 * answer within `timeoutMs` (`withDeadline`), a body no larger than the
 * document's cap (`requestJsonText`). A 404 is a document the deployment does not publish.
 */
export function httpDocumentSource(siteUrl: string, timeoutMs = DEFAULT_DOCUMENT_TIMEOUT_MS): DocumentSource {
  return {
    site: redactUrl(siteUrl),
    async read(path, maxBytes): Promise<SourceRead> {
      const outcome = await withDeadline(
        (signal) => requestJsonText(joinUrl(siteUrl, path), { maxBytes, signal }),
        timeoutMs,
      );
      if (outcome.kind !== 'settled') return { kind: 'failed', reason: `no answer within ${timeoutMs} ms` };
      const answer = outcome.value;
      if (answer.kind === 'body') return answer;
      if (answer.reason === 'status 404') return { kind: 'missing', reason: 'not published (404)' };
      return { kind: 'failed', reason: answer.reason };
    },
  };
}
