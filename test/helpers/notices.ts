import type { Notice } from '../../src/schemas/notice.js';

type IncidentNotice = Extract<Notice, { kind: 'incident' }>;
type MaintenanceNotice = Extract<Notice, { kind: 'maintenance' }>;

/** An incident notice as the team would write it: investigating, then identified. */
export function incidentNotice(extra: Partial<IncidentNotice> = {}): IncidentNotice {
  return {
    id: 'db-latency',
    title: 'Slow builds',
    components: ['Build Service'],
    kind: 'incident',
    state: 'identified',
    updates: [
      { at: '2026-11-21T04:00:00Z', state: 'investigating', text: 'Builds are slow; we are looking.' },
      { at: '2026-11-21T04:20:00Z', state: 'identified', text: 'A disk is full.' },
    ],
    ...extra,
  };
}

/** A maintenance notice with a two-hour window. */
export function maintenanceNotice(extra: Partial<MaintenanceNotice> = {}): MaintenanceNotice {
  return {
    id: 'registry-upgrade',
    title: 'Registry upgrade',
    components: ['Registry'],
    kind: 'maintenance',
    state: 'scheduled',
    window: { start: '2026-11-25T02:00:00Z', end: '2026-11-25T04:00:00Z' },
    updates: [{ at: '2026-11-20T10:00:00Z', state: 'scheduled', text: 'We will upgrade the registry.' }],
    ...extra,
  };
}
