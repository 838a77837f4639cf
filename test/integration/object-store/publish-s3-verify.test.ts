import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listPublishedFiles } from '../../../src/exports/list-published-files.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { readDocument } from '../../../src/io/read-document.js';
import { resolveObjectMetadata } from '../../../src/object-store/object-metadata.js';
import { verifyDeployment } from '../../../src/verify/verify-deployment.js';
import { NGINX, startNginx } from '../../helpers/nginx.js';
import { copyPageFiles } from '../../helpers/page-files.js';
import { runCli } from '../../helpers/run-cli.js';
import { type S3Store, s3Env, startS3Store } from '../../helpers/s3-store.js';
import { useStandins } from '../../helpers/standins.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const BUCKET = 'status-site';

const standin = useStandins();
const cli = useCliSite();
let store: S3Store;
const cleanups: (() => void)[] = [];

beforeEach(async () => {
  store = await startS3Store([BUCKET]);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  await store.close();
});

/** From an empty bucket, as docs/deploy.md does it: `build --publish`, then one `probe --once --publish`. */
async function publishToEmptyBucket(): Promise<void> {
  await copyPageFiles(cli.site.publicDir);
  const healthy = await standin({ mode: 'healthy' });
  const config = join(cli.site.root, 'components.json');
  await writeFile(
    config,
    JSON.stringify({ region: 'ams1', components: [{ name: 'Control API', url: `${healthy.origin}/healthz` }] }),
  );
  const env = { REGION: '', ...s3Env(store, cli.site.root) };
  const paths = ['--public', cli.site.publicDir, '--exports', join(cli.site.root, 'dist-exports')];
  const built = await runCli(['build', ...paths, '--components', config, '--publish', `s3://${BUCKET}`], {
    cwd: cli.site.root,
    env,
  });
  expect(built.code, built.stderr).toBe(0);
  const probeArgs = ['--config', config, '--out', cli.site.publicDir, '--regions', cli.site.regionsFile];
  const probed = await runCli(['probe', '--once', ...probeArgs, '--publish', `s3://${BUCKET}`], {
    cwd: cli.site.root,
    env,
  });
  expect(probed.code, probed.stderr).toBe(0);
}

describe('a status served by the bucket alone', () => {
  it('passes every check of verify but CORS, which an object cannot carry and the CDN must add', async () => {
    await publishToEmptyBucket();
    const report = await verifyDeployment({ baseUrl: `${store.endpoint}/${BUCKET}` });
    const failed = report.checks.filter((check) => check.outcome === 'fail');
    // Only CORS fails, on every JSON document, the contract's among them; the feed needs none.
    expect(new Set(failed.map((check) => check.check))).toEqual(new Set(['cors']));
    expect(failed.map((check) => check.endpoint)).toEqual(
      expect.arrayContaining(['regions', 'status', 'uptime', 'incidents', 'notices', 'observations']),
    );
    expect(
      report.checks.filter((check) => check.check === 'content-type').every((check) => check.outcome === 'pass'),
    ).toBe(true);
  }, 60_000);

  // nginx (Debian's nginx-light) plays the CDN: it caches nothing, proxies to the bucket, and adds what the
  // response headers policy would, per exact path, from the same resolution that chose the objects' metadata.
  it.skipIf(!existsSync(NGINX))(
    'behind a CDN that adds the listed headers, passes verify entirely',
    async () => {
      await publishToEmptyBucket();
      const rules = (await readDocument(cli.site.headersFile, HeadersConfigSchema)).headers;
      const locations = (await listPublishedFiles(cli.site.publicDir)).map((file) => {
        const added = resolveObjectMetadata(rules, file).forCdn.map(
          ({ key, value }) => `      add_header ${key} ${JSON.stringify(value)} always;`,
        );
        return `    location = /${file} {\n      proxy_pass ${store.endpoint}/${BUCKET}/${file};\n${added.join('\n')}\n    }`;
      });
      const nginx = await startNginx(cli.site.root, (port) => ({
        http: `  server {
    listen 127.0.0.1:${port};
${locations.join('\n')}
  }`,
      }));
      cleanups.push(nginx.stop);
      const report = await verifyDeployment({ baseUrl: nginx.origin });
      expect(report.checks.filter((check) => check.outcome === 'fail')).toEqual([]);
      expect(report.checks.filter((check) => check.outcome === 'pass').length).toBeGreaterThan(30);
    },
    60_000,
  );
});
