import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StatusValue } from '../../src/schemas/status-value.js';
import { LAB_SERVER_SCRIPT, LAB_TIMING, type LabRegion, startLabRegion } from '../helpers/lab-region.js';
import { canMakeNetworkNamespaces, type LabHost, NetworkLab } from '../helpers/network-lab.js';
import { makeTempDir } from '../helpers/temp-dirs.js';
import { REPO_ROOT } from '../helpers/temp-site.js';
import { waitFor } from '../helpers/test-server.js';

/** Where each region's probe log is saved after the run. */
const LOG_DIR = join(REPO_ROOT, 'test-results', 'network');

const PERMITTED = canMakeNetworkNamespaces();
if (!PERMITTED) {
  console.warn(
    'test:network skipped: this process may not make network namespaces (`ip netns add` failed; it needs root and iproute2). CI runs it as root.',
  );
}

const { intervalMs, failureThreshold, timeoutMs, peerTimeoutMs } = LAB_TIMING;
/** Generous: the machine is shared, and a cycle can start up to one interval after an event. */
const SETTLE_MS = 30_000;

let lab: NetworkLab;
let scratch: string;
let removeScratch: (() => Promise<void>) | undefined;
let platform: LabHost;
let platformMode: string;
let internet: LabHost;
let regions: LabRegion[];
let ams1: LabRegion;
let fra1: LabRegion;
let lhr1: LabRegion;
/** Per scenario, what each region published and how long it took; printed at the end for the closing note. */
const findings: string[] = [];

