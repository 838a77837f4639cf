// How the status page fetches a document from its own origin: a result,
// never an exception, so that one failed document leaves the others shown.

/** A request with no answer by then counts as failed. */
const FETCH_TIMEOUT_MS = 10_000;

/** Fetches one document; never throws. */
export async function fetchDocument(path, cache) {
  let response;
  try {
    response = await fetch(path, {
      cache,
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, kind: 'unreachable', detail: timedOut ? 'it did not answer in time' : 'the request failed' };
  }
  if (!response.ok) {
    // Read the small error body rather than cancel it: a cancelled response counts as a failed request.
    await response.text().catch(() => '');
    return { ok: false, kind: response.status === 503 ? 'unpublished' : 'http', detail: `HTTP ${response.status}` };
  }
  try {
    return { ok: true, body: await response.json(), date: Date.parse(response.headers.get('Date') ?? '') };
  } catch {
    return { ok: false, kind: 'invalid', detail: 'the answer is not JSON' };
  }
}
