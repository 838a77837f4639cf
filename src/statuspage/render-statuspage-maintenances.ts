import { judgeMaintenanceState } from '../notices/judge-maintenance-state.js';
import type { Notice } from '../schemas/notice.js';
import { formatTimestamp } from '../schemas/service-status.js';
import type { StatuspageMemberComponent } from '../schemas/statuspage/statuspage-component.js';
import type { StatuspageMaintenance, StatuspageMaintenanceState } from '../schemas/statuspage/statuspage-incident.js';
import { statuspageId } from './statuspage-id.js';
import { statuspageShortlink } from './statuspage-links.js';

export interface MaintenancesSource {
  /** Every notice; only maintenance notices are taken (the team's, and the config's windows as notices). */
  readonly notices: readonly Notice[];
  readonly components: ReadonlyMap<string, StatuspageMemberComponent>;
  readonly pageId: string;
  readonly pageUrl: string;
  /** The clock the state of each window is judged by. */
  readonly now: Date;
}

type MaintenanceNotice = Extract<Notice, { readonly kind: 'maintenance' }>;

/**
 * Every scheduled maintenance, latest start first (ties by id), its state
 * judged from the clock when rendered. Where the clock has moved a window
 * on and no update of the team's says so, an update at the window's start
 * or end says it, so that the newest update always agrees with the state.
 */
export function renderStatuspageMaintenances(source: MaintenancesSource): StatuspageMaintenance[] {
  const nowMs = source.now.getTime();
  return source.notices
    .flatMap((notice) => (notice.kind === 'maintenance' ? [renderMaintenance(notice, nowMs, source)] : []))
    .sort(
      (a, b) => Date.parse(b.scheduled_for) - Date.parse(a.scheduled_for) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

function renderMaintenance(
  notice: MaintenanceNotice,
  nowMs: number,
  source: MaintenancesSource,
): StatuspageMaintenance {
  const id = statuspageId('notice', notice.id);
  const state = judgeMaintenanceState(notice, nowMs);
  const { start, end } = notice.window;
  const written: { key: string; status: StatuspageMaintenanceState; body: string; at: string }[] = notice.updates.map(
    (each, index) => ({
      key: `${notice.id}:${index}`,
      status: each.state,
      body: each.text,
      at: each.at,
    }),
  );
  const said = new Set(written.map((each) => each.status));
  const clock = [
    ...(state !== 'scheduled' && !said.has('in_progress') && !said.has('completed')
      ? [
          {
            key: `${notice.id}:start`,
            status: 'in_progress' as const,
            body: 'The maintenance window has begun.',
            at: start,
          },
        ]
      : []),
    ...(state === 'completed' && !said.has('completed')
      ? [{ key: `${notice.id}:end`, status: 'completed' as const, body: 'The maintenance window has ended.', at: end }]
      : []),
  ];
  const updates = [...written, ...clock].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const created = updates[0]?.at ?? start;
  const latest = formatTimestamp(new Date(Math.max(...updates.map((each) => Date.parse(each.at)))));
  const names = notice.components.length > 0 ? notice.components : [...source.components.keys()];
  return {
    id,
    name: notice.title,
    status: state,
    created_at: created,
    updated_at: latest,
    monitoring_at: null,
    resolved_at: state === 'completed' ? (updates.findLast((each) => each.status === 'completed')?.at ?? end) : null,
    impact: 'maintenance',
    shortlink: statuspageShortlink(source.pageUrl, `notice-${notice.id}`),
    started_at: created,
    page_id: source.pageId,
    incident_updates: updates
      .map((each) => ({
        id: statuspageId('update', each.key),
        status: each.status,
        body: each.body,
        incident_id: id,
        created_at: each.at,
        updated_at: each.at,
        display_at: each.at,
        affected_components: null,
        deliver_notifications: true,
        custom_tweet: null,
        tweet_id: null,
      }))
      .reverse(),
    components: names.flatMap((name) => {
      const component = source.components.get(name);
      return component === undefined ? [] : [component];
    }),
    scheduled_for: start,
    scheduled_until: end,
  };
}
