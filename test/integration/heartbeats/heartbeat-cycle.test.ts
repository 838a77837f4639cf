import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeHeartbeat } from '../../../src/heartbeats/heartbeat-files.js';
import { type PushListener, startPushListener } from '../../../src/heartbeats/push-listener.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { HeartbeatsDocumentSchema } from '../../../src/schemas/heartbeats-document.js';
import { ObservationsDocumentSchema } from '../../../src/schemas/observations.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import type { ProbeSettings } from '../../../src/settings/probe-settings.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const MINUTE_MS = 60_000;
const T0 = Date.parse('2026-11-21T05:00:00Z');
let root: string;
let publicDir: string;
let stateFile: string;
let lines: string[];
const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(line) };

const tempDir = tempDirsPerTest({ prefix: 'heartbeats-' });
beforeEach(async () => {
  root = await tempDir();
  publicDir = join(root, 'public');
  stateFile = join(root, '.state', 'probe-state.json');
  lines = [];
});

/** A nightly job pushing every `everyMin` minutes with `graceMin` of grace, as the settings make its check. */
function nightly(everyMin: number, graceMin: number, extra: Partial<ProbeSettings> = {}): ProbeSettings {
  const slug = 'nightly-build';
  return settingsFor(
    [
      {
        name: 'Nightly Build',
        checks: [
          {
            kind: 'heartbeat',
            url: `heartbeat:${slug}`,
            timeoutMs: 5000,
            degradedMs: 1000,
            expectStatus: undefined,
            minCertificateDays: 14,
            heartbeat: { slug, everyMs: everyMin * MINUTE_MS, graceMs: graceMin * MINUTE_MS },
          },
        ],
      },
    ],
    { failureThreshold: 1, successThreshold: 1, ...extra },
  );
}

/** A prober (a probe process) whose wall clock reads `clock.ms`. */
function proberAt(settings: ProbeSettings, clock: { ms: number }) {
  return createProber({
    settings,
    publicDir: createPublicDirWriter(publicDir),
    stateFile,
    log,
    now: () => new Date(clock.ms),
  });
}

async function published() {
  const status = ServiceStatusSchema.parse(JSON.parse(await readFile(join(publicDir, 'api/v1/status'), 'utf8')));
  const observations = ObservationsDocumentSchema.parse(
    JSON.parse(await readFile(join(publicDir, 'api/v1/observations'), 'utf8')),
  );
  const [component] = observations.components;
  return {
    state: status.components[0]?.status,
    failure_class: component?.failure_class,
    failure_reason: component?.failure_reason,
  };
}

/** `/api/v1/heartbeats` as published, its one component, and whether it was made by the cycle of the status. */
async function heartbeats() {
  const status = ServiceStatusSchema.parse(JSON.parse(await readFile(join(publicDir, 'api/v1/status'), 'utf8')));
  const document = HeartbeatsDocumentSchema.parse(
    JSON.parse(await readFile(join(publicDir, 'api/v1/heartbeats'), 'utf8')),
  );
  expect(document.updated_at).toBe(status.updated_at);
  expect(document.components).toHaveLength(1);
  return document.components[0];
}

const pushAt = (ms: number, ok = true, message: string | null = null) =>
  writeHeartbeat(dirname(stateFile), 'nightly-build', { atMs: ms, ok, message });

