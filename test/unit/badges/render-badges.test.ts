import { describe, expect, it } from 'vitest';
import { formatUptime, renderBadges } from '../../../src/badges/render-badges.js';
import { ShieldsEndpointSchema } from '../../../src/badges/shields-endpoint.js';
import { assignSlugs, slugify } from '../../../src/slugs/assign-slugs.js';
import { sampleUptime } from '../../helpers/document-fixtures.js';
import { sampleStatus } from '../../helpers/status-fixture.js';

describe('slugify and assignSlugs', () => {
  it.each([
    ['Control API', 'control-api'],
    ['Build Service', 'build-service'],
    ['Zürich Registry', 'zurich-registry'],
    ['  --API v2 (beta)--  ', 'api-v2-beta'],
    ['東京', 'component'],
  ])('slugifies %j as %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps the plain slug for the first name in order and numbers later collisions', () => {
    expect([...assignSlugs(['Build Service', 'build-service', 'Build  Service', 'Build Service 2'])]).toEqual([
      ['Build Service', 'build-service'],
      ['build-service', 'build-service-2'],
      ['Build  Service', 'build-service-3'],
      ['Build Service 2', 'build-service-2-2'],
    ]);
  });
});

describe('formatUptime', () => {
  it.each([
    [100, '100%'],
    [99.999, '99.99%'],
    [99.937, '99.93%'],
    [99.9, '99.90%'],
    [0, '0.00%'],
  ])('shows %d as %s', (percent, text) => {
    expect(formatUptime(percent)).toBe(text);
  });
});

describe('renderBadges', () => {
  const status = sampleStatus({
    status: 'partial_outage',
    components: [
      { name: 'Control API', status: 'operational' },
      { name: 'Scheduler', status: 'partial_outage' },
      { name: 'Build Service', status: 'degraded_performance' },
      { name: 'Registry', status: 'operational' },
    ],
  });
  const groups = new Map([
    ['Scheduler', 'Compute'],
    ['Build Service', 'Compute'],
  ]);
  const badges = new Map(renderBadges(status, sampleUptime(), groups).map(({ name, content }) => [name, content]));

  it('gives every badge exactly the four keys of shields endpoint format, valid against its schema', () => {
    for (const content of badges.values()) {
      expect(Object.keys(content)).toEqual(['schemaVersion', 'label', 'message', 'color']);
      expect(ShieldsEndpointSchema.parse(content)).toEqual(content);
    }
  });

  it('gives the platform, each group and each component a status and a 30-day uptime badge', () => {
    expect([...badges.keys()]).toEqual([
      'status',
      'uptime',
      'groups/compute/status',
      'groups/compute/uptime',
      'components/control-api/status',
      'components/control-api/uptime',
      'components/scheduler/status',
      'components/scheduler/uptime',
      'components/build-service/status',
      'components/build-service/uptime',
      'components/registry/status',
      'components/registry/uptime',
    ]);
  });

  it('says the state in the page words, coloured by severity', () => {
    expect(badges.get('status')).toEqual({
      schemaVersion: 1,
      label: 'status',
      message: 'partial outage',
      color: 'orange',
    });
    expect(badges.get('components/build-service/status')).toEqual({
      schemaVersion: 1,
      label: 'Build Service',
      message: 'degraded performance',
      color: 'yellow',
    });
    expect(badges.get('groups/compute/status')?.message).toBe('partial outage');
  });

  it('gives the 30-day uptime, the platform and groups taking their least available component', () => {
    expect(badges.get('components/registry/uptime')).toEqual({
      schemaVersion: 1,
      label: 'Registry uptime (30d)',
      message: '99.93%',
      color: 'brightgreen',
    });
    expect(badges.get('uptime')?.message).toBe('99.93%');
    expect(badges.get('groups/compute/uptime')?.message).toBe('100%');
  });

  it.each([
    [100, 'brightgreen'],
    [99.5, 'green'],
    [98.2, 'yellowgreen'],
    [96, 'yellow'],
    [91, 'orange'],
    [42, 'red'],
  ])('colours an uptime of %d %s', (percent, color) => {
    const uptime = sampleUptime();
    const [first] = uptime.components;
    if (first === undefined) throw new Error('no component');
    first.uptime.last_30d.uptime_percent = percent;
    const badge = renderBadges(status, uptime, new Map()).find(({ name }) => name === 'components/control-api/uptime');
    expect(badge?.content.color).toBe(color);
  });

  it('says no data, in grey, without an uptime document', () => {
    const bare = renderBadges(status, undefined, new Map());
    expect(bare.find(({ name }) => name === 'components/scheduler/uptime')?.content).toEqual({
      schemaVersion: 1,
      label: 'Scheduler uptime (30d)',
      message: 'no data',
      color: 'lightgrey',
    });
  });
});
