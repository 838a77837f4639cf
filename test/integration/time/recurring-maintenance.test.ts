import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { FEED_PATH, NOTICES_PATH } from '../../../src/api-paths.js';
import { runCycle } from '../../../src/cycle/run-cycle.js';
import { InputError } from '../../../src/errors/input-error.js';
import { readNotices } from '../../../src/notices/read-notices.js';
import { NoticesDocumentSchema } from '../../../src/schemas/notice.js';
import { EMPTY_PROBE_STATE } from '../../../src/schemas/probe-state.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { loadProbeSettings } from '../../../src/settings/load-probe-settings.js';
import { buildSite } from '../../../src/site/build-site.js';
import { decideNoticeEvents } from '../../../src/webhooks/decide-notice-events.js';
import { runCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const standin = useStandins();
const cli = useCliSite();

const HOUR_MS = 3_600_000;
const sundayNight = { cron: '0 2 * * 0', duration_minutes: 60, time_zone: 'Europe/Amsterdam' };

const componentsFile = () => join(cli.site.root, 'data', 'components.json');
const noticesFile = () => join(cli.site.root, 'data', 'notices.json');

async function writeConfig(config: object): Promise<void> {
  await writeFile(componentsFile(), JSON.stringify(config, null, 2));
}

/** A daily recurrence in UTC starting at the hour `hoursFromNow` from now's hour, lasting two hours. */
function dailyAroundNow(hoursFromNow: number) {
  const hour = (new Date().getUTCHours() + hoursFromNow + 24) % 24;
  return { cron: `0 ${hour} * * *`, duration_minutes: 120, time_zone: 'UTC' };
}

describe('recurring maintenance windows', () => {
  it('make the cycle publish under_maintenance inside an occurrence, also on the spring-forward Sunday', async () => {
    const failing = await standin({ mode: 'failing' });
    await writeConfig({
      region: 'ams1',
      maintenance: [{ ...sundayNight, components: ['Scheduler'] }],
      components: [{ name: 'Scheduler', url: `${failing.origin}/healthz` }],
    });
    const settings = await loadProbeSettings({ configFile: componentsFile(), regionsFile: cli.site.regionsFile });
    const statusAt = async (iso: string) => {
      const outcome = await runCycle({ settings, state: EMPTY_PROBE_STATE, now: () => new Date(iso) });
      if (outcome.kind !== 'observed') throw new Error(outcome.kind);
      return outcome.status.components[0]?.status;
    };
    // 2026-03-29: 02:00 Amsterdam does not exist; the window runs 03:00-04:00 CEST (01:00-02:00Z).
    expect(await statusAt('2026-03-29T01:30:00Z')).toBe('under_maintenance');
    expect(await statusAt('2026-03-29T00:30:00Z')).not.toBe('under_maintenance');
    expect(await statusAt('2026-03-29T02:00:00Z')).not.toBe('under_maintenance');
    // 2026-10-25: the first 02:00 (CEST) starts it; the repeated 02:00 (CET) is an hour later and outside.
    expect(await statusAt('2026-10-25T00:30:00Z')).toBe('under_maintenance');
    expect(await statusAt('2026-10-25T01:30:00Z')).not.toBe('under_maintenance');
  });

  it('make probe --once publish under_maintenance for a component inside an occurrence now, and only that one', async () => {
    const failing = await standin({ mode: 'failing' });
    await writeConfig({
      region: 'ams1',
      maintenance: [
        { ...dailyAroundNow(-1), components: ['Scheduler'] },
        { ...dailyAroundNow(3), components: ['Registry'] },
      ],
      components: [
        { name: 'Scheduler', url: `${failing.origin}/healthz` },
        { name: 'Registry', url: `${failing.origin}/v2/` },
      ],
    });
    const paths = ['--config', componentsFile(), '--out', cli.site.publicDir, '--regions', cli.site.regionsFile];
    const state = join(cli.site.root, '.state', 'probe-state.json');
    const result = await runCli(['probe', ...paths, '--state', state, '--once'], {
      cwd: cli.site.root,
      env: { REGION: '' },
    });
    expect(result.code).toBe(0);
    const status = ServiceStatusSchema.parse(
      JSON.parse(await readFile(join(cli.site.publicDir, 'api', 'v1', 'status'), 'utf8')),
    );
    expect(status.components).toEqual([
      { name: 'Scheduler', status: 'under_maintenance' },
      { name: 'Registry', status: 'major_outage' },
    ]);
  });

  it('are refused by the probe when their cron never runs, naming the file and field', async () => {
    await writeConfig({
      region: 'ams1',
      maintenance: [{ cron: '0 0 0 29 2 1', duration_minutes: 60, time_zone: 'UTC' }],
      components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/' }],
    });
    const paths = ['--config', componentsFile(), '--out', cli.site.publicDir, '--regions', cli.site.regionsFile];
    const result = await runCli(['probe', ...paths, '--once'], { cwd: cli.site.root, env: { REGION: '' } });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /components\.json: maintenance\[0\]\.cron: "0 0 0 29 2 1" does not run within 8 years$/,
    );
  });

  it('are refused by the build when their occurrences overlap, naming the file and field', async () => {
    await writeFile(noticesFile(), '[]');
    await writeConfig({
      region: 'ams1',
      maintenance: [{ cron: '0 2 * * *', duration_minutes: 1_500, time_zone: 'UTC' }],
      components: [{ name: 'Registry', url: 'http://127.0.0.1:1/' }],
    });
    const error = await readNotices({ noticesFile: noticesFile(), componentsFile: componentsFile() }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(
      /components\.json: maintenance\[0\]\.duration_minutes: is longer than the 1440 minutes between two starts/,
    );
  });

  it('announce each occurrence within maintenance_announce_days as a notice with an id stable across clocks', async () => {
    await writeFile(noticesFile(), '[]');
    await writeConfig({
      region: 'ams1',
      maintenance_announce_days: 14,
      maintenance: [{ ...sundayNight, components: ['Registry'], note: 'private' }],
      components: [{ name: 'Registry', url: 'http://127.0.0.1:1/' }],
    });
    const files = { noticesFile: noticesFile(), componentsFile: componentsFile() };
    const friday = await readNotices({ ...files, now: new Date('2026-10-16T12:00:00Z') });
    expect(friday.notices.map((notice) => notice.kind === 'maintenance' && notice.window)).toEqual([
      { start: '2026-10-18T00:00:00Z', end: '2026-10-18T01:00:00Z' },
      { start: '2026-10-25T00:00:00Z', end: '2026-10-25T01:00:00Z' },
    ]);
    expect(friday.notices[0]).toMatchObject({
      id: expect.stringMatching(/^window-2026-10-18-[0-9a-f]{12}$/),
      title: 'Planned maintenance: Registry',
      components: ['Registry'],
      state: 'scheduled',
    });
    expect(JSON.stringify(friday.notices)).not.toContain('private');

    // A week later: the first is over and gone, the second keeps its id, a third comes into view.
    const nextFriday = await readNotices({ ...files, now: new Date('2026-10-23T12:00:00Z') });
    expect(nextFriday.notices.map((notice) => notice.id)).toEqual([
      friday.notices[1]?.id,
      expect.stringMatching(/^window-2026-11-01-/),
    ]);
    const first = decideNoticeEvents(friday.notices, {}, '2026-10-16T12:00:00Z');
    const second = decideNoticeEvents(nextFriday.notices, first.announced, '2026-10-23T12:00:00Z');
    expect(second.events.map((event) => [event.type, 'notice' in event ? event.notice.id : undefined])).toEqual([
      ['notice.created', nextFriday.notices[1]?.id],
    ]);
  });

  it('appear in /api/v1/notices and the feed before they start', async () => {
    await writeFile(noticesFile(), '[]');
    await writeConfig({
      region: 'ams1',
      maintenance: [{ ...dailyAroundNow(2), components: ['Registry'] }],
      components: [{ name: 'Registry', url: 'http://127.0.0.1:1/' }],
    });
    await buildSite({
      regionsFile: cli.site.regionsFile,
      headersFile: cli.site.headersFile,
      publicDir: cli.site.publicDir,
      noticesFile: noticesFile(),
      componentsFile: componentsFile(),
    });
    const document = NoticesDocumentSchema.parse(
      JSON.parse(await readFile(`${cli.site.publicDir}${NOTICES_PATH}`, 'utf8')),
    );
    // One a day for the default seven days, the first starting within two hours.
    expect(document.notices).toHaveLength(7);
    const starts = document.notices.map((notice) =>
      notice.kind === 'maintenance' ? Date.parse(notice.window.start) : 0,
    );
    expect(Math.min(...starts) - Date.now()).toBeGreaterThan(0);
    expect(Math.min(...starts) - Date.now()).toBeLessThanOrEqual(2 * HOUR_MS);
    const feed = parseFeed(await readFile(`${cli.site.publicDir}${FEED_PATH}`, 'utf8'));
    expect(feed.items).toHaveLength(7);
    expect(feed.items.every((item) => item.title === 'Planned maintenance: Registry (Scheduled)')).toBe(true);
  });
});
