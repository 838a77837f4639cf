import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIBE_PORT_IN_EXPORTS } from '../../src/exports/render-subscriptions-routing.js';
import { mailSettingsOf } from '../../src/mail-subscribers/load-mail-settings.js';
import { createMailSubscribers } from '../../src/mail-subscribers/mail-subscribers.js';
import { startServer } from '../../src/server/start-server.js';
import { buildSite } from '../../src/site/build-site.js';
import { verifyDeployment } from '../../src/verify/verify-deployment.js';
import { HEADERS_FILE, REGIONS_FILE } from '../helpers/fixtures.js';
import { parsedSubscribersConfig, subscribersConfig, subscribersEnv } from '../helpers/mail-subscribers.js';
import { NGINX, startNginx } from '../helpers/nginx.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

const PAGE_ORIGIN = 'http://127.0.0.1:3043';
const SUBSCRIPTIONS = { path: '/api/subscriptions', pageOrigin: PAGE_ORIGIN };

// Runs where nginx is installed (`apt-get install nginx-light`); elsewhere the unit tests cover the export.
describe.skipIf(!existsSync(NGINX))('the subscription endpoint behind the nginx export, served by a real nginx', () => {
  const tempDir = tempDirsPerTest();
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('reaches the probe’s listener, uncached, and verify --config passes it', async () => {
    const dir = await tempDir();
    const publicDir = join(dir, 'public');
    const exportsDir = join(dir, 'exports');
    const componentsFile = join(dir, 'components.json');
    await writeFile(componentsFile, JSON.stringify({ region: 'ams1', ...subscribersConfig() }));
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, exportsDir, componentsFile });
    const settings = mailSettingsOf(parsedSubscribersConfig(), subscribersEnv('smtp://127.0.0.1:9'));
    if (settings === undefined) throw new Error('no settings');
    const mail = createMailSubscribers({
      settings,
      stateDir: join(dir, 'state'),
      log: { info: () => {}, error: () => {} },
    });
    cleanups.push(() => mail.close());
    const listener = await mail.listen(0, '127.0.0.1');
    // The export names the recipes' port; this test's listener has a free one.
    const locations = (await readFile(join(exportsDir, 'nginx-locations.conf'), 'utf8')).replaceAll(
      `127.0.0.1:${SUBSCRIBE_PORT_IN_EXPORTS}`,
      new URL(listener.url).host,
    );
    await writeFile(join(exportsDir, 'nginx-locations.conf'), locations);
    const nginx = await startNginx(dir, (port) => ({
      http: `  include /etc/nginx/mime.types;
  server {
    listen 127.0.0.1:${port};
    root ${publicDir};
    include ${exportsDir}/nginx-locations.conf;
  }`,
    }));
    cleanups.push(nginx.stop);

    const report = await verifyDeployment({ baseUrl: nginx.origin, subscriptions: SUBSCRIPTIONS });
    const checks = report.checks.filter((check) => check.endpoint === 'subscriptions');
    expect(checks.map((check) => [check.check, check.outcome])).toEqual([
      ['status-code', 'pass'],
      ['content-type', 'pass'],
      ['cache-control', 'pass'],
      ['cors', 'pass'],
    ]);
    expect(mail.store.counts()).toMatchObject({ pending: 0, confirmed: 0 });

    const signUp = await fetch(`${nginx.origin}/api/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PAGE_ORIGIN },
      body: JSON.stringify({ email: 'through-nginx@example.org' }),
    });
    expect(signUp.status).toBe(202);
    expect(signUp.headers.get('cache-control')).toBe('no-store');
    await signUp.text();
    expect(mail.store.counts()).toMatchObject({ pending: 1 });
  });

  it('fails verify --config where the host serves files only', async () => {
    const dir = await tempDir();
    const publicDir = join(dir, 'public');
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir });
    const server = await startServer({
      publicDir,
      headersFile: HEADERS_FILE,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    });
    cleanups.push(() => server.close());
    const report = await verifyDeployment({ baseUrl: server.url, subscriptions: SUBSCRIPTIONS });
    const status = report.checks.find((check) => check.endpoint === 'subscriptions' && check.check === 'status-code');
    expect(status).toMatchObject({ outcome: 'fail' });
    expect(status?.actual).toMatch(/^40[45]$/);
    expect(report.ok).toBe(false);
  });
});
