/**
 * `npx tsx bench/profile-probe-cycle.ts [COMPONENTS] [CYCLES]`: profiles the
 * probe's steady-state cycle as the sidecar runs it (history on, feed,
 * Statuspage documents, badges) against one local nginx with a URL per
 * component, and prints the top self times. Two warm-up cycles run first;
 * the profile (node:inspector, in this process) covers only the measured
 * cycles, so start-up is left out. Writes the raw profile to
 * `$TMPDIR/probe-cycle.cpuprofile` for Chromium's DevTools.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProber } from '../src/probe-process/create-prober.js';
import { loadProbeOptions } from '../src/probe-process/load-probe-options.js';
import { REGIONS_FILE, writeComponentsConfig } from './sections/probe-cycle.js';
import { startNginxTargets } from './servers/nginx-targets.js';

const components = Number(process.argv[2] ?? 1_000);
const cycles = Number(process.argv[3] ?? 5);
const root = await mkdtemp(join(tmpdir(), 'probe-profile-'));
const nginx = await startNginxTargets(join(root, 'nginx'));
try {
  const site = { root, publicDir: join(root, 'public'), headersFile: '', statusFile: '' };
  const urls = Array.from({ length: components }, (_, index) => `${nginx.origin}/component/${index}`);
  const configFile = await writeComponentsConfig(site, 'profile', urls);
  const log = { info: () => {}, error: (line: string) => console.error(line) };
  const options = await loadProbeOptions({
    configFile,
    regionsFile: REGIONS_FILE,
    publicDir: site.publicDir,
    stateFile: join(root, 'state', 'probe-state.json'),
    historyFile: join(root, 'state', 'history.sqlite'),
    log,
  });
  // The sidecar's cadence without waiting for it: each cycle is one schedule interval (30 s) after the last.
  let at = Date.now();
  const prober = createProber({
    ...options,
    log,
    now: () => new Date(at),
  });
  const runCycle = async () => {
    at += 30_000;
    await prober.runCycle();
  };
  for (let warmUp = 0; warmUp < 2; warmUp += 1) await runCycle();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let cycle = 0; cycle < cycles; cycle += 1) await runCycle();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  prober.close();
  await writeFile(join(tmpdir(), 'probe-cycle.cpuprofile'), JSON.stringify(profile));

  const selfUs = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  (profile.samples ?? []).forEach((id, index) => {
    const node = byId.get(id);
    if (node === undefined) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules\/|src\/|bench\/)/, '$1').replace(/^node:/, 'node:');
    const key = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
    const delta = deltas[index] ?? 0;
    total += delta;
    selfUs.set(key, (selfUs.get(key) ?? 0) + delta);
  });
  console.log(
    `${components} components, ${cycles} cycles: ${(wallMs / cycles).toFixed(0)} ms wall and ${((cpu.user + cpu.system) / 1000 / cycles).toFixed(1)} ms CPU a cycle (user ${(cpu.user / 1000 / cycles).toFixed(1)}, system ${(cpu.system / 1000 / cycles).toFixed(1)})`,
  );
  console.log('| share | self time a cycle | where |');
  console.log('|---|---|---|');
  for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) {
    console.log(`| ${((100 * us) / total).toFixed(1)}% | ${(us / 1000 / cycles).toFixed(1)} ms | \`${key}\` |`);
  }
  if (process.env.INCLUSIVE === '1') {
    // Total time under each of our own named functions, counted once per sample however deep the recursion.
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const inclusive = new Map<string, number>();
    (profile.samples ?? []).forEach((id, index) => {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)?.callFrame;
        if (!frame?.url.includes('/src/') || !frame.functionName) continue;
        const key = `${frame.functionName} ${frame.url.replace(/^.*\/src\//, 'src/')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (deltas[index] ?? 0));
      }
    });
    console.log('\n| inclusive a cycle | function |\n|---|---|');
    for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`| ${(us / 1000 / cycles).toFixed(1)} ms | \`${key}\` |`);
    }
  }
} finally {
  await nginx.stop();
  await rm(root, { recursive: true, force: true });
}
