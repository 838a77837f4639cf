import { copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { inlinedStyleOf, styleSourceHash } from '../../../src/headers/page-inline-style.js';
import { type RunningServer, startServer } from '../../../src/server/start-server.js';
import { buildSite } from '../../../src/site/build-site.js';
import { EMAIL_FORM_START } from '../../../src/site/render-email-form.js';
import { HEADERS_FILE, REGIONS_FILE } from '../../helpers/fixtures.js';
import { subscribersConfig } from '../../helpers/mail-subscribers.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const tempDir = tempDirsPerTest();
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ENDPOINT_ORIGIN = 'http://127.0.0.1:3043';

/** A public dir holding the committed page, and a components config beside it (`subscribers` or not). */
async function siteWith(config: object) {
  const dir = await tempDir();
  const publicDir = join(dir, 'public');
  const componentsFile = join(dir, 'components.json');
  await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir, componentsFile });
  await copyFile('public/index.html', join(publicDir, 'index.html'));
  await writeFile(componentsFile, JSON.stringify(config));
  const build = () =>
    buildSite({
      regionsFile: REGIONS_FILE,
      headersFile: HEADERS_FILE,
      publicDir,
      componentsFile,
      exportsDir: join(dir, 'exports'),
    });
  return { dir, publicDir, componentsFile, build };
}

const { subscribers: _subscribers, ...withoutSubscribers } = subscribersConfig();

describe('the email form in the build', () => {
  it('is placed in the page where the config has subscribers, and the exports open the page’s CSP to the endpoint', async () => {
    const site = await siteWith(subscribersConfig());
    const result = await site.build();
    const page = await readFile(join(site.publicDir, 'index.html'), 'utf8');
    expect(result.files).toContain(join(site.publicDir, 'index.html'));
    expect(page).toContain(EMAIL_FORM_START);
    expect(page).toContain(`action="${ENDPOINT_ORIGIN}/api/subscriptions"`);
    expect(page).toContain('value="Build Service"');
    const netlify = await readFile(join(site.publicDir, '_headers'), 'utf8');
    const pagePolicy = /^\/index\.html\n(?:\s+.+\n)*?\s+Content-Security-Policy: (.+)$/m.exec(netlify)?.[1];
    expect(pagePolicy).toContain(`connect-src 'self' ${ENDPOINT_ORIGIN};`);
    expect(pagePolicy).toContain(`form-action ${ENDPOINT_ORIGIN};`);
    const nginx = await readFile(join(site.dir, 'exports', 'nginx-locations.conf'), 'utf8');
    expect(nginx).toContain(`form-action ${ENDPOINT_ORIGIN};`);
  });

  it('is taken out again when the config drops subscribers: the page is the committed one, byte for byte', async () => {
    const committed = await readFile('public/index.html');
    const site = await siteWith(subscribersConfig());
    await site.build();
    await writeFile(site.componentsFile, JSON.stringify(withoutSubscribers));
    await site.build();
    expect(await readFile(join(site.publicDir, 'index.html'))).toEqual(committed);
    expect(await readFile(join(site.publicDir, '_headers'), 'utf8')).not.toContain(ENDPOINT_ORIGIN);
  });

  it('leaves the page of a site without subscribers unwritten', async () => {
    const site = await siteWith(withoutSubscribers);
    const before = await stat(join(site.publicDir, 'index.html'));
    const result = await site.build();
    expect(result.files).not.toContain(join(site.publicDir, 'index.html'));
    expect((await stat(join(site.publicDir, 'index.html'))).mtimeMs).toBe(before.mtimeMs);
    expect(await readFile(join(site.publicDir, 'index.html'))).toEqual(await readFile('public/index.html'));
  });

  it('refuses a page it cannot place the form in, naming it, and writes nothing', async () => {
    const site = await siteWith(subscribersConfig());
    await writeFile(join(site.publicDir, 'index.html'), '<!doctype html><title>Ours</title><p>No feed links</p>\n');
    await expect(site.build()).rejects.toThrow(
      `${join(site.publicDir, 'index.html')}: has no <p class="subscribe"> (the feed links) for the email form to stand after`,
    );
    expect(await readFile(join(site.publicDir, 'index.html'), 'utf8')).toBe(
      '<!doctype html><title>Ours</title><p>No feed links</p>\n',
    );
  });
});

/** The hash of the style sheet the committed page holds inlined, as the build wrote it: the page's policy names it. */
async function committedStyleHash(): Promise<string> {
  const css = inlinedStyleOf(await readFile(join(REPO_ROOT, 'public', 'index.html'), 'utf8'));
  if (css === undefined) throw new Error('the committed page holds no inlined style sheet');
  return styleSourceHash(css);
}

describe('the page’s CSP from the server', () => {
  async function policyOf(formEndpoint: string | undefined): Promise<string | null> {
    const site = await siteWith(withoutSubscribers);
    server = await startServer({
      publicDir: site.publicDir,
      headersFile: HEADERS_FILE,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
      formEndpoint,
    });
    const response = await fetch(`${server.url}/`);
    await response.arrayBuffer();
    return response.headers.get('content-security-policy');
  }

  it('opens connect-src and form-action to the endpoint’s origin given one, and is headers.json’s own without', async () => {
    const shipped = JSON.parse(await readFile(HEADERS_FILE, 'utf8')) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    const own = shipped.headers
      .find((rule) => rule.source === 'index.html')
      ?.headers.find((header) => header.key === 'Content-Security-Policy')
      ?.value.replace("style-src 'self'", `style-src 'self' ${await committedStyleHash()}`);
    expect(await policyOf(undefined)).toBe(own);
    await server?.close();
    server = undefined;
    const opened = await policyOf(`${ENDPOINT_ORIGIN}/api/subscriptions`);
    expect(opened).toBe(
      own
        ?.replace("connect-src 'self'", `connect-src 'self' ${ENDPOINT_ORIGIN}`)
        .replace("form-action 'none'", `form-action ${ENDPOINT_ORIGIN}`),
    );
  });
});
