import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it, type OnTestFinishedHandler } from 'vitest';
import { CLI_ENTRY, type CliProcess, watchChild } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

/**
 * V8's memory reducer, read from V8's own trace: on Node 24 and 26 it never
 * judges a plain JavaScript process quiet, so it never compacts the heap of
 * one that has gone quiet; a process nudged by `nudgeMemoryReducer` is judged
 * as on Node 22. `--gc-memory-reducer-start-delay-ms` only shortens the
 * reducer's first wait; its ticks stay 8 s apart. Node 22's V8 (12) judges
 * without the flaw, and more slowly (about 44 s), so these run on 13 and later.
 */
const V8_MAJOR = Number(process.versions.v8.split('.')[0]);
const REDUCER_TRACE = ['--trace-gc', '--trace-memory-reducer', '--gc-memory-reducer-start-delay-ms=100'];
const NUDGE_MODULE = pathToFileURL(join(REPO_ROOT, 'dist', 'src', 'cli', 'memory-reducer-nudge.js')).href;

/** Allocates about 20 MB of short-lived strings, drops them and idles until killed; nudged first when given the module. */
const BURST_THEN_IDLE = `
const nudgeModule = process.argv[2];
if (nudgeModule) (await import(nudgeModule)).nudgeMemoryReducer();
let garbage = Array.from({ length: 200 }, (_, index) => new Array(10_000).fill(index).map(String));
garbage = null;
setInterval(() => {}, 1_000);
`;

const standin = useStandins();
type Finally = (fn: OnTestFinishedHandler) => void;

/** A temp directory removed when the test ends (the tests run at once, each cleaning up its own). */
async function tempDir(onTestFinished: Finally): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'reducer-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Node with V8's reducer traced, running `args` in `cwd` (with `env` added); killed when the test ends. */
function traced(
  args: readonly string[],
  cwd: string,
  onTestFinished: Finally,
  env: NodeJS.ProcessEnv = {},
): CliProcess {
  const started = watchChild(
    spawn(process.execPath, [...REDUCER_TRACE, ...args], { cwd, env: { ...process.env, ...env } }),
    { label: "in V8's trace", defaultTimeoutMs: 40_000 },
  );
  onTestFinished(async () => {
    started.child.kill('SIGKILL');
    await started.exited();
  });
  return started;
}

// Concurrent: each spends its time waiting for V8's 8 s ticks.
describe.skipIf(V8_MAJOR < 13)("V8's memory reducer in a process that runs until stopped", { concurrent: true }, () => {
  it('compacts a quiet process that was nudged, and never one that was not', async ({ expect, onTestFinished }) => {
    const dir = await tempDir(onTestFinished);
    const script = join(dir, 'burst-then-idle.mjs');
    await writeFile(script, BURST_THEN_IDLE);
    const nudged = traced([script, NUDGE_MODULE], dir, onTestFinished);
    const plain = traced([script], dir, onTestFinished);

    await nudged.waitForOutput(/Memory reducer: low alloc/);
    await nudged.waitForOutput(/Mark-Compact \(reduce\)/);
    // By its third tick, 16 s after the burst, the nudged one had long been judged quiet.
    await plain.waitForOutput(/(Memory reducer: high alloc[\s\S]*){3}/);
    expect(plain.output()).not.toContain('Memory reducer: low alloc');
    expect(plain.output()).not.toContain('(reduce)');
  });

  it("gives the sidecar's heap back once a cycle is done, as the CLI starts it", async ({ expect, onTestFinished }) => {
    const dir = await tempDir(onTestFinished);
    const healthy = await standin({ mode: 'healthy' });
    await writeFile(
      join(dir, 'components.json'),
      JSON.stringify({
        region: 'ams1',
        // One cycle at the start, then quiet: the reducer's case.
        schedule: '0 0 * * * *',
        components: [{ name: 'Registry', url: `${healthy.origin}/v2/` }],
      }),
    );
    const regions = join(REPO_ROOT, 'data', 'regions.json');
    const sidecar = traced(
      [
        CLI_ENTRY,
        'probe',
        '--config',
        join(dir, 'components.json'),
        '--regions',
        regions,
        '--out',
        join(dir, 'public'),
        '--state',
        join(dir, 'state.json'),
      ],
      dir,
      onTestFinished,
    );
    await sidecar.waitForOutput(/probe: cycle done/);
    const compacted = await sidecar.waitForOutput(
      /Mark-Compact \(reduce\) [\d.]+ \(([\d.]+)\) -> [\d.]+ \(([\d.]+)\) MB/,
    );
    expect(sidecar.output()).toMatch(/Memory reducer: started GC #1/);
    // The heap V8 holds after the compaction is smaller than before it.
    expect(Number(compacted[2])).toBeLessThan(Number(compacted[1]));
  });

  it("gives serve's heap back once it has answered and gone quiet, as the CLI starts it", async ({
    expect,
    onTestFinished,
  }) => {
    const dir = await tempDir(onTestFinished);
    await mkdir(join(dir, 'public'));
    await writeFile(join(dir, 'public', 'index.html'), '<!doctype html><title>Status</title>\n');
    const serving = traced(
      [CLI_ENTRY, 'serve', '--public', join(dir, 'public'), '--headers', join(REPO_ROOT, 'headers.json')],
      dir,
      onTestFinished,
      { PORT: '0' },
    );
    const [, url] = await serving.waitForOutput(/serve: listening on (http:\/\/\S+)/);
    // A page and an API path (503 with nothing published yet): allocations the reducer later gives back.
    for (const path of ['/', '/api/v1/regions']) await (await fetch(`${url}${path}`)).arrayBuffer();
    const compacted = await serving.waitForOutput(
      /Mark-Compact \(reduce\) [\d.]+ \(([\d.]+)\) -> [\d.]+ \(([\d.]+)\) MB/,
    );
    expect(serving.output()).toMatch(/Memory reducer: started GC #1/);
    // The heap V8 holds after the compaction is smaller than before it.
    expect(Number(compacted[2])).toBeLessThan(Number(compacted[1]));
  });
});
