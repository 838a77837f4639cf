import { cp } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { componentFeedPath, FEED_PATH } from '../../../src/api-paths.js';
import { writePublicFile } from '../../../src/compression/write-public-file.js';
import { type CliProcess, runCli, startCli } from '../../helpers/run-cli.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';

/** A badge, the feed and a component's feed: what shields.io and feed readers poll, now and then. */
const POLLED = ['/badges/components/build-service/status.json', FEED_PATH, componentFeedPath('build-service')] as const;
const CHANGES = 20;
/** How long after each change the poll comes: at once, within the settle time, and after it. */
const DELAYS_MS = [0, 40, 150] as const;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

let template: TempSite;
let site: TempSite;
let serving: CliProcess | undefined;

beforeAll(async () => {
  template = await makeTempSite();
  expect((await runCli(['build'], { cwd: template.root })).code).toBe(0);
});
afterAll(async () => {
  await template.remove();
});
beforeEach(async () => {
  site = await makeTempSite();
  await cp(template.publicDir, site.publicDir, { recursive: true });
});
afterEach(async () => {
  if (serving && serving.child.exitCode === null) {
    serving.child.kill('SIGKILL');
    await serving.exited();
  }
  serving = undefined;
  await site.remove();
});

/** The bytes of version `n` of `path`: a few kilobytes, distinct per version, worth compressing. */
function versionOf(path: string, n: number): string {
  const state = n % 2 === 0 ? 'major outage' : 'operational';
  if (path.endsWith('.json'))
    return `${JSON.stringify({ schemaVersion: 1, label: 'build', message: state, n, pad: 'x'.repeat(2_000) })}\n`;
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed><title>version ${n}</title>${`<entry>${state}</entry>`.repeat(80)}</feed>\n`;
}

async function fetchDecoded(url: string, encoding: string): Promise<string> {
  const response = await request(url, { headers: { 'accept-encoding': encoding } });
  const body = Buffer.from(await response.body.arrayBuffer());
  expect(response.statusCode).toBe(200);
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(body).toString();
  if (coding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe('a file polled less often than it changes', () => {
  it.each([false, true])(
    'is never answered by `serve` from a version older than the one on disk (precompressed siblings: %s)',
    async (precompress) => {
      serving = startCli(['serve'], { cwd: site.root, env: { PORT: '0' } });
      const [, url] = await serving.waitForOutput(/listening on (http:\/\/\S+)/);
      const stale: string[] = [];
      for (let n = 0; n < CHANGES; n += 1) {
        for (const path of POLLED)
          await writePublicFile(site.publicDir, path, versionOf(path, n), { precompress, sync: false });
        await sleep(DELAYS_MS[n % DELAYS_MS.length] as number);
        await Promise.all(
          POLLED.map(async (path, index) => {
            const encoding = ENCODINGS[(n + index) % ENCODINGS.length] as string;
            const body = await fetchDecoded(`${url}${path}`, encoding);
            if (body !== versionOf(path, n)) stale.push(`${path} after change ${n} (${encoding})`);
          }),
        );
      }
      expect(stale).toEqual([]);
    },
  );
});
