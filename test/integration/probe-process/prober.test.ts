import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { ProbeStateFileSchema } from '../../../src/schemas/probe-state.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import type { CheckSettings, ProbeSettings } from '../../../src/settings/probe-settings.js';
import { deadPid } from '../../helpers/dead-pid.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const standin = useStandins();
let root: string;
let publicDir: string;
let stateFile: string;
let lines: { level: 'info' | 'error'; line: string }[];
const log: ProbeLog = {
  info: (line) => lines.push({ level: 'info', line }),
  error: (line) => lines.push({ level: 'error', line }),
};

const tempDir = tempDirsPerTest({ prefix: 'prober-' });
beforeEach(async () => {
  root = await tempDir();
  publicDir = join(root, 'public');
  stateFile = join(root, '.state', 'probe-state.json');
  lines = [];
});

const statusDir = () => join(publicDir, 'api', 'v1');
const readStatus = async () =>
  ServiceStatusSchema.parse(JSON.parse(await readFile(join(statusDir(), 'status'), 'utf8')));

/** A prober of `settings` writing to this test's directories, on the wall clock unless given `now`. */
function proberOf(settings: ProbeSettings, now?: () => Date) {
  return createProber({ settings, publicDir: createPublicDirWriter(publicDir), stateFile, log, now });
}

async function proberFor(mode: 'healthy' | 'failing' = 'healthy', now?: () => Date) {
  const component = await standin({ mode });
  const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }]);
  return { component, prober: proberOf(settings, now) };
}

