import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

/** `/mcp` and its card on the thin handler, in-process: off unless asked for, and each client rate-limited. */
let site: TempSite;
let server: TestServer | undefined;

beforeEach(async () => {
  site = await makeTempSite();
  await publishStatus(site.publicDir, sampleStatus());
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await site.remove();
});

async function serve(mcp?: { rateLimit: { burst: number; perSecond: number } }): Promise<string> {
  server = await startTestServer(site, mcp === undefined ? {} : { mcp });
  return server.url;
}

const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('serve without --mcp', () => {
  it('answers /mcp and /.well-known/mcp.json as files it does not have', async () => {
    const url = await serve();
    expect((await fetch(new URL('/mcp', url), { method: 'POST', headers: HEADERS, body: LIST_TOOLS })).status).toBe(
      405,
    );
    expect((await fetch(new URL('/mcp', url))).status).toBe(404);
    expect((await fetch(new URL('/.well-known/mcp.json', url))).status).toBe(404);
  });
});

describe('serve --mcp', () => {
  it('lists the tools to a stateless POST, keeping no session', async () => {
    const url = await serve({ rateLimit: { burst: 10, perSecond: 10 } });
    const response = await fetch(new URL('/mcp', url), { method: 'POST', headers: HEADERS, body: LIST_TOOLS });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const body = (await response.json()) as { result: { tools: { name: string }[] } };
    expect(body.result.tools).toHaveLength(5);
  });

  it('answers a client past its allowance 429 with Retry-After, before reading its body', async () => {
    const url = await serve({ rateLimit: { burst: 2, perSecond: 0.1 } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await fetch(new URL('/mcp', url), { method: 'POST', headers: HEADERS, body: LIST_TOOLS });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
