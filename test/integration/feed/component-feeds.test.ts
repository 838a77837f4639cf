import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { startServer } from '../../../src/server/start-server.js';
import { buildSite } from '../../../src/site/build-site.js';
import { createSubscriptions } from '../../../src/subscriptions/create-subscriptions.js';
import { incidentNotice, maintenanceNotice } from '../../helpers/notices.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { buildTempSite, makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { atom, readWithXmllint } from '../../helpers/xmllint.js';

const QUIET = { info: () => {}, error: () => {} };
const standin = useStandins();
let site: TempSite;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await site.remove();
});

/** The feed at `path` under the site's public directory, read by the feed parser: its title and its entries' titles. */
async function readFeed(path: string): Promise<{ title: string | null; entries: string[] }> {
  const feed = parseFeed(await readFile(`${site.publicDir}${path}`, 'utf8'));
  return { title: feed.title, entries: feed.items.map((item) => item.title ?? '') };
}

/** The same feed as xmllint reads it: well-formed, its title and its entries' titles by XPath. */
async function lintFeed(path: string): Promise<{ title: string; entries: string[] }> {
  const [title = '', entries = ''] = await readWithXmllint(`${site.publicDir}${path}`, [
    `string(/${atom('feed')}/${atom('title')})`,
    `/${atom('feed')}/${atom('entry')}/${atom('title')}/text()`,
  ]);
  return { title, entries: entries === '' ? [] : entries.split('\n') };
}

async function writeData(file: string, value: unknown): Promise<string> {
  const path = join(site.root, 'data', file);
  await writeFile(path, JSON.stringify(value));
  return path;
}

/** The shipped components (Control API and Scheduler in "Control plane", Build Service, Registry), edited. */
async function writeComponents(edit: (components: Record<string, unknown>[]) => Record<string, unknown>[]) {
  const file = join(site.root, 'data', 'components.json');
  const config = JSON.parse(await readFile(file, 'utf8'));
  config.components = edit(config.components);
  await writeFile(file, JSON.stringify(config));
  return file;
}

function build() {
  return buildTempSite(site);
}

describe('the build', () => {
  it('writes a feed per component and per group, read alike by the feed parser and xmllint', async () => {
    site = await makeTempSite();
    await writeData('notices.json', [
      incidentNotice({ components: ['Scheduler'] }),
      maintenanceNotice(),
      incidentNotice({ id: 'network', title: 'Network trouble', components: [] }),
    ]);
    const result = await build();
    const expected: Record<string, string[]> = {
      '/feeds/components/control-api.atom': ['Network trouble (Identified)'],
      '/feeds/components/scheduler.atom': ['Slow builds (Identified)', 'Network trouble (Identified)'],
      '/feeds/components/build-service.atom': ['Network trouble (Identified)'],
      '/feeds/components/registry.atom': ['Network trouble (Identified)', 'Registry upgrade (Scheduled)'],
      '/feeds/groups/control-plane.atom': ['Slow builds (Identified)', 'Network trouble (Identified)'],
    };
    for (const [path, entries] of Object.entries(expected)) {
      expect(await readFeed(path)).toEqual({ title: expect.stringContaining(': incidents and notices'), entries });
      expect((await lintFeed(path)).entries).toEqual(entries);
    }
    expect(await lintFeed('/feeds/groups/control-plane.atom')).toMatchObject({
      title: 'Control plane: incidents and notices',
    });
    expect(result.files.filter((file) => file.includes('/feeds/') && file.endsWith('.atom')).sort()).toEqual(
      Object.keys(expected)
        .map((path) => `${site.publicDir}${path}`)
        .sort(),
    );
  });

  it("gives each feed the Atom headers in every host's export, even before any is written", async () => {
    site = await makeTempSite();
    await buildSite({
      regionsFile: site.regionsFile,
      headersFile: site.headersFile,
      publicDir: site.publicDir,
      componentsFile: join(site.root, 'data', 'components.json'),
      exportsDir: join(site.root, 'dist-exports'),
    });
    const netlify = await readFile(join(site.publicDir, '_headers'), 'utf8');
    for (const path of ['/feeds/components/registry.atom', '/feeds/groups/control-plane.atom']) {
      expect(netlify).toContain(
        `${path}\n  X-Content-Type-Options: nosniff\n  Content-Type: application/atom+xml; charset=utf-8\n  Cache-Control: public, max-age=60\n`,
      );
    }
    const nginx = await readFile(join(site.root, 'dist-exports', 'nginx-locations.conf'), 'utf8');
    expect(nginx).toContain('location = /feeds/groups/control-plane.atom');
    await expect(stat(join(site.publicDir, 'feeds'))).rejects.toThrow(/ENOENT/);
  });

  it('removes the feed of a component or group taken out of the config, and its compressed siblings', async () => {
    site = await makeTempSite();
    await writeData('notices.json', []);
    await build();
    await writeFile(`${site.publicDir}/feeds/components/registry.atom.gz`, 'an old sibling');
    await writeComponents((components) =>
      components.filter((component) => component.name !== 'Registry').map(({ group: _, ...rest }) => rest),
    );
    await build();
    await expect(stat(`${site.publicDir}/feeds/components/registry.atom`)).rejects.toThrow(/ENOENT/);
    await expect(stat(`${site.publicDir}/feeds/components/registry.atom.gz`)).rejects.toThrow(/ENOENT/);
    await expect(stat(`${site.publicDir}/feeds/groups/control-plane.atom`)).rejects.toThrow(/ENOENT/);
    await expect(stat(`${site.publicDir}/feeds/components/scheduler.atom`)).resolves.toBeDefined();
    expect(await readFile(join(site.publicDir, '_headers'), 'utf8')).not.toContain('registry.atom');
  });
});

