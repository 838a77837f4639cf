import { describe, expect, it } from 'vitest';
import { runCycle } from '../../../src/cycle/run-cycle.js';
import { formatChange } from '../../../src/probe-process/format-cycle-log.js';
import { EMPTY_PROBE_STATE, type ProbeState } from '../../../src/schemas/probe-state.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import type { StandinMode } from '../../../src/standins/standin-mode.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';

const standin = useStandins();
const loopback = useLoopbackServers();

const FIXED_NOW = new Date('2026-11-21T03:00:00.400Z');

async function observe(settings: Parameters<typeof runCycle>[0]['settings'], state: ProbeState = EMPTY_PROBE_STATE) {
  const outcome = await runCycle({ settings, state, now: () => FIXED_NOW });
  if (outcome.kind !== 'observed') throw new Error(`expected an observed cycle, got ${outcome.kind}`);
  return outcome;
}

describe('runCycle', () => {
  it('publishes a failed body condition as class body, naming it in the observations and the log', async () => {
    const { port } = await loopback((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"degraded","db":"down"}');
    });
    const outcome = await observe(
      settingsFor([
        {
          name: 'Control API',
          checks: [checkAt(`http://127.0.0.1:${port}/health`, { expectJson: [{ pointer: '/db', equals: 'up' }] })],
        },
        // The same listener is a TCP port that accepts: a tcp check of it succeeds.
        { name: 'Database', checks: [checkAt(`tcp://127.0.0.1:${port}`)] },
      ]),
    );
    expect(outcome.status.components).toEqual([
      { name: 'Control API', status: 'major_outage' },
      { name: 'Database', status: 'operational' },
    ]);
    expect(
      outcome.observations.components.map(({ name, failure_class, failure_reason }) => ({
        name,
        failure_class,
        failure_reason,
      })),
    ).toEqual([
      { name: 'Control API', failure_class: 'body', failure_reason: 'body at "/db" is "down", expected "up"' },
      { name: 'Database', failure_class: null, failure_reason: null },
    ]);
    const [controlApi] = outcome.components;
    expect(controlApi === undefined ? undefined : formatChange(controlApi)).toBe(
      `Control API: major_outage (first observation: http://127.0.0.1:${port}/health: body at "/db" is "down", expected "up")`,
    );
  });

  it('publishes operational, major_outage, major_outage and degraded_performance for 200, 503, hanging and slow', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const failing = await standin({ mode: 'failing' });
    const hanging = await standin({ mode: 'hanging' });
    const slow = await standin({ mode: 'slow', slowMs: 600 });
    const timing = { timeoutMs: 1000, degradedMs: 400 };
    const outcome = await observe(
      settingsFor([
        { name: 'Control API', checks: [checkAt(`${healthy.origin}/healthz`, timing)] },
        { name: 'Scheduler', checks: [checkAt(`${failing.origin}/healthz`, timing)] },
        { name: 'Build Service', checks: [checkAt(`${hanging.origin}/healthz`, timing)] },
        { name: 'Registry', checks: [checkAt(`${slow.origin}/v2/`, timing)] },
      ]),
    );
    expect(outcome.status).toEqual({
      status: 'major_outage',
      version: 'v1',
      region: 'Amsterdam 1',
      components: [
        { name: 'Control API', status: 'operational' },
        { name: 'Scheduler', status: 'major_outage' },
        { name: 'Build Service', status: 'major_outage' },
        { name: 'Registry', status: 'degraded_performance' },
      ],
      updated_at: '2026-11-21T03:00:00Z',
    });
  });

  it('runs the checks at once: five hanging components take one timeout, not five', async () => {
    const hanging = await standin({ mode: 'hanging' });
    const components = ['A', 'B', 'C', 'D', 'E'].map((name) => ({
      name: `Component ${name}`,
      checks: [checkAt(`${hanging.origin}/${name}`, { timeoutMs: 500, degradedMs: 100 })],
    }));
    const outcome = await observe(settingsFor(components));
    expect(outcome.durationMs).toBeGreaterThanOrEqual(490);
    expect(outcome.durationMs).toBeLessThan(2000);
  });

  it('keeps at most `concurrency` checks in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const { origin } = await loopback((_request, response) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        response.end('ok');
      }, 20);
    });
    const components = Array.from({ length: 30 }, (_, index) => ({
      name: `Component ${index}`,
      checks: [checkAt(`${origin}/${index}`)],
    }));
    await observe(settingsFor(components, { concurrency: 5 }));
    expect(most).toBe(5);
  });

  it('makes a component with one failing check of two a partial_outage', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const failing = await standin({ mode: 'failing' });
    const outcome = await observe(
      settingsFor([{ name: 'Registry', checks: [checkAt(`${healthy.origin}/a`), checkAt(`${failing.origin}/b`)] }]),
    );
    expect(outcome.status.components).toEqual([{ name: 'Registry', status: 'partial_outage' }]);
  });

  it('moves the published state only after two cycles agree (flapping protection)', async () => {
    const scheduler = await standin({ mode: 'healthy' });
    const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${scheduler.origin}/healthz`)] }]);
    const modes: StandinMode[] = ['healthy', 'failing', 'healthy', 'failing', 'failing', 'healthy', 'healthy'];
    const published: StatusValue[] = [];
    let state = EMPTY_PROBE_STATE;
    for (const mode of modes) {
      await scheduler.setMode(mode);
      const outcome = await observe(settings, state);
      state = outcome.state;
      published.push(outcome.status.status);
    }
    expect(published).toEqual([
      'operational',
      'operational',
      'operational',
      'operational',
      'major_outage',
      'major_outage',
      'operational',
    ]);
  });

  it('publishes under_maintenance inside a window while probing continues, and the truth once it ends', async () => {
    const registry = await standin({ mode: 'failing' });
    const settings = settingsFor([{ name: 'Registry', checks: [checkAt(`${registry.origin}/v2/`)] }], {
      maintenance: [
        {
          startMs: Date.parse('2026-11-21T02:00:00Z'),
          endMs: Date.parse('2026-11-21T04:00:00Z'),
          components: ['Registry'],
        },
      ],
    });
    const during = await runCycle({ settings, state: EMPTY_PROBE_STATE, now: () => FIXED_NOW });
    if (during.kind !== 'observed') throw new Error(during.kind);
    expect(during.status.components).toEqual([{ name: 'Registry', status: 'under_maintenance' }]);
    expect(during.components[0]?.checks[0]?.result).toMatchObject({ ok: false, status: 503 });

    const after = await runCycle({ settings, state: during.state, now: () => new Date('2026-11-21T04:00:00Z') });
    if (after.kind !== 'observed') throw new Error(after.kind);
    expect(after.status.components).toEqual([{ name: 'Registry', status: 'major_outage' }]);
  });

  it('publishes nothing when the connectivity check fails, without waiting for the components', async () => {
    const offline = await standin({ mode: 'refusing' });
    const hanging = await standin({ mode: 'hanging' });
    const outcome = await runCycle({
      settings: settingsFor([{ name: 'Scheduler', checks: [checkAt(`${hanging.origin}/`, { timeoutMs: 5000 })] }], {
        connectivity: { kind: 'http', url: `${offline.origin}/`, timeoutMs: 1000, expectStatus: undefined },
      }),
      state: EMPTY_PROBE_STATE,
    });
    expect(outcome).toMatchObject({ kind: 'offline', result: { ok: false, error: 'refused' } });
    expect(outcome.durationMs).toBeLessThan(2500);
  });

  it('goes on to the components when the connectivity check passes', async () => {
    const online = await standin({ mode: 'healthy' });
    const outcome = await observe(
      settingsFor([{ name: 'Scheduler', checks: [checkAt(`${online.origin}/healthz`)] }], {
        connectivity: { kind: 'http', url: `${online.origin}/`, timeoutMs: 1000, expectStatus: undefined },
      }),
    );
    expect(outcome.status.status).toBe('operational');
  });

  it.each([404, 500, 302])(
    'counts any response from the connectivity URL, even a %i, as the network being reachable',
    async (status) => {
      const component = await standin({ mode: 'healthy' });
      const network = await standin({ healthyStatus: status });
      const outcome = await runCycle({
        settings: settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }], {
          connectivity: { kind: 'http', url: `${network.origin}/`, timeoutMs: 1000, expectStatus: undefined },
        }),
        state: EMPTY_PROBE_STATE,
      });
      expect(outcome.kind).toBe('observed');
    },
  );

  it('reports an aborted cycle, which publishes nothing', async () => {
    const hanging = await standin({ mode: 'hanging' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopping')), 100);
    const outcome = await runCycle({
      settings: settingsFor([{ name: 'Scheduler', checks: [checkAt(`${hanging.origin}/`, { timeoutMs: 10_000 })] }]),
      state: EMPTY_PROBE_STATE,
      signal: controller.signal,
    });
    expect(outcome.kind).toBe('aborted');
    expect(outcome.durationMs).toBeLessThan(5000);
  });
});