/** Each region's published state of a component, by region code. */
async function published(component: string): Promise<Record<string, StatusValue | undefined>> {
  const entries = await Promise.all(
    regions.map(
      async (region) =>
        [region.code, (await region.status())?.components.find((c) => c.name === component)?.status] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** Waits until `region` publishes `state` for `component`; returns the milliseconds it took. */
function untilPublished(region: LabRegion, component: string, state: StatusValue, timeoutMs = SETTLE_MS) {
  return waitFor(
    async () => (await region.status())?.components.find((c) => c.name === component)?.status === state,
    timeoutMs,
  );
}

/** Waits until `region`'s own checks observe `state` for `component` (before vote and thresholds). */
function untilObserved(region: LabRegion, component: string, state: StatusValue) {
  return waitFor(
    async () => (await region.observations())?.components.find((c) => c.name === component)?.status === state,
    SETTLE_MS,
  );
}

/** Samples every region's published state of `component` for `durationMs`; returns every state seen per region. */
async function watch(component: string, durationMs: number): Promise<Record<string, StatusValue[]>> {
  const seen: Record<string, Set<StatusValue>> = {};
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    for (const [code, state] of Object.entries(await published(component))) {
      if (state === undefined) continue;
      const states = seen[code] ?? new Set<StatusValue>();
      states.add(state);
      seen[code] = states;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Object.fromEntries(Object.entries(seen).map(([code, states]) => [code, [...states]]));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe.skipIf(!PERMITTED)('three regions on a real network', () => {
  beforeAll(async () => {
    lab = await NetworkLab.create();
    ({ dir: scratch, remove: removeScratch } = await makeTempDir({ prefix: 'sdlab-' }));
    platform = await lab.addHost('platform', 2);
    internet = await lab.addHost('internet', 3);
    const hosts = {
      ams1: await lab.addHost('ams1', 11),
      fra1: await lab.addHost('fra1', 12),
      lhr1: await lab.addHost('lhr1', 13),
    };
    const node = (args: string[]) => [process.execPath, ...args];
    platformMode = join(scratch, 'platform-mode');
    await writeFile(platformMode, 'healthy');
    await lab
      .spawn(platform, node([LAB_SERVER_SCRIPT, '8000', platformMode]), { cwd: scratch })
      .waitForOutput(/listening/);
    await lab
      .spawn(internet, node([LAB_SERVER_SCRIPT, '80', join(scratch, 'internet-mode')]), { cwd: scratch })
      .waitForOutput(/listening/);
    regions = await Promise.all(
      Object.entries(hosts).map(([code, host]) =>
        startLabRegion(lab, {
          code,
          host,
          peers: Object.fromEntries(Object.entries(hosts).filter(([other]) => other !== code)),
          globalUrl: `http://${platform.ip}:8000/healthz`,
          connectivityUrl: `http://${internet.ip}/`,
        }),
      ),
    );
    [ams1, fra1, lhr1] = regions as [LabRegion, LabRegion, LabRegion];
    // Every region up, every vote decided by all three.
    try {
      for (const region of regions) {
        await waitFor(async () => {
          const vote = (await region.observations())?.components[0]?.vote;
          return vote?.outcome === 'decided' && vote.answered === 3;
        }, SETTLE_MS);
        await untilPublished(region, 'Control API', 'operational');
      }
    } catch (error) {
      for (const region of regions) console.error(`${region.code} probe:\n${region.probe.output().slice(-3000)}`);
      throw error;
    }
  }, 120_000);

  beforeEach(async () => {
    // Each scenario starts from every region publishing everything operational, whatever the last one left.
    for (const region of regions) {
      await untilPublished(region, 'Control API', 'operational');
      await untilPublished(region, 'Registry', 'operational');
    }
  }, 60_000);

  afterAll(async () => {
    // The probes' own words, for whoever reads a failure (CI keeps test-results/).
    await mkdir(LOG_DIR, { recursive: true });
    for (const region of regions ?? [])
      await writeFile(join(LOG_DIR, `${region.code}-probe.log`), region.probe.output());
    await lab?.destroy();
    await Promise.all((regions ?? []).map((region) => region.site.remove()));
    await removeScratch?.();
    if (findings.length > 0) console.log(`\nWhat each region published:\n${findings.join('\n')}\n`);
  }, 60_000);

  it('one region cut off from the global component only: no region publishes an outage for it', async () => {
    await lab.block(ams1.host, platform);
    try {
      const observedMs = await untilObserved(ams1, 'Control API', 'major_outage');
      // Longer than it would take flapping protection to publish an outage, with a cycle to spare.
      const seen = await watch('Control API', (failureThreshold + 2) * intervalMs);
      expect(seen).toEqual({ ams1: ['operational'], fra1: ['operational'], lhr1: ['operational'] });
      const vote = (await ams1.observations())?.components[0]?.vote;
      expect(vote?.summary).toMatch(/^1 of 3 regions sees an outage \(3 answered, quorum 2\): operational$/);
      findings.push(
        `cut off from the global component only: ams1 observed major_outage after ${seconds(observedMs)}; over the next ` +
          `${seconds((failureThreshold + 2) * intervalMs)} ams1, fra1, lhr1 published only operational (vote: ${vote?.summary})`,
      );
    } finally {
      await lab.unblock(ams1.host, platform);
    }
    await untilObserved(ams1, 'Control API', 'operational');
  });

  it('one region cut off from everything: it publishes nothing new and goes stale, the others carry on, and it recovers', async () => {
    const cutAt = performance.now();
    await lab.disconnect(ams1.host);
    let reconnected = false;
    try {
      await ams1.probe.waitForOutput(/connectivity check .* failed/, SETTLE_MS);
      const frozen = (await ams1.status())?.updated_at;
      await waitFor(async () => (await ams1.healthz()).code === 'status_stale', SETTLE_MS);
      const staleMs = performance.now() - cutAt;
      expect((await ams1.status())?.updated_at).toBe(frozen);
      for (const other of [fra1, lhr1]) {
        const before = (await other.status())?.updated_at ?? '';
        await waitFor(async () => ((await other.status())?.updated_at ?? '') > before, SETTLE_MS);
        expect((await other.status())?.components.map((c) => c.status)).toEqual(['operational', 'operational']);
        const observations = await other.observations();
        expect(observations?.peers.find((peer) => peer.region === 'ams1')?.outcome).toBe('unreachable');
        expect(observations?.components[0]?.vote).toMatchObject({ outcome: 'decided', answered: 2, quorum: 2 });
      }
      const reconnectAt = performance.now();
      await lab.reconnect(ams1.host);
      reconnected = true;
      const recoveredMs = await waitFor(async () => (await ams1.healthz()).status === 200, SETTLE_MS);
      expect(((await ams1.status())?.updated_at ?? '') > (frozen ?? '')).toBe(true);
      findings.push(
        `cut off from everything: ams1 published nothing new (updated_at stayed ${frozen}), /healthz said status_stale ` +
          `${seconds(staleMs)} after the cut; fra1 and lhr1 kept publishing ` +
          `operational (2 of 3 answered, quorum 2); ams1 healthy again ${seconds(recoveredMs)} after the link returned ` +
          `(${seconds(performance.now() - reconnectAt)} total)`,
      );
    } finally {
      if (!reconnected) await lab.reconnect(ams1.host);
    }
  });

  it(`the global component really down: every region publishes the outage within about failure_threshold × interval + timeout`, async () => {
    const bound = (failureThreshold + 1) * intervalMs + timeoutMs + peerTimeoutMs;
    // The component itself fails (503 to everyone); the next scenario cuts its link instead.
    await writeFile(platformMode, 'failing');
    try {
      const took = await Promise.all(
        regions.map(
          async (region) => [region.code, await untilPublished(region, 'Control API', 'major_outage')] as const,
        ),
      );
      for (const [, ms] of took) expect(ms).toBeLessThan(bound + 2 * intervalMs);
      const summary = (await fra1.observations())?.components[0]?.vote?.summary;
      expect(summary).toMatch(/^3 of 3 regions see an outage/);
      findings.push(
        `global component down: ${took.map(([code, ms]) => `${code} published major_outage after ${seconds(ms)}`).join(', ')} ` +
          `(failure_threshold × interval + timeout = ${seconds(failureThreshold * intervalMs + timeoutMs)}; the vote ` +
          `reads the peers' previous cycle, so one interval more: ${seconds(bound)}; vote: ${summary})`,
      );
    } finally {
      await writeFile(platformMode, 'healthy');
    }
    const recovered = await Promise.all(regions.map((region) => untilPublished(region, 'Control API', 'operational')));
    findings.push(`  and back: operational again after ${recovered.map(seconds).join(', ')}`);
  });

  it("the global component's host gone from the network (no ARP answer): each check ends at its timeout_ms and every region publishes the outage", async () => {
    const bound = (failureThreshold + 1) * intervalMs + timeoutMs + peerTimeoutMs;
    await lab.disconnect(platform);
    const latencies: number[] = [];
    try {
      const took = await Promise.all(
        regions.map(
          async (region) => [region.code, await untilPublished(region, 'Control API', 'major_outage')] as const,
        ),
      );
      for (const [, ms] of took) expect(ms).toBeLessThan(bound + 2 * intervalMs);
      for (const region of regions) {
        const observed = (await region.observations())?.components.find((c) => c.name === 'Control API');
        expect(observed?.failure_class).toBe('timeout');
        latencies.push(observed?.latency_ms ?? Number.NaN);
      }
      // The check's own deadline settles it at timeout_ms (a margin for a loaded machine), not the
      // ~3 s a connect to a host that does not answer ARP takes to give up.
      for (const latency of latencies) expect(latency).toBeLessThan(timeoutMs + 1_000);
      findings.push(
        `global component's host unplugged (no ARP): ${took.map(([code, ms]) => `${code} published major_outage after ${seconds(ms)}`).join(', ')}; ` +
          `the failing check's latency ${latencies.map((ms) => `${ms} ms`).join(', ')} (timeout_ms ${timeoutMs})`,
      );
    } finally {
      await lab.reconnect(platform);
    }
    await Promise.all(regions.map((region) => untilPublished(region, 'Control API', 'operational')));
  });

  it('peers unreachable: global components hold with a clear log line, regional ones keep working', async () => {
    for (const peer of [fra1, lhr1]) await lab.block(ams1.host, peer.host);
    await lab.block(ams1.host, platform);
    try {
      const line = await ams1.probe.waitForOutput(/no quorum, global components hold[^\n]*/, SETTLE_MS);
      expect(line[0]).toContain('Control API: no quorum: 1 of 3 regions answered, 2 needed');
      await ams1.setRegional('failing');
      const regionalMs = await untilPublished(ams1, 'Registry', 'major_outage');
      expect((await published('Control API')).ams1).toBe('operational');
      findings.push(
        `peers unreachable from ams1 (and the global component too): ams1 held Control API at operational and logged ` +
          `"${line[0].slice(0, 140)}…"; its regional Registry went major_outage ${seconds(regionalMs)} after it failed`,
      );
    } finally {
      for (const peer of [fra1, lhr1]) await lab.unblock(ams1.host, peer.host);
      await lab.unblock(ams1.host, platform);
      await ams1.setRegional('healthy');
    }
    await untilPublished(ams1, 'Registry', 'operational');
  });

  it('a peer that hangs, answers garbage or claims the future changes nothing', async () => {
    const hostile = await lab.addHost('syd1', 14);
    const mode = join(scratch, 'hostile-mode');
    await writeFile(mode, 'hanging');
    await lab
      .spawn(hostile, [process.execPath, LAB_SERVER_SCRIPT, '8080', mode, 'syd1'], { cwd: scratch })
      .waitForOutput(/listening/);
    // Three vantage points (quorum 2): ams1 sees the outage, fra1 does not; the hostile peer would tip it if counted.
    await ams1.restartProbe({ fra1: fra1.host, syd1: hostile });
    await lab.block(ams1.host, platform);
    try {
      for (const [hostileMode, outcome] of [
        ['hanging', 'unreachable'],
        ['garbage', 'invalid'],
        ['future', 'future'],
      ] as const) {
        await writeFile(mode, hostileMode);
        await waitFor(
          async () => (await ams1.observations())?.peers.find((peer) => peer.region === 'syd1')?.outcome === outcome,
          SETTLE_MS,
        );
        const before = (await ams1.status())?.updated_at ?? '';
        const seen = await watch('Control API', (failureThreshold + 1) * intervalMs);
        expect(seen.ams1).toEqual(['operational']);
        // Still one cycle per interval: the hanging peer costs its timeout, not the cycle.
        expect(((await ams1.status())?.updated_at ?? '') > before).toBe(true);
        expect((await ams1.observations())?.components[0]?.vote?.summary).toMatch(/^1 of 3 regions sees an outage/);
        findings.push(`hostile peer ${hostileMode}: syd1 counted as ${outcome}; ams1 kept publishing operational`);
      }
    } finally {
      await lab.unblock(ams1.host, platform);
    }
  });
});
