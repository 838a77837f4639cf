/**
 * Runs the sidecar's cycle (the function node-cron calls each tick) back to
 * back against the given config and prints RSS and heap after chosen cycle
 * counts, as JSON lines. With --expose-gc it collects before each sample.
 * Usage: probe-soak.ts CONFIG REGIONS PUBLIC_DIR STATE_FILE CYCLES SAMPLE_AT,… [HISTORY_FILE]
 */

import { createProber } from '../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import { loadProbeSettings } from '../../src/settings/load-probe-settings.js';

const [configFile, regionsFile, publicDir, stateFile, cyclesArg, sampleArg, historyFile] = process.argv.slice(2);
if (!configFile || !regionsFile || !publicDir || !stateFile || !cyclesArg || !sampleArg) {
  throw new Error('usage: probe-soak.ts CONFIG REGIONS PUBLIC_DIR STATE_FILE CYCLES SAMPLE_AT,…');
}
const sampleAt = new Set(sampleArg.split(',').map(Number));
const settings = await loadProbeSettings({ configFile, regionsFile });
const quiet = { info: () => {}, error: (line: string) => console.error(line) };
const prober = createProber({
  settings,
  publicDir: createPublicDirWriter(publicDir),
  stateFile,
  ...(historyFile ? { historyFile } : {}),
  log: quiet,
});
const collect = (globalThis as { gc?: () => void }).gc;
for (let cycle = 1; cycle <= Number(cyclesArg); cycle += 1) {
  const report = await prober.runCycle();
  if (!report.published) throw new Error(`cycle ${cycle} did not publish: ${report.why}`);
  if (sampleAt.has(cycle)) {
    collect?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    console.log(JSON.stringify({ cycle, rss, heapUsed, external }));
  }
}
