// How the status page fetches a document from its own origin: a result,
// never an exception, so that one failed document leaves the others shown.
// A document fetched before is asked for again conditionally: the page sends
// the ETag it last got in If-None-Match, and a 304 means "keep what you have".

/**
 * A request with no answer by then counts as failed. A failure's `detail` is
 * `HTTP 503` or one of the page's reasons (`timeout`, `failed`, `not-json`),
 * which `describeFetchDetail` (status-page.words.js) words.
 */
const FETCH_TIMEOUT_MS = 10_000;

/** The last ETag seen per path. */
const etags = new Map();

/**
 * Fetches one document; never throws. With `cache` 'conditional', the page
 * revalidates it itself: the browser's cache is bypassed (a no-store document
 * is never kept there anyway) and the answer to a known ETag may be
 * `{ ok: true, notModified: true }`.
 */
export async function fetchDocument(path, cache) {
  const conditional = cache === 'conditional';
  const headers = { Accept: 'application/json' };
  const etag = conditional ? etags.get(path) : undefined;
  if (etag !== undefined) headers['If-None-Match'] = etag;
  let response;
  try {
    response = await fetch(path, {
      cache: conditional ? 'no-store' : cache,
      headers,
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, kind: 'unreachable', detail: timedOut ? 'timeout' : 'failed' };
  }
  const date = Date.parse(response.headers.get('Date') ?? '');
  if (response.status === 304 || !response.ok) {
    // Read the empty or small body rather than leave it: an unread response counts as an aborted request.
    await response.text().catch(() => '');
  }
  if (response.status === 304) return { ok: true, notModified: true, date };
  if (!response.ok) {
    etags.delete(path);
    return { ok: false, kind: response.status === 503 ? 'unpublished' : 'http', detail: `HTTP ${response.status}` };
  }
  try {
    const body = await response.json();
    const tag = response.headers.get('ETag');
    if (conditional && tag) etags.set(path, tag);
    return { ok: true, body, date };
  } catch {
    etags.delete(path);
    return { ok: false, kind: 'invalid', detail: 'not-json' };
  }
}