describe('the probe', () => {
  async function proberFor(components: { name: string; group?: string; url: string }[]) {
    const settings = settingsFor(
      components.map(({ name, group, url }) => ({ name, group, checks: [checkAt(url)] })),
      { failureThreshold: 1, successThreshold: 1 },
    );
    const stateDir = join(site.root, '.state');
    const subscriptions = createSubscriptions({
      settings: { publicUrl: 'https://status.example.com', webhooks: [] },
      stateDir,
      log: QUIET,
    });
    const prober = createProber({
      settings,
      publicDir: createPublicDirWriter(site.publicDir),
      stateFile: join(stateDir, 'probe-state.json'),
      historyFile: join(stateDir, 'history.sqlite'),
      log: QUIET,
      subscriptions,
    });
    cleanups.push(() => prober.close());
    return prober;
  }

  it("puts a component's incident in its own feed and its group's, and rewrites no other feed", async () => {
    site = await makeTempSite();
    const [scheduler, controlApi, registry] = await Promise.all([standin(), standin(), standin()]);
    if (!scheduler || !controlApi || !registry) throw new Error('stand-ins');
    const prober = await proberFor([
      { name: 'Scheduler', group: 'Control plane', url: `${scheduler.origin}/healthz` },
      { name: 'Control API', group: 'Control plane', url: `${controlApi.origin}/healthz` },
      { name: 'Registry', url: `${registry.origin}/healthz` },
    ]);
    await prober.runCycle();
    const paths = [
      '/feeds/components/scheduler.atom',
      '/feeds/components/control-api.atom',
      '/feeds/components/registry.atom',
      '/feeds/groups/control-plane.atom',
    ];
    const inodes = async () => Promise.all(paths.map(async (path) => (await stat(`${site.publicDir}${path}`)).ino));
    const before = await inodes();
    for (const path of paths) expect((await readFeed(path)).entries).toEqual([]);

    await scheduler.setMode('failing');
    expect((await prober.runCycle()).published).toBe(true);
    const outage = ['Scheduler: major outage (ongoing)'];
    expect(await readFeed('/feeds/components/scheduler.atom')).toEqual({
      title: 'Scheduler: incidents and notices (Amsterdam 1 status)',
      entries: outage,
    });
    expect((await lintFeed('/feeds/components/scheduler.atom')).entries).toEqual(outage);
    expect((await readFeed('/feeds/groups/control-plane.atom')).entries).toEqual(outage);
    expect((await lintFeed('/feeds/groups/control-plane.atom')).entries).toEqual(outage);
    expect((await readFeed('/feeds/components/control-api.atom')).entries).toEqual([]);
    expect((await readFeed('/feeds/components/registry.atom')).entries).toEqual([]);
    const [schedulerIno, controlApiIno, registryIno, groupIno] = await inodes();
    expect([schedulerIno === before[0], controlApiIno, registryIno, groupIno === before[3]]).toEqual([
      false,
      before[1],
      before[2],
      false,
    ]);
    const [self] = await readWithXmllint(`${site.publicDir}/feeds/groups/control-plane.atom`, [
      `string(/${atom('feed')}/${atom('link')}[@rel='self']/@href)`,
    ]);
    expect(self).toBe('https://status.example.com/feeds/groups/control-plane.atom');
  });

  it('removes, at its first cycle, the feeds of components and groups it is not configured with', async () => {
    site = await makeTempSite();
    const registry = await standin();
    for (const path of ['components/scheduler.atom', 'components/scheduler.atom.br', 'groups/control-plane.atom']) {
      await mkdir(join(site.publicDir, 'feeds', path, '..'), { recursive: true });
      await writeFile(join(site.publicDir, 'feeds', path), 'an old feed');
    }
    const prober = await proberFor([{ name: 'Registry', url: `${registry.origin}/healthz` }]);
    await prober.runCycle();
    await expect(stat(join(site.publicDir, 'feeds', 'components', 'scheduler.atom'))).rejects.toThrow(/ENOENT/);
    await expect(stat(join(site.publicDir, 'feeds', 'components', 'scheduler.atom.br'))).rejects.toThrow(/ENOENT/);
    await expect(stat(join(site.publicDir, 'feeds', 'groups', 'control-plane.atom'))).rejects.toThrow(/ENOENT/);
    expect((await readFeed('/feeds/components/registry.atom')).entries).toEqual([]);
  });
});

describe('the thin handler', () => {
  it('serves a feed of a group as Atom, with a short shared cache', async () => {
    site = await makeTempSite();
    await writeData('notices.json', [incidentNotice({ components: ['Scheduler'] })]);
    await build();
    const running = await startServer({
      publicDir: site.publicDir,
      headersFile: site.headersFile,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    });
    cleanups.push(() => running.close());
    const response = await fetch(`${running.url}/feeds/groups/control-plane.atom`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(parseFeed(await response.text()).items.map((item) => item.title)).toEqual(['Slow builds (Identified)']);
  });
});
