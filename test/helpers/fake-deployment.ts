import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REGIONS_PATH, STATUS_PATH, UPTIME_PATH } from '../../src/api-paths.js';
import { renderRegions } from '../../src/build/render-regions.js';
import { RegionsFileSchema } from '../../src/schemas/region.js';
import { REGIONS_FILE } from './fixtures.js';
import { sampleStatus } from './status-fixture.js';

/** One canned answer: status code, exact headers, body. */
export interface CannedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
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

/** An uptime document whose only figure that matters here is the probe's interval. */
export function uptimeWithInterval(intervalSeconds: number): CannedResponse {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' },
    body: JSON.stringify({
      version: 'v1',
      region: 'Amsterdam 1',
      generated_at: '2026-11-21T04:39:30Z',
      interval_seconds: intervalSeconds,
      components: [],
    }),
  };
}

export interface FakeDeployment {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A plain `node:http` server on a loopback port that answers the two API
 * paths with exactly what it is given, and 404 elsewhere: a stand-in for a
 * deployment, correct or deliberately misconfigured.
 */
export async function startFakeDeployment(answers: {
  regions?: CannedResponse;
  status?: CannedResponse;
  uptime?: CannedResponse;
}): Promise<FakeDeployment> {
  const byPath = new Map([
    [REGIONS_PATH, answers.regions],
    [STATUS_PATH, answers.status],
    [UPTIME_PATH, answers.uptime],
  ]);
  const server: Server = createServer((request, response) => {
    const answer = byPath.get(request.url ?? '');
    if (answer === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
