import { currentImpact } from '../notices/declared-impact.js';
import { type AlertsConfig, UNKNOWN_SEVERITY_STATE } from '../schemas/alerts-config.js';
import {
  type AlertOrigin,
  type DeclaredState,
  MAX_REMEMBERED_ALERTS,
  type WrittenIncidentNotice,
  type WrittenNotice,
} from '../schemas/notice.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { rankStatus } from '../schemas/status-value.js';
import type { AlertGroup, GroupAlert } from './alert-group.js';
import {
  deriveAlertNoticeId,
  describeFiringGroup,
  describeImpactChange,
  describeResolution,
} from './alert-notice-words.js';

export interface AlertEditInput {
  /** The notices file as it is now. */
  readonly notices: readonly WrittenNotice[];
  readonly group: AlertGroup;
  readonly settings: Pick<AlertsConfig, 'severity_states' | 'components'>;
  /** The components of the config: an alert about another is left out. */
  readonly componentNames: ReadonlySet<string>;
  readonly now: Date;
}

/** What one notification does to the notices file. */
export interface AlertEdit {
  /** The notices to write, or `undefined` when nothing changes. */
  readonly notices: WrittenNotice[] | undefined;
  /** What happened to the group's notice; `unchanged` writes nothing. */
  readonly outcome: 'opened' | 'updated' | 'resolved' | 'unchanged';
  /** The group's notice as it is now; `undefined` when it has none. */
  readonly notice: WrittenIncidentNotice | undefined;
  /** Component names that alerts named and the config does not have. */
  readonly unknownComponents: readonly string[];
  /** Alert names of alerts that named no component (no `component` label, no mapping). */
  readonly unnamedAlerts: readonly string[];
}

/**
 * What one notification about an alert group does to the notices: each
 * alert is about the component its `alertname` maps to in `components`, else
 * its `component` label, in the state its `severity` maps to. The group's
 * latest notice (`opened_by` the same source and group key), while open, is
 * updated to declare what firing alerts declare now, each component at the
 * worst state of its alerts, and those no longer firing as recovered; it is
 * resolved once none fire. With none open, firing alerts open one, unless
 * every one of them (fingerprint and start) was already firing when the
 * group's last notice was resolved (by a person, say): the same alert
 * firing on. A notification the notices already say changes nothing. Pure.
 */
export function decideAlertEdit(input: AlertEditInput): AlertEdit {
  const { group, notices } = input;
  const unknown = new Set<string>();
  const unnamed = new Set<string>();
  const firing: GroupAlert[] = [];
  const desired = new Map<string, DeclaredState>();
  for (const alert of group.alerts) {
    const name = input.settings.components[alert.labels.alertname ?? ''] ?? alert.labels.component;
    if (name === undefined) unnamed.add(alert.labels.alertname ?? '(no alertname)');
    else if (!input.componentNames.has(name)) unknown.add(name);
    else if (alert.firing) {
      firing.push(alert);
      const state = input.settings.severity_states[alert.labels.severity ?? ''] ?? UNKNOWN_SEVERITY_STATE;
      const held = desired.get(name);
      if (held === undefined || rankStatus(state) > rankStatus(held)) desired.set(name, state);
    }
  }
  const skipped = { unknownComponents: [...unknown], unnamedAlerts: [...unnamed] };
  const latest = notices.findLast(
    (notice): notice is WrittenIncidentNotice =>
      notice.kind === 'incident' &&
      notice.opened_by?.source === group.source &&
      notice.opened_by.group_key === group.groupKey,
  );
  const unchanged = { notices: undefined, outcome: 'unchanged', notice: latest, ...skipped } as const;
  const keys = firing.map((alert) => alert.key);
  const at = formatTimestamp(input.now);

  if (latest === undefined || latest.state === 'resolved') {
    const seen = new Set(latest?.opened_by?.alerts ?? []);
    if (firing.length === 0 || keys.every((key) => seen.has(key))) return unchanged;
    const { title, text } = describeFiringGroup(group, firing);
    const notice: WrittenIncidentNotice = {
      id: deriveAlertNoticeId(title, at, notices),
      title,
      components: [...desired.keys()],
      kind: 'incident',
      state: 'investigating',
      updates: [{ at, state: 'investigating', text, impact: Object.fromEntries(desired) }],
      opened_by: { source: group.source, group_key: group.groupKey, alerts: remember([], keys) },
    };
    return { notices: [...notices, notice], outcome: 'opened', notice, ...skipped };
  }

  const origin: AlertOrigin = {
    ...(latest.opened_by ?? { source: group.source, group_key: group.groupKey }),
    alerts: remember(latest.opened_by?.alerts ?? [], keys),
  };
  const when = laterOf(at, latest.updates.at(-1)?.at);
  let notice: WrittenIncidentNotice;
  let outcome: AlertEdit['outcome'] = 'updated';
  if (desired.size === 0) {
    outcome = 'resolved';
    const update = { at: when, state: 'resolved' as const, text: describeResolution(group.source) };
    notice = { ...latest, state: 'resolved', updates: [...latest.updates, update], opened_by: origin };
  } else {
    const impact = changedImpact(currentImpact(latest), desired);
    const remembered = origin.alerts.join(' ') !== (latest.opened_by?.alerts ?? []).join(' ');
    if (Object.keys(impact).length === 0 && !remembered) return unchanged;
    const added = [...desired.keys()].filter((name) => !latest.components.includes(name));
    const components = latest.components.length === 0 ? [] : [...latest.components, ...added];
    const updates =
      Object.keys(impact).length === 0
        ? latest.updates
        : [
            ...latest.updates,
            { at: when, state: latest.state, text: describeImpactChange(group.source, impact), impact },
          ];
    notice = { ...latest, components, updates, opened_by: origin };
  }
  return {
    notices: notices.map((each) => (each === latest ? notice : each)),
    outcome,
    notice,
    ...skipped,
  };
}

/** What an update declares to move the notice's declaration to `desired`: changed states, and recoveries. */
function changedImpact(
  current: ReadonlyMap<string, DeclaredState>,
  desired: ReadonlyMap<string, DeclaredState>,
): Record<string, DeclaredState> {
  const impact: Record<string, DeclaredState> = {};
  for (const [name, state] of desired) if (current.get(name) !== state) impact[name] = state;
  for (const [name, state] of current) if (state !== 'operational' && !desired.has(name)) impact[name] = 'operational';
  return impact;
}

/** The alerts remembered, the new ones added, the latest `MAX_REMEMBERED_ALERTS` kept. */
function remember(known: readonly string[], keys: readonly string[]): string[] {
  return [...new Set([...known, ...keys])].slice(-MAX_REMEMBERED_ALERTS);
}

/** `at`, or the notice's latest update's time if that is later (a clock a little ahead wrote it). */
function laterOf(at: string, latest: string | undefined): string {
  return latest !== undefined && Date.parse(latest) > Date.parse(at) ? latest : at;
}
