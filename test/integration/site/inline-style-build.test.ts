import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INLINED_STYLE_END,
  INLINED_STYLE_START,
  inlinedStyleOf,
  styleSourceHash,
} from '../../../src/headers/page-inline-style.js';
import { type RunningServer, startServer } from '../../../src/server/start-server.js';
import { buildSite } from '../../../src/site/build-site.js';
import { HEADERS_FILE, REGIONS_FILE } from '../../helpers/fixtures.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest();
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A public dir holding the committed page and its style sheet. */
async function site() {
  const dir = await tempDir();
  const publicDir = join(dir, 'public');
  const build = () =>
    buildSite({
      regionsFile: REGIONS_FILE,
      headersFile: HEADERS_FILE,
      publicDir,
      componentsFile: join(dir, 'no-components.json'),
      exportsDir: join(dir, 'exports'),
    });
  await build();
  // The page as an older checkout has it, linking the style sheet: the build inlines it in place of the link.
  const committed = await readFile('public/index.html', 'utf8');
  const css = inlinedStyleOf(committed);
  await writeFile(
    join(publicDir, 'index.html'),
    css === undefined
      ? committed
      : committed.replace(
          `${INLINED_STYLE_START}${css}${INLINED_STYLE_END}`,
          '<link rel="stylesheet" href="/status-page.css">',
        ),
  );
  await copyFile('public/status-page.css', join(publicDir, 'status-page.css'));
  return { dir, publicDir, build };
}

describe('the style sheet inlined by the build', () => {
  it('is in the page byte for byte, its hash in the page’s policy in every export and from the server', async () => {
    const { dir, publicDir, build } = await site();
    const result = await build();
    const css = await readFile(join(publicDir, 'status-page.css'), 'utf8');
    const page = await readFile(join(publicDir, 'index.html'), 'utf8');
    expect(result.files).toContain(join(publicDir, 'index.html'));
    expect(page).toContain(`<style data-inlined="/status-page.css">${css}</style>`);
    expect(page).not.toContain('<link rel="stylesheet" href="/status-page.css">');
    const hash = styleSourceHash(css);
    const netlify = await readFile(join(publicDir, '_headers'), 'utf8');
    const pagePolicy = /^\/index\.html\n(?:\s+.+\n)*?\s+Content-Security-Policy: (.+)$/m.exec(netlify)?.[1];
    expect(pagePolicy).toContain(`style-src 'self' ${hash};`);
    expect(pagePolicy).not.toContain('unsafe-inline');
    expect(await readFile(join(dir, 'exports', 'nginx-locations.conf'), 'utf8')).toContain(`style-src 'self' ${hash};`);

    server = await startServer({ publicDir, headersFile: HEADERS_FILE, port: 0, host: '127.0.0.1', log: () => {} });
    const response = await fetch(`${server.url}/`);
    expect(await response.text()).toBe(page);
    expect(response.headers.get('content-security-policy')).toBe(pagePolicy);
  });

  it('gives the same bytes when built again, and follows an edited style sheet', async () => {
    const { publicDir, build } = await site();
    await build();
    const once = await readFile(join(publicDir, 'index.html'), 'utf8');
    const again = await build();
    expect(again.files).not.toContain(join(publicDir, 'index.html'));
    expect(await readFile(join(publicDir, 'index.html'), 'utf8')).toBe(once);
    await writeFile(join(publicDir, 'status-page.css'), 'body { margin: 0 }\n');
    await build();
    expect(await readFile(join(publicDir, 'index.html'), 'utf8')).toContain(
      '<style data-inlined="/status-page.css">body { margin: 0 }\n</style>',
    );
    expect(await readFile(join(publicDir, '_headers'), 'utf8')).toContain(styleSourceHash('body { margin: 0 }\n'));
  });

  it('refuses a style sheet that would end the element early, naming it, and writes nothing', async () => {
    const { publicDir, build } = await site();
    const cssFile = join(publicDir, 'status-page.css');
    const before = await readFile(join(publicDir, 'index.html'));
    await writeFile(cssFile, 'a {}</style><script>alert(1)</script>\n');
    await expect(build()).rejects.toThrow(`${cssFile}: contains "</style", which would end the inlined element`);
    expect(await readFile(join(publicDir, 'index.html'))).toEqual(before);
  });
});
