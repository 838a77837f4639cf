import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { marked, type Tokens } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComponentHistoryDocumentSchema } from '../../../src/schemas/component-history.js';
import { NoticesDocumentSchema } from '../../../src/schemas/notice.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { UptimeDocumentSchema } from '../../../src/schemas/uptime.js';
import { type Standin, startStandin } from '../../../src/standins/start-standin.js';
import { useBuiltSite } from '../../helpers/built-site.js';
import { blockKinds, LLMS_TXT_BLOCKS } from '../../helpers/markdown-blocks.js';
import { type CliProcess, cliArgv, runCli, startCli } from '../../helpers/run-cli.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { unusedPort } from '../../helpers/unused-port.js';

/**
 * The MCP server against a real deployment: `build`, one real `probe --once`
 * (a healthy and a failing stand-in, history on, an open incident notice and
 * a scheduled maintenance), and `serve --mcp`, all the CLI in child
 * processes; the SDK's own client over stdio (`mcp --site`) and over
 * streamable HTTP (`/mcp`). Each tool's answer is checked against the JSON
 * documents the deployment serves at that moment.
 */
const built = useBuiltSite();
let site: TempSite;
let url: string;
let serving: CliProcess;
const standins: Standin[] = [];

const NOTICES = [
  {
    id: 'registry-errors',
    kind: 'incident',
    title: 'Registry <b>errors</b> | pushes fail',
    components: ['Registry'],
    state: 'identified',
    updates: [
      { at: '2026-11-20T10:00:00Z', state: 'investigating', text: 'Looking into it.' },
      { at: '2026-11-20T10:30:00Z', state: 'identified', text: 'A disk is full.\n# not a heading' },
    ],
  },
  {
    id: 'far-maintenance',
    kind: 'maintenance',
    title: 'Storage migration',
    components: ['Control API'],
    state: 'scheduled',
    window: { start: '2099-01-01T02:00:00Z', end: '2099-01-01T04:00:00Z' },
    updates: [{ at: '2026-11-20T09:00:00Z', state: 'scheduled', text: 'Pushes may be slow.' }],
  },
];

beforeAll(async () => {
  site = await makeTempSite();
  await built.copyInto(site);
  const healthy = await startStandin({ name: 'Healthy', port: 0, mode: 'healthy' });
  const failing = await startStandin({ name: 'Failing', port: 0, mode: 'failing' });
  standins.push(healthy, failing);
  const config = {
    region: 'ams1',
    failure_threshold: 1,
    components: [
      { name: 'Control API', url: healthy.origin },
      { name: 'Registry', url: failing.origin },
    ],
  };
  await writeFile(join(site.root, 'components.json'), JSON.stringify(config));
  await writeFile(join(site.root, 'data', 'notices.json'), JSON.stringify(NOTICES));
  const probed = await runCli(
    ['probe', '--once', '--config', 'components.json', '--state', '.state/probe-state.json'],
    {
      cwd: site.root,
      timeoutMs: 60_000,
    },
  );
  expect(probed.code).toBe(0);
  const port = await unusedPort();
  serving = startCli(['serve', '--mcp', '--config', 'components.json'], {
    cwd: site.root,
    env: { PORT: String(port), HOST: '127.0.0.1' },
  });
  const [, origin] = await serving.waitForOutput(/listening on (http:\S+)/, 20_000);
  url = String(origin);
}, 120_000);

afterAll(async () => {
  serving?.child.kill('SIGTERM');
  await serving?.exited();
  await Promise.all(standins.map((standin) => standin.close()));
  await site?.remove();
});

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(new URL(path, url));
  expect(response.status).toBe(200);
  return response.json();
}

