/**
 * The status page as a visitor's browser gets it, at 4, 100 and 1,000
 * components with a year of history: the history generated the way the
 * history section does, rendered by the project's own renderer, a status
 * with a few components broken (each with its ongoing incident) and groups
 * of 20, Statuspage's documents published from them as the probe does, all
 * served by the real `serve` CLI and loaded in headless Chromium on loopback.
 * Each load gets a fresh browser context (an empty cache); the figures are
 * medians of the loads.
 */
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { type Browser, type CDPSession, chromium } from 'playwright-core';
import { INCIDENTS_PATH, STATUS_PATH, UPTIME_PATH } from '../../src/api-paths.js';
import { incidentId } from '../../src/history/advance-incidents.js';
import { createComponentHistoryPublisher } from '../../src/history/publish-component-histories.js';
import { renderHistoryDocuments } from '../../src/history/render-history-documents.js';
import { openSqliteHistoryStore } from '../../src/history/sqlite-history-store.js';
import { writeAtomically } from '../../src/io/write-atomically.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import { formatTimestamp, type ServiceStatus } from '../../src/schemas/service-status.js';
import type { StatusValue } from '../../src/schemas/status-value.js';
import { buildSite } from '../../src/site/build-site.js';
import { publishStatuspage } from '../../src/statuspage/publish-statuspage.js';
import { HOUR_MS } from '../../src/time/time-units.js';
import type { BenchSite } from '../fixtures.js';
import { CLI, median, REPO_ROOT, startServerProcess } from '../process-tools.js';
import { generateYear, nameOf } from './history.js';

/**
 * The little of the page's `document` that the functions run in it use: the
 * bench is compiled without the DOM's types. (Functions, not strings: the
 * page's CSP forbids evaluating strings.)
 */
declare const document: {
  readonly documentElement: { readonly dataset: Record<string, string | undefined> };
  getElementsByTagName(name: string): { readonly length: number };
  dispatchEvent(event: Event): boolean;
};

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
/** Components per group at 100 and 1,000 components. */
const GROUP_SIZE = 20;
/** The broken components (by index, those below the count) and their states, each with an ongoing incident. */
const BROKEN: readonly [number, StatusValue][] = [
  [2, 'major_outage'],
  [57, 'partial_outage'],
  [620, 'degraded_performance'],
  [981, 'major_outage'],
];
/** How long the broken components have been broken. */
const BROKEN_FOR_MS = 37 * 60_000;
/** No request for this long counts as the network being idle. */
const IDLE_MS = 500;

export interface PageLoad {
  /** Every response's bytes on the wire, from navigation until the network is idle. */
  readonly bytes: number;
  readonly requests: number;
  readonly largestBytes: number;
  readonly largestUrl: string;
  /** From navigation until the page marked what a visitor needs as rendered. */
  readonly renderedMs: number;
  readonly domNodes: number;
  readonly heapBytes: number;
  /** One refresh with nothing changed: bytes on the wire and answers by status. */
  readonly refreshBytes: number;
  readonly refresh200: number;
  readonly refresh304: number;
  /** Requests answered from the browser's cache without the network. */
  readonly refreshCached: number;
}

/** A page to load: how many components, and whether they are in groups of 20 (at 4, the shipped group). */
export interface PageCase {
  readonly components: number;
  readonly grouped: boolean;
}

export interface PageResult extends PageCase {
  readonly loads: readonly PageLoad[];
}

/**
 * The cases named as `BENCH_PAGE_SIZES` names them: `1000` grouped, `1000u`
 * without groups. Undefined for a name that is neither.
 */
export function readPageCase(name: string): PageCase | undefined {
  const match = /^(\d+)(u?)$/.exec(name.trim());
  if (!match) return undefined;
  return { components: Number(match[1]), grouped: match[2] === '' };
}

/** The status page's own files, as committed under `public/`. */
async function copyPage(publicDir: string): Promise<void> {
  const source = join(REPO_ROOT, 'public');
  const files = (await readdir(source)).filter(
    (file) => file.startsWith('status-page.') || file === 'index.html' || file === 'favicon.svg',
  );
  await Promise.all(files.map((file) => cp(join(source, file), join(publicDir, file))));
}

