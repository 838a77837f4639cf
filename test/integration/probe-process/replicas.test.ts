import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { IncidentsDocumentSchema } from '../../../src/schemas/incidents.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { type WebhookEvent, WebhookEventSchema } from '../../../src/webhooks/webhook-event.js';
import { useBuiltSite } from '../../helpers/built-site.js';
import { type CliProcess, startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { waitFor } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { useCliSite } from '../../helpers/use-cli-site.js';
import { useWebhookReceivers } from '../../helpers/webhook-receiver.js';

/**
 * A region with two replicas, as the Kubernetes recipe runs it: each replica
 * a `serve` and a `probe --standby` (real child processes, each probe in a
 * UTS namespace of its own so that the two are two hosts to the writer
 * lock), sharing one state directory and one public directory. One probe
 * writes, the other stands by; the writer is killed with SIGKILL in the
 * middle of an outage, and a real webhook receiver counts what it is told.
 */
const cli = useCliSite();
const standin = useStandins();
const receiver = useWebhookReceivers();
const built = useBuiltSite();

const LEASE_S = 3;
const canUnshare = (() => {
  try {
    execFileSync('unshare', ['--uts', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(canUnshare)('two replicas sharing a state directory', () => {
  /** The region: a stand-in component, a webhook receiver, two servers, and replica A's probe writing, B's standing by. */
  async function startRegion() {
    const component = await standin({ mode: 'healthy' });
    const hook = await receiver({ accept: true });
    const slack = await receiver({ accept: true });
    const root = cli.site.root;
    await writeFile(
      join(root, 'components.json'),
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        failure_threshold: 1,
        success_threshold: 1,
        components: [{ name: 'Scheduler', url: `${component.origin}/healthz` }],
        webhooks: [
          { url: hook.url, format: 'generic', secret_env: 'HOOK_SECRET' },
          { url: slack.url, format: 'slack', secret_env: 'HOOK_SECRET' },
        ],
      }),
    );
    await built.copyInto(cli.site);

    const probeOf = (replica: string): CliProcess => {
      const child = startCli(
        ['probe', '--config', 'components.json', '--standby', '--lock-stale-after', String(LEASE_S)],
        {
          cwd: root,
          env: { REGION: '', HOOK_SECRET: 'whsec-replicas' },
          wrapper: ['unshare', '--uts', 'sh', '-c', `hostname ${replica} && exec "$0" "$@"`],
        },
      );
      cli.children.push(child);
      return child;
    };
    const serverOf = async (): Promise<string> => {
      const port = await unusedPort();
      const child = startCli(['serve'], { cwd: root, env: { PORT: String(port), HOST: '127.0.0.1' } });
      cli.children.push(child);
      return String((await child.waitForOutput(/listening on (http:\S+)/, 20_000))[1]);
    };
    const servers = [await serverOf(), await serverOf()];
    const probeA = probeOf('replica-a');
    await probeA.waitForOutput(/wrote .*status/, 20_000);
    const probeB = probeOf('replica-b');
    await probeB.waitForOutput(/standby: pid \d+ on replica-a is the writer/, 20_000);

    const events = (): WebhookEvent[] => hook.received.map((entry) => WebhookEventSchema.parse(JSON.parse(entry.body)));
    const slackTexts = (): string[] => slack.received.map((entry) => JSON.parse(entry.body).text);
    /** Both receivers told `count` events, and nothing left in the shared queue: the writer saved what it delivered. */
    const delivered = (count: number) =>
      waitFor(async () => {
        if (events().length !== count || slackTexts().length !== count) return false;
        const queue = await readFile(join(root, '.state', 'webhook-queue.json'), 'utf8').catch(() => '');
        return queue !== '' && JSON.parse(queue).deliveries.length === 0;
      }, 20_000);
    return { component, hook, probeOf, servers, probeA, probeB, events, slackTexts, delivered };
  }

  /** Waits for `probe` to write the status `count` more times: the cycles in which a duplicate would show. */
  async function afterWrites(probe: CliProcess, count: number): Promise<void> {
    const writes = () => probe.output().match(/wrote .*status/g)?.length ?? 0;
    const target = writes() + count;
    await waitFor(async () => writes() >= target, 20_000);
  }

  it('speak with one voice: one writer, a bounded takeover after kill -9, no duplicate notification', async () => {
    const { component, probeOf, servers, probeA, probeB, events, slackTexts, delivered } = await startRegion();
    // Every 100 ms, what each server answers for the status: when each updated_at was first seen.
    const seen: { atMs: number; updatedMs: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const url of servers) {
          const response = await request(`${url}/api/v1/status`).catch(() => undefined);
          if (response?.statusCode !== 200) {
            await response?.body.dump();
            continue;
          }
          const status = ServiceStatusSchema.parse(await response.body.json());
          const updatedMs = Date.parse(status.updated_at);
          if (!seen.some((entry) => entry.updatedMs === updatedMs)) seen.push({ atMs: Date.now(), updatedMs });
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    // An outage, told by the writer.
    await component.setMode('failing');
    await delivered(1);

    // The writer dies mid-outage; the standby takes over after the lease.
    const killedAtMs = Date.now();
    probeA.child.kill('SIGKILL');
    await probeA.exited();
    await probeB.waitForOutput(/this probe is the writer now/, 20_000);
    await probeB.waitForOutput(/wrote .*status/, 20_000);
    const tookOverAtMs = Date.now();

    // The dead writer's container restarts: it stands by behind the new writer.
    const probeA2 = probeOf('replica-a');
    await probeA2.waitForOutput(/standby: pid \d+ on replica-b is the writer/, 20_000);

    // Recovery, told by the new writer.
    await component.setMode('healthy');
    await delivered(2);
    await afterWrites(probeB, 2);
    polling = false;
    await poller;

    // The notifications: each change once, in order, whoever was the writer.
    const told = events().map(({ type, ...event }) =>
      type === 'component.status_changed' && 'from' in event ? `${event.from} -> ${event.to}` : type,
    );
    expect(told).toEqual(['operational -> major_outage', 'major_outage -> operational']);
    expect(new Set(events().map((event) => event.id)).size).toBe(events().length);
    expect(slackTexts()).toEqual([
      expect.stringMatching(/^Scheduler \(Amsterdam 1\) is now major outage, was operational \(/),
      expect.stringMatching(/^Scheduler \(Amsterdam 1\) is now operational, was major outage \(/),
    ]);

    // One consistent set of documents: both servers answer the same bytes, one incident, resolved.
    for (const path of ['/api/v1/status', '/api/v1/incidents', '/api/v1/uptime', '/api/v1/observations']) {
      await waitFor(async () => {
        const [a, b] = await Promise.all(servers.map((url) => request(`${url}${path}`).then((r) => r.body.text())));
        return a === b;
      }, 3_000);
    }
    const incidents = IncidentsDocumentSchema.parse(
      await request(`${servers[0]}/api/v1/incidents`).then((response) => response.body.json()),
    ).incidents;
    expect(incidents.map(({ component: name, resolved_at }) => [name, resolved_at !== null])).toEqual([
      ['Scheduler', true],
    ]);
    expect(probeA2.output()).not.toMatch(/wrote .*status/);

    // The gap: the longest time between two status versions first seen, around the kill.
    const gaps = seen.slice(1).map((entry, index) => entry.updatedMs - (seen[index]?.updatedMs ?? 0));
    const gapMs = Math.max(...gaps);
    console.log(
      `replicas: takeover ${tookOverAtMs - killedAtMs} ms after kill -9; longest gap between status versions ${gapMs} ms ` +
        `(lease ${LEASE_S} s, schedule 1 s); generic receiver: ${told.join(', ')}; slack receiver: ${slackTexts().join(' | ')}`,
    );
    expect(gapMs).toBeLessThanOrEqual((LEASE_S + 3) * 1000);
  }, 120_000);

  it('a writer paused past its lease (SIGSTOP) and resumed after the takeover writes nothing more and stops', async () => {
    const { component, probeA, probeB, events, delivered } = await startRegion();
    // Paused between two cycles, just after one wrote its status: the fence is the lock check before each
    // write, so a writer paused after that check and resumed would still finish the write it had begun.
    await afterWrites(probeA, 1);
    probeA.child.kill('SIGSTOP');
    await probeB.waitForOutput(/this probe is the writer now/, 20_000);
    await component.setMode('failing');
    await waitFor(async () => events().length === 1, 20_000);
    const writtenBefore = probeA.output().match(/wrote .*status/g)?.length ?? 0;
    probeA.child.kill('SIGCONT');
    expect(await probeA.exited()).toBe(1);
    expect(probeA.output()).toMatch(/no longer the writer|lost the writer lock/);
    expect(probeA.output().match(/wrote .*status/g)?.length ?? 0).toBe(writtenBefore);
    // The new writer carries on alone: one notification of the outage, none from the old writer.
    await component.setMode('healthy');
    await delivered(2);
    await afterWrites(probeB, 2);
    expect(events().map((event) => ('to' in event ? event.to : event.type))).toEqual(['major_outage', 'operational']);
  }, 120_000);
});