describe('createProber', () => {
  it('writes the status document, and the state file outside public/', async () => {
    const { prober } = await proberFor('healthy');
    expect(await prober.runCycle()).toEqual({ published: true, statusFile: join(statusDir(), 'status') });
    expect((await readStatus()).components).toEqual([{ name: 'Scheduler', status: 'operational' }]);
    const saved = ProbeStateFileSchema.parse(JSON.parse(await readFile(stateFile, 'utf8')));
    expect(saved.components).toEqual([
      {
        name: 'Scheduler',
        published: 'operational',
        observed: 'operational',
        pending: null,
        fingerprint: expect.any(String),
      },
    ]);
    expect(await readdir(statusDir())).toEqual(['heartbeats', 'observations', 'status']);
  });

  it('logs one line per component state change and one summary line per cycle', async () => {
    const { component, prober } = await proberFor('healthy');
    await prober.runCycle();
    await component.setMode('failing');
    await prober.runCycle();
    await prober.runCycle();
    await prober.runCycle();
    const changes = lines.filter(({ line }) => line.startsWith('Scheduler:')).map(({ line }) => line);
    expect(changes).toEqual([
      'Scheduler: operational (first observation: check passed)',
      expect.stringMatching(
        /^Scheduler: operational -> major_outage \(http:\/\/127\.0\.0\.1:\d+\/healthz: unexpected status 503\)$/,
      ),
    ]);
    expect(lines.filter(({ line }) => line.startsWith('cycle done'))).toHaveLength(4);
    expect(lines).toHaveLength(6);
  });

  it('saves the state file when the memory in it changes, and unchanged memory every five minutes', async () => {
    let clockMs = Date.parse('2026-11-25T12:00:00Z');
    const { component, prober } = await proberFor('healthy', () => new Date(clockMs));
    const savedAt = async () => ProbeStateFileSchema.parse(JSON.parse(await readFile(stateFile, 'utf8'))).saved_at;
    const cycleAt = async (iso: string) => {
      clockMs = Date.parse(iso);
      expect(await prober.runCycle()).toMatchObject({ published: true });
    };
    await cycleAt('2026-11-25T12:00:00Z');
    expect(await savedAt()).toBe('2026-11-25T12:00:00Z');
    // The same memory: the status is written, the state file is not.
    await cycleAt('2026-11-25T12:00:30Z');
    await cycleAt('2026-11-25T12:04:59Z');
    expect(await savedAt()).toBe('2026-11-25T12:00:00Z');
    expect((await readStatus()).updated_at).toBe('2026-11-25T12:04:59Z');
    await cycleAt('2026-11-25T12:05:00Z');
    expect(await savedAt()).toBe('2026-11-25T12:05:00Z');
    // The component fails: its memory changes, and is saved at that cycle.
    await component.setMode('failing');
    await cycleAt('2026-11-25T12:05:30Z');
    expect(await savedAt()).toBe('2026-11-25T12:05:30Z');
    const saved = ProbeStateFileSchema.parse(JSON.parse(await readFile(stateFile, 'utf8')));
    expect(saved.components[0]).toMatchObject({ observed: 'major_outage' });
  });

  it('refuses a state file inside the served directory', async () => {
    const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt('http://127.0.0.1:1/')] }]);
    expect(() =>
      createProber({
        settings,
        publicDir: createPublicDirWriter(publicDir),
        stateFile: join(publicDir, 'state.json'),
        log,
      }),
    ).toThrow(InputError);
  });

  it('carries on after a failed write, leaving the last document, and publishes again once it can', async () => {
    const { prober } = await proberFor('healthy');
    await prober.runCycle();
    const before = await readFile(join(statusDir(), 'status'), 'utf8');
    // The directory is swapped for a file: writes fail the way a read-only mount would.
    await rename(statusDir(), join(root, 'v1-aside'));
    await writeFile(statusDir(), '');
    expect(await prober.runCycle()).toEqual({ published: false, why: 'write_failed' });
    expect(lines.some(({ level, line }) => level === 'error' && /could not write .*status/.test(line))).toBe(true);
    await rm(statusDir());
    await rename(join(root, 'v1-aside'), statusDir());
    expect(await readFile(join(statusDir(), 'status'), 'utf8')).toBe(before);
    expect(await prober.runCycle()).toMatchObject({ published: true });
    expect(await readdir(statusDir())).toEqual(['heartbeats', 'observations', 'status']);
  });

  it('removes the temp files a killed writer left behind before its first cycle', async () => {
    const pid = await deadPid();
    await mkdir(statusDir(), { recursive: true });
    await mkdir(join(root, '.state'), { recursive: true });
    await writeFile(join(statusDir(), `.status.${pid}.0badc0de.tmp`), '{"status":');
    await writeFile(join(root, '.state', `.probe-state.json.${pid}.0badc0de.tmp`), '{');
    const { prober } = await proberFor('healthy');
    await prober.runCycle();
    expect(await readdir(statusDir())).toEqual(['heartbeats', 'observations', 'status']);
    expect(await readdir(join(root, '.state'))).toEqual(['probe-state.json']);
  });

  it('starts without memory, and says so, when the state file is corrupt', async () => {
    await mkdir(join(root, '.state'), { recursive: true });
    await writeFile(stateFile, '{"version":1,"components":[{"name":"Scheduler"');
    const { prober } = await proberFor('failing');
    await prober.runCycle();
    expect((await readStatus()).status).toBe('major_outage');
    expect(
      lines.some(({ level, line }) => level === 'error' && line.includes('starting without flapping memory')),
    ).toBe(true);
  });

  it('sets aside memory saved more than an hour before, publishing what it observes', async () => {
    const { component, prober: first } = await proberFor('healthy', () => new Date('2026-11-21T01:00:00Z'));
    await first.runCycle();
    await component.setMode('failing');
    const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }]);
    const soon = proberOf(settings, () => new Date('2026-11-21T01:59:00Z'));
    await soon.runCycle();
    expect((await readStatus()).status).toBe('operational');
    const later = proberOf(settings, () => new Date('2026-11-21T03:00:00Z'));
    await later.runCycle();
    expect((await readStatus()).status).toBe('major_outage');
    expect(lines.some(({ line }) => line.includes('saved at 2026-11-21T01:59:00Z, too long ago to count'))).toBe(true);
  });

  it('sets aside memory saved in the future (a clock stepped back), publishing what it observes', async () => {
    const { component, prober: first } = await proberFor('healthy', () => new Date('2026-11-21T03:00:00Z'));
    await first.runCycle();
    await component.setMode('failing');
    const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }]);
    const earlier = proberOf(settings, () => new Date('2026-11-21T02:00:00Z'));
    await earlier.runCycle();
    expect((await readStatus()).status).toBe('major_outage');
    expect(
      lines.some(
        ({ line }) => line.includes('saved at 2026-11-21T03:00:00Z, in the future') && line.includes('3600 s'),
      ),
    ).toBe(true);
  });

  it('starts a component afresh when its checks change: an outage at the old URL is not carried to the new one', async () => {
    const { prober: first } = await proberFor('failing');
    await first.runCycle();
    expect((await readStatus()).status).toBe('major_outage');
    const moved = await standin({ mode: 'healthy' });
    const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${moved.origin}/healthz`)] }]);
    await proberOf(settings).runCycle();
    expect((await readStatus()).status).toBe('operational');
    expect(
      lines.some(({ line }) => line === 'Scheduler: operational (first observation, its checks changed: check passed)'),
    ).toBe(true);
  });

  it.each<[string, Partial<CheckSettings>]>([
    ['expect_status', { expectStatus: [200, 401] }],
    ['timeout_ms', { timeoutMs: 2000 }],
    ['degraded_ms', { degradedMs: 300 }],
  ])('starts a component afresh when its %s changes', async (_field, change) => {
    const { component, prober: first } = await proberFor('failing');
    await first.runCycle();
    await component.setMode('healthy');
    const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`, change)] }]);
    await proberOf(settings).runCycle();
    expect((await readStatus()).status).toBe('operational');
  });

  it('keeps the memory of a state file written before fingerprints, as memory of the current checks', async () => {
    const { prober } = await proberFor('healthy');
    await mkdir(join(root, '.state'), { recursive: true });
    const saved = { name: 'Scheduler', published: 'major_outage', observed: 'major_outage', pending: null };
    await writeFile(
      stateFile,
      JSON.stringify({ version: 1, saved_at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), components: [saved] }),
    );
    await prober.runCycle();
    expect((await readStatus()).status).toBe('major_outage');
    await prober.runCycle();
    expect((await readStatus()).status).toBe('operational');
    const state = ProbeStateFileSchema.parse(JSON.parse(await readFile(stateFile, 'utf8')));
    expect(state.components[0]?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never lets concurrent readers see a partial status document', async () => {
    const small = await proberFor('healthy');
    const many = await standin({ mode: 'failing' });
    const big = createProber({
      settings: settingsFor(
        Array.from({ length: 40 }, (_, index) => ({
          name: `Component ${index}`,
          checks: [checkAt(`${many.origin}/${index}`)],
        })),
      ),
      publicDir: createPublicDirWriter(publicDir),
      stateFile: join(root, '.state', 'big.json'),
      log,
    });
    await small.prober.runCycle();
    let writing = true;
    let reads = 0;
    const bad: string[] = [];
    const reader = async () => {
      while (writing) {
        const text = await readFile(join(statusDir(), 'status'), 'utf8');
        reads += 1;
        try {
          ServiceStatusSchema.parse(JSON.parse(text));
        } catch {
          bad.push(text);
        }
      }
    };
    const readers = Array.from({ length: 4 }, reader);
    for (let cycle = 0; cycle < 60; cycle += 1) await (cycle % 2 === 0 ? big : small.prober).runCycle();
    writing = false;
    await Promise.all(readers);
    expect(bad).toEqual([]);
    expect(reads).toBeGreaterThan(60);
  });
});
