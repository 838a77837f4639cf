import { describe, expect, it } from 'vitest';
import { STATUS_PATH } from '../../../src/api-paths.js';
import * as rule from '../../../src/freshness/judge-freshness.js';
import { STATUS_LABELS } from '../../../src/schemas/state-labels.js';
import { renderSharedModule } from '../../../src/site/render-shared-module.js';

/** Loads module text the way a browser would: as a standalone ES module with no imports. */
async function importModuleText(text: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
}

describe('renderSharedModule', () => {
  it('runs on its own and exports both the staleness rule and the vocabulary', async () => {
    const page = await importModuleText(renderSharedModule());
    expect(page.STALE_AFTER_INTERVALS).toBe(rule.STALE_AFTER_INTERVALS);
    expect(typeof page.judgeFreshness).toBe('function');
    expect(page.STATUS_PATH).toBe(STATUS_PATH);
    expect(page.STATUS_LABELS).toEqual(STATUS_LABELS);
  });
});
