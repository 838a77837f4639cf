import { parseDocument } from '../io/parse-document.js';
import { UptimeDocumentSchema } from '../schemas/uptime.js';
import { DEFAULT_TIMEOUT_MS, defaultFetch, type FetchFunction, fetchEndpoint } from './fetch-endpoint.js';

/**
 * The probe interval a deployment publishes in `/api/v1/uptime`, in seconds,
 * or `undefined` when it publishes none (history off, a static host) or
 * nothing valid. Never throws: the bound then falls back to the default.
 */
export async function fetchProbeInterval(
  uptimeUrl: string,
  fetchFunction: FetchFunction = defaultFetch,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
): Promise<number | undefined> {
  const outcome = await fetchEndpoint(uptimeUrl, fetchFunction, timeoutMs);
  if (!outcome.reached || outcome.status !== 200) return undefined;
  try {
    return parseDocument(uptimeUrl, outcome.body, UptimeDocumentSchema).interval_seconds;
  } catch {
    return undefined;
  }
}
