import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../../helpers/run-cli.js';
import { makeTempSite, REPO_ROOT, type TempSite } from '../../helpers/temp-site.js';

/**
 * What a command loads is memory it holds: the heavy optional parts are
 * imported where they are used, so a command that does not use them never
 * pays for them. The CLI runs as a child with a preloaded hook that logs
 * every module it resolves.
 */
const HOOK = pathToFileURL(join(REPO_ROOT, 'test', 'helpers', 'log-resolved-modules.mjs')).href;

/** Modules that only `--metrics-port`, `--mcp`, `--publish`, webhooks, peers, the history or the probe itself need. */
const NOT_FOR_SERVE = [
  '/node_modules/@modelcontextprotocol/',
  '/node_modules/prom-client/',
  '/node_modules/@aws-sdk/',
  '/node_modules/undici/',
  '/node_modules/better-sqlite3/',
  '/node_modules/badge-maker/',
  '/src/cycle/run-cycle.',
  '/src/probe-process/start-sidecar.',
];

let site: TempSite;
let log: string;
beforeEach(async () => {
  site = await makeTempSite();
  log = join(site.root, 'resolved.txt');
});
afterEach(() => site.remove());

const environment = () => ({ NODE_OPTIONS: `--import=${HOOK}`, RESOLVED_MODULES_LOG: log, PORT: '0' });
const loaded = async () => (await readFile(log, 'utf8')).split('\n');
const matching = (urls: readonly string[], parts: readonly string[]) =>
  parts.filter((part) => urls.some((url) => url.includes(part)));

async function serveAndStop(args: string[]): Promise<string[]> {
  const serving = startCli(['serve', ...args], { cwd: site.root, env: environment() });
  try {
    await serving.waitForOutput(args.includes('--metrics-port') ? /metrics on http/ : /listening on http/);
  } finally {
    serving.child.kill('SIGTERM');
    await serving.exited();
  }
  return loaded();
}

describe('the modules a command loads', () => {
  it('serve loads neither the metrics, the MCP SDK, the object store, undici, SQLite, badges nor the probe', async () => {
    expect(matching(await serveAndStop([]), NOT_FOR_SERVE)).toEqual([]);
  });

  it('serve --metrics-port loads prom-client (the hook sees what is loaded)', async () => {
    expect(matching(await serveAndStop(['--metrics-port', '0']), ['/node_modules/prom-client/'])).toEqual([
      '/node_modules/prom-client/',
    ]);
  });

  it('probe --once without --publish, webhooks, peers or a metrics port loads none of their parts', async () => {
    // The shipped config, its stand-ins not running: every check fails fast and the status is still written.
    const result = await runCli(['probe', '--once'], { cwd: site.root, env: environment() });
    expect(result.code).toBe(0);
    expect(
      matching(await loaded(), ['/node_modules/prom-client/', '/node_modules/@aws-sdk/', '/node_modules/undici/']),
    ).toEqual([]);
  });
});
