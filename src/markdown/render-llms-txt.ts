import { type DocumentLink, REFERENCE_LINKS, renderLinkItem, STATUS_LINKS } from './document-links.js';
import { escapeMarkdown } from './escape-markdown.js';

/** What `llms.txt` is rendered from: the probe's config, as the build and the probe read it. */
export interface LlmsTxtInput {
  /** The region whose probe publishes the status (`region` in the status document). */
  readonly regionName: string;
  /** The configured components' names, in the config's order. */
  readonly components: readonly string[];
  /** `public_url`, for absolute links; root-relative without it. */
  readonly siteUrl: string | undefined;
}

function section(heading: string, siteUrl: string | undefined, links: readonly DocumentLink[]): string[] {
  return [`## ${heading}`, '', ...links.map((link) => renderLinkItem(siteUrl, link)), ''];
}

/**
 * `/llms.txt` in the llms.txt format (llmstxt.org): an H1 with the site's
 * name, a blockquote that says what it is, a few lines on how to read it,
 * then H2 sections of links with what each document means. Pure.
 */
export function renderLlmsTxt({ regionName, components, siteUrl }: LlmsTxtInput): string {
  const named = components.length === 0 ? 'none configured' : components.map(escapeMarkdown).join(', ');
  const lines = [
    `# Platform status: ${escapeMarkdown(regionName)}`,
    '',
    '> The public, read-only status of the platform: the live state of each component, open incidents and',
    '> maintenance, uptime history, and the directory of regions. No credentials are needed.',
    '',
    'States are one of `operational`, `under_maintenance`, `degraded_performance`, `partial_outage` and',
    '`major_outage`; every time is UTC (ISO 8601, trailing `Z`). A status is stale, and may no longer be true,',
    'three probe intervals after its `updated_at`: `status.md` says when ("Stale after").',
    `Components: ${named}.`,
    '',
    ...section('Status', siteUrl, STATUS_LINKS),
    ...section('Reference', siteUrl, REFERENCE_LINKS),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
