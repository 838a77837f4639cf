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

/** An entry as XML, rendered once for every feed that carries it. */
export interface RenderedEntry {
  readonly updated: string;
  /** The components it concerns (`FeedEntry.components`): none, every one. */
  readonly components: readonly string[];
  readonly xml: string;
}

/** What a feed says of itself, before its entries. */
export interface FeedHead {
  /** Where the feed is served, under the site: its `self` link, and with the site its id. */
  readonly path: `/${string}`;
  /** What it is about, before ": incidents and notices"; `undefined` for the whole platform. */
  readonly subject?: string | undefined;
}

/**
 * Every notice and incident as an entry, newest first by `updated` (ties by
 * id), each rendered once. An incident linked to a notice (its declared state
 * was published) is that notice's entry, not one of its own. Every text is
 * escaped.
 */
export function renderEntries({ notices, incidents }: FeedInput): RenderedEntry[] {
  const noticeIds = new Set(notices.map((notice) => notice.id));
  const ownIncidents = (incidents?.incidents ?? []).filter((incident) => !noticeIds.has(incident.notice ?? ''));
  const entries = [...notices.map(noticeToEntry), ...ownIncidents.map(incidentToEntry)].sort((a, b) =>
    a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  return entries.map((entry) => ({ updated: entry.updated, components: entry.components, xml: renderEntry(entry) }));
}

/**
 * One Atom feed (RFC 4287) of `entries`, already in order: its `updated` is
 * the first entry's, its id a name-based UUID of the site and its path, and
 * its title names the region when the probe's incidents do. Pure.
 */
export function assembleFeed(
  head: FeedHead,
  entries: readonly RenderedEntry[],
  { incidents, publicUrl }: Omit<FeedInput, 'notices'>,
): string {
  const base = publicUrl === undefined ? '' : publicUrl.replace(/\/+$/, '');
  // The site's own feed keeps the id it always had: its readers would otherwise see every entry anew.
  const idName = head.path === FEED_PATH ? `feed:${base}` : `feed:${base}${head.path}`;
  const region = incidents?.region;
  const title =
    head.subject === undefined
      ? `${region === undefined ? 'Status' : `${region} status`}: incidents and notices`
      : `${head.subject}: incidents and notices${region === undefined ? '' : ` (${region} status)`}`;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${nameToUrnUuid(idName)}</id>`,
    `  <title>${escapeXml(title)}</title>`,
    `  <updated>${entries[0]?.updated ?? EMPTY_FEED_UPDATED}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}${head.path}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${base}/`)}"/>`,
    '  <author><name>Platform team</name></author>',
    ...entries.map((entry) => entry.xml),
    '</feed>',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Renders the Atom feed (RFC 4287) of notices and incidents. Pure: the same
 * input gives the same bytes. Entries are newest first by `updated`; the
 * feed's `updated` is the latest entry's. Every text is escaped.
 */
export function renderFeed(input: FeedInput): string {
  return assembleFeed({ path: FEED_PATH }, renderEntries(input), input);
}

function renderEntry(entry: FeedEntry): string {
  return [
    '  <entry>',
    `    <id>${entry.id}</id>`,
    `    <title type="text">${escapeXml(entry.title)}</title>`,
    `    <updated>${entry.updated}</updated>`,
    `    <published>${entry.published}</published>`,
    `    <category term="${escapeXml(entry.category)}"/>`,
    `    <content type="text">${escapeXml(entry.content)}</content>`,
    '  </entry>',
  ].join('\n');
}
