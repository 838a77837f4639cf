import { describe, expect, it } from 'vitest';
import { isScopedFeedPath, listFeedScopes } from '../../../src/feed/feed-scopes.js';

describe('listFeedScopes', () => {
  it('gives every component a feed, then every group one, in config order, named by the slug rule', () => {
    const scopes = listFeedScopes([
      { name: 'Scheduler', group: 'Compute' },
      { name: 'Zürich Registry' },
      { name: 'Build Service', group: 'Delivery' },
      { name: 'Control API', group: 'Compute' },
    ]);
    expect(scopes.map(({ kind, name, path, members }) => [kind, name, path, [...members]])).toEqual([
      ['component', 'Scheduler', '/feeds/components/scheduler.atom', ['Scheduler']],
      ['component', 'Zürich Registry', '/feeds/components/zurich-registry.atom', ['Zürich Registry']],
      ['component', 'Build Service', '/feeds/components/build-service.atom', ['Build Service']],
      ['component', 'Control API', '/feeds/components/control-api.atom', ['Control API']],
      ['group', 'Compute', '/feeds/groups/compute.atom', ['Scheduler', 'Control API']],
      ['group', 'Delivery', '/feeds/groups/delivery.atom', ['Build Service']],
    ]);
  });

  it('names components and groups apart, a later name whose slug is taken getting -2, as the badges do', () => {
    const scopes = listFeedScopes([
      { name: 'Build Service', group: 'Registry' },
      { name: 'build-service', group: 'registry' },
      { name: 'Registry' },
    ]);
    expect(scopes.map(({ path }) => path)).toEqual([
      '/feeds/components/build-service.atom',
      '/feeds/components/build-service-2.atom',
      '/feeds/components/registry.atom',
      '/feeds/groups/registry.atom',
      '/feeds/groups/registry-2.atom',
    ]);
  });

  it('has none without components', () => {
    expect(listFeedScopes([])).toEqual([]);
  });
});

describe('isScopedFeedPath', () => {
  it.each([
    ['/feeds/components/scheduler.atom', true],
    ['/feeds/groups/compute.atom', true],
    ['/feed.atom', false],
    ['/feeds/components/scheduler.atom.gz', false],
    ['/feeds/components/.scheduler.atom.1234.abcd.tmp', false],
    ['/feeds/components/.atom', false],
    ['/feeds/components/nested/scheduler.atom', false],
    ['/feeds/other/scheduler.atom', false],
    ['/feeds/components/scheduler.json', false],
    ['/feeds/components/a.b.atom', false],
    ['/feeds/groups', false],
  ])('%s: %s', (path, expected) => {
    expect(isScopedFeedPath(path)).toBe(expected);
  });
});
