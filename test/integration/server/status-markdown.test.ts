import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentFile, STATUS_MARKDOWN_PATH } from '../../../src/api-paths.js';
import { renderStatusMarkdown } from '../../../src/markdown/render-status-markdown.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

/**
 * `/status.md` on the thin handler: the file as the probe wrote it while the
 * status is fresh; once the status is stale (three intervals of the default
 * schedule, 90 s, with no uptime document), a first line that says so, past
 * the time its own "Stale after" line names. The server's clock is fixed.
 */
let site: TempSite;
let server: TestServer | undefined;

const UPDATED_AT = '2026-11-21T04:00:00Z';
const STALE_AFTER = '2026-11-21T04:01:30Z';
const status = sampleStatus({ updated_at: UPDATED_AT });
const markdown = renderStatusMarkdown({
  status,
  staleAfter: STALE_AFTER,
  notices: [],
  incidents: undefined,
  regions: undefined,
  siteUrl: undefined,
});

beforeEach(async () => {
  site = await makeTempSite();
  await publishStatus(site.publicDir, status);
  await writeFile(documentFile(site.publicDir, STATUS_MARKDOWN_PATH), markdown);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await site.remove();
});

async function serveAt(now: string): Promise<TestServer> {
  server = await startTestServer(site, { now: () => new Date(now) });
  return server;
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, server?.url), { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('/status.md on the thin handler', () => {
  it('answers the file as written, text/markdown and no-store, while the status is fresh', async () => {
    await serveAt('2026-11-21T04:01:00Z');
    const response = await get(STATUS_MARKDOWN_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).not.toBeNull();
    expect(response.text).toBe(markdown);
  });

  it('puts a first line saying it is out of date once past its stale-after time', async () => {
    await serveAt('2026-11-21T04:05:00Z');
    const response = await get(STATUS_MARKDOWN_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [first, ...rest] = response.text.split('\n');
    expect(first).toMatch(/^> \*\*Out of date:\*\* this status went stale at 2026-11-21T04:01:30Z \(UTC\)/);
    expect(rest.slice(1).join('\n')).toBe(markdown);
  });

  it('answers / asked for text/markdown with status.md, stale line and all, and a browser with the page', async () => {
    await writeFile(documentFile(site.publicDir, '/index.html'), '<!doctype html><title>page</title>');
    await serveAt('2026-11-21T04:05:00Z');
    const agent = await get('/', { accept: 'text/markdown' });
    expect(agent.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(agent.text).toMatch(/^> \*\*Out of date:\*\*/);
    const browser = await get('/', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(browser.text).toContain('<title>page</title>');
    // No Vary: Accept is needed: the markdown is never stored (no-store) and the page is revalidated each time (no-cache).
    expect(agent.headers.get('cache-control')).toBe('no-store');
    expect(browser.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers HEAD of a stale status.md with the headers alone', async () => {
    await serveAt('2026-11-21T04:05:00Z');
    const response = await fetch(new URL(STATUS_MARKDOWN_PATH, server?.url), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(markdown.length);
    expect(await response.text()).toBe('');
  });
});
