import type { Notice } from '../schemas/notice.js';
import { type StatusValue, worstStatus } from '../schemas/status-value.js';
import type { WebhookEvent } from './webhook-event.js';

/** How a message should look at a glance; each service maps it to its own colours. */
export type ChatTone = 'good' | 'warning' | 'attention' | 'critical' | 'accent';

/** One labelled fact of a chat message: the region, the state before, the components. */
export interface ChatFact {
  readonly label: string;
  readonly value: string;
}

/**
 * What a chat message says, before any service's shape: a headline, a few
 * facts, the team's own text, the page's link. The services' renderers only
 * lay it out and hold it within their limits.
 */
export interface ChatMessage {
  readonly headline: string;
  readonly tone: ChatTone;
  readonly facts: readonly ChatFact[];
  /** The team's text (a notice's latest update) or why the state changed; absent when there is none. */
  readonly text?: string;
  /** `public_url`, when set. */
  readonly link?: string;
  /** The event's time, ISO 8601. */
  readonly at: string;
  /** The one-line text for notifications and clients that show no blocks or cards. */
  readonly fallback: string;
}

const TONE_OF_STATE: Record<StatusValue, ChatTone> = {
  operational: 'good',
  under_maintenance: 'accent',
  degraded_performance: 'warning',
  partial_outage: 'attention',
  major_outage: 'critical',
};

/** A state as words: `major_outage` → `major outage`. */
export function stateWords(state: string): string {
  return state.replaceAll('_', ' ');
}

/** What a chat message about `event` says; `link` is `public_url`. Pure. */
export function composeChatMessage(event: WebhookEvent, link: string | undefined): ChatMessage {
  const common = { at: event.created_at, fallback: describeEvent(event), ...(link === undefined ? {} : { link }) };
  if (event.type === 'component.status_changed') {
    const missed = event.missed;
    const reasons = [
      ...(event.reason === undefined ? [] : [event.reason]),
      ...(missed === undefined
        ? []
        : [
            `${missed.changes} earlier change(s) not sent one by one, since ${missed.since}, at worst ${stateWords(missed.worst)}.`,
          ]),
    ];
    return {
      ...common,
      headline: `${event.component} is now ${stateWords(event.to)}`,
      tone: TONE_OF_STATE[event.to],
      facts: [
        { label: 'Region', value: event.region.name },
        { label: 'Was', value: stateWords(event.from) },
      ],
      ...(reasons.length === 0 ? {} : { text: reasons.join('\n') }),
    };
  }
  const { notice } = event;
  const latest = notice.updates.at(-1);
  if (event.type === 'notice.maintenance_upcoming') {
    return {
      ...common,
      headline: `Maintenance in ${describeLead(event.starts_in_minutes)}: ${notice.title}`,
      tone: 'accent',
      facts: [
        { label: 'Window', value: `${event.notice.window.start} to ${event.notice.window.end}` },
        { label: 'Components', value: notice.components.length === 0 ? 'all' : notice.components.join(', ') },
      ],
      ...(latest === undefined ? {} : { text: latest.text }),
    };
  }
  return {
    ...common,
    headline: `${event.type === 'notice.created' ? 'New notice' : 'Notice updated'}: ${notice.title}`,
    tone: noticeTone(notice),
    facts: [
      { label: 'State', value: stateWords(notice.state) },
      { label: 'Components', value: notice.components.length === 0 ? 'all' : notice.components.join(', ') },
      ...(notice.kind === 'maintenance'
        ? [{ label: 'Window', value: `${notice.window.start} to ${notice.window.end}` }]
        : []),
    ],
    ...(latest === undefined ? {} : { text: latest.text }),
  };
}

/** How long until a window starts, in the largest whole unit: `24 hours`, `45 minutes`, `2 days`. */
function describeLead(minutes: number): string {
  if (minutes >= 2 * 24 * 60 && minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} days`;
  if (minutes >= 60 && minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  if (minutes >= 120) return `${Math.floor(minutes / 60)} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Resolved and completed are good news; maintenance is planned; an incident is as bad as it declares. */
function noticeTone(notice: Notice): ChatTone {
  if (notice.state === 'resolved' || notice.state === 'completed') return 'good';
  if (notice.kind === 'maintenance') return 'accent';
  const declared = notice.updates.flatMap((update) => Object.values(update.impact ?? {}));
  const worst = worstStatus(declared);
  return worst === 'operational' ? 'warning' : TONE_OF_STATE[worst];
}

/** One line (or a few) a person reads in a chat channel; the `text` of today's Slack messages. */
export function describeEvent(event: WebhookEvent): string {
  if (event.type === 'component.status_changed') {
    const because = event.reason === undefined ? '' : `: ${event.reason}`;
    const missed =
      event.missed === undefined
        ? ''
        : `; ${event.missed.changes} earlier change(s) not sent one by one, since ${event.missed.since}, at worst ${stateWords(event.missed.worst)}`;
    return `${event.component} (${event.region.name}) is now ${stateWords(event.to)}${because}, was ${stateWords(event.from)} (${event.created_at})${missed}`;
  }
  const { notice } = event;
  const latest = notice.updates.at(-1);
  if (event.type === 'notice.maintenance_upcoming') {
    return `Maintenance in ${describeLead(event.starts_in_minutes)}: ${notice.title}. Window: ${event.notice.window.start} to ${event.notice.window.end}.`;
  }
  const what = event.type === 'notice.created' ? 'New notice' : 'Notice updated';
  const window = notice.kind === 'maintenance' ? ` Window: ${notice.window.start} to ${notice.window.end}.` : '';
  return `${what}: ${notice.title} (${stateWords(notice.state)}).${window}${latest === undefined ? '' : `\n${latest.text}`}`;
}
