import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { documentFile, STATUS_PATH } from '../../src/api-paths.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import { formatTimestamp } from '../../src/schemas/service-status.js';
import { buildSite } from '../../src/site/build-site.js';
import { publishStatuspage } from '../../src/statuspage/publish-statuspage.js';
import { ENDPOINTS } from '../../src/verify/contract.js';
import { verifyDeployment } from '../../src/verify/verify-deployment.js';
import { publishDocuments } from '../helpers/document-fixtures.js';
import { HEADERS_FILE, REGIONS_FILE } from '../helpers/fixtures.js';
import { NGINX, startNginx } from '../helpers/nginx.js';
import { publishObservations, sampleObservations } from '../helpers/observations-fixture.js';
import { sampleStatus } from '../helpers/status-fixture.js';
import {
  publishSampleFeeds,
  sampleGroupedComponents,
  sampleStatuspageSettings,
} from '../helpers/statuspage-fixture.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

// Runs where nginx is installed (`apt-get install nginx-light`); elsewhere the parsed-output tests cover the export.
describe.skipIf(!existsSync(NGINX))('the nginx export, served by a real nginx', () => {
  const tempDir = tempDirsPerTest();
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('passes verify for every document and the feed, even under a server-wide charset and add_header', async () => {
    const dir = await tempDir();
    const publicDir = join(dir, 'public');
    const exportsDir = join(dir, 'exports');
    // The sample components, grouped as the sample Statuspage documents say: the exports name each one's feed.
    const componentsFile = join(dir, 'components.json');
    const components = sampleGroupedComponents().map((component) => ({ ...component, url: 'http://127.0.0.1:9/' }));
    await writeFile(componentsFile, JSON.stringify({ region: 'ams1', components }));
    await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, exportsDir, componentsFile });
    const statusFile = documentFile(publicDir, STATUS_PATH);
    await mkdir(dirname(statusFile), { recursive: true });
    const status = sampleStatus({ updated_at: formatTimestamp(new Date()) });
    await writeFile(statusFile, JSON.stringify(status));
    await publishObservations(publicDir, sampleObservations());
    await publishDocuments(publicDir);
    await publishSampleFeeds(publicDir);
    await publishStatuspage({
      publicDir: createPublicDirWriter(publicDir),
      settings: sampleStatuspageSettings(),
      status,
      notices: [],
      now: new Date(),
    });

    const nginx = await startNginx(dir, (port) => ({
      http: `  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;
  server {
    listen 127.0.0.1:${port};
    root ${publicDir};
    add_header X-Server-Wide "not inherited by the locations";
    include ${exportsDir}/nginx-locations.conf;
  }`,
    }));
    cleanups.push(nginx.stop);

    const report = await verifyDeployment({ baseUrl: nginx.origin });
    expect(report.checks.filter((check) => check.outcome !== 'pass')).toEqual([]);
    expect(new Set(report.checks.map((check) => check.endpoint))).toEqual(new Set(ENDPOINTS));

    const openapi = await fetch(`${nginx.origin}/api/v1/openapi.json`);
    await openapi.text();
    expect(openapi.headers.get('content-type')).toBe('application/json');
    expect(openapi.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
