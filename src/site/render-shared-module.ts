import { renderFreshnessModule } from './render-freshness-module.js';
import { renderVocabularyModule } from './render-vocabulary-module.js';

/**
 * Where the status page imports what it shares with the server from. The
 * name matches the `status-page.*` header rule, so it is revalidated like the
 * page's own files.
 */
export const SHARED_MODULE_PATH = '/status-page.shared.js';

/**
 * The staleness rule and the vocabulary (document paths, state labels) as one
 * ES module for the browser: one request for both rather than two, each
 * response's headers weighing about as much as either part compressed. The
 * parts import nothing and export distinct names, so they stand side by side.
 */
export function renderSharedModule(): string {
  return `${renderFreshnessModule()}${renderVocabularyModule()}`;
}
