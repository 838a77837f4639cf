import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { LONG_RUNNING_NODE_FLAGS } from '../../src/cli/long-running-node-flags.js';
import { type Standin, startStandin } from '../../src/standins/start-standin.js';
import type { BenchSite } from '../fixtures.js';
import { REPO_ROOT, TSX_LOADER } from '../process-tools.js';
import { REGIONS_FILE, writeComponentsConfig } from './probe-cycle.js';

export interface MemorySample {
  readonly cycle: number;
  readonly rss: number;
  readonly heapUsed: number;
  /** Memory of C++ objects bound to JavaScript ones, buffers included. */
  readonly external: number;
}

/**
 * The probe's memory across many cycles: a child process runs the sidecar's
 * cycle back to back against four healthy stand-ins, collecting garbage
 * before each sample, and reports RSS and heap at the given cycle counts;
 * with `historyFile`, with the history on, as the sidecar runs by default.
 */
export async function measureProbeMemory(
  site: BenchSite,
  cycles: number,
  sampleAt: readonly number[],
  historyFile?: string,
): Promise<MemorySample[]> {
  const standins: Standin[] = [];
  try {
    for (let index = 0; index < 4; index += 1) standins.push(await startStandin({ name: `soak ${index}`, port: 0 }));
    const config = await writeComponentsConfig(
      site,
      'soak',
      standins.map((standin) => `${standin.origin}/healthz`),
    );
    const script = join(REPO_ROOT, 'bench', 'servers', 'probe-soak.ts');
    const args = [
      // As the sidecar's recipes run it: without them, Node 24's young generation alone grows RSS by tens of megabytes here.
      ...LONG_RUNNING_NODE_FLAGS,
      '--expose-gc',
      '--import',
      TSX_LOADER,
      script,
      config,
      REGIONS_FILE,
      site.publicDir,
      join(site.root, 'soak-state.json'),
    ];
    const child = spawn(
      process.execPath,
      [...args, String(cycles), sampleAt.join(','), ...(historyFile ? [historyFile] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`probe soak exited with ${code}`);
    return output
      .trim()
      .split('\n')
      .map((line) => {
        const sample: unknown = JSON.parse(line);
        if (typeof sample !== 'object' || sample === null) throw new Error(`bad sample ${line}`);
        return {
          cycle: Number(Reflect.get(sample, 'cycle')),
          rss: Number(Reflect.get(sample, 'rss')),
          heapUsed: Number(Reflect.get(sample, 'heapUsed')),
          external: Number(Reflect.get(sample, 'external')),
        };
      });
  } finally {
    await Promise.all(standins.map((standin) => standin.close()));
  }
}
