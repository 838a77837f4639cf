import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { componentSince } from '../../../src/markdown/component-since.js';
import { escapeMarkdown } from '../../../src/markdown/escape-markdown.js';
import { markStale, readStaleAfter } from '../../../src/markdown/mark-stale.js';
import { renderLlmsTxt } from '../../../src/markdown/render-llms-txt.js';
import { renderStatusMarkdown, type StatusMarkdownInput } from '../../../src/markdown/render-status-markdown.js';
import type { Incident } from '../../../src/schemas/incidents.js';
import type { Notice } from '../../../src/schemas/notice.js';
import { blockKinds, LLMS_TXT_BLOCKS } from '../../helpers/markdown-blocks.js';
import { sampleStatus } from '../../helpers/status-fixture.js';

const HOSTILE = 'Disk <script>alert(1)</script> | *full* [x](javascript:alert(1))\n# heading\n- item &amp;';

const incident = (overrides: Partial<Incident>): Incident => ({
  id: 'i1',
  component: 'Registry',
  worst_status: 'major_outage',
  started_at: '2026-11-21T04:00:00Z',
  resolved_at: null,
  updated_at: '2026-11-21T04:00:00Z',
  duration_seconds: 60,
  failure_classes: [],
  last_failure: null,
  regions: null,
  ...overrides,
});

const incidentNotice: Notice = {
  id: 'n1',
  kind: 'incident',
  title: HOSTILE,
  components: ['Registry'],
  state: 'identified',
  updates: [
    { at: '2026-11-21T04:10:00Z', state: 'identified', text: HOSTILE },
    { at: '2026-11-21T04:05:00Z', state: 'investigating', text: 'earlier' },
  ],
};

const maintenance: Notice = {
  id: 'm1',
  kind: 'maintenance',
  title: 'Upgrade',
  components: [],
  state: 'in_progress',
  window: { start: '2026-11-21T03:00:00Z', end: '2026-11-21T05:00:00Z' },
  updates: [{ at: '2026-11-21T03:00:00Z', state: 'in_progress', text: 'Begun.' }],
};

function input(overrides: Partial<StatusMarkdownInput> = {}): StatusMarkdownInput {
  return {
    status: sampleStatus({
      status: 'major_outage',
      components: [
        { name: 'Control API', status: 'operational' },
        { name: 'Build Service', status: 'under_maintenance' },
        { name: 'Registry', status: 'major_outage' },
      ],
    }),
    staleAfter: '2026-11-21T04:40:29Z',
    notices: [incidentNotice, maintenance],
    incidents: [incident({}), incident({ id: 'i0', component: 'Control API', resolved_at: '2026-11-20T01:00:00Z' })],
    regions: [{ code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' }],
    siteUrl: undefined,
    ...overrides,
  };
}

describe('renderStatusMarkdown, read by a markdown parser', () => {
  const tokens = marked.lexer(renderStatusMarkdown(input()));
  const headings = tokens.filter((token): token is Tokens.Heading => token.type === 'heading');
  const tables = tokens.filter((token): token is Tokens.Table => token.type === 'table');

  it('has one H1 and one H2 per section, in order', () => {
    expect(headings.filter((heading) => heading.depth <= 2).map((heading) => [heading.depth, heading.text])).toEqual([
      [1, 'Status of Amsterdam 1: Major outage'],
      [2, 'Components'],
      [2, 'Open incidents'],
      [2, 'Maintenance'],
      [2, 'Regions'],
      [2, 'Documents'],
    ]);
  });

  it("tables each component's state as the documents spell it, and since when by the published documents", () => {
    expect(tables[0]?.rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['Control API', '`operational` (Operational)', '2026-11-20T01:00:00Z'],
      ['Build Service', '`under_maintenance` (Under maintenance)', '2026-11-21T03:00:00Z'],
      ['Registry', '`major_outage` (Major outage)', '2026-11-21T04:00:00Z'],
    ]);
  });

  it('tables the regions', () => {
    expect(tables[1]?.rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['ams1', 'Amsterdam 1', 'eu-west', 'NL', '`operational` (Operational)'],
    ]);
  });

  it("says when it goes stale, and serve's reading of that time agrees", () => {
    expect(readStaleAfter(renderStatusMarkdown(input()))).toBe('2026-11-21T04:40:29Z');
  });

  it('shows text from people as text: no HTML, no link, no heading or list of its own', () => {
    expect(tokens.some((token) => token.type === 'html')).toBe(false);
    const html = marked.parse(renderStatusMarkdown(input()), { async: false });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;');
    expect(headings.filter((heading) => heading.depth === 3)).toHaveLength(2);
    // The update is the latest one, in one list item.
    expect(html).toContain('Latest update, 2026-11-21T04:10:00Z (Identified): Disk');
  });

  it('says so when there is nothing to list, and links relative without a public_url, absolute with one', () => {
    const none = renderStatusMarkdown(input({ notices: [], incidents: undefined, regions: undefined }));
    expect(none).toContain('No open incident notices.');
    expect(none).toContain('No maintenance in progress or scheduled.');
    expect(none).toContain('No regions published.');
    expect(none).toContain('| Control API | `operational` (Operational) | not recorded |');
    expect(none).toContain('- [Status (JSON)](/api/v1/status)');
    const absolute = renderStatusMarkdown(input({ siteUrl: 'https://status.example.com/' }));
    expect(absolute).toContain('- [Status (JSON)](https://status.example.com/api/v1/status)');
  });
});

