import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { maxBytesOf } from '../../../src/api-documents.js';
import { FEED_PATH, NOTICES_PATH } from '../../../src/api-paths.js';
import { InputError } from '../../../src/errors/input-error.js';
import { readNotices } from '../../../src/notices/read-notices.js';
import { NoticesDocumentSchema } from '../../../src/schemas/notice.js';
import { buildSite } from '../../../src/site/build-site.js';
import { incidentNotice, maintenanceNotice } from '../../helpers/notices.js';
import { makeTempSite, snapshotTree, type TempSite } from '../../helpers/temp-site.js';

describe('notices', () => {
  let site: TempSite;
  afterEach(async () => site.remove());

  async function siteWith(notices: unknown, components?: (config: Record<string, unknown>) => void) {
    site = await makeTempSite();
    await writeFile(join(site.root, 'data/notices.json'), JSON.stringify(notices));
    if (components !== undefined) {
      const file = join(site.root, 'data/components.json');
      const config = JSON.parse(await readFile(file, 'utf8'));
      components(config);
      await writeFile(file, JSON.stringify(config));
    }
    return {
      noticesFile: join(site.root, 'data/notices.json'),
      componentsFile: join(site.root, 'data/components.json'),
    };
  }

  async function problemsOf(notices: unknown, components?: (config: Record<string, unknown>) => void) {
    const files = await siteWith(notices, components);
    const error = await readNotices(files).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message.split('\n').map((line) => line.replace(/^.*notices\.json: /, ''));
  }

  function build(files: { noticesFile: string; componentsFile: string }) {
    return buildSite({
      regionsFile: site.regionsFile,
      headersFile: site.headersFile,
      publicDir: site.publicDir,
      ...files,
    });
  }

  it('names the notice, the field and the reason for each rule a notice breaks', async () => {
    const notice = incidentNotice();
    const lines = await problemsOf([
      { ...notice, updates: [...notice.updates, { at: '2026-11-21T03:00:00Z', state: 'closed', text: '' }] },
      { ...maintenanceNotice(), state: 'resolved' },
    ]);
    expect(lines).toContain(
      '[0].updates[2].state: Invalid option: expected one of "investigating"|"identified"|"monitoring"|"resolved"',
    );
    expect(lines).toContain('[0].updates[2].text: must not be empty');
    expect(lines).toContain('[1].state: Invalid option: expected one of "scheduled"|"in_progress"|"completed"');
  });

  it('names a component that is not in components.json', async () => {
    const lines = await problemsOf([incidentNotice({ components: ['Build Service', 'Nope'] })]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[0\]\.components\[1\]: "Nope" is not the name of a component \(not in \S*data\/components\.json\)$/,
    );
  });

  it('reports a duplicate id, updates out of order, a window ending before it starts and a state that disagrees', async () => {
    const notice = incidentNotice();
    const lines = await problemsOf([
      notice,
      incidentNotice({ updates: [...notice.updates].reverse(), state: 'investigating' }),
      { ...maintenanceNotice(), window: { start: '2026-11-25T04:00:00Z', end: '2026-11-25T02:00:00Z' } },
      incidentNotice({ id: 'other', state: 'resolved' }),
    ]);
    expect(lines).toEqual([
      '[1].id: "db-latency" is already used by [0]',
      '[1].updates[1].at: is before updates[0].at; list updates oldest first',
      '[2].window.end: must be after start',
      '[3].state: is "resolved" but the latest update says "identified"; they must agree',
    ]);
  });

  it('publishes no notices when data/notices.json does not exist', async () => {
    const files = await siteWith([]);
    const result = await build({ ...files, noticesFile: join(site.root, 'data/absent.json') });
    expect(result.files).toContain(`${site.publicDir}${NOTICES_PATH}`);
    expect(await readFile(`${site.publicDir}${NOTICES_PATH}`, 'utf8')).toBe('{"version":"v1","notices":[]}\n');
  });

  it('publishes notices newest first by latest update, with the maintenance windows of components.json', async () => {
    const files = await siteWith([maintenanceNotice(), incidentNotice()], (config) => {
      config.maintenance = [
        { start: '2026-11-22T01:00:00+01:00', end: '2026-11-22T02:00:00Z', components: ['Scheduler'], note: 'private' },
      ];
    });
    await build(files);
    const text = await readFile(`${site.publicDir}${NOTICES_PATH}`, 'utf8');
    const document = NoticesDocumentSchema.parse(JSON.parse(text));
    expect(document.notices.map((notice) => notice.id)).toEqual([
      'window-2026-11-22-d80661027211',
      'db-latency',
      'registry-upgrade',
    ]);
    expect(document.notices[0]).toEqual({
      id: 'window-2026-11-22-d80661027211',
      title: 'Planned maintenance: Scheduler',
      components: ['Scheduler'],
      kind: 'maintenance',
      state: 'scheduled',
      window: { start: '2026-11-22T00:00:00Z', end: '2026-11-22T02:00:00Z' },
      updates: [
        {
          at: '2026-11-22T00:00:00Z',
          state: 'scheduled',
          text: 'Planned maintenance of Scheduler from 2026-11-22T00:00:00Z to 2026-11-22T02:00:00Z.',
        },
      ],
    });
    expect(text).not.toContain('private');
    const feed = parseFeed(await readFile(`${site.publicDir}${FEED_PATH}`, 'utf8'));
    expect(feed.items.map((item) => item.title)).toEqual([
      'Planned maintenance: Scheduler (Scheduled)',
      'Slow builds (Identified)',
      'Registry upgrade (Scheduled)',
    ]);
  });

  it('writes the same bytes on every build', async () => {
    const files = await siteWith([maintenanceNotice(), incidentNotice()]);
    await build(files);
    const first = await snapshotTree(site.publicDir);
    await build(files);
    expect(await snapshotTree(site.publicDir)).toEqual(first);
  });

  it('leaves public/ as it was when a notice is bad', async () => {
    const files = await siteWith([incidentNotice()]);
    await build(files);
    const before = await snapshotTree(site.publicDir);
    await writeFile(files.noticesFile, JSON.stringify([incidentNotice({ components: ['Nope'] })]));
    await expect(build(files)).rejects.toThrow(/components\[0\]: "Nope" is not the name of a component/);
    expect(await snapshotTree(site.publicDir)).toEqual(before);
  });

  it('publishes every open notice when the file passes the cap, leaving out the oldest resolved ones', async () => {
    // About 1.3 MB of resolved incidents, and two open notices older than all of them.
    const resolved = Array.from({ length: 130 }, (_, index) =>
      incidentNotice({
        id: `old-${String(index).padStart(3, '0')}`,
        state: 'resolved',
        updates: [{ at: `2026-11-2${index % 3}T0${index % 10}:00:00Z`, state: 'resolved', text: 'x'.repeat(10_000) }],
      }),
    );
    const open = [
      incidentNotice({ updates: [{ at: '2026-11-01T00:00:00Z', state: 'identified', text: 'On it.' }] }),
      maintenanceNotice(),
    ];
    const files = await siteWith([...resolved, ...open]);
    await build(files);
    const text = await readFile(`${site.publicDir}${NOTICES_PATH}`, 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxBytesOf(NOTICES_PATH));
    const ids = NoticesDocumentSchema.parse(JSON.parse(text)).notices.map((notice) => notice.id);
    expect(ids).toEqual(expect.arrayContaining(['db-latency', 'registry-upgrade']));
    expect(ids.length).toBeGreaterThan(90);
    expect(ids.length).toBeLessThan(132);
  });

  it('refuses a file whose open notices alone would pass the cap, naming the size', async () => {
    const open = Array.from({ length: 12 }, (_, index) =>
      incidentNotice({
        id: `open-${index}`,
        updates: Array.from({ length: 10 }, (_, update) => ({
          at: `2026-11-21T0${update}:00:00Z`,
          state: 'identified' as const,
          text: 'x'.repeat(10_000),
        })),
      }),
    );
    const lines = await problemsOf(open);
    expect(lines).toEqual([
      expect.stringMatching(
        /^its open notices would publish \/api\/v1\/notices as 1\d{6} bytes, more than the 1048576 the server takes/,
      ),
    ]);
  });

  it('refuses ids kept for the maintenance windows', async () => {
    const lines = await problemsOf([incidentNotice({ id: 'window-x' })]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[0\]\.id: must not start with "window-": kept for the maintenance windows of \S*components\.json$/,
    );
  });
});
