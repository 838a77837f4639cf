import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxBytesOf } from '../../../src/api-documents.js';
import { NOTICES_PATH } from '../../../src/api-paths.js';
import { createHistoryRecorder } from '../../../src/history/history-recorder.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { openBucketMirror } from '../../../src/object-store/open-bucket-mirror.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { composeStepsAfterStatus as composePublishSteps } from '../../../src/publish-steps/compose-publish-steps.js';
import { publishDocumentStep } from '../../../src/publish-steps/publish-document-step.js';
import type { PublishedCycle, PublishStep, StepParts } from '../../../src/publish-steps/publish-step.js';
import { runPublishSteps } from '../../../src/publish-steps/run-publish-steps.js';
import { DEFAULT_RETENTION } from '../../../src/settings/history-retention.js';
import { createSubscriptions } from '../../../src/subscriptions/create-subscriptions.js';
import { HEADERS_FILE } from '../../helpers/fixtures.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { sampleStatuspageSettings, sampleStatuspageStatus } from '../../helpers/statuspage-fixture.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const QUIET: ProbeLog = { info: () => {}, error: () => {} };
const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt('http://127.0.0.1:9/healthz')] }]);
const cycle: PublishedCycle = {
  status: sampleStatuspageStatus(),
  components: [],
  notices: [],
  history: () => undefined,
  signal: undefined,
};

describe('composePublishSteps', () => {
  const tempDir = tempDirsPerTest();

  it('runs the notices first, the heartbeats, the history and the monthly reports, then the badges, the subscribers, and the upload last, each owning its files', async () => {
    const root = await tempDir();
    const stateFile = join(root, '.state', 'probe-state.json');
    // A bucket that is never reached: the steps are only listed.
    const mirror = await openBucketMirror({
      publishTo: 's3://bucket',
      publicDir: join(root, 'public'),
      headersFile: HEADERS_FILE,
      deadlineMs: 1_000,
      log: QUIET,
    });
    const publicDir = createPublicDirWriter(join(root, 'public'), { mirror });
    const history = createHistoryRecorder({
      file: join(root, '.state', 'history.sqlite'),
      publicDir,
      regionName: settings.regionName,
      componentNames: ['Scheduler'],
      intervalMs: 30_000,
      retention: DEFAULT_RETENTION,
      log: QUIET,
    });
    const subscriptions = createSubscriptions({
      settings: { publicUrl: undefined, webhooks: [], statuspage: sampleStatuspageSettings() },
      stateDir: join(root, '.state'),
      log: QUIET,
    });
    const steps = composePublishSteps({
      settings,
      publicDir,
      stateFile,
      log: QUIET,
      history,
      ownsNotices: true,
      subscriptions,
      observer: undefined,
      clock: () => performance.now(),
    });
    expect(steps.map(({ name, owns }) => [name, owns])).toEqual([
      ['notices', { paths: ['/api/v1/notices'] }],
      ['heartbeats', { paths: ['/api/v1/heartbeats'] }],
      ['history', { paths: ['/api/v1/uptime', '/api/v1/incidents'], directories: ['/api/v1/component-history'] }],
      ['monthly reports', { directories: ['/api/v1/reports'] }],
      ['badges', { directories: ['/badges'] }],
      [
        'webhook events',
        {
          stateFiles: [
            join(root, '.state', 'webhook-queue.json'),
            join(root, '.state', 'announced-notices.json'),
            join(root, '.state', 'announced-upcoming.json'),
          ],
        },
      ],
      ['feed', { paths: ['/feed.atom'] }],
      ['feeds of components and groups', { directories: ['/feeds'] }],
      ['maintenance calendars', { paths: ['/feeds/maintenance.ics'], directories: ['/feeds/components'] }],
      ['Statuspage documents', { directories: ['/api/v2'] }],
      ['status.md', { paths: ['/status.md'] }],
      ['llms.txt', { paths: ['/llms.txt'] }],
      ['upload', {}],
    ]);
    history.close();
    publicDir.close();
  });

  it('leaves out what is not configured: no notices file, no history, no subscribers, no bucket', async () => {
    const root = await tempDir();
    const steps = composePublishSteps({
      settings,
      publicDir: createPublicDirWriter(join(root, 'public')),
      stateFile: join(root, '.state', 'probe-state.json'),
      log: QUIET,
      history: undefined,
      ownsNotices: false,
      subscriptions: undefined,
      observer: undefined,
      clock: () => performance.now(),
    });
    // The heartbeats are published without heartbeat components too: an empty list, not a 404 on the page.
    // The status in markdown and the index are written in every deployment.
    expect(steps.map(({ name }) => name)).toEqual(['heartbeats', 'badges', 'status.md', 'llms.txt']);
  });
});

describe('publishDocumentStep', () => {
  const tempDir = tempDirsPerTest();

  it("logs a document it will not write, past the server's cap, once until its bytes change", async () => {
    const lines: string[] = [];
    const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
    const publicDir = createPublicDirWriter(await tempDir(), { precompress: false });
    let body = 'x'.repeat(maxBytesOf(NOTICES_PATH) + 10);
    const parts: StepParts = { publicDir, log };
    const step = publishDocumentStep(parts, {
      name: 'notices',
      path: NOTICES_PATH,
      render: () => body,
    });
    for (let run = 0; run < 4; run += 1) await step.run(cycle);
    expect(lines).toEqual([
      `notices not written: ${maxBytesOf(NOTICES_PATH) + 10} bytes, more than the ${maxBytesOf(NOTICES_PATH)} the server takes`,
    ]);
    body = 'y'.repeat(maxBytesOf(NOTICES_PATH) + 20);
    await step.run(cycle);
    expect(lines).toHaveLength(2);
  });
});

describe('runPublishSteps', () => {
  it('runs every step in order, logs one that throws, and gathers what they report', async () => {
    const ran: string[] = [];
    const lines: string[] = [];
    const step = (name: string, run: PublishStep['run']): PublishStep => ({ name, owns: {}, run });
    const upload = { ok: true, uploaded: 1, unchanged: 0, pending: 0, durationMs: 3 };
    const report = await runPublishSteps(
      [
        step('first', async () => void ran.push('first')),
        step('broken', async () => {
          throw new Error('a bug');
        }),
        step('upload', async () => {
          ran.push('upload');
          return { upload };
        }),
      ],
      cycle,
      { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    );
    expect(ran).toEqual(['first', 'upload']);
    expect(lines).toEqual(['broken not published: a bug']);
    expect(report).toEqual({ upload });
  });
});