describe('markStale', () => {
  it('puts one out-of-date line first, naming the stale-after time, and keeps the document', () => {
    const markdown = renderStatusMarkdown(input());
    const marked_ = markStale(markdown, '2026-11-21T04:40:29Z');
    const [first] = marked.lexer(marked_);
    expect(first?.type).toBe('blockquote');
    expect(first?.raw).toMatch(/^> \*\*Out of date:\*\* this status went stale at 2026-11-21T04:40:29Z/);
    expect(marked_.endsWith(markdown)).toBe(true);
  });

  it('reads no stale-after time from a document that says none', () => {
    expect(readStaleAfter('# Status\n\nStale after: soon\n')).toBeUndefined();
  });
});

describe('escapeMarkdown', () => {
  it.each([
    ['a|b', 'a\\|b'],
    ['<b>', '\\<b\\>'],
    ['line\n# two', 'line \\# two'],
    ['*x* _y_ `z`', '\\*x\\* \\_y\\_ \\`z\\`'],
    ['Control API', 'Control API'],
  ])('%j -> %j', (text, escaped) => {
    expect(escapeMarkdown(text)).toBe(escaped);
  });
});

describe('componentSince', () => {
  it('is unknown without history for a component that is not under maintenance', () => {
    expect(componentSince('Registry', 'major_outage', { incidents: undefined, notices: [] })).toBeUndefined();
  });

  it('is the latest resolution for an operational component', () => {
    const incidents = [
      incident({ resolved_at: '2026-11-21T05:00:00Z' }),
      incident({ id: 'old', resolved_at: '2026-11-01T05:00:00Z' }),
    ];
    expect(componentSince('Registry', 'operational', { incidents, notices: [] })).toBe('2026-11-21T05:00:00Z');
  });
});

describe('renderLlmsTxt, read by a markdown parser', () => {
  const text = renderLlmsTxt({ regionName: 'Amsterdam 1', components: ['Control API', 'A|B'], siteUrl: undefined });
  const tokens = marked.lexer(text).filter((token) => token.type !== 'space');

  it('is an H1, a blockquote summary, notes, and H2 sections of links', () => {
    expect(blockKinds(text)).toEqual(LLMS_TXT_BLOCKS);
    expect(
      tokens.filter((token): token is Tokens.Heading => token.type === 'heading').map((heading) => heading.text),
    ).toEqual(['Platform status: Amsterdam 1', 'Status', 'Reference']);
  });

  it('links each document with what it means', () => {
    const items = tokens.filter((token): token is Tokens.List => token.type === 'list').flatMap((list) => list.items);
    expect(items.every((item) => /^\[[^\]]+\]\(\/[^)]+\): \S/.test(item.text))).toBe(true);
    expect(text).toContain('Components: Control API, A\\|B.');
  });
});
