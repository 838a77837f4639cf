import {
  FEED_PATH,
  INCIDENTS_PATH,
  LLMS_TXT_PATH,
  NOTICES_PATH,
  OPENAPI_PATH,
  REGIONS_PATH,
  STATUS_MARKDOWN_PATH,
  STATUS_PATH,
  STATUSPAGE_SUMMARY_PATH,
  UPTIME_PATH,
} from '../api-paths.js';
import { joinUrl } from '../outbound/join-url.js';

/** A document the markdown documents link to: its title, path and meaning. */
export interface DocumentLink {
  readonly title: string;
  readonly path: `/${string}`;
  readonly meaning: string;
}

/** The status's own documents, in the order an agent would read them. */
export const STATUS_LINKS: readonly DocumentLink[] = [
  { title: 'Status (JSON)', path: STATUS_PATH, meaning: 'the overall state and each component state, with updated_at' },
  {
    title: 'Status (markdown)',
    path: STATUS_MARKDOWN_PATH,
    meaning: 'the same status in markdown, with since-when and notices',
  },
  { title: 'Regions', path: REGIONS_PATH, meaning: 'the platform regions: code, name, zone, country and state' },
  { title: 'Notices', path: NOTICES_PATH, meaning: "the team's incident and maintenance notices with their updates" },
  {
    title: 'Uptime',
    path: UPTIME_PATH,
    meaning: 'each component uptime over 24 h, 7, 30 and 90 days, where history is kept',
  },
  {
    title: 'Incidents',
    path: INCIDENTS_PATH,
    meaning: 'the incidents the probe recorded over 90 days, where history is kept',
  },
  {
    title: 'Statuspage summary',
    path: STATUSPAGE_SUMMARY_PATH,
    meaning: "the same status in Atlassian Statuspage's v2 shape",
  },
];

/** The documents that describe the rest. */
export const REFERENCE_LINKS: readonly DocumentLink[] = [
  { title: 'OpenAPI', path: OPENAPI_PATH, meaning: 'every JSON document, its path and JSON Schema' },
  { title: 'Feed', path: FEED_PATH, meaning: 'an Atom feed of incidents and notices' },
  { title: 'llms.txt', path: LLMS_TXT_PATH, meaning: 'this index of the site' },
];

/** Where `path` is read: under `siteUrl` (`public_url`) when the site says where it is, else from its root. */
export function linkTarget(siteUrl: string | undefined, path: `/${string}`): string {
  return siteUrl === undefined ? path : joinUrl(siteUrl, path);
}

/** One link as a markdown list item: `- [title](url): meaning`. */
export function renderLinkItem(siteUrl: string | undefined, { title, path, meaning }: DocumentLink): string {
  return `- [${title}](${linkTarget(siteUrl, path)}): ${meaning}`;
}
