import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBadgePublisher } from '../../../src/badges/publish-badges.js';
import { renderBadges } from '../../../src/badges/render-badges.js';
import { ShieldsEndpointSchema } from '../../../src/badges/shields-endpoint.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { type RunningServer, startServer } from '../../../src/server/start-server.js';
import { checkAt } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { sampleStatus } from '../../helpers/status-fixture.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';
import { runTwoProbeCycles } from '../../helpers/two-probe-cycles.js';

const standin = useStandins();
const log: ProbeLog = { info: () => {}, error: (line) => errors.push(line) };
let errors: string[];
let root: string;
let publicDir: string;
let server: RunningServer | undefined;

const tempDir = tempDirsPerTest({ prefix: 'badges-' });
beforeEach(async () => {
  root = await tempDir();
  publicDir = join(root, 'public');
  errors = [];
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A published cycle of three components, two in a group, one with a name full of markup;
 * returns when the probe's history begins (its first cycle, a minute before the second).
 */
async function publishCycle(): Promise<Date> {
  const healthy = await standin({ mode: 'healthy' });
  const failing = await standin({ mode: 'failing' });
  // Two cycles a minute apart: the history then has a minute of data for the uptime badges.
  return runTwoProbeCycles({
    components: [
      { name: 'Scheduler', group: 'Compute', checks: [checkAt(`${healthy.origin}/healthz`)] },
      { name: 'Build Service', group: 'Compute', checks: [checkAt(`${failing.origin}/healthz`)] },
      { name: '<script>alert(1)</script> & Co', checks: [checkAt(`${healthy.origin}/healthz`)] },
    ],
    publicDir,
    root,
    log,
  });
}

/** The UTC day of `at` as an uptime badge's label writes a day: `27 Nov` (by the probe's clock: a run across midnight has two days). */
function dayInBadges(at: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${at.getUTCDate()} ${months[at.getUTCMonth()]}`;
}

const readBadge = async (name: string) => JSON.parse(await readFile(join(publicDir, 'badges', `${name}.json`), 'utf8'));

describe('badges written by the probe', () => {
  it('writes shields endpoint JSON for the platform, each group and each component after a published cycle', async () => {
    const historyFrom = await publishCycle();
    expect(errors).toEqual([]);
    expect(await readBadge('status')).toEqual({
      schemaVersion: 1,
      label: 'status',
      message: 'major outage',
      color: 'red',
    });
    expect(await readBadge('groups/compute/status')).toMatchObject({ label: 'Compute', message: 'major outage' });
    expect(await readBadge('components/scheduler/status')).toMatchObject({
      label: 'Scheduler',
      message: 'operational',
    });
    expect(await readBadge('components/script-alert-1-script-co/status')).toMatchObject({
      label: '<script>alert(1)</script> & Co',
    });
    expect(await readBadge('components/scheduler/uptime')).toEqual({
      schemaVersion: 1,
      // One cycle of history: the figure rests on today alone, and says so.
      label: `Scheduler uptime (since ${dayInBadges(historyFrom)})`,
      message: '100%',
      color: 'brightgreen',
    });
    for (const name of ['status', 'uptime', 'groups/compute/uptime', 'components/build-service/uptime']) {
      ShieldsEndpointSchema.parse(await readBadge(name));
    }
  });

  it('writes SVG that parses as XML, shows the message and keeps a name as text', async () => {
    await publishCycle();
    const svg = await readFile(
      join(publicDir, 'badges', 'components', 'script-alert-1-script-co', 'status.svg'),
      'utf8',
    );
    expect(XMLValidator.validate(svg)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(svg);
    expect(parsed.svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
    expect(svg).toContain('operational');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('are served with their content types, CORS open and short caching', async () => {
    await publishCycle();
    server = await startServer({
      publicDir,
      headersFile: join(REPO_ROOT, 'headers.json'),
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    });
    const json = await request(`${server.url}/badges/components/scheduler/uptime.json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.headers['cache-control']).toBe('public, max-age=60');
    expect(json.headers['access-control-allow-origin']).toBe('*');
    expect(ShieldsEndpointSchema.parse(await json.body.json())).toMatchObject({ message: '100%' });
    const svg = await request(`${server.url}/badges/status.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=60');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(await svg.body.text()).toContain('major outage');
  });

  it('rewrites only the badges whose content changed since the last cycle', async () => {
    const publish = createBadgePublisher(createPublicDirWriter(publicDir));
    const inode = async (name: string) => (await stat(join(publicDir, 'badges', name))).ino;
    await publish(renderBadges(sampleStatus(), undefined, new Map()));
    const before = { status: await inode('status.svg'), registry: await inode('components/registry/status.json') };
    await publish(
      renderBadges(
        sampleStatus({
          status: 'major_outage',
          components: [
            { name: 'Control API', status: 'operational' },
            { name: 'Scheduler', status: 'operational' },
            { name: 'Build Service', status: 'operational' },
            { name: 'Registry', status: 'major_outage' },
          ],
        }),
        undefined,
        new Map(),
      ),
    );
    expect(await inode('status.svg')).not.toBe(before.status);
    expect(await inode('components/registry/status.json')).not.toBe(before.registry);
    const unchanged = await inode('components/scheduler/status.json');
    await publish(renderBadges(sampleStatus(), undefined, new Map()));
    expect(await inode('components/scheduler/status.json')).toBe(unchanged);
    expect(await readBadge('components/registry/status')).toMatchObject({ message: 'operational' });
  });

  it('after a restart, leaves alone the badges already on disk as they would be written', async () => {
    const inode = async (name: string) => (await stat(join(publicDir, 'badges', name))).ino;
    await createBadgePublisher(createPublicDirWriter(publicDir))(renderBadges(sampleStatus(), undefined, new Map()));
    const before = {
      schedulerJson: await inode('components/scheduler/status.json'),
      schedulerSvg: await inode('components/scheduler/status.svg'),
    };
    // The last process was killed after writing the registry's JSON but before its SVG was right.
    await writeFile(join(publicDir, 'badges', 'components', 'registry', 'status.svg'), '<svg/>');
    const damaged = await inode('components/registry/status.svg');
    const restarted = createBadgePublisher(createPublicDirWriter(publicDir));
    const outage = sampleStatus({
      status: 'major_outage',
      components: [
        { name: 'Control API', status: 'major_outage' },
        { name: 'Scheduler', status: 'operational' },
        { name: 'Build Service', status: 'operational' },
        { name: 'Registry', status: 'operational' },
      ],
    });
    await restarted(renderBadges(outage, undefined, new Map()));
    expect(await inode('components/scheduler/status.json')).toBe(before.schedulerJson);
    expect(await inode('components/scheduler/status.svg')).toBe(before.schedulerSvg);
    expect(await inode('components/registry/status.svg')).not.toBe(damaged);
    expect(await readFile(join(publicDir, 'badges', 'components', 'registry', 'status.svg'), 'utf8')).toContain(
      'operational',
    );
    expect(await readBadge('components/control-api/status')).toMatchObject({ message: 'major outage' });
    expect(await readBadge('status')).toMatchObject({ message: expect.stringMatching(/outage/i) });
  });
});
