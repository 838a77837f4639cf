import { renderFreshnessModule } from './render-freshness-module.js';
import { renderPageRulesModule } from './render-page-rules-module.js';
import { renderSlugsModule } from './render-slugs-module.js';
import { renderVocabularyModule } from './render-vocabulary-module.js';

/**
 * Where the status page imports what it shares with the server from. The
 * name matches the `status-page.*` header rule, so it is revalidated like the
 * page's own files.
 */
export const SHARED_MODULE_PATH = '/status-page.shared.js';

/**
 * The two modules earlier builds generated where `SHARED_MODULE_PATH` now
 * stands, which the page no longer imports. A build removes them and their
 * siblings, so that a `public/` kept across the upgrade neither lists them
 * in the host exports nor uploads them with `--publish`.
 */
export const RETIRED_MODULE_PATHS = ['/status-page.judge-freshness.js', '/status-page.vocabulary.js'] as const;

/**
 * The staleness rule, the vocabulary (document paths, state labels), the
 * slug rule and the rules of maintenance states and failure words as one ES module for the browser: one request for all rather
 * than one each, each response's headers weighing about as much as a part
 * compressed. The parts import nothing and export distinct names, so they
 * stand side by side.
 */
export function renderSharedModule(): string {
  return `${renderFreshnessModule()}${renderVocabularyModule()}${renderSlugsModule()}${renderPageRulesModule()}`;
}
