import { FEED_PATH } from '../api-paths.js';
import type { IncidentsDocument } from '../schemas/incidents.js';
import type { Notice } from '../schemas/notice.js';
import { escapeXml } from './escape-xml.js';
import { type FeedEntry, incidentToEntry, noticeToEntry } from './feed-entries.js';
import { nameToUrnUuid } from './name-uuid.js';

/** A feed with no entries still needs an `updated`; a fixed one keeps its bytes independent of the clock. */
const EMPTY_FEED_UPDATED = '1970-01-01T00:00:00Z';

export interface FeedInput {
  readonly notices: readonly Notice[];
  /** The probe's incidents, when it has published them. */
  readonly incidents?: IncidentsDocument | undefined;
  /**
   * Where the site is served (`public_url`), for absolute links. Without it
   * links are relative to the feed's own address, which Atom allows; ids
   * never depend on it.
   */
  readonly publicUrl?: string | undefined;
}

/**
 * Renders the Atom feed (RFC 4287) of notices and incidents. Pure: the same
 * input gives the same bytes. Entries are newest first by `updated`; the
 * feed's `updated` is the latest entry's. An incident linked to a notice
 * (its declared state was published) is that notice's entry, not one of its
 * own. Every text is escaped.
 */
export function renderFeed({ notices, incidents, publicUrl }: FeedInput): string {
  const noticeIds = new Set(notices.map((notice) => notice.id));
  const ownIncidents = (incidents?.incidents ?? []).filter((incident) => !noticeIds.has(incident.notice ?? ''));
  const entries = [...notices.map(noticeToEntry), ...ownIncidents.map(incidentToEntry)].sort((a, b) =>
    a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const base = publicUrl === undefined ? '' : publicUrl.replace(/\/+$/, '');
  const title =
    incidents === undefined ? 'Status: incidents and notices' : `${incidents.region} status: incidents and notices`;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${nameToUrnUuid(`feed:${base}`)}</id>`,
    `  <title>${escapeXml(title)}</title>`,
    `  <updated>${entries[0]?.updated ?? EMPTY_FEED_UPDATED}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}${FEED_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${base}/`)}"/>`,
    '  <author><name>Platform team</name></author>',
    ...entries.flatMap(renderEntry),
    '</feed>',
  ];
  return `${lines.join('\n')}\n`;
}

function renderEntry(entry: FeedEntry): string[] {
  return [
    '  <entry>',
    `    <id>${entry.id}</id>`,
    `    <title type="text">${escapeXml(entry.title)}</title>`,
    `    <updated>${entry.updated}</updated>`,
    `    <published>${entry.published}</published>`,
    `    <category term="${escapeXml(entry.category)}"/>`,
    `    <content type="text">${escapeXml(entry.content)}</content>`,
    '  </entry>',
  ];
}
