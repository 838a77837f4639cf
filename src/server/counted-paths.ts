import { DOCUMENT_PATHS } from '../api-documents.js';
import { FEED_PATH, OPENAPI_PATH } from '../api-paths.js';
import { HEALTH_PATH } from './create-request-handler.js';

/**
 * The paths the request counter names: the API documents, the feed, the
 * OpenAPI document, `/healthz` and the page. Decided once at start-up;
 * every other path is counted as `other`, so no client can add a label value.
 */
export function countedPaths(): ReadonlySet<string> {
  return new Set<string>([...DOCUMENT_PATHS, FEED_PATH, OPENAPI_PATH, HEALTH_PATH, '/', '/index.html']);
}
