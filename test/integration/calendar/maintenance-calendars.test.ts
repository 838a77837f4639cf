import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { maintenanceNotice } from '../../helpers/notices.js';
import { buildTempSite, makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer } from '../../helpers/test-server.js';

let site: TempSite;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await site.remove();
});

function build() {
  return buildTempSite(site);
}

function eventsOf(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
}

describe('the maintenance calendars', () => {
  it('are built beside the feeds and served as text/calendar with the feeds’ cache headers', async () => {
    site = await makeTempSite();
    const components = JSON.parse(await readFile(join(site.root, 'data', 'components.json'), 'utf8'));
    components.maintenance = [{ cron: '0 2 * * 6', duration_minutes: 60, time_zone: 'Europe/Amsterdam' }];
    await writeFile(join(site.root, 'data', 'components.json'), JSON.stringify(components));
    await writeFile(join(site.root, 'data', 'notices.json'), JSON.stringify([maintenanceNotice()]));
    await build();
    const server = await startTestServer(site);
    cleanups.push(() => server.close());
    const whole = await fetch(`${server.url}/feeds/maintenance.ics`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=60');
    expect(
      eventsOf(await whole.text())
        .map((event) => event.summary)
        .sort(),
    ).toEqual(['Planned maintenance: all components', 'Registry upgrade']);
    const scheduler = await fetch(`${server.url}/feeds/components/scheduler.ics`);
    expect(scheduler.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(eventsOf(await scheduler.text()).map((event) => event.summary)).toEqual([
      'Planned maintenance: all components',
    ]);
    const netlify = await readFile(join(site.publicDir, '_headers'), 'utf8');
    expect(netlify).toContain(
      '/feeds/components/registry.ics\n  X-Content-Type-Options: nosniff\n  Content-Type: text/calendar; charset=utf-8\n  Cache-Control: public, max-age=60\n',
    );
  });

  it('keeps an event’s UID through a change, raises its sequence, and marks it cancelled when called off', async () => {
    site = await makeTempSite();
    const notices = join(site.root, 'data', 'notices.json');
    await writeFile(notices, JSON.stringify([maintenanceNotice()]));
    await build();
    const read = async () =>
      eventsOf(await readFile(join(site.publicDir, 'feeds', 'components', 'registry.ics'), 'utf8'))[0];
    const first = await read();
    const called = maintenanceNotice({
      state: 'completed',
      updates: [
        ...maintenanceNotice().updates,
        { at: '2026-11-24T08:00:00Z', state: 'completed', text: 'Called off: the vendor postponed.' },
      ],
    });
    await writeFile(notices, JSON.stringify([called]));
    await build();
    const second = await read();
    expect(second?.uid).toBe(first?.uid);
    expect([first?.sequence, second?.sequence]).toEqual([0, 1]);
    expect([first, second].map((event) => event?.component.getFirstPropertyValue('status'))).toEqual([
      'CONFIRMED',
      'CANCELLED',
    ]);
  });
});