describe('a heartbeat component in the cycle', () => {
  it('is not judged before every + grace, then goes down without pushes, and comes back with one', async () => {
    const clock = { ms: T0 };
    const prober = proberAt(nightly(60, 5), clock);
    await prober.runCycle();
    expect(await published()).toEqual({ state: 'operational', failure_class: null, failure_reason: null });
    expect(lines).toContain(
      'Nightly Build: operational (first observation: heartbeat:nightly-build: no push yet, not judged until 2026-11-21T06:05:00Z)',
    );
    // What the page says of it: not judged yet, and until when.
    expect(await heartbeats()).toEqual({
      name: 'Nightly Build',
      every_seconds: 3600,
      grace_seconds: 300,
      last_push_at: null,
      not_judged_until: '2026-11-21T06:05:00Z',
    });
    clock.ms = T0 + 66 * MINUTE_MS;
    await prober.runCycle();
    expect(await heartbeats()).toMatchObject({ last_push_at: null, not_judged_until: null });
    expect(await published()).toEqual({
      state: 'major_outage',
      failure_class: 'timeout',
      failure_reason: 'no heartbeat since watching began at 2026-11-21T05:00:00Z (expected every 3600 s, grace 300 s)',
    });
    expect(lines).toContain(
      'Nightly Build: operational -> major_outage (heartbeat:nightly-build: no heartbeat since watching began at 2026-11-21T05:00:00Z (expected every 3600 s, grace 300 s))',
    );
    await pushAt(clock.ms);
    clock.ms += MINUTE_MS;
    await prober.runCycle();
    expect(await published()).toEqual({ state: 'operational', failure_class: null, failure_reason: null });
    expect(await heartbeats()).toMatchObject({ last_push_at: '2026-11-21T06:06:00Z', not_judged_until: null });
    clock.ms += 66 * MINUTE_MS;
    await prober.runCycle();
    expect((await published()).failure_reason).toBe(
      'no heartbeat since 2026-11-21T06:06:00Z (expected every 3600 s, grace 300 s)',
    );
    prober.close();
  });

  it('publishes a failure the job pushed, with its message, as error', async () => {
    const clock = { ms: T0 };
    const prober = proberAt(nightly(60, 5), clock);
    await pushAt(T0, false, 'make: *** [all] Error 2');
    await prober.runCycle();
    expect(await published()).toEqual({
      state: 'major_outage',
      failure_class: 'error',
      failure_reason: 'heartbeat failed: "make: *** [all] Error 2"',
    });
    prober.close();
  });

  it('keeps flapping protection: one late cycle publishes nothing with a failure threshold of 2', async () => {
    const clock = { ms: T0 };
    const prober = proberAt(nightly(1, 0, { failureThreshold: 2 }), clock);
    await pushAt(T0);
    await prober.runCycle();
    clock.ms = T0 + 2 * MINUTE_MS;
    await prober.runCycle();
    expect((await published()).state).toBe('operational');
    clock.ms += MINUTE_MS;
    await prober.runCycle();
    expect((await published()).state).toBe('major_outage');
    prober.close();
  });

  it('is under_maintenance inside a window however late its push is', async () => {
    const clock = { ms: T0 + 120 * MINUTE_MS };
    const window = { startMs: T0 + 100 * MINUTE_MS, endMs: T0 + 200 * MINUTE_MS, components: ['Nightly Build'] };
    const prober = proberAt(nightly(60, 5, { maintenance: [window] }), clock);
    await pushAt(T0);
    await prober.runCycle();
    expect((await published()).state).toBe('under_maintenance');
    prober.close();
  });
});

describe('the heartbeats document', () => {
  it('is an empty list where the config has no heartbeat component, replacing one an earlier config left', async () => {
    const file = join(publicDir, 'api/v1/heartbeats');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '{"left": "by an earlier config"}\n');
    const prober = proberAt(settingsFor([{ name: 'Control API', checks: [checkAt('tcp://127.0.0.1:9')] }]), { ms: T0 });
    await prober.runCycle();
    expect(HeartbeatsDocumentSchema.parse(JSON.parse(await readFile(file, 'utf8'))).components).toEqual([]);
    prober.close();
  });
});

describe('a heartbeat component across restarts', () => {
  it('keeps a push across a stop of more than an hour, when the probe state itself is set aside', async () => {
    const daily = nightly(24 * 60, 30);
    const first = proberAt(daily, { ms: T0 });
    await pushAt(T0);
    await first.runCycle();
    first.close();
    // The probe was stopped for 90 minutes: its state file is too old to count, the push is not.
    const later = { ms: T0 + 90 * MINUTE_MS };
    const second = proberAt(daily, later);
    await second.runCycle();
    expect(lines.some((line) => line.includes('too long ago to count'))).toBe(true);
    expect(await published()).toEqual({ state: 'operational', failure_class: null, failure_reason: null });
    second.close();
  });

  it('judges a job that never pushed from when watching first began, not from each start (cron mode)', async () => {
    const once = (ms: number) => proberAt(nightly(60, 5), { ms });
    const first = once(T0);
    await first.runCycle();
    first.close();
    const second = once(T0 + 30 * MINUTE_MS);
    await second.runCycle();
    expect((await published()).state).toBe('operational');
    second.close();
    const third = once(T0 + 66 * MINUTE_MS);
    await third.runCycle();
    expect((await published()).failure_reason).toMatch(/^no heartbeat since watching began at 2026-11-21T05:00:00Z/);
    third.close();
  });
});

describe('pushes through any replica', () => {
  let replicas: PushListener[] = [];
  afterEach(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    replicas = [];
  });

  it('are recorded where the writer reads them, whichever replica took them', async () => {
    const token = 'nightly-build-token-0123456789abcdef';
    const startReplica = () =>
      startPushListener({
        targets: [{ name: 'Nightly Build', slug: 'nightly-build', token }],
        stateDir: dirname(stateFile),
        port: 0,
        host: '127.0.0.1',
        log,
      });
    replicas = [await startReplica(), await startReplica()];
    const clock = { ms: Date.now() };
    const writer = proberAt(nightly(1, 0), clock);
    const standby = replicas[1];
    if (standby === undefined) throw new Error('no standby');
    const answer = await request(`${standby.url}nightly-build?status=fail&message=from%20the%20standby`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(204);
    await writer.runCycle();
    expect((await published()).failure_reason).toBe('heartbeat failed: "from the standby"');
    writer.close();
  });
});
