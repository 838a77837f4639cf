import { readFileSync } from 'node:fs';
import { componentFeedPath, componentHistoryPath, groupFeedPath } from '../../src/api-paths.js';
import { RegionsFileSchema } from '../../src/schemas/region.js';
import { renderRegions } from '../../src/site/render-regions.js';
import {
  type ADDED_ENDPOINTS,
  CONTRACT,
  ENDPOINTS,
  type Endpoint,
  STATUSPAGE_ENDPOINTS,
} from '../../src/verify/contract.js';
import { sampleComponentHistories, sampleDocuments, sampleMonthlyReport } from './document-fixtures.js';
import { REGIONS_FILE } from './fixtures.js';
import { startLoopbackServer } from './loopback-server.js';
import { sampleObservations } from './observations-fixture.js';
import { sampleStatus } from './status-fixture.js';
import { sampleStatuspageDocuments } from './statuspage-fixture.js';

/** One canned answer: status code, exact headers, body (bytes for a body sent compressed). */
export interface CannedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
}

export const GOOD_REGIONS: CannedResponse = {
  status: 200,
  headers: {
    'Content-Type': 'application/json',
    'Cache-Control': 'public, max-age=300',
    'Access-Control-Allow-Origin': '*',
  },
  body: renderRegions(RegionsFileSchema.parse(JSON.parse(readFileSync(REGIONS_FILE, 'utf8')))),
};

/** A correct status answer whose `updated_at` is `updatedAt`. */
export function goodStatus(updatedAt: string, body: unknown = sampleStatus({ updated_at: updatedAt })): CannedResponse {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' },
    body: JSON.stringify(body),
  };
}

const ADDED_JSON_HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'public, max-age=60',
  'Access-Control-Allow-Origin': '*',
};

/** Correct answers for the documents beside the contract: the history, the notices, the observations and the feed. */
export const GOOD_ADDED: Readonly<Record<(typeof ADDED_ENDPOINTS)[number], CannedResponse>> = {
  uptime: { status: 200, headers: ADDED_JSON_HEADERS, body: sampleDocuments()['/api/v1/uptime'] },
  'component-history': {
    status: 200,
    headers: ADDED_JSON_HEADERS,
    body: `${JSON.stringify(sampleComponentHistories()[0])}\n`,
  },
  'monthly-report': {
    status: 200,
    headers: ADDED_JSON_HEADERS,
    body: `${JSON.stringify(sampleMonthlyReport())}\n`,
  },
  incidents: { status: 200, headers: ADDED_JSON_HEADERS, body: sampleDocuments()['/api/v1/incidents'] },
  notices: { status: 200, headers: ADDED_JSON_HEADERS, body: sampleDocuments()['/api/v1/notices'] },
  observations: {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' },
    body: JSON.stringify(sampleObservations()),
  },
  heartbeats: {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' },
    body: sampleDocuments()['/api/v1/heartbeats'],
  },
  ...goodStatuspage(),
  feed: goodFeed(),
  'component-feed': goodFeed(),
  'group-feed': goodFeed(),
  'status.md': {
    status: 200,
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
    },
    body: sampleDocuments()['/status.md'],
  },
  'llms.txt': {
    status: 200,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    },
    body: sampleDocuments()['/llms.txt'],
  },
};

/** A correct Atom feed: the site's, whose shape the feed of a component or group shares. */
function goodFeed(): CannedResponse {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
    body: sampleDocuments()['/feed.atom'],
  };
}

/**
 * Where the documents published per component or group are answered: where
 * the sample documents name them (the summary's first slug, the status's
 * first component, Statuspage's first group, "Compute").
 */
const ONE_OF_EACH: Partial<Record<Endpoint, string>> = {
  'component-history': componentHistoryPath(sampleComponentHistories()[0]?.slug ?? ''),
  'component-feed': componentFeedPath('control-api'),
  'group-feed': groupFeedPath('compute'),
};

/** Correct answers for Statuspage's eight documents: never cached, open to any origin. */
function goodStatuspage(): Record<(typeof STATUSPAGE_ENDPOINTS)[number], CannedResponse> {
  const documents = sampleStatuspageDocuments();
  const headers = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
  };
  const answer = (endpoint: (typeof STATUSPAGE_ENDPOINTS)[number]): CannedResponse => ({
    status: 200,
    headers,
    body: JSON.stringify(documents[CONTRACT[endpoint].path]),
  });
  return Object.fromEntries(STATUSPAGE_ENDPOINTS.map((endpoint) => [endpoint, answer(endpoint)])) as Record<
    (typeof STATUSPAGE_ENDPOINTS)[number],
    CannedResponse
  >;
}

/** What a fake deployment answers at each endpoint's path; an endpoint left out is a 404. */
export type Answers = Partial<Record<Endpoint, CannedResponse>>;

/** An uptime document whose only figure that matters here is the probe's interval. */
export function uptimeWithInterval(intervalSeconds: number): CannedResponse {
  return {
    status: 200,
    headers: ADDED_JSON_HEADERS,
    body: JSON.stringify({
      version: 'v1',
      region: 'Amsterdam 1',
      generated_at: '2026-11-21T04:39:30Z',
      interval_seconds: intervalSeconds,
      first_day: '2026-08-24',
      components: [],
    }),
  };
}

export interface FakeDeployment {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A plain `node:http` server on a loopback port that answers each endpoint's
 * path with exactly what it is given, and 404 elsewhere: a stand-in for a
 * deployment, correct or deliberately misconfigured.
 */
export async function startFakeDeployment(answers: Answers): Promise<FakeDeployment> {
  const byPath = new Map<string, CannedResponse>();
  for (const endpoint of ENDPOINTS) {
    const answer = answers[endpoint];
    const path = ONE_OF_EACH[endpoint] ?? CONTRACT[endpoint].path;
    if (answer !== undefined) byPath.set(path, answer);
  }
  const server = await startLoopbackServer((request, response) => {
    // verify asks for the running month's report by its clock, which a test may set: any month answers.
    const url = request.url ?? '';
    const answer = byPath.get(
      /^\/api\/v1\/reports\/\d{4}-\d{2}\.json$/.test(url) ? CONTRACT['monthly-report'].path : url,
    );
    if (answer === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  return { url: server.origin, close: server.close };
}
