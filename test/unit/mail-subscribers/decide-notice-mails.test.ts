import { describe, expect, it } from 'vitest';
import { decideNoticeMails } from '../../../src/mail-subscribers/decide-notice-mails.js';
import { incidentNotice, maintenanceNotice } from '../../helpers/notices.js';

describe('the mails the notices call for', () => {
  it('names each change of an incident and a maintenance in turn, and repeats none', () => {
    const steps = [
      [incidentNotice({ state: 'investigating' }), maintenanceNotice()],
      [incidentNotice({ state: 'investigating' }), maintenanceNotice()],
      [incidentNotice({ state: 'identified' }), maintenanceNotice({ state: 'in_progress' })],
      [incidentNotice({ state: 'resolved' }), maintenanceNotice({ state: 'completed' })],
      [incidentNotice({ state: 'resolved', postmortem: { at: '2026-11-22T10:00:00Z', text: 'What we learnt.' } })],
    ];
    let announced = new Map();
    const seen: string[][] = [];
    for (const notices of steps) {
      const decision = decideNoticeMails(notices, announced, 0);
      announced = decision.announced;
      seen.push(
        decision.events.map(({ event }) => (event.kind === 'notice' ? `${event.notice.id} ${event.change}` : '')),
      );
    }
    expect(seen).toEqual([
      ['db-latency opened', 'registry-upgrade scheduled'],
      [],
      ['db-latency updated', 'registry-upgrade started'],
      ['db-latency resolved', 'registry-upgrade completed'],
      ['db-latency postmortem'],
    ]);
  });
});
