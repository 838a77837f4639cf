import { describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/schemas/incidents.js';
import type { Notice } from '../../../src/schemas/notice.js';
import { renderStatuspageDocuments } from '../../../src/statuspage/render-statuspage-documents.js';
import { statuspageId } from '../../../src/statuspage/statuspage-id.js';
import { sampleIncidents } from '../../helpers/document-fixtures.js';
import {
  SAMPLE_NOW,
  sampleStatuspageDocuments,
  sampleStatuspageSettings,
  sampleStatuspageSource,
} from '../../helpers/statuspage-fixture.js';

interface Entry {
  readonly [key: string]: unknown;
}

/** One document of the sample, by its path under `/api/v2/`. */
function document(path: string, overrides: Parameters<typeof sampleStatuspageDocuments>[0] = {}): Entry {
  const found = sampleStatuspageDocuments(overrides)[`/api/v2/${path}`];
  if (typeof found !== 'object' || found === null) throw new Error(`no ${path}`);
  return found as Entry;
}

function list(value: unknown): Entry[] {
  if (!Array.isArray(value)) throw new Error('not a list');
  return value as Entry[];
}

const byName = (entries: readonly Entry[], name: string) => entries.find((entry) => entry.name === name);

describe('the page object', () => {
  it('takes its name from the region, its url from public_url, and its time from the status', () => {
    expect(document('status.json').page).toEqual({
      id: statuspageId('page', 'Amsterdam 1'),
      name: 'Amsterdam 1',
      url: 'https://status.example.com',
      time_zone: 'Etc/UTC',
      updated_at: SAMPLE_NOW,
    });
  });

  it('takes page_name over the region, and / without public_url, keeping its id', () => {
    const settings = sampleStatuspageSettings({ pageName: 'Example Cloud', publicUrl: undefined });
    const page = document('status.json', { settings }).page as Entry;
    expect(page.name).toBe('Example Cloud');
    expect(page.url).toBe('/');
    expect(page.id).toBe(statuspageId('page', 'Amsterdam 1'));
  });

  it('is the same in all eight documents', () => {
    const pages = Object.values(sampleStatuspageDocuments()).map((each) => (each as Entry).page);
    expect(pages).toHaveLength(8);
    for (const page of pages) expect(page).toEqual(pages[0]);
  });
});

describe('the components', () => {
  const components = list(document('components.json').components);

  it('lists a group where its first component stands, followed by its components, worst state first', () => {
    expect(components.map((entry) => [entry.name, entry.group, entry.position])).toEqual([
      ['Compute', true, 1],
      ['Control API', false, 1],
      ['Scheduler', false, 2],
      ['Build Service', false, 2],
      ['Registry', false, 3],
    ]);
    const group = byName(components, 'Compute');
    expect(group?.status).toBe('major_outage');
    expect(group?.components).toEqual([
      statuspageId('component', 'Control API'),
      statuspageId('component', 'Scheduler'),
    ]);
    expect(byName(components, 'Scheduler')?.group_id).toBe(group?.id);
    expect(byName(components, 'Registry')?.group_id).toBeNull();
  });

  it('lists every component at the top without groups, as the v1 status does', () => {
    const settings = sampleStatuspageSettings({ groups: new Map() });
    const flat = list(document('components.json', { settings }).components);
    expect(flat.map((entry) => [entry.name, entry.position, entry.group_id, entry.group])).toEqual([
      ['Control API', 1, null, false],
      ['Scheduler', 2, null, false],
      ['Build Service', 3, null, false],
      ['Registry', 4, null, false],
    ]);
  });

  it('dates each from the history: the first day with data, and when its current state began', () => {
    // The sample history's 90 days end on 2026-11-21; its Scheduler incident is ongoing, the Registry's resolved.
    expect(byName(components, 'Scheduler')).toMatchObject({
      created_at: '2026-08-24T00:00:00Z',
      updated_at: '2026-11-21T04:31:00Z',
    });
    expect(byName(components, 'Registry')).toMatchObject({ updated_at: '2026-11-06T14:32:00Z' });
    expect(byName(components, 'Control API')).toMatchObject({ updated_at: '2026-08-24T00:00:00Z' });
  });

  it('dates each at the status without history', () => {
    const bare = list(document('components.json', { uptime: undefined, incidents: [] }).components);
    for (const entry of bare) expect([entry.created_at, entry.updated_at]).toEqual([SAMPLE_NOW, SAMPLE_NOW]);
  });
});

describe('the incidents', () => {
  const incidents = list(document('incidents.json').incidents);

  it('lists the probe’s incidents and the team’s incident notices, newest start first', () => {
    expect(incidents.map((entry) => [entry.name, entry.status, entry.impact])).toEqual([
      ['Scheduling delays', 'identified', 'critical'],
      ['Scheduler: major outage', 'investigating', 'critical'],
      ['Registry: partial outage', 'resolved', 'major'],
    ]);
  });

  it('gives a resolved incident of the probe an update at its start and one at its end, newest first', () => {
    const registry = byName(incidents, 'Registry: partial outage');
    expect(registry).toMatchObject({
      created_at: '2026-11-06T13:02:00Z',
      started_at: '2026-11-06T13:02:00Z',
      resolved_at: '2026-11-06T14:32:00Z',
      shortlink: 'https://status.example.com/#incident-registry-2026-11-06t13-02-00z',
    });
    expect(list(registry?.incident_updates).map((update) => [update.status, update.created_at])).toEqual([
      ['resolved', '2026-11-06T14:32:00Z'],
      ['investigating', '2026-11-06T13:02:00Z'],
    ]);
    expect(list(registry?.incident_updates)[0]?.affected_components).toEqual([
      {
        code: statuspageId('component', 'Registry'),
        name: 'Registry',
        old_status: 'partial_outage',
        new_status: 'operational',
      },
    ]);
    expect(list(registry?.components).map((component) => component.name)).toEqual(['Registry']);
  });

  it('gives a notice its own updates, newest first, as plain text, with an anchor to the notice', () => {
    const notice = byName(incidents, 'Scheduling delays');
    expect(notice?.shortlink).toBe('https://status.example.com/#notice-scheduler-delays');
    expect(list(notice?.incident_updates).map((update) => [update.status, update.body])).toEqual([
      ['identified', 'A queue node is down; failing over.'],
      ['investigating', 'New workloads wait <5 minutes> to start.'],
    ]);
  });

  it('judges a notice’s impact by the worst state its components were in while it was open', () => {
    // The same notice, resolved before the Scheduler's outage began: nothing the probe saw overlaps it.
    const early: Notice = {
      id: 'early',
      title: 'An early scare',
      components: ['Scheduler'],
      kind: 'incident',
      state: 'resolved',
      updates: [
        { at: '2026-11-21T04:00:00Z', state: 'investigating', text: 'Looking.' },
        { at: '2026-11-21T04:10:00Z', state: 'resolved', text: 'Nothing found.' },
      ],
    };
    const rendered = list(document('incidents.json', { notices: [early] }).incidents);
    expect(byName(rendered, 'An early scare')).toMatchObject({ impact: 'none', resolved_at: '2026-11-21T04:10:00Z' });
  });

  describe('a notice that declares its components’ states', () => {
    const declaring: Notice = {
      id: 'builds-failing',
      title: 'Builds are failing',
      components: ['Build Service', 'Registry'],
      kind: 'incident',
      state: 'resolved',
      updates: [
        {
          at: '2026-11-21T04:00:00Z',
          state: 'investigating',
          text: 'Looking.',
          impact: { 'Build Service': 'degraded_performance' },
        },
        {
          at: '2026-11-21T04:10:00Z',
          state: 'identified',
          text: 'Worse.',
          impact: { 'Build Service': 'partial_outage', Registry: 'degraded_performance' },
        },
        { at: '2026-11-21T04:20:00Z', state: 'resolved', text: 'Fixed.' },
      ],
    };
    const rendered = (notice: Notice, incidents: Incident[] = []) =>
      byName(list(document('incidents.json', { notices: [notice], incidents }).incidents), notice.title);
    const code = (name: string) => statuspageId('component', name);

    it('takes its impact from the worst state it declared, though the probe saw nothing', () => {
      expect(rendered(declaring)).toMatchObject({ impact: 'major', status: 'resolved' });
    });

    it('gives each update the components it changed, old and new, and the resolution every one back', () => {
      expect(list(rendered(declaring)?.incident_updates).map((update) => update.affected_components)).toEqual([
        [
          {
            code: code('Build Service'),
            name: 'Build Service',
            old_status: 'partial_outage',
            new_status: 'operational',
          },
          { code: code('Registry'), name: 'Registry', old_status: 'degraded_performance', new_status: 'operational' },
        ],
        [
          {
            code: code('Build Service'),
            name: 'Build Service',
            old_status: 'degraded_performance',
            new_status: 'partial_outage',
          },
          { code: code('Registry'), name: 'Registry', old_status: 'operational', new_status: 'degraded_performance' },
        ],
        [
          {
            code: code('Build Service'),
            name: 'Build Service',
            old_status: 'operational',
            new_status: 'degraded_performance',
          },
        ],
      ]);
    });

    it('is in the postmortem state once its postmortem is attached, and no longer unresolved', () => {
      const withPostmortem: Notice = {
        ...declaring,
        postmortem: { at: '2026-11-22T09:00:00Z', text: 'A disk filled up.' },
      };
      expect(rendered(withPostmortem)).toMatchObject({ status: 'postmortem', resolved_at: '2026-11-21T04:20:00Z' });
      const unresolved = list(document('incidents/unresolved.json', { notices: [withPostmortem] }).incidents);
      expect(unresolved.map((entry) => entry.name)).not.toContain('Builds are failing');
    });

    it('is the one incident for the history’s incident linked to it: that one is not listed again', () => {
      const [template] = sampleIncidents().incidents;
      if (template === undefined) throw new Error('no sample incident');
      const linked: Incident = {
        ...template,
        id: 'build-service-20261121T040000Z-abcdef',
        component: 'Build Service',
        worst_status: 'partial_outage',
        started_at: '2026-11-21T04:00:00Z',
        resolved_at: '2026-11-21T04:20:00Z',
        notice: 'builds-failing',
      };
      const names = list(document('incidents.json', { notices: [declaring], incidents: [linked] }).incidents).map(
        (entry) => entry.name,
      );
      expect(names).toEqual(['Builds are failing']);
      // Linked to a notice that is no longer published: the probe's record shows, rather than nothing.
      const orphan = list(document('incidents.json', { notices: [], incidents: [linked] }).incidents);
      expect(orphan.map((entry) => entry.name)).toEqual(['Build Service: partial outage']);
    });
  });

  it('lists only what is not resolved as unresolved, in the summary too', () => {
    const unresolved = list(document('incidents/unresolved.json').incidents).map((entry) => entry.name);
    expect(unresolved).toEqual(['Scheduling delays', 'Scheduler: major outage']);
    expect(list(document('summary.json').incidents).map((entry) => entry.name)).toEqual(unresolved);
  });

  it('keeps the 50 most recent', () => {
    const [template] = sampleIncidents().incidents;
    if (template === undefined) throw new Error('no sample incident');
    const many: Incident[] = Array.from({ length: 60 }, (_, index) => ({
      ...template,
      id: `scheduler-${index}`,
      started_at: new Date(Date.parse('2026-10-01T00:00:00Z') + index * 3_600_000).toISOString().replace('.000', ''),
      resolved_at: '2026-11-20T00:00:00Z',
    }));
    const kept = list(document('incidents.json', { incidents: many, notices: [] }).incidents);
    expect(kept).toHaveLength(50);
    expect(kept[0]?.started_at).toBe('2026-10-03T11:00:00Z');
  });
});

describe('the scheduled maintenances', () => {
  it('judges each from the clock, and lists what has not ended in the summary', () => {
    const all = list(document('scheduled-maintenances.json').scheduled_maintenances);
    expect(all.map((entry) => [entry.name, entry.status, entry.scheduled_for, entry.scheduled_until])).toEqual([
      ['Registry storage migration', 'scheduled', '2026-11-23T02:00:00Z', '2026-11-23T04:00:00Z'],
      ['Planned maintenance: Build Service', 'in_progress', '2026-11-21T04:00:00Z', '2026-11-21T05:00:00Z'],
    ]);
    expect(list(document('scheduled-maintenances/upcoming.json').scheduled_maintenances)).toEqual([all[0]]);
    expect(list(document('scheduled-maintenances/active.json').scheduled_maintenances)).toEqual([all[1]]);
    expect(list(document('summary.json').scheduled_maintenances)).toEqual(all);
  });

  it('says with an update when the clock has begun or ended a window', () => {
    const later = new Date('2026-11-23T05:00:00Z');
    const all = list(document('scheduled-maintenances.json', { now: later }).scheduled_maintenances);
    const migration = byName(all, 'Registry storage migration');
    expect(migration).toMatchObject({
      status: 'completed',
      resolved_at: '2026-11-23T04:00:00Z',
      impact: 'maintenance',
    });
    expect(list(migration?.incident_updates).map((update) => [update.status, update.created_at])).toEqual([
      ['completed', '2026-11-23T04:00:00Z'],
      ['in_progress', '2026-11-23T02:00:00Z'],
      ['scheduled', '2026-11-20T10:00:00Z'],
    ]);
    expect(list(document('summary.json', { now: later }).scheduled_maintenances)).toEqual([]);
  });

  it('lists each occurrence of a recurring window within the announce horizon', () => {
    const settings = sampleStatuspageSettings({
      maintenance: [{ cron: '0 3 * * 2', duration_minutes: 60, time_zone: 'UTC', components: ['Registry'] }],
      announceDays: 14,
    });
    const upcoming = list(document('scheduled-maintenances/upcoming.json', { settings }).scheduled_maintenances);
    expect(upcoming.map((entry) => entry.scheduled_for)).toEqual([
      '2026-12-01T03:00:00Z',
      '2026-11-24T03:00:00Z',
      '2026-11-23T02:00:00Z',
    ]);
  });
});

describe('renderStatuspageDocuments', () => {
  it('gives the same bytes for the same inputs', () => {
    expect(renderStatuspageDocuments(sampleStatuspageSource())).toEqual(
      renderStatuspageDocuments(sampleStatuspageSource()),
    );
  });

  it('rolls the overall state up into the status object', () => {
    expect(document('summary.json').status).toEqual({ indicator: 'critical', description: 'Major System Outage' });
    expect(document('status.json').status).toEqual(document('summary.json').status);
  });
});
