import { describe, expect, it } from 'vitest';
import { mailSettingsOf } from '../../../src/mail-subscribers/load-mail-settings.js';
import { ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import { withDemoSubscribers } from '../../../src/standins/demo-subscribers.js';

const shipped = { region: 'ams1', components: [{ name: 'Scheduler', url: 'http://127.0.0.1:4102/healthz' }] };
const env = { SMTP_URL: 'smtp://127.0.0.1:2525', SUBSCRIBERS_SECRET: 'a'.repeat(48) };

describe('the subscribers npm start adds', () => {
  it('puts the endpoint on the local page’s origin, which the config accepts as loopback http', () => {
    const config = ComponentsConfigSchema.parse(withDemoSubscribers(shipped, 'http://127.0.0.1:3000'));
    expect(config.public_url).toBe('http://127.0.0.1:3000');
    const settings = mailSettingsOf(config, env);
    expect(settings?.page.endpoint).toBe('http://127.0.0.1:3000/api/subscriptions');
    expect(settings?.origins).toEqual(new Set(['http://127.0.0.1:3000']));
    expect(settings?.holdMs).toBe(0);
    expect(settings?.trustedProxies).toEqual(new Set(['127.0.0.1']));
  });

  it('keeps a public_url the config names', () => {
    const config = withDemoSubscribers(
      { ...shipped, public_url: 'https://status.example.com' },
      'http://127.0.0.1:3000',
    );
    expect(config.public_url).toBe('https://status.example.com');
  });
});
