import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { renderFeed } from '../../../src/feed/render-feed.js';
import type { Incident, IncidentsDocument } from '../../../src/schemas/incidents.js';
import { incidentNotice, maintenanceNotice } from '../../helpers/notices.js';

/** Every character XML 1.0 (§2.2 Char) does not allow in a document. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const INCIDENTS: IncidentsDocument = {
  version: 'v1',
  region: 'Amsterdam 1',
  generated_at: '2026-11-21T05:00:00Z',
  incidents: [
    {
      id: 'scheduler-2026-11-21T03:00:00Z',
      component: 'Scheduler',
      worst_status: 'major_outage',
      started_at: '2026-11-21T03:00:00Z',
      resolved_at: '2026-11-21T03:12:00Z',
      updated_at: '2026-11-21T03:12:00Z',
      duration_seconds: 720,
      failure_classes: ['status'],
      last_failure: { class: 'status', http_status: 503 },
      regions: null,
    },
  ],
};

describe('renderFeed', () => {
  it('has one entry per notice and incident, newest first, read back by a real feed parser', () => {
    const feed = parseFeed(renderFeed({ notices: [incidentNotice(), maintenanceNotice()], incidents: INCIDENTS }));
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Amsterdam 1 status: incidents and notices');
    expect(feed.items.map((item) => item.title)).toEqual([
      'Slow builds (Identified)',
      'Scheduler: major outage (resolved)',
      'Registry upgrade (Scheduled)',
    ]);
    expect(feed.updated?.toISOString()).toBe('2026-11-21T04:20:00.000Z');
    expect(feed.items[0]?.content).toContain('2026-11-21T04:20:00Z Identified: A disk is full.');
    expect(feed.items[0]?.content).toContain('2026-11-21T04:00:00Z Investigating: Builds are slow; we are looking.');
    expect(feed.items[1]?.content).toBe(
      'Scheduler was major outage from 2026-11-21T03:00:00Z to 2026-11-21T03:12:00Z (12 min).\n' +
        'The checks saw: unexpected answers.\nLast answer: HTTP 503.',
    );
    expect(feed.items[2]?.content).toContain('Window: 2026-11-25T02:00:00Z to 2026-11-25T04:00:00Z.');
  });

  it('keeps entry ids across renders, and moves updated when an update is added', () => {
    const before = parseFeed(renderFeed({ notices: [incidentNotice()] }));
    const notice = incidentNotice();
    const resolved = incidentNotice({
      state: 'resolved',
      updates: [...notice.updates, { at: '2026-11-21T05:10:00Z', state: 'resolved', text: 'Disk replaced.' }],
    });
    const after = parseFeed(renderFeed({ notices: [resolved], incidents: INCIDENTS }));
    const entryBefore = before.items[0];
    const entryAfter = after.items.find((item) => item.id === entryBefore?.id);
    expect(entryBefore?.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entryAfter).toBeDefined();
    expect(entryBefore?.updated?.toISOString()).toBe('2026-11-21T04:20:00.000Z');
    expect(entryAfter?.updated?.toISOString()).toBe('2026-11-21T05:10:00.000Z');
    expect(after.updated?.toISOString()).toBe('2026-11-21T05:10:00.000Z');
    expect(renderFeed({ notices: [resolved], incidents: INCIDENTS })).toBe(
      renderFeed({ notices: [resolved], incidents: INCIDENTS }),
    );
  });

  it('gives an incident a new updated when it is resolved, under the same id', () => {
    const [resolved] = INCIDENTS.incidents;
    if (resolved === undefined) throw new Error('fixture');
    const ongoing = { ...resolved, resolved_at: null, updated_at: resolved.started_at, duration_seconds: 60 };
    const first = parseFeed(renderFeed({ notices: [], incidents: { ...INCIDENTS, incidents: [ongoing] } })).items[0];
    const second = parseFeed(renderFeed({ notices: [], incidents: INCIDENTS })).items[0];
    expect(first?.title).toBe('Scheduler: major outage (ongoing)');
    expect(second?.id).toBe(first?.id);
    expect(first?.updated?.toISOString()).toBe('2026-11-21T03:00:00.000Z');
    expect(second?.updated?.toISOString()).toBe('2026-11-21T03:12:00.000Z');
  });

  it('moves an ongoing incident entry’s updated when the incident gets worse, and says how many regions saw it', () => {
    const [resolved] = INCIDENTS.incidents;
    if (resolved === undefined) throw new Error('fixture');
    const partial: Incident = {
      ...resolved,
      worst_status: 'partial_outage',
      resolved_at: null,
      updated_at: resolved.started_at,
      duration_seconds: 60,
      regions: { saw_outage: 2, configured: 4 },
    };
    const major: Incident = {
      ...partial,
      worst_status: 'major_outage',
      updated_at: '2026-11-21T03:05:00Z',
      duration_seconds: 300,
      regions: { saw_outage: 3, configured: 4 },
    };
    const render = (incident: Incident) =>
      parseFeed(renderFeed({ notices: [], incidents: { ...INCIDENTS, incidents: [incident] } })).items[0];
    const [before, after] = [render(partial), render(major)];
    expect(after?.id).toBe(before?.id);
    expect([before?.title, after?.title]).toEqual([
      'Scheduler: partial outage (ongoing)',
      'Scheduler: major outage (ongoing)',
    ]);
    expect([before?.updated?.toISOString(), after?.updated?.toISOString()]).toEqual([
      '2026-11-21T03:00:00.000Z',
      '2026-11-21T03:05:00.000Z',
    ]);
    expect(after?.content).toContain('Seen down from 3 of 4 regions at most.');
  });

  it('keeps markup, CDATA ends and control characters as text, and never emits a character XML forbids', () => {
    const hostile = 'a <b>bold</b> & ]]> "q" \u0001\u0008\u000B\u001F\uFFFE\uD800 end';
    const notice = incidentNotice({
      title: '<script>alert(1)</script> & ]]>',
      updates: [{ at: '2026-11-21T04:00:00Z', state: 'identified', text: hostile }],
    });
    const xml = renderFeed({ notices: [notice], publicUrl: 'https://status.example.com/"x"&' });
    expect(xml).not.toMatch(NOT_XML_CHAR);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain(']]>');
    const item = parseFeed(xml).items[0];
    expect(item?.title).toBe('<script>alert(1)</script> & ]]> (Identified)');
    expect(item?.content).toContain('a <b>bold</b> & ]]> "q" \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD end');
  });

  it('links relative to the feed without public_url, absolute with it, and ids do not change', () => {
    const relative = parseFeed(renderFeed({ notices: [incidentNotice()] }));
    const absolute = parseFeed(renderFeed({ notices: [incidentNotice()], publicUrl: 'https://status.example.com/' }));
    expect(relative.self).toBe('/feed.atom');
    expect(absolute.self).toBe('https://status.example.com/feed.atom');
    expect(absolute.items[0]?.id).toBe(relative.items[0]?.id);
  });

  it('shows an incident linked to a notice as that notice alone, with the states it declared and its postmortem', () => {
    const [probes] = INCIDENTS.incidents;
    if (probes === undefined) throw new Error('no sample incident');
    const linked: Incident = {
      ...probes,
      id: 'build-service-linked',
      component: 'Build Service',
      notice: 'db-latency',
    };
    const declared = incidentNotice({
      state: 'resolved',
      updates: [
        {
          at: '2026-11-21T04:00:00Z',
          state: 'investigating',
          text: 'Builds fail.',
          impact: { 'Build Service': 'partial_outage' },
        },
        { at: '2026-11-21T04:20:00Z', state: 'resolved', text: 'Fixed.' },
      ],
      postmortem: { at: '2026-11-22T09:00:00Z', text: 'A disk filled up.' },
    });
    const feed = parseFeed(renderFeed({ notices: [declared], incidents: { ...INCIDENTS, incidents: [linked] } }));
    expect(feed.items.map((item) => item.title)).toEqual(['Slow builds (Postmortem)']);
    expect(feed.items[0]?.updated?.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(feed.items[0]?.content).toBe(
      [
        'Affects: Build Service.',
        '2026-11-22T09:00:00Z Postmortem:\nA disk filled up.',
        '2026-11-21T04:20:00Z Resolved: Fixed.',
        '2026-11-21T04:00:00Z Investigating: Builds fail. Declared: Build Service partial outage.',
      ].join('\n\n'),
    );
    // Linked to a notice that is not published (removed from the file): the incident has its own entry.
    const orphan = parseFeed(renderFeed({ notices: [], incidents: { ...INCIDENTS, incidents: [linked] } }));
    expect(orphan.items.map((item) => item.title)).toEqual(['Build Service: major outage (resolved)']);
  });

  it('renders an empty feed with a fixed updated, so the build stays clock-free', () => {
    const feed = parseFeed(renderFeed({ notices: [] }));
    expect(feed.items).toEqual([]);
    expect(feed.updated?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });
});
