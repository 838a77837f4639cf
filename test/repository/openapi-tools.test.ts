import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, SetMatchType } from 'openapi-backend';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH, STATUS_PATH, UPTIME_PATH } from '../../src/api-paths.js';
import { buildSite } from '../../src/site/build-site.js';
import { publishDocuments } from '../helpers/document-fixtures.js';
import { publishStatus, sampleStatus } from '../helpers/status-fixture.js';
import { makeTempSite, REPO_ROOT, type TempSite } from '../helpers/temp-site.js';
import { startTestServer, type TestServer, waitFor } from '../helpers/test-server.js';

const run = promisify(execFile);
const REDOCLY = join(REPO_ROOT, 'node_modules', '.bin', 'redocly');

type Json = Record<string, unknown>;
interface Exchange {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Whether the documented response for this status declares a body. */
  readonly documentedBody: boolean;
}

const HTTP_METHODS = ['get', 'head', 'put', 'post', 'delete', 'options', 'patch', 'trace'] as const;

let site: TempSite;
let server: TestServer;
let document: Json;
let api: OpenAPIBackend;

/** Every operation in the document, as (path, method, operation). */
function listOperations(): { path: string; method: string; operation: Json }[] {
  const out: { path: string; method: string; operation: Json }[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (typeof operation === 'object' && operation !== null) out.push({ path, method, operation: operation as Json });
    }
  }
  return out;
}

/** The documented response for a status: exact, then `4XX`-style, then `default`, with `$ref` followed. */
function documentedResponse(operation: Json, status: number): Json | undefined {
  const responses = operation.responses as Record<string, Json>;
  const found = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (found === undefined) return undefined;
  const ref = found.$ref;
  if (typeof ref !== 'string') return found;
  const name = ref.split('/').at(-1) ?? '';
  return ((document.components as Json).responses as Record<string, Json>)[name];
}

async function exchange(
  path: string,
  method: string,
  operation: Json,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  // undici's request rather than fetch: fetch refuses to send TRACE.
  // A templated path is asked for with the slug of a component the sample documents carry.
  const url = path.replace('{slug}', 'control-api');
  const response = await request(`${server.url}${url}`, { method: method.toUpperCase() as 'GET', headers });
  const body = await response.body.text();
  const documented = documentedResponse(operation, response.statusCode);
  return {
    operationId: String(operation.operationId),
    method,
    url,
    status: response.statusCode,
    headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)])),
    body,
    documentedBody: documented?.content !== undefined,
  };
}

/** Validates one real response with openapi-backend: status known, headers, and body against the schema. */
function validate(exchanged: Exchange): string[] {
  const problems: string[] = [];
  const where = `${exchanged.method.toUpperCase()} ${exchanged.url} -> ${exchanged.status}`;
  const operation = listOperations().find(({ operation }) => operation.operationId === exchanged.operationId);
  if (operation === undefined || documentedResponse(operation.operation, exchanged.status) === undefined) {
    return [`${where}: status not documented`];
  }
  const headers = api.validator.validateResponseHeaders(exchanged.headers, exchanged.operationId, {
    statusCode: exchanged.status,
    setMatchType: SetMatchType.Superset,
  });
  for (const error of headers.errors ?? []) problems.push(`${where}: headers: ${error.instancePath} ${error.message}`);
  if (exchanged.documentedBody && exchanged.method === 'head') {
    problems.push(`${where}: the document declares a body, which a HEAD answer cannot carry`);
  } else if (exchanged.documentedBody) {
    const body = api.validator.validateResponse(JSON.parse(exchanged.body), exchanged.operationId, exchanged.status);
    for (const error of body.errors ?? []) problems.push(`${where}: body: ${error.instancePath} ${error.message}`);
  } else if (exchanged.body !== '') {
    problems.push(`${where}: a body where the document declares none`);
  }
  return problems;
}

/** Every documented operation, each way the server answers it: before and after publishing, conditional, 404, 405. */
async function exchangeEverything(): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  for (const { path, method, operation } of listOperations()) {
    exchanges.push(await exchange(path, method, operation));
    if (method === 'get') exchanges.push(await exchange(`${path}/`, method, operation));
  }
  await publishStatus(site.publicDir, sampleStatus());
  // The uptime summary and, beside it, the detail documents it names.
  await publishDocuments(site.publicDir, [UPTIME_PATH]);
  // Until the server has picked both up (it follows the files by watch and a poll).
  await waitFor(async () => {
    const statuses = await Promise.all(
      [STATUS_PATH, UPTIME_PATH].map(async (path) => {
        const response = await request(`${server.url}${path}`);
        await response.body.dump();
        return response.statusCode;
      }),
    );
    return statuses.every((status) => status === 200);
  });
  for (const { path, method, operation } of listOperations()) {
    const first = await exchange(path, method, operation);
    exchanges.push(first);
    const etag = first.headers.etag;
    if (etag !== undefined) exchanges.push(await exchange(path, method, operation, { 'If-None-Match': etag }));
  }
  return exchanges;
}

beforeAll(async () => {
  site = await makeTempSite();
  await buildSite({ regionsFile: site.regionsFile, publicDir: site.publicDir, headersFile: site.headersFile });
  server = await startTestServer(site);
  document = JSON.parse(await readFile(join(site.publicDir, OPENAPI_PATH), 'utf8')) as Json;
  api = new OpenAPIBackend({
    definition: structuredClone(document) as never, // quick: openapi-backend's own definition check is written for OpenAPI 3.0; redocly and
    // @seriousme/openapi-schema-validator check the 3.1 document.
    quick: true,
    customizeAjv: (ajv) => addFormats.default(ajv as never) as never,
  });
  await api.init();
});

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

describe('the generated OpenAPI document, checked by the tools people use', () => {
  it('passes `redocly lint` with the recommended rules (redocly.yaml), with no error and no warning', async () => {
    const file = join(site.publicDir, OPENAPI_PATH);
    const { stdout } = await run(
      REDOCLY,
      ['lint', file, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format=json'],
      {
        cwd: REPO_ROOT,
      },
    );
    const report = JSON.parse(stdout) as { totals: Json; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 30_000);

  it('fails `redocly lint` on a document without servers, so the check above can fail', async () => {
    const broken = { ...document };
    delete broken.servers;
    const file = join(site.root, 'broken-openapi.json');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, JSON.stringify(broken));
    const failed = await run(REDOCLY, ['lint', file, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format=json'], {
      cwd: REPO_ROOT,
    }).catch((error: { code: number; stdout: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
  }, 30_000);

  it("matches every response the real server sends for every operation (openapi-backend's validator)", async () => {
    const exchanges = await exchangeEverything();
    expect(new Set(exchanges.map(({ status }) => status))).toEqual(new Set([200, 304, 404, 405, 503]));
    expect(exchanges.flatMap(validate)).toEqual([]);
  }, 30_000);

  it('reports a response that breaks the document, so the check above can fail', () => {
    const regions = listOperations().find(({ method }) => method === 'get');
    if (regions === undefined) throw new Error('no operation');
    const problems = validate({
      operationId: String(regions.operation.operationId),
      method: regions.method,
      url: regions.path,
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'max-age=1' },
      body: JSON.stringify({ object: 'list', data: [{ code: 'ams1' }] }),
      documentedBody: true,
    });
    expect(problems.some((problem) => problem.includes('headers'))).toBe(true);
    expect(problems.some((problem) => problem.includes('body'))).toBe(true);
  });
});