/** A tool's answer: its JSON, or its error. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const [content] = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, value: JSON.parse(content?.text ?? 'null') };
}

async function stdioClient(siteUrl: string, extra: string[] = []): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [entry, ...args] = cliArgv(['mcp', '--site', siteUrl, ...extra]);
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [entry ?? '', ...args], stderr: 'pipe' }),
  );
  return client;
}

async function httpClient(): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url)));
  return client;
}

describe('status.md and llms.txt from a real probe, through serve', () => {
  it('serves status.md as text/markdown, no-store, whose components table repeats the status', async () => {
    const status = ServiceStatusSchema.parse(await fetchJson('/api/v1/status'));
    const response = await fetch(new URL('/status.md', url));
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = marked.lexer(await response.text());
    const headings = tokens.filter((token): token is Tokens.Heading => token.type === 'heading');
    expect(status.status).toBe('major_outage');
    expect(headings.filter((heading) => heading.depth <= 2).map((heading) => heading.text)).toEqual([
      'Status of Amsterdam 1: Major outage',
      'Components',
      'Open incidents',
      'Maintenance',
      'Regions',
      'Documents',
    ]);
    const [components] = tokens.filter((token): token is Tokens.Table => token.type === 'table');
    expect(components?.header.map((cell) => cell.text)).toEqual(['Component', 'State', 'Since']);
    expect(components?.rows.map(([name, state]) => [name?.text, state?.text])).toEqual(
      status.components.map((component) => [component.name, expect.stringContaining(`\`${component.status}\``)]),
    );
    // The notice's markup is text: no HTML, and its heading stays inside its line.
    expect(tokens.some((token) => token.type === 'html')).toBe(false);
    expect(headings.map((heading) => heading.text)).toContain('Registry \\<b\\>errors\\</b\\> \\| pushes fail');
  });

  it('answers / with status.md when asked for text/markdown, and with the page otherwise', async () => {
    const markdown = await (await fetch(new URL('/status.md', url))).text();
    const asked = await fetch(new URL('/', url), { headers: { accept: 'text/markdown' } });
    expect(asked.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await asked.text()).toBe(markdown);
  });

  it('serves llms.txt as text/plain, an H1, a blockquote and sections of links', async () => {
    const response = await fetch(new URL('/llms.txt', url));
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(blockKinds(text)).toEqual(LLMS_TXT_BLOCKS);
    const tokens = marked.lexer(text);
    const links = tokens
      .filter((token): token is Tokens.List => token.type === 'list')
      .flatMap((list) => list.items.map((item) => item.text.match(/\]\(([^)]+)\)/)?.[1]));
    expect(links).toContain('/status.md');
    expect(links).toContain('/api/v1/openapi.json');
    expect(links).toContain('/feed.atom');
  });
});

describe.each([
  ['stdio', () => stdioClient(url)],
  ['streamable HTTP', () => httpClient()],
] as const)('the MCP tools over %s', (_transport, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });

  it('lists five read-only tools, each with a JSON Schema for its input', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_component',
      'get_status',
      'get_uptime',
      'list_incidents',
      'list_maintenance',
    ]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(tools.find((tool) => tool.name === 'get_component')?.inputSchema.required).toEqual(['name']);
  });

  it('get_status answers what /api/v1/status says, not stale', async () => {
    const status = ServiceStatusSchema.parse(await fetchJson('/api/v1/status'));
    const { isError, value } = await call(client, 'get_status');
    expect(isError).toBe(false);
    expect(value).toMatchObject({
      status: status.status,
      updated_at: status.updated_at,
      region: status.region,
      stale: false,
    });
    expect(
      value.components.map(({ name, status: state }: { name: string; status: string }) => ({ name, status: state })),
    ).toEqual(status.components);
    expect(status.components).toContainEqual({ name: 'Registry', status: 'major_outage' });
  });

  it('get_component answers the state, uptime, latency and open notices the documents publish', async () => {
    const uptime = UptimeDocumentSchema.parse(await fetchJson('/api/v1/uptime'));
    const summary = uptime.components.find((component) => component.name === 'Registry');
    const history = ComponentHistoryDocumentSchema.parse(
      await fetchJson(`/api/v1/component-history/${summary?.slug}.json`),
    );
    const { isError, value } = await call(client, 'get_component', { name: 'registry' });
    expect(isError).toBe(false);
    expect(value).toMatchObject({
      name: 'Registry',
      status: 'major_outage',
      uptime: summary?.uptime,
      latency: history.latency,
    });
    expect(value.open_notices.map((notice: { id: string }) => notice.id)).toEqual(['registry-errors']);
    expect(value.since).toBe(value.open_incidents[0].started_at);
  });

  it('get_component of an unknown component is a tool error naming the known ones', async () => {
    const { isError, value } = await call(client, 'get_component', { name: 'Nope' });
    expect(isError).toBe(true);
    expect(value.error).toContain('"Nope"');
    expect(value.hint).toBe('known components: Control API, Registry');
  });

  it('list_incidents and list_maintenance answer the open notices and the probe incidents', async () => {
    const notices = NoticesDocumentSchema.parse(await fetchJson('/api/v1/notices'));
    const incidents = await call(client, 'list_incidents');
    expect(incidents.value.notices.map((notice: { id: string }) => notice.id)).toEqual(['registry-errors']);
    expect(incidents.value.notices[0].latest_update).toEqual(notices.notices[0]?.updates[1]);
    expect(incidents.value.detected.map((incident: { component: string }) => incident.component)).toEqual(['Registry']);
    const windowed = await call(client, 'list_incidents', {
      since: '2026-01-01T00:00:00Z',
      until: '2026-01-02T00:00:00Z',
    });
    expect(windowed.value).toMatchObject({ notices: [], detected: [] });
    const maintenance = await call(client, 'list_maintenance');
    expect(
      maintenance.value.maintenance.map((notice: { id: string; window: unknown }) => [notice.id, notice.window]),
    ).toEqual([['far-maintenance', NOTICES[1]?.window]]);
  });

  it('get_uptime sums the published minutes per state of the days asked for', async () => {
    const history = ComponentHistoryDocumentSchema.parse(await fetchJson('/api/v1/component-history/registry.json'));
    const today = history.days.at(-1);
    const { isError, value } = await call(client, 'get_uptime', {
      component: 'Registry',
      since: today?.date,
      until: today?.date,
    });
    expect(isError).toBe(false);
    expect(value).toMatchObject({
      component: 'Registry',
      days: 1,
      minutes: today?.minutes,
      uptime_percent: today?.uptime_percent,
    });
    const refused = await call(client, 'get_uptime', {
      component: 'Registry',
      since: '2001-01-01',
      until: '2001-01-02',
    });
    expect(refused.isError).toBe(true);
    expect(refused.value.hint).toContain(history.days[0]?.date);
  });
});

describe('serve --mcp at the edges', () => {
  it('describes /mcp at /.well-known/mcp.json', async () => {
    const card = (await fetchJson('/.well-known/mcp.json')) as { transport: unknown; tools: { name: string }[] };
    expect(card.transport).toEqual({ type: 'streamable-http', endpoint: '/mcp' });
    expect(card.tools.map((tool) => tool.name)).toContain('get_status');
  });

  it('refuses GET (stateless: no stream), a body over the cap, and a body that is not JSON', async () => {
    expect((await fetch(new URL('/mcp', url))).status).toBe(405);
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const big = await fetch(new URL('/mcp', url), { method: 'POST', headers, body: 'x'.repeat(100 * 1024) });
    expect(big.status).toBe(413);
    const bad = await fetch(new URL('/mcp', url), { method: 'POST', headers, body: '{not json' });
    expect(bad.status).toBe(400);
  });
});

describe('a stale status and a hostile site, over stdio', () => {
  it('reports a status three intervals old as stale', async () => {
    const { startLoopbackServer } = await import('../../helpers/loopback-server.js');
    const status = {
      status: 'operational',
      version: 'v1',
      region: 'Amsterdam 1',
      components: [{ name: 'A', status: 'operational' }],
      updated_at: '2026-01-01T00:00:00Z',
    };
    const old = await startLoopbackServer((request, response) => {
      if (request.url === '/api/v1/status')
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(status));
      else response.writeHead(404).end();
    });
    const client = await stdioClient(old.origin);
    try {
      const { value } = await call(client, 'get_status');
      expect(value).toMatchObject({ status: 'operational', stale: true, stale_after: '2026-01-01T00:01:30Z' });
    } finally {
      await client.close();
      await old.close();
    }
  }, 30_000);

  it('answers oversized, malformed and slow documents with tool errors within the deadline, and goes on', async () => {
    const { startLoopbackServer } = await import('../../helpers/loopback-server.js');
    let mode: 'oversized' | 'malformed' | 'slow' = 'oversized';
    const hostile = await startLoopbackServer((_request, response) => {
      if (mode === 'slow') return; // never answers
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(mode === 'oversized' ? `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}` : '{"status": "operational", ');
    });
    const client = await stdioClient(hostile.origin, ['--timeout', '1']);
    try {
      for (const next of ['oversized', 'malformed', 'slow'] as const) {
        mode = next;
        const started = performance.now();
        const { isError, value } = await call(client, 'get_status');
        expect(isError, next).toBe(true);
        expect(value.error, next).toMatch(
          next === 'oversized' ? /larger than/ : next === 'malformed' ? /not valid JSON/ : /no answer within 1000 ms/,
        );
        expect(value.hint, next).not.toBe('');
        expect(performance.now() - started, next).toBeLessThan(5_000);
      }
    } finally {
      await client.close();
      await hostile.close();
    }
  }, 30_000);
});
