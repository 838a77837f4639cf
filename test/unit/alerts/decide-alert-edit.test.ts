import { describe, expect, it } from 'vitest';
import { type AlertGroup, type GroupAlert, toAlertGroup } from '../../../src/alerts/alert-group.js';
import { decideAlertEdit } from '../../../src/alerts/decide-alert-edit.js';
import { AlertsConfigSchema } from '../../../src/schemas/alerts-config.js';
import type { WrittenNotice } from '../../../src/schemas/notice.js';

const settings = AlertsConfigSchema.parse({ components: { MirrorLag: 'Mirror' } });
const componentNames = new Set(['Registry', 'Mirror', 'Scheduler']);
const GROUP_KEY = '{}:{alertname="RegistryDown"}';

function alert(fingerprint: string, labels: Record<string, string>, firing = true): GroupAlert {
  return { firing, labels, annotations: {}, key: `${fingerprint}@2026-11-28T10:00:00Z` };
}

function group(alerts: GroupAlert[], extra: Partial<AlertGroup> = {}): AlertGroup {
  return {
    source: 'alertmanager',
    groupKey: GROUP_KEY,
    alerts,
    commonAnnotations: { summary: 'Registry is down', description: 'Pulls fail.' },
    ...extra,
  };
}

function decide(notices: readonly WrittenNotice[], g: AlertGroup, minute = 0) {
  return decideAlertEdit({
    notices,
    group: g,
    settings,
    componentNames,
    now: new Date(Date.UTC(2026, 10, 28, 10, minute)),
  });
}

const registryDown = alert('aa', { alertname: 'RegistryDown', component: 'Registry', severity: 'critical' });

describe('decideAlertEdit', () => {
  it('opens one notice declaring the component, titled by summary, marked with the group key', () => {
    const edit = decide([], group([registryDown]));
    expect(edit.outcome).toBe('opened');
    expect(edit.notices).toHaveLength(1);
    expect(edit.notice).toEqual({
      id: 'registry-is-down-2026-11-28',
      title: 'Registry is down',
      components: ['Registry'],
      kind: 'incident',
      state: 'investigating',
      updates: [
        {
          at: '2026-11-28T10:00:00Z',
          state: 'investigating',
          text: 'Pulls fail.',
          impact: { Registry: 'major_outage' },
        },
      ],
      opened_by: { source: 'alertmanager', group_key: GROUP_KEY, alerts: ['aa@2026-11-28T10:00:00Z'] },
    });
  });

  it('changes nothing for a repeated notification', () => {
    const opened = decide([], group([registryDown])).notices ?? [];
    const again = decide(opened, group([registryDown]), 5);
    expect(again.outcome).toBe('unchanged');
    expect(again.notices).toBeUndefined();
  });

  it('adds a component, then marks one recovered, then resolves when all are resolved', () => {
    const mirror = alert('bb', { alertname: 'MirrorLag', severity: 'warning' });
    const opened = decide([], group([registryDown])).notices ?? [];
    const added = decide(opened, group([registryDown, mirror]), 1);
    expect(added.outcome).toBe('updated');
    expect(added.notice?.components).toEqual(['Registry', 'Mirror']);
    expect(added.notice?.updates.at(-1)?.impact).toEqual({ Mirror: 'partial_outage' });
    const recovered = decide(added.notices ?? [], group([{ ...registryDown, firing: false }, mirror]), 2);
    expect(recovered.notice?.updates.at(-1)?.impact).toEqual({ Registry: 'operational' });
    expect(recovered.notice?.state).toBe('investigating');
    const resolved = decide(recovered.notices ?? [], group([{ ...mirror, firing: false }]), 3);
    expect(resolved.outcome).toBe('resolved');
    expect(resolved.notice?.state).toBe('resolved');
    expect(resolved.notices).toHaveLength(1);
  });

  it('declares the worst severity of the alerts about one component; an unknown severity a partial outage', () => {
    const info = alert('cc', { alertname: 'Slow', component: 'Scheduler', severity: 'info' });
    const odd = alert('dd', { alertname: 'Odd', component: 'Scheduler', severity: 'page-someone' });
    expect(decide([], group([info])).notice?.updates[0]?.impact).toEqual({ Scheduler: 'degraded_performance' });
    expect(decide([], group([info, odd])).notice?.updates[0]?.impact).toEqual({ Scheduler: 'partial_outage' });
  });

  it('does not reopen for the same alert firing on after a person resolved the notice; a new firing opens a new one', () => {
    const opened = decide([], group([registryDown])).notice;
    if (opened?.kind !== 'incident') throw new Error('no notice');
    const byPerson: WrittenNotice = {
      ...opened,
      state: 'resolved',
      updates: [...opened.updates, { at: '2026-11-28T10:02:00Z', state: 'resolved', text: 'Fixed by hand.' }],
    };
    expect(decide([byPerson], group([registryDown]), 4).outcome).toBe('unchanged');
    const again = { ...registryDown, key: 'aa@2026-11-28T11:00:00Z' };
    const reopened = decide([byPerson], group([again]), 4);
    expect(reopened.outcome).toBe('opened');
    expect(reopened.notice?.id).toBe('registry-is-down-2026-11-28-2');
    expect(reopened.notices).toHaveLength(2);
  });

  it('leaves out alerts about unknown components or none, and names them', () => {
    const unknown = alert('ee', { alertname: 'CacheDown', component: 'Cache' });
    const unnamed = alert('ff', { alertname: 'Whatever' });
    const edit = decide([], group([unknown, unnamed]));
    expect(edit).toMatchObject({ outcome: 'unchanged', unknownComponents: ['Cache'], unnamedAlerts: ['Whatever'] });
  });

  it('keeps notices of other groups and other sources apart', () => {
    const opened = decide([], group([registryDown])).notices ?? [];
    const grafana = decide(opened, group([registryDown], { source: 'grafana' }), 1);
    expect(grafana.outcome).toBe('opened');
    expect(grafana.notices).toHaveLength(2);
  });

  it('cleans hidden characters out of the title and falls back to the alert names', () => {
    const edit = decide([], group([registryDown], { commonAnnotations: { summary: 'Reg\u202eistry\u0007 down' } }));
    expect(edit.notice?.title).toBe('Reg istry down');
    const bare = decide([], group([registryDown], { commonAnnotations: {} }));
    expect(bare.notice).toMatchObject({
      title: 'RegistryDown firing',
      updates: [{ text: 'Alertmanager reports RegistryDown firing.' }],
    });
  });
});

describe('toAlertGroup', () => {
  it('keys each alert by fingerprint and start, deriving a fingerprint from the labels when none is sent', () => {
    const g = toAlertGroup('grafana', {
      groupKey: 'k',
      status: 'firing',
      commonAnnotations: {},
      alerts: [
        { status: 'firing', labels: { b: '2', a: '1' }, annotations: {}, startsAt: 't' },
        { status: 'firing', labels: { a: '1', b: '2' }, annotations: {}, startsAt: 't' },
      ],
    });
    expect(g.alerts[0]?.key).toMatch(/^[0-9a-f]{16}@t$/);
    expect(g.alerts[0]?.key).toBe(g.alerts[1]?.key);
  });
});
