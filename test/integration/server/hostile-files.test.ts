import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rename, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_API_DOCUMENT_BYTES } from '../../../src/api-documents.js';
import { readRegularFile } from '../../../src/io/read-regular-file.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { FollowedDocument } from '../../../src/server/followed-document.js';
import { buildSite } from '../../../src/site/build-site.js';
import { type CliProcess, runCli, startCli } from '../../helpers/run-cli.js';
import { publishStatus, sampleStatus, statusFile } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer, waitFor } from '../../helpers/test-server.js';

/**
 * What the server finds at `public/api/v1/status` is not always what the
 * probe wrote: each case plants a hostile file over a good status and checks
 * that the good one is still served, the problem is logged once, and the
 * server neither blocks, spins nor grows.
 */
let site: TempSite;
let server: TestServer | undefined;
let serving: CliProcess | undefined;
const GOOD = sampleStatus({ region: 'Amsterdam 1' });

beforeEach(async () => {
  site = await makeTempSite();
  await buildSite({ regionsFile: site.regionsFile, publicDir: site.publicDir });
  await publishStatus(site.publicDir, GOOD);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (serving && serving.child.exitCode === null) {
    serving.child.kill('SIGKILL');
    await serving.exited();
  }
  serving = undefined;
  await site.remove();
});

/** Puts `plant` in place of the status file the way a rename would: no torn intermediate state. */
async function replaceStatus(plant: (path: string) => Promise<void>): Promise<void> {
  const aside = `${statusFile(site.publicDir)}.planted`;
  await plant(aside);
  await rename(aside, statusFile(site.publicDir));
}

async function statusBody(url: string): Promise<{ status: number; text: string; type: string | undefined }> {
  const response = await request(`${url}/api/v1/status`);
  const type = response.headers['content-type'];
  return {
    status: response.statusCode,
    text: await response.body.text(),
    type: type === undefined ? type : String(type),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const problemLines = (logs: readonly string[]) => logs.filter((line) => line.includes('api/v1/status:'));

describe('hostile files at public/api/v1/status', () => {
  it('refuses a file with invalid UTF-8, keeps serving the last good document, and says why once', async () => {
    server = await startTestServer(site);
    const good = await statusBody(server.url);
    const text = JSON.stringify(sampleStatus({ region: 'Amsterdam 1 X' }));
    await replaceStatus((path) => writeFile(path, Buffer.from(text.replace('1 X', '1 \xff'), 'latin1')));
    await waitFor(async () => problemLines(server?.logs ?? []).length > 0);
    await pause(1_200);
    expect(await statusBody(server.url)).toEqual(good);
    expect(problemLines(server.logs)).toEqual([expect.stringMatching(/not valid UTF-8.*keeping the last good/)]);
  });

  it(`refuses a file over ${MAX_API_DOCUMENT_BYTES} bytes without reading it, once`, async () => {
    server = await startTestServer(site);
    const good = await statusBody(server.url);
    const huge = JSON.stringify(sampleStatus({ region: 'y'.repeat(MAX_API_DOCUMENT_BYTES) }));
    await replaceStatus((path) => writeFile(path, huge));
    await waitFor(async () => problemLines(server?.logs ?? []).length > 0);
    await pause(1_200);
    expect(await statusBody(server.url)).toEqual(good);
    expect(problemLines(server.logs)).toEqual([expect.stringMatching(/larger than the 1 MiB allowed/)]);
  });

  it('does not block on a FIFO, says so once, and picks up the next good file', async () => {
    server = await startTestServer(site);
    await replaceStatus(async (path) => {
      execFileSync('mkfifo', [path]);
    });
    await waitFor(async () => problemLines(server?.logs ?? []).length > 0);
    expect(problemLines(server.logs)).toEqual([expect.stringMatching(/is a FIFO, not a regular file/)]);
    await pause(1_200);
    expect(problemLines(server.logs)).toHaveLength(1);
    const next = sampleStatus({ updated_at: '2026-11-21T05:00:00Z' });
    await publishStatus(site.publicDir, next);
    await waitFor(async () => (await statusBody(server?.url ?? '')).text === `${JSON.stringify(next)}\n`);
  });

  it('quotes what it logs about a corrupt file safely: no control characters, bounded length', async () => {
    server = await startTestServer(site);
    await replaceStatus((path) => writeFile(path, `\x1b]0;owned\x07\x1b[2J${'\x1b[31m'.repeat(5_000)}`));
    await waitFor(async () => problemLines(server?.logs ?? []).length > 0);
    const [line] = problemLines(server.logs);
    // Five thousand `\x1b[` open as many brackets: refused by their depth before any parse.
    expect(line).toContain('is not a document this reads: it nests deeper than 64 levels');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is that there are none.
    expect(line).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
    expect(line?.length).toBeLessThan(400);
  });

  it('judges a bad file once: an unchanged corrupt file is not read again', async () => {
    await replaceStatus((path) => writeFile(path, `[${'"abcdefgh",'.repeat(1_000)}`));
    let reads = 0;
    const document = new FollowedDocument({
      file: statusFile(site.publicDir),
      schema: ServiceStatusSchema,
      headers: new Map(),
      log: () => {},
      readFile: async (file, options) => {
        const result = await readRegularFile(file, options);
        if (result.kind === 'read') reads += 1;
        return result;
      },
    });
    await document.start();
    for (let check = 0; check < 5; check += 1) await document.refresh();
    document.stop();
    expect(reads).toBe(1);
    expect(document.current).toBeUndefined();
  });
});

describe('hostile files elsewhere under public/', () => {
  it('answers 404 for a FIFO, without tying up a thread waiting for a writer, and goes on serving files', async () => {
    execFileSync('mkfifo', [`${site.publicDir}/pipe.txt`]);
    await writeFile(`${site.publicDir}/plain.txt`, 'plain');
    server = await startTestServer(site);
    const get = async (path: string) => {
      const response = await request(`${server?.url}${path}`, { headersTimeout: 3_000, bodyTimeout: 3_000 });
      return { status: response.statusCode, text: await response.body.text() };
    };
    // More than libuv's four threads: each blocked open of the FIFO would hold one.
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/pipe.txt')));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await get('/plain.txt')).toEqual({ status: 200, text: 'plain' });
  });
});

describe('a symlink from public/api/v1/status to /dev/zero', () => {
  it('is refused at once: the server keeps its memory and the last good document', async () => {
    expect((await runCli(['build'], { cwd: site.root })).code).toBe(0);
    await publishStatus(site.publicDir, GOOD);
    serving = startCli(['serve'], { cwd: site.root, env: { PORT: '0' } });
    const [, url = ''] = await serving.waitForOutput(/listening on (http:\/\/\S+)/, 20_000);
    const good = await statusBody(url);
    const pid = serving.child.pid;
    const rssKiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    const before = rssKiB();
    await rm(statusFile(site.publicDir));
    await symlink('/dev/zero', statusFile(site.publicDir));
    await serving.waitForOutput(/api\/v1\/status: is a symlink/);
    await pause(1_500);
    expect(serving.child.exitCode).toBeNull();
    expect(rssKiB() - before).toBeLessThan(64 * 1024);
    expect(await statusBody(url)).toEqual(good);
  });
});
