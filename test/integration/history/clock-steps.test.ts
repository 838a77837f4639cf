import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ComponentHistoryDocumentSchema } from '../../../src/schemas/component-history.js';
import { type IncidentsDocument, IncidentsDocumentSchema } from '../../../src/schemas/incidents.js';
import { type UptimeDocument, UptimeDocumentSchema } from '../../../src/schemas/uptime.js';
import { startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { waitFor } from '../../helpers/test-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

/**
 * The probe sidecar under libfaketime (Debian's `faketime` package), its
 * wall clock stepped back and forward by an hour while an incident is open,
 * as an NTP correction after a VM resume does. The offset is read from a
 * file on every call (`FAKETIME_NO_CACHE=1`); the monotonic clock is left
 * alone, as a real step leaves it.
 */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const cli = useCliSite();
const standin = useStandins();

const DAY_MINUTES = 24 * 60;
const HOUR_MS = 3_600_000;

describe.runIf(existsSync(LIBFAKETIME))('history across wall-clock steps (libfaketime)', () => {
  it('never publishes an incident ending before it starts, a negative interval or an overfull day or hour', async () => {
    const component = await standin({ mode: 'failing' });
    const root = cli.site.root;
    const offsetFile = join(root, 'faketime-offset');
    const publicDir = cli.site.publicDir;
    const historyFile = join(root, '.state', 'history.sqlite');
    await writeFile(offsetFile, '+0\n');
    await writeFile(
      join(root, 'components.json'),
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        failure_threshold: 1,
        success_threshold: 1,
        components: [{ name: 'Scheduler', url: `${component.origin}/healthz` }],
      }),
    );
    const probe = startCli(
      ['probe', '--config', 'components.json', '--state', '.state/probe-state.json', '--history', historyFile],
      {
        cwd: root,
        env: {
          REGION: '',
          LD_PRELOAD: LIBFAKETIME,
          FAKETIME_TIMESTAMP_FILE: offsetFile,
          FAKETIME_NO_CACHE: '1',
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
        },
      },
    );
    cli.children.push(probe);

    let lastGenerated = 0;
    const read = (): { uptime: UptimeDocument; incidents: IncidentsDocument } | undefined => {
      try {
        return {
          uptime: UptimeDocumentSchema.parse(JSON.parse(readFileSync(join(publicDir, 'api/v1/uptime'), 'utf8'))),
          incidents: IncidentsDocumentSchema.parse(
            JSON.parse(readFileSync(join(publicDir, 'api/v1/incidents'), 'utf8')),
          ),
        };
      } catch {
        return undefined;
      }
    };
    /** Every rule a step must not break, on what is published now and on the hours in the database. */
    const checkPublished = async () => {
      const db = new Database(historyFile, { readonly: true });
      let latestCycleMs = 0;
      try {
        const hours = db
          .prepare<[], { hour_ms: number; ms: number }>(
            'SELECT hour_ms, sum(operational_ms + maintenance_ms + degraded_ms + partial_ms + major_ms) AS ms FROM hourly GROUP BY hour_ms',
          )
          .all();
        for (const { hour_ms, ms } of hours) expect(ms, `hour ${hour_ms}`).toBeLessThanOrEqual(HOUR_MS);
        latestCycleMs = db.prepare<[], { at: number }>('SELECT max(at_ms) AS at FROM cycles').get()?.at ?? 0;
      } finally {
        db.close();
      }
      // No raw cycle lies after the time the documents are published at (to the second): none "from the future".
      // The documents are written just after their cycle is recorded, so the next ones are waited for.
      await waitFor(async () => Date.parse(read()?.incidents.generated_at ?? '') + 999 >= latestCycleMs, 3_000);
      const documents = read();
      expect(documents).toBeDefined();
      if (documents === undefined) return;
      const { uptime, incidents } = documents;
      const generated = Date.parse(incidents.generated_at);
      expect(generated).toBeGreaterThanOrEqual(lastGenerated);
      lastGenerated = generated;
      for (const incident of incidents.incidents) {
        const started = Date.parse(incident.started_at);
        const ended = incident.resolved_at === null ? generated : Date.parse(incident.resolved_at);
        expect(ended, `${incident.id} ends before it starts`).toBeGreaterThanOrEqual(started);
        expect(Math.abs(incident.duration_seconds - (ended - started) / 1000)).toBeLessThanOrEqual(1);
        expect(Date.parse(incident.updated_at)).toBeGreaterThanOrEqual(started);
        expect(ended).toBeLessThanOrEqual(generated);
      }
      for (const { slug } of uptime.components) {
        // The days with minutes and the latency are in each component's detail document, written just before the summary.
        const { days, latency, generated_at } = ComponentHistoryDocumentSchema.parse(
          JSON.parse(readFileSync(join(publicDir, 'api/v1/component-history', `${slug}.json`), 'utf8')),
        );
        for (const day of days) {
          const minutes = Object.values(day.minutes).reduce((sum, value) => sum + value, 0) + day.no_data_minutes;
          expect(minutes, `${day.date} has ${minutes} minutes`).toBeLessThanOrEqual(DAY_MINUTES + 0.01);
        }
        for (const hour of latency) expect(Date.parse(hour.hour)).toBeLessThanOrEqual(Date.parse(generated_at));
      }
    };
    const ongoing = () => read()?.incidents.incidents.filter((incident) => incident.resolved_at === null) ?? [];
    const resolvedCount = () =>
      read()?.incidents.incidents.filter((incident) => incident.resolved_at !== null).length ?? 0;
    const cycles = () => probe.output().match(/cycle done/g)?.length ?? 0;
    const afterCycles = async (count: number) => {
      const target = cycles() + count;
      await waitFor(async () => cycles() >= target, 20_000);
    };
    const step = async (offset: string) => {
      await writeFile(offsetFile, `${offset}\n`);
      await afterCycles(2);
    };

    // An incident opens; the clock is stepped back an hour while it is open; the component recovers.
    await waitFor(async () => ongoing().length === 1, 20_000);
    await afterCycles(2);
    await step('-3600');
    await checkPublished();
    await component.setMode('healthy');
    await waitFor(async () => resolvedCount() === 1, 20_000);
    await afterCycles(2);
    await checkPublished();

    // Another opens; the clock is stepped forward an hour, then back again, while it is open.
    await component.setMode('failing');
    await waitFor(async () => ongoing().length === 1, 20_000);
    await step('+0');
    await checkPublished();
    await step('-3600');
    await checkPublished();
    await component.setMode('healthy');
    await waitFor(async () => resolvedCount() === 2, 20_000);
    await afterCycles(2);
    await checkPublished();
    expect(probe.output()).toMatch(/wall clock stepped back by 3600 s/);
    expect(probe.output()).toMatch(/history: the wall clock .* behind the last record/);
  }, 120_000);
});
