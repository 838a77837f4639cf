import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ISO_COUNTRY_CODES } from '../../src/schemas/country-codes.js';
import type { BenchSite } from '../fixtures.js';
import { median } from '../process-tools.js';

export interface ColdStartCommand {
  readonly name: string;
  readonly argv: readonly string[];
  /** Exit codes that count as success. */
  readonly okCodes?: readonly number[];
}

export interface ColdStartResult {
  readonly name: string;
  readonly medianMs: number;
  readonly baselineMedianMs: number;
}

/** `a`, `b`, … `z`, `ba`, … : distinct lowercase words for distinct region codes. */
function letters(index: number): string {
  let out = '';
  let rest = index;
  do {
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return out;
}

/** Writes a valid regions file with `count` regions and returns its path. */
export async function writeManyRegions(site: BenchSite, count: number): Promise<string> {
  const countries = [...ISO_COUNTRY_CODES];
  const regions = Array.from({ length: count }, (_, index) => ({
    code: `${letters(index)}1`,
    name: `Region ${index}`,
    zone: `zone-${index % 40}`,
    country: countries[index % countries.length],
    status: 'operational',
  }));
  const file = join(site.root, `regions-${count}.json`);
  await writeFile(file, JSON.stringify(regions));
  return file;
}

/** Wall time of one whole process. Asynchronous, so that stand-ins in this process keep answering it. */
async function timeOnce({ argv, okCodes = [0] }: ColdStartCommand): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const elapsed = performance.now() - start;
  if (!okCodes.includes(code ?? -1)) throw new Error(`${argv.join(' ')} exited ${code}: ${stderr}`);
  return elapsed;
}

/** Whole-process wall time of each command against `node -e ''`, runs interleaved, medians. */
export async function measureColdStarts(
  commands: readonly ColdStartCommand[],
  runs: number,
): Promise<ColdStartResult[]> {
  const baseline: number[] = [];
  const samples = commands.map(() => [] as number[]);
  for (let run = 0; run < runs; run += 1) {
    baseline.push(await timeOnce({ name: 'node', argv: ['-e', ''] }));
    for (const [index, command] of commands.entries()) samples[index]?.push(await timeOnce(command));
  }
  return commands.map((command, index) => ({
    name: command.name,
    medianMs: median(samples[index] ?? []),
    baselineMedianMs: median(baseline),
  }));
}
