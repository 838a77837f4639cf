import type { FailureClass } from '../schemas/failure-class.js';
import type { Incident } from '../schemas/incidents.js';
import type { Notice } from '../schemas/notice.js';
import { NOTICE_STATE_LABELS, STATUS_LABELS } from '../schemas/state-labels.js';
import type { StatusValue } from '../schemas/status-value.js';
import { nameToUrnUuid } from './name-uuid.js';

/** One Atom entry before it becomes XML: plain text only. */
export interface FeedEntry {
  readonly id: string;
  readonly title: string;
  /** When the entry last changed, `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly updated: string;
  readonly published: string;
  readonly category: string;
  /** Plain text; rendered as `type="text"`, never as HTML. */
  readonly content: string;
  /** The components it concerns, by name; none: every component (a notice about the whole platform). */
  readonly components: readonly string[];
}

/** What the checks saw, in words a visitor reads ("timing out", not `timeout`). */
const FAILURE_WORDS: Readonly<Record<FailureClass, string>> = {
  timeout: 'timing out',
  refused: 'connections refused',
  dns: 'name not resolving',
  tls: 'TLS failing',
  reset: 'connections reset',
  status: 'unexpected answers',
  error: 'other errors',
  body: 'answers failing a body condition',
};

/** A status inside a sentence: the page's label in lower case ("major outage"). */
function statusWords(status: StatusValue): string {
  return STATUS_LABELS[status].toLowerCase();
}

/**
 * A notice as an entry: its latest update (or its postmortem) is `updated`,
 * so adding one moves it; the content is the postmortem, then every update,
 * newest first, each with the states it declared.
 */
export function noticeToEntry(notice: Notice): FeedEntry {
  const updates = [...notice.updates].reverse();
  const affected = notice.components.length === 0 ? 'all components' : notice.components.join(', ');
  const header = [`Affects: ${affected}.`];
  if (notice.kind === 'maintenance') header.push(`Window: ${notice.window.start} to ${notice.window.end}.`);
  const postmortem = notice.kind === 'incident' ? notice.postmortem : undefined;
  const state = postmortem === undefined ? NOTICE_STATE_LABELS[notice.state] : 'Postmortem';
  return {
    id: nameToUrnUuid(`notice:${notice.id}`),
    title: `${notice.title} (${state})`,
    updated: postmortem?.at ?? updates[0]?.at ?? notice.updates[0]?.at ?? '',
    published: notice.updates[0]?.at ?? '',
    category: notice.kind === 'incident' ? 'incident-notice' : 'maintenance',
    components: notice.components,
    content: [
      header.join(' '),
      ...(postmortem === undefined ? [] : [`${postmortem.at} Postmortem:\n${postmortem.text}`]),
      ...updates.map(
        (update) => `${update.at} ${NOTICE_STATE_LABELS[update.state]}: ${update.text}${describeImpact(update)}`,
      ),
    ].join('\n\n'),
  };
}

/** The states an update declared, as a sentence after its text: ` Declared: Build Service partial outage.` */
function describeImpact(update: Notice['updates'][number]): string {
  const impact = 'impact' in update ? update.impact : undefined;
  const declared = Object.entries(impact ?? {}).map(([name, state]) => `${name} ${statusWords(state)}`);
  return declared.length === 0 ? '' : ` Declared: ${declared.join(', ')}.`;
}

/**
 * An incident the probe recorded as an entry: `updated` is the incident's
 * `updated_at`, which moves whenever anything the entry says changes. The
 * content leaves out the running duration of an ongoing incident, so the
 * entry does not change every cycle without a new `updated`.
 */
export function incidentToEntry(incident: Incident): FeedEntry {
  const ongoing = incident.resolved_at === null;
  const lines = [
    `${incident.component} ${ongoing ? 'is' : 'was'} ${statusWords(incident.worst_status)} from ${incident.started_at}`,
  ];
  lines[0] += ongoing ? ', ongoing.' : ` to ${incident.resolved_at} (${formatDuration(incident.duration_seconds)}).`;
  if (incident.failure_classes.length > 0) {
    lines.push(`The checks saw: ${incident.failure_classes.map((name) => FAILURE_WORDS[name]).join(', ')}.`);
  }
  const httpStatus = incident.last_failure?.http_status;
  if (httpStatus !== undefined && httpStatus !== null) lines.push(`Last answer: HTTP ${httpStatus}.`);
  if (incident.regions !== null) {
    lines.push(`Seen down from ${incident.regions.saw_outage} of ${incident.regions.configured} regions at most.`);
  }
  return {
    id: nameToUrnUuid(`incident:${incident.id}`),
    title: `${incident.component}: ${statusWords(incident.worst_status)} (${ongoing ? 'ongoing' : 'resolved'})`,
    updated: incident.updated_at,
    published: incident.started_at,
    category: 'incident',
    content: lines.join('\n'),
    components: [incident.component],
  };
}

function formatDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}
