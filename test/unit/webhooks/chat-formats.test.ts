import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { WebhookFormat } from '../../../src/schemas/webhook-config.js';
import { renderWebhookBody } from '../../../src/webhooks/render-webhook-body.js';
import type { WebhookEvent } from '../../../src/webhooks/webhook-event.js';
import { incidentNotice, maintenanceNotice } from '../../helpers/notices.js';

type ChatFormat = Exclude<WebhookFormat, 'generic'>;
const FORMATS: readonly ChatFormat[] = ['slack', 'discord', 'teams'];
const FIXTURES = new URL('../../fixtures/chat-webhooks/', import.meta.url);

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
}

/** Code points, as JSON Schema's maxLength and the services count characters. */
function characters(text: unknown): number {
  return typeof text === 'string' ? [...text].length : 0;
}

const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true });
addFormats.default(ajv);
// Discord's 6,000 characters across every embed of a message.
ajv.addKeyword({
  keyword: 'x-maxEmbedCharacters',
  schemaType: 'number',
  validate: (limit: number, message: { embeds?: Record<string, unknown>[] }) =>
    (message.embeds ?? []).reduce((sum, embed) => {
      const fields = (embed.fields ?? []) as { name: string; value: string }[];
      const footer = embed.footer as { text?: string } | undefined;
      const author = embed.author as { name?: string } | undefined;
      return (
        sum +
        characters(embed.title) +
        characters(embed.description) +
        characters(footer?.text) +
        characters(author?.name) +
        fields.reduce((inner, field) => inner + characters(field.name) + characters(field.value), 0)
      );
    }, 0) <= limit,
});
// Teams' 28 KB of the body as sent.
ajv.addKeyword({
  keyword: 'x-maxBodyBytes',
  schemaType: 'number',
  validate: (limit: number, body: unknown) => Buffer.byteLength(JSON.stringify(body)) <= limit,
});
const validators = Object.fromEntries(
  FORMATS.map((format) => [format, ajv.compile(fixture(`${format}.schema.json`) as object)]),
) as Record<ChatFormat, ReturnType<typeof ajv.compile>>;

function problems(format: ChatFormat, body: unknown): string[] {
  const validate = validators[format];
  return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

const REGION = { code: 'ams1', name: 'Amsterdam 1' };
const AT = '2026-11-21T14:02:05Z';
/** The longest notice text (10,000 characters), mostly of three bytes each: past Teams' 28 KB too. */
const LONG = `${'障害が発生しました。原因を調査中です。<&>'.repeat(500).slice(0, 9_997)}ZZZ`;

const EVENTS: Record<string, WebhookEvent> = {
  'a status change': {
    id: `evt_${'a'.repeat(32)}`,
    type: 'component.status_changed',
    created_at: AT,
    region: REGION,
    component: 'Scheduler',
    from: 'operational',
    to: 'major_outage',
  },
  'a caught-up status change with a reason': {
    id: `evt_${'b'.repeat(32)}`,
    type: 'component.status_changed',
    created_at: AT,
    region: REGION,
    component: 'Registry',
    from: 'operational',
    to: 'degraded_performance',
    reason: 'certificate expires 2026-12-01 03:00 UTC, in 6 days',
    missed: { changes: 2, since: '2026-11-21T13:00:00Z', worst: 'major_outage' },
  },
  'a new incident notice': {
    id: `evt_${'c'.repeat(32)}`,
    type: 'notice.created',
    created_at: AT,
    notice: incidentNotice(),
  },
  'an updated maintenance notice': {
    id: `evt_${'d'.repeat(32)}`,
    type: 'notice.updated',
    created_at: AT,
    notice: maintenanceNotice(),
  },
  'a notice with the longest text and 300 components': {
    id: `evt_${'e'.repeat(32)}`,
    type: 'notice.created',
    created_at: AT,
    notice: incidentNotice({
      title: 'T'.repeat(200),
      components: Array.from({ length: 300 }, (_, index) => `Component number ${index}`),
      updates: [{ at: AT, state: 'investigating', text: LONG }],
    }),
  },
};

function bodyOf(event: WebhookEvent, format: ChatFormat): Record<string, unknown> {
  return JSON.parse(renderWebhookBody(event, { format, publicUrl: 'https://status.example.com' }));
}

describe('the chat formats against their services documented shapes and limits', () => {
  it.each(FORMATS)("the %s documentation's example passes its schema", (format) => {
    expect(problems(format, fixture(`${format}.docs-example.json`))).toEqual([]);
  });

  it.each(FORMATS)('the %s schema refuses a body past its limits', (format) => {
    const over: Record<ChatFormat, unknown> = {
      slack: { text: 'x', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'x'.repeat(151) } }] },
      discord: { embeds: [{ title: 'x', description: 'x'.repeat(4000) }, { description: 'x'.repeat(2001) }] },
      teams: {
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            content: { type: 'AdaptiveCard', version: '1.4', body: [{ type: 'TextBlock', text: 'x'.repeat(28_000) }] },
          },
        ],
      },
    };
    expect(problems(format, over[format])).not.toEqual([]);
  });

  describe.each(Object.entries(EVENTS))('%s', (_, event) => {
    it.each(FORMATS)('as %s passes the schema', (format) => {
      expect(problems(format, bodyOf(event, format))).toEqual([]);
    });
  });
});

