import { describe, expect, it } from 'vitest';
import {
  INCIDENTS_PATH,
  NOTICES_PATH,
  OBSERVATIONS_PATH,
  REGIONS_PATH,
  STATUS_PATH,
  STATUSPAGE_SUMMARY_PATH,
  UPTIME_PATH,
} from '../../../src/api-paths.js';
import { PARTIAL_OUTAGE_DOWN_SHARE } from '../../../src/history/compute-uptime.js';
import { DEFAULT_SCHEDULE } from '../../../src/schemas/components-config.js';
import { NOTICE_STATE_LABELS, STATUS_LABELS } from '../../../src/schemas/state-labels.js';
import { renderVocabularyModule } from '../../../src/site/render-vocabulary-module.js';
import { scheduleIntervalMs } from '../../../src/time/schedule-interval.js';

/** Loads module text the way a browser would: as a standalone ES module with no imports. */
async function importModuleText(text: string): Promise<Record<string, unknown>> {
  return import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
}

describe('renderVocabularyModule', () => {
  it('runs on its own and holds the document paths the server serves', async () => {
    const page = await importModuleText(renderVocabularyModule());
    expect(page).toMatchObject({
      STATUS_PATH,
      REGIONS_PATH,
      UPTIME_PATH,
      INCIDENTS_PATH,
      NOTICES_PATH,
      OBSERVATIONS_PATH,
      STATUSPAGE_SUMMARY_PATH,
    });
  });

  it('holds the share of a partial outage the history counts as down, for today while the history catches up', async () => {
    const page = await importModuleText(renderVocabularyModule());
    expect(page.PARTIAL_OUTAGE_DOWN_SHARE).toBe(PARTIAL_OUTAGE_DOWN_SHARE);
  });

  it('holds the interval of the probe’s default schedule, what staleness is judged by where none is published', async () => {
    const page = await importModuleText(renderVocabularyModule());
    expect(page.DEFAULT_PROBE_INTERVAL_MS).toBe(scheduleIntervalMs(DEFAULT_SCHEDULE));
    expect(page.DEFAULT_PROBE_INTERVAL_MS).toBe(30_000);
  });

  it('holds the very labels the feed uses, frozen', async () => {
    const page = await importModuleText(renderVocabularyModule());
    expect(page.STATUS_LABELS).toEqual(STATUS_LABELS);
    expect(page.NOTICE_STATE_LABELS).toEqual(NOTICE_STATE_LABELS);
    expect(Object.isFrozen(page.STATUS_LABELS)).toBe(true);
    expect(Object.isFrozen(page.NOTICE_STATE_LABELS)).toBe(true);
  });
});