function groupOf({ components: count, grouped }: PageCase, index: number): string | undefined {
  if (!grouped) return undefined;
  if (count <= 4) return index < 2 ? 'Control plane' : undefined;
  return `Group ${Math.floor(index / GROUP_SIZE) + 1}`;
}

/** Opens an incident for each broken component, as the probe would have recorded it. */
function openIncidents(file: string, broken: readonly [number, StatusValue][], startedMs: number): void {
  const database = new Database(file);
  const insert = database.prepare(
    `INSERT INTO incidents (id, component, worst, started_ms, resolved_ms, failure_classes, last_class, last_http_status,
                            updated_ms)
     VALUES (?, ?, ?, ?, NULL, 'status', 'status', 503, ?)`,
  );
  for (const [index, state] of broken)
    insert.run(incidentId(nameOf(index), startedMs), nameOf(index), state, startedMs, startedMs);
  database.close();
}

/** A served directory with the page, the regions, a year of history for the case's components and a status. */
async function makePageSite(site: BenchSite, pageCase: PageCase): Promise<{ publicDir: string; configFile: string }> {
  const count = pageCase.components;
  const root = join(site.root, `page-${count}${pageCase.grouped ? '' : 'u'}`);
  const publicDir = join(root, 'public');
  await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
  await copyPage(publicDir);
  await buildSite({ regionsFile: join(REPO_ROOT, 'data', 'regions.json'), publicDir });
  const intervalMs = count >= 100 ? 30_000 : 5_000;
  const nowMs = Date.now();
  const file = join(root, 'history.sqlite');
  generateYear(file, count, intervalMs, Math.floor(nowMs / HOUR_MS) * HOUR_MS);
  const broken = BROKEN.filter(([index]) => index < count);
  openIncidents(file, broken, nowMs - BROKEN_FOR_MS);
  const names = Array.from({ length: count }, (_, index) => nameOf(index));
  const groups = new Map(
    names.flatMap((name, index) => {
      const group = groupOf(pageCase, index);
      return group === undefined ? [] : [[name, group] as const];
    }),
  );
  const store = openSqliteHistoryStore(file);
  try {
    const documents = renderHistoryDocuments(store, {
      regionName: 'Amsterdam 1',
      componentNames: names,
      // As the probe renders them: the summary names each component's group, as Statuspage's documents do.
      groups,
      intervalMs,
      now: new Date(nowMs),
    });
    // As the probe writes them: the detail documents before the summary that names them.
    await createComponentHistoryPublisher(createPublicDirWriter(publicDir))(documents.componentHistories);
    await writeAtomically(join(publicDir, UPTIME_PATH), documents.uptime);
    await writeAtomically(join(publicDir, INCIDENTS_PATH), documents.incidents);
  } finally {
    store.close();
  }
  const states = new Map(broken.map(([index, state]) => [nameOf(index), state]));
  const components = names.map((name) => ({ name, status: states.get(name) ?? ('operational' as const) }));
  const status: ServiceStatus = {
    status: broken.length > 0 ? 'major_outage' : 'operational',
    version: 'v1',
    region: 'Amsterdam 1',
    components,
    updated_at: formatTimestamp(new Date(nowMs)),
  };
  await writeAtomically(join(publicDir, STATUS_PATH), `${JSON.stringify(status)}\n`);
  const settings = { pageName: undefined, publicUrl: undefined, groups, maintenance: [], announceDays: 7 };
  await publishStatuspage({
    publicDir: createPublicDirWriter(publicDir),
    settings,
    status,
    notices: [],
    now: new Date(nowMs),
  });
  const configFile = join(root, 'components.json');
  const config = {
    region: 'ams1',
    schedule: `*/${intervalMs / 1000} * * * * *`,
    components: names.map((name, index) => ({
      name,
      ...(groupOf(pageCase, index) === undefined ? {} : { group: groupOf(pageCase, index) }),
      url: 'http://127.0.0.1:9/healthz',
    })),
  };
  await writeFile(configFile, `${JSON.stringify(config)}\n`);
  return { publicDir, configFile };
}

