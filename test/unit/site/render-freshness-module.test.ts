import { describe, expect, it } from 'vitest';
import * as rule from '../../../src/freshness/judge-freshness.js';
import { renderFreshnessModule } from '../../../src/site/render-freshness-module.js';

/** Loads module text the way a browser would: as a standalone ES module with no imports. */
async function importModuleText(text: string): Promise<typeof rule> {
  return import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
}

const NOW = new Date('2026-11-22T12:00:00Z');
const CASES = [
  '2026-11-22T12:00:00Z',
  '2026-11-22T11:59:45Z',
  '2026-11-22T11:59:44Z',
  '2026-11-22T12:00:30Z',
  '2026-11-22T12:00:31Z',
  '2026-11-21T12:00:00Z',
];

describe('renderFreshnessModule', () => {
  it('holds the very functions the server and verify run, not a copy', () => {
    const text = renderFreshnessModule();
    expect(text).toContain(`export ${rule.judgeFreshness.toString()}`);
    expect(text).toContain(`export ${rule.staleAfterMs.toString()}`);
  });

  it('runs on its own and judges every case exactly as the rule does', async () => {
    const page = await importModuleText(renderFreshnessModule());
    expect(page.STALE_AFTER_INTERVALS).toBe(rule.STALE_AFTER_INTERVALS);
    expect(page.FUTURE_SKEW_ALLOWANCE_MS).toBe(rule.FUTURE_SKEW_ALLOWANCE_MS);
    expect(page.staleAfterMs(5_000)).toBe(rule.staleAfterMs(5_000));
    for (const timestamp of CASES) {
      expect(page.judgeFreshness(timestamp, NOW, page.staleAfterMs(5_000))).toEqual(
        rule.judgeFreshness(timestamp, NOW, rule.staleAfterMs(5_000)),
      );
      expect(page.judgeFreshness(new Date(timestamp), NOW, 60_000, 0)).toEqual(
        rule.judgeFreshness(new Date(timestamp), NOW, 60_000, 0),
      );
    }
  });
});
