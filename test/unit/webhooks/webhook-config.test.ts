import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { parseDocument } from '../../../src/io/parse-document.js';
import { ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import { resolveWebhookTargets } from '../../../src/webhooks/webhook-target.js';

const FILE = 'data/components.json';
const components = [{ name: 'Control API', url: 'http://127.0.0.1:4101/healthz' }];

function problemsOf(extra: object): string[] {
  try {
    parseDocument(FILE, JSON.stringify({ components, ...extra }), ComponentsConfigSchema);
  } catch (error) {
    if (error instanceof InputError) return error.message.split('\n');
    throw error;
  }
  return [];
}

describe('webhooks and public_url in components.json', () => {
  it('accepts a generic and a slack receiver, generic by default', () => {
    const config = ComponentsConfigSchema.parse({
      components,
      public_url: 'https://status.example.com',
      webhooks: [
        { url: 'https://hooks.example.com/a', secret_env: 'WEBHOOK_SECRET' },
        { url: 'https://hooks.slack.com/services/T/B/X', format: 'slack', secret_env: 'SLACK_SIGNING' },
      ],
    });
    expect(config.webhooks.map((webhook) => webhook.format)).toEqual(['generic', 'slack']);
    expect(ComponentsConfigSchema.parse({ components }).webhooks).toEqual([]);
  });

  it.each([
    ['https://hooks.slack.com/services/T000/B000/XXXX', 'slack'],
    ['https://discord.com/api/webhooks/123/abc', 'discord'],
    ['https://discordapp.com/api/webhooks/123/abc', 'discord'],
    ['https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x', 'teams'],
    ['https://default1234.56.environment.api.powerplatform.com/powerautomate/automations/direct/x', 'teams'],
    ['https://example.webhook.office.com/webhookb2/abc', 'teams'],
    ['https://discord.com/channels/1/2', 'generic'],
    ['https://hooks.slack.com.example.com/x', 'generic'],
  ])('detects the format of %s as %s when absent, and a chat target needs no secret', (url, format) => {
    const [webhook] = ComponentsConfigSchema.parse({
      components,
      webhooks: [format === 'generic' ? { url, secret_env: 'S' } : { url }],
    }).webhooks;
    expect(webhook?.format).toBe(format);
    const [target] = resolveWebhookTargets(webhook === undefined ? [] : [webhook], { S: 'set' }, FILE);
    expect(target?.secret).toBe(format === 'generic' ? 'set' : undefined);
  });

  it("signs for a chat target's configured secret_env no more: it is neither read nor required", () => {
    const { webhooks } = ComponentsConfigSchema.parse({
      components,
      webhooks: [{ url: 'https://hooks.slack.com/services/T/B/X', secret_env: 'SLACK_SIGNING' }],
    });
    expect(resolveWebhookTargets(webhooks, {}, FILE)[0]?.secret).toBeUndefined();
  });

  it.each<[string, object, string[]]>([
    [
      'an unknown format and a missing secret_env',
      {
        webhooks: [
          { url: 'https://hooks.example.com/a', format: 'matrix' },
          { url: 'https://hooks.example.com/b' },
          { url: 'https://hooks.example.com/c', format: 'generic' },
        ],
      },
      [
        `${FILE}: webhooks[0].format: must be one of generic, slack, discord, teams`,
        `${FILE}: webhooks[1].secret_env: is required: the environment variable holding the signing secret`,
        `${FILE}: webhooks[2].secret_env: is required: the environment variable holding the signing secret`,
      ],
    ],
    [
      'a secret_env that is not a variable name',
      { webhooks: [{ url: 'https://hooks.example.com/a', secret_env: 'my secret' }] },
      [`${FILE}: webhooks[0].secret_env: must be an environment variable name like WEBHOOK_SECRET`],
    ],
    [
      'a URL that is not http(s), without echoing it',
      { webhooks: [{ url: 'ftp://user:s3cret@example.com/', secret_env: 'S' }] },
      [`${FILE}: webhooks[0].url: must be an absolute http or https URL`],
    ],
    [
      'a public_url that is not a URL',
      { public_url: 'status page' },
      [`${FILE}: public_url: must be an absolute http or https URL`],
    ],
  ])('reports %s', (_, extra, expected) => {
    expect(problemsOf(extra)).toEqual(expected);
  });

  it('names the variable of a missing secret, never a URL or a value', () => {
    const webhooks = [
      { url: 'https://user:pw@hooks.example.com/a', format: 'generic' as const, secret_env: 'A' },
      { url: 'https://hooks.example.com/b', format: 'generic' as const, secret_env: 'B' },
    ];
    expect(() => resolveWebhookTargets(webhooks, { A: 'set', B: '' }, FILE)).toThrow(
      new InputError('environment', [
        { path: 'B', reason: `is required: the signing secret of webhooks[1] in ${FILE}` },
      ]),
    );
    const [target] = resolveWebhookTargets(webhooks, { A: 'set', B: 'set' }, FILE);
    expect(target?.key).toMatch(/^[0-9a-f]{16}$/);
  });
});
