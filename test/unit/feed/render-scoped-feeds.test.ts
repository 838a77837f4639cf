import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { listFeedScopes } from '../../../src/feed/feed-scopes.js';
import { renderFeed } from '../../../src/feed/render-feed.js';
import { renderScopedFeeds } from '../../../src/feed/render-scoped-feeds.js';
import type { Incident, IncidentsDocument } from '../../../src/schemas/incidents.js';
import { incidentNotice, maintenanceNotice } from '../../helpers/notices.js';

function incident(component: string, startedAt: string): Incident {
  return {
    id: `${component}-${startedAt}`,
    component,
    worst_status: 'major_outage',
    started_at: startedAt,
    resolved_at: null,
    updated_at: startedAt,
    duration_seconds: 60,
    failure_classes: ['refused'],
    last_failure: { class: 'refused', http_status: null },
    regions: null,
  };
}

const INCIDENTS: IncidentsDocument = {
  version: 'v1',
  region: 'Amsterdam 1',
  generated_at: '2026-11-21T05:00:00Z',
  incidents: [incident('Scheduler', '2026-11-21T03:00:00Z'), incident('Registry', '2026-11-21T02:00:00Z')],
};

const SCOPES = listFeedScopes([
  { name: 'Scheduler', group: 'Compute' },
  { name: 'Control API', group: 'Compute' },
  { name: 'Build Service' },
  { name: 'Registry' },
]);

const NOTICES = [
  incidentNotice(),
  maintenanceNotice(),
  incidentNotice({ id: 'network', title: 'Network trouble', components: [] }),
];

/** Each feed's entry titles by its path, read back by the feed parser. */
function titlesByPath(publicUrl?: string): Record<string, string[]> {
  const feeds = renderScopedFeeds(SCOPES, { notices: NOTICES, incidents: INCIDENTS, publicUrl });
  return Object.fromEntries(
    feeds.map(({ path, contents }) => [path, parseFeed(contents).items.map((item) => item.title ?? '')]),
  );
}

describe('renderScopedFeeds', () => {
  it("gives each component its incidents and the notices naming it or none, and each group its members'", () => {
    expect(titlesByPath()).toEqual({
      '/feeds/components/scheduler.atom': ['Network trouble (Identified)', 'Scheduler: major outage (ongoing)'],
      '/feeds/components/control-api.atom': ['Network trouble (Identified)'],
      '/feeds/components/build-service.atom': ['Slow builds (Identified)', 'Network trouble (Identified)'],
      '/feeds/components/registry.atom': [
        'Network trouble (Identified)',
        'Registry: major outage (ongoing)',
        'Registry upgrade (Scheduled)',
      ],
      '/feeds/groups/compute.atom': ['Network trouble (Identified)', 'Scheduler: major outage (ongoing)'],
    });
  });

  it("keeps the site feed's entries as they are there: the same ids, times and text, in the same order", () => {
    const site = parseFeed(renderFeed({ notices: NOTICES, incidents: INCIDENTS }));
    const [registry] = renderScopedFeeds(
      SCOPES.filter((scope) => scope.name === 'Registry'),
      { notices: NOTICES, incidents: INCIDENTS },
    );
    const scoped = parseFeed(registry?.contents ?? '');
    const sameIds = site.items.filter((item) => scoped.items.some((each) => each.id === item.id));
    expect(scoped.items.map(({ id, updated, content }) => ({ id, updated, content }))).toEqual(
      sameIds.map(({ id, updated, content }) => ({ id, updated, content })),
    );
    expect(scoped.updated?.toISOString()).toBe(scoped.items[0]?.updated?.toISOString());
  });

  it('names its subject and region in its title, links to itself and the page, and has an id of its own', () => {
    const feeds = renderScopedFeeds(SCOPES, {
      notices: [],
      incidents: INCIDENTS,
      publicUrl: 'https://status.example.com/',
    });
    const group = parseFeed(feeds.find((feed) => feed.path === '/feeds/groups/compute.atom')?.contents ?? '');
    expect(group.title).toBe('Compute: incidents and notices (Amsterdam 1 status)');
    expect(group.self).toBe('https://status.example.com/feeds/groups/compute.atom');
    expect(group.url).toBe('https://status.example.com/');
    // The feed parser does not expose a feed's own id: the feed's first line with one holds it.
    const feedId = (contents: string) => /^ {2}<id>(urn:uuid:[0-9a-f-]{36})<\/id>$/m.exec(contents)?.[1];
    const ids = feeds.map((feed) => feedId(feed.contents));
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set([...ids, feedId(renderFeed({ notices: [], incidents: INCIDENTS }))]).size).toBe(ids.length + 1);
  });

  it('is titled by its subject alone before the probe has published incidents, and empty with a fixed updated', () => {
    const [scheduler] = renderScopedFeeds(SCOPES, { notices: [] });
    const feed = parseFeed(scheduler?.contents ?? '');
    expect(feed.title).toBe('Scheduler: incidents and notices');
    expect(feed.items).toEqual([]);
    expect(feed.updated?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('escapes a name with markup in it: it stays text', () => {
    const [scope] = listFeedScopes([{ name: 'Queue <b>&</b> "jobs"' }]);
    if (scope === undefined) throw new Error('fixture');
    const [feed] = renderScopedFeeds([scope], { notices: [] });
    expect(feed?.path).toBe('/feeds/components/queue-b-b-jobs.atom');
    expect(parseFeed(feed?.contents ?? '').title).toBe('Queue <b>&</b> "jobs": incidents and notices');
  });
});
