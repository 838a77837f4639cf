import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { writePublicFile } from '../../../src/compression/write-public-file.js';
import { buildSite } from '../../../src/site/build-site.js';
import { copyPageFiles } from '../../helpers/page-files.js';
import { sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const PAGE_SCRIPT = 'status-page.js';

describe('precompressed siblings', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function site(): Promise<TempSite> {
    const made = await makeTempSite();
    cleanups.push(made.remove);
    return made;
  }
  async function server(made: TempSite): Promise<TestServer> {
    const running = await startTestServer(made);
    cleanups.push(() => running.close());
    return running;
  }
  async function build(made: TempSite, precompress: boolean) {
    return buildSite({
      regionsFile: made.regionsFile,
      headersFile: made.headersFile,
      publicDir: made.publicDir,
      noticesFile: join(made.root, 'data/notices.json'),
      componentsFile: join(made.root, 'data/components.json'),
      precompress,
    });
  }

  it('are written by the build beside its documents and the page, and none is exported or listed as written', async () => {
    const made = await site();
    await copyPageFiles(made.publicDir);
    const result = await build(made, true);
    // The page's script and the bundle the build makes of it.
    for (const file of ['api/v1/regions', 'api/v1/openapi.json', 'feed.atom', PAGE_SCRIPT, 'bundle/status-page.js']) {
      const bytes = await readFile(join(made.publicDir, file));
      expect(gunzipSync(await readFile(join(made.publicDir, `${file}.gz`)))).toEqual(bytes);
    }
    expect(result.files.filter((file) => /\.(gz|br)$/.test(file))).toEqual([]);
    expect(await readFile(join(made.publicDir, '_headers'), 'utf8')).not.toMatch(/\.(gz|br)\b/);
  });

  it('are removed by a build without --precompress', async () => {
    const made = await site();
    await build(made, true);
    await build(made, false);
    const left = await readdir(made.publicDir, { recursive: true });
    expect(left.filter((file) => /\.(gz|br)$/.test(file))).toEqual([]);
  });

  it('are not served as files of their own: the server answers 404 and compresses the file itself', async () => {
    const made = await site();
    const body = `${JSON.stringify(sampleStatus())}\n`;
    await writePublicFile(made.publicDir, '/api/v1/status', body, { precompress: true });
    const running = await server(made);
    await writePublicFile(made.publicDir, '/feed.atom', body.replaceAll('"', "'"), { precompress: true });
    for (const path of ['/api/v1/status.gz', '/api/v1/status.br', '/feed.atom.br']) {
      const response = await fetch(`${running.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      await response.text();
    }
    const compressed = await fetch(`${running.url}/api/v1/status`, { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(await compressed.text()).toBe(body);
  });
});
