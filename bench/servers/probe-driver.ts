/**
 * The probe as the sidecar runs it (the CLI's composition: history on,
 * feed, Statuspage documents when configured, badges), driven cycle by cycle
 * from stdin so the bench can read this process's CPU time from /proc
 * around a batch of cycles, start-up excluded. Prints `ready`
 * once loaded; then for each line `N` on stdin, runs N cycles back to back
 * and prints `done`. With `--checks-only`, a cycle is `runCycle` alone: the
 * checks and the decisions, nothing written.
 * Usage: probe-driver.ts CONFIG REGIONS PUBLIC_DIR STATE_DIR [--checks-only]
 */
import { createInterface } from 'node:readline';
import { runCycle } from '../../src/cycle/run-cycle.js';
import { createCheckSources } from '../../src/probe-process/check-sources.js';
import { createProber } from '../../src/probe-process/create-prober.js';
import { loadProbeOptions } from '../../src/probe-process/load-probe-options.js';
import type { ProbeState } from '../../src/schemas/probe-state.js';

const [configFile, regionsFile, publicDir, stateDir, mode] = process.argv.slice(2);
if (!configFile || !regionsFile || !publicDir || !stateDir) {
  throw new Error('usage: probe-driver.ts CONFIG REGIONS PUBLIC_DIR STATE_DIR');
}
const log = { info: () => {}, error: (line: string) => console.error(line) };
const options = await loadProbeOptions({
  configFile,
  regionsFile,
  publicDir,
  stateFile: `${stateDir}/probe-state.json`,
  historyFile: `${stateDir}/history.sqlite`,
  log,
});
// The sidecar's cadence without its waits: each cycle is one schedule interval (30 s, the bench's config) after the last.
let at = Date.now();
const checksOnly = mode === '--checks-only';
let state: ProbeState = { version: 1, components: [] };
// What the prober keeps across cycles for the heartbeats and upstream pages, on the same clock.
const sources = createCheckSources(options.settings, `${stateDir}/probe-state.json`, log, () => new Date(at));
await sources.heartbeats.prepare();
const prober = createProber({
  ...options,
  log,
  now: () => new Date(at),
});
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  const cycles = Number(line);
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    at += 30_000;
    if (checksOnly) {
      const outcome = await runCycle({ settings: options.settings, state, sources, now: () => new Date(at) });
      if (outcome.kind !== 'observed') throw new Error(`cycle ended ${outcome.kind}`);
      state = outcome.state;
      continue;
    }
    const report = await prober.runCycle();
    if (!report.published) throw new Error(`cycle did not publish: ${report.why}`);
  }
  console.log('done');
}
prober.close();