/** What CDP's Network domain saw: bytes per finished request, answers by status, requests in flight. */
function watchNetwork(session: CDPSession) {
  const urls = new Map<string, string>();
  const inFlight = new Set<string>();
  const seen = {
    finished: [] as { url: string; bytes: number }[],
    statuses: [] as { url: string; status: number; cached: boolean }[],
    lastActivityMs: performance.now(),
  };
  session.on('Network.requestWillBeSent', (event) => {
    urls.set(event.requestId, event.request.url);
    inFlight.add(event.requestId);
    seen.lastActivityMs = performance.now();
  });
  session.on('Network.responseReceived', (event) => {
    seen.statuses.push({
      url: event.response.url,
      status: event.response.status,
      cached: event.response.fromDiskCache === true || event.response.fromPrefetchCache === true,
    });
  });
  session.on('Network.requestServedFromCache', (event) => {
    seen.statuses.push({ url: urls.get(event.requestId) ?? '?', status: 200, cached: true });
  });
  session.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    seen.finished.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength });
    seen.lastActivityMs = performance.now();
  });
  session.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    seen.lastActivityMs = performance.now();
  });
  return {
    seen,
    reset() {
      seen.finished = [];
      seen.statuses = [];
      seen.lastActivityMs = performance.now();
    },
    async idle(): Promise<void> {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (inFlight.size === 0 && performance.now() - seen.lastActivityMs >= IDLE_MS) return;
      }
    },
  };
}

async function loadOnce(browser: Browser, url: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Performance.enable');
    const network = watchNetwork(session);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.rendered === 'true', undefined, {
      timeout: 60_000,
    });
    await network.idle();
    const renderedMs = await page.evaluate(
      () => performance.getEntriesByName('status-rendered')[0]?.startTime ?? Number.NaN,
    );
    if (process.env.BENCH_DEBUG) {
      const timings = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map(
            (entry) => `${Math.round(entry.startTime)}-${Math.round(entry.startTime + entry.duration)} ${entry.name}`,
          ),
      );
      console.log(timings.join('\n'));
    }
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const { metrics } = await session.send('Performance.getMetrics');
    const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    const first = network.seen.finished;
    if (process.env.BENCH_DEBUG) console.log(first.map((each) => `${each.bytes} ${each.url}`).join('\n'));
    const largest = first.reduce((a, b) => (b.bytes > a.bytes ? b : a), { url: '', bytes: 0 });
    // A refresh, triggered the way a visitor returning to the tab triggers one.
    network.reset();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await network.idle();
    const statuses = network.seen.statuses;
    if (process.env.BENCH_DEBUG) console.log(statuses, network.seen.finished);
    return {
      bytes: first.reduce((sum, each) => sum + each.bytes, 0),
      requests: first.length,
      largestBytes: largest.bytes,
      largestUrl: new URL(largest.url || url).pathname,
      renderedMs,
      domNodes,
      heapBytes,
      refreshBytes: network.seen.finished.reduce((sum, each) => sum + each.bytes, 0),
      refresh200: statuses.filter((each) => each.status === 200 && !each.cached).length,
      refresh304: statuses.filter((each) => each.status === 304).length,
      refreshCached: statuses.filter((each) => each.cached).length,
    };
  } finally {
    await context.close();
  }
}

/** Loads the page `loads` times in each of `cases`. */
export async function measurePage(site: BenchSite, cases: readonly PageCase[], loads: number): Promise<PageResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: PageResult[] = [];
  try {
    for (const pageCase of cases) {
      const { publicDir, configFile } = await makePageSite(site, pageCase);
      const server = await startServerProcess(
        process.execPath,
        [CLI, 'serve', '--public', publicDir, '--headers', site.headersFile, '--config', configFile],
        { PORT: '0' },
      );
      try {
        // One load first, not counted: the server compresses each file once, for its first visitor.
        await loadOnce(browser, `${server.url}/`);
        const measured: PageLoad[] = [];
        for (let index = 0; index < loads; index += 1) measured.push(await loadOnce(browser, `${server.url}/`));
        results.push({ ...pageCase, loads: measured });
      } finally {
        await server.stop();
        await rm(dirname(publicDir), { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The median of one figure over a size's loads. */
export function medianOf(result: PageResult, figure: (load: PageLoad) => number): number {
  return median(result.loads.map(figure));
}
