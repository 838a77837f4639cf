import { describe, expect, it } from 'vitest';
import { renderStatus, serializeStatus } from '../../../src/cycle/render-status.js';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';

const finishedAt = new Date('2026-11-21T04:37:59.873Z');
const named = (...statuses: StatusValue[]) => statuses.map((status, index) => ({ name: `Component ${index}`, status }));

describe('renderStatus', () => {
  it.each<[StatusValue[], StatusValue]>([
    [['operational', 'operational'], 'operational'],
    [['operational', 'under_maintenance'], 'under_maintenance'],
    [['under_maintenance', 'degraded_performance'], 'degraded_performance'],
    [['degraded_performance', 'partial_outage', 'operational'], 'partial_outage'],
    [['partial_outage', 'major_outage', 'under_maintenance'], 'major_outage'],
  ])('makes the overall status of %j the worst: %s', (statuses, overall) => {
    expect(renderStatus({ regionName: 'Amsterdam 1', components: named(...statuses), finishedAt }).status).toBe(
      overall,
    );
  });

  it('carries the region name, v1, the components in order and updated_at to the second', () => {
    const status = renderStatus({
      regionName: 'Amsterdam 1',
      components: named('operational', 'major_outage'),
      finishedAt,
    });
    expect(status).toEqual({
      status: 'major_outage',
      version: 'v1',
      region: 'Amsterdam 1',
      components: [
        { name: 'Component 0', status: 'operational' },
        { name: 'Component 1', status: 'major_outage' },
      ],
      updated_at: '2026-11-21T04:37:59Z',
    });
    expect(ServiceStatusSchema.safeParse(status).success).toBe(true);
  });
});

describe('serializeStatus', () => {
  it('writes compact JSON with the spec field order and a trailing newline', () => {
    const status = renderStatus({ regionName: 'Tokyo 1', components: named('operational'), finishedAt });
    expect(serializeStatus(status)).toBe(
      '{"status":"operational","version":"v1","region":"Tokyo 1",' +
        '"components":[{"name":"Component 0","status":"operational"}],"updated_at":"2026-11-21T04:37:59Z"}\n',
    );
  });
});