describe('what the chat messages say', () => {
  const change = EVENTS['a status change'] as WebhookEvent;
  const notice = EVENTS['a new incident notice'] as WebhookEvent;

  it("keeps Slack's one-line text as the notification fallback, beside the blocks", () => {
    const body = bodyOf(change, 'slack');
    expect(body.text).toBe('Scheduler (Amsterdam 1) is now major outage, was operational (2026-11-21T14:02:05Z)');
    expect(JSON.stringify(body.blocks)).toContain('Scheduler is now major outage');
    expect(JSON.stringify(body.blocks)).toContain('<https://status.example.com|Status page>');
  });

  it('colours a Discord embed by the state and lets nobody be mentioned', () => {
    const body = bodyOf(change, 'discord') as { embeds: { color: number; url: string }[]; allowed_mentions: object };
    expect(body.embeds[0]?.color).toBe(0xcf222e);
    expect(body.embeds[0]?.url).toBe('https://status.example.com');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const resolved = bodyOf(
      { ...change, to: 'operational', from: 'major_outage' } as WebhookEvent,
      'discord',
    ) as typeof body;
    expect(resolved.embeds[0]?.color).toBe(0x1f883d);
  });

  it('gives a Teams card the state as an attention colour, the facts and a button to the page', () => {
    const text = JSON.stringify(bodyOf(notice, 'teams'));
    expect(text).toContain('"title":"Components","value":"Build Service"');
    expect(text).toContain('"type":"Action.OpenUrl","title":"Status page","url":"https://status.example.com"');
    expect(text).toContain('A disk is full.');
  });

  it("shows the team's markup as text: Slack's and Discord's escaped", () => {
    const marked = {
      ...notice,
      notice: incidentNotice({ updates: [{ at: AT, state: 'investigating', text: '<!channel> **now** & then' }] }),
    } as WebhookEvent;
    expect(JSON.stringify(bodyOf(marked, 'slack'))).toContain('&lt;!channel&gt; **now** &amp; then');
    expect(JSON.stringify(bodyOf(marked, 'discord'))).toContain('<!channel\\\\> \\\\*\\\\*now\\\\*\\\\* & then');
  });

  it.each(FORMATS)('truncates a long notice in %s rather than being refused, ending it with an ellipsis', (format) => {
    const body = JSON.stringify(
      bodyOf(EVENTS['a notice with the longest text and 300 components'] as WebhookEvent, format),
    );
    expect(body).toContain('…');
    expect(body).not.toContain('ZZZ');
  });

  it('never cuts an escape in two', () => {
    const text = `${'a'.repeat(2_998)}&&&`;
    const marked = {
      ...notice,
      notice: incidentNotice({ updates: [{ at: AT, state: 'investigating', text }] }),
    } as WebhookEvent;
    const blocks = bodyOf(marked, 'slack').blocks as { type: string; text?: { text: string } }[];
    const section = blocks.find((block) => block.type === 'section' && block.text !== undefined);
    expect(section?.text?.text).toBe(`${'a'.repeat(2_998)}…`);
  });
});
