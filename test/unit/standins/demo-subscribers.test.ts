import { describe, expect, it } from 'vitest';
import { mailSettingsOf } from '../../../src/mail-subscribers/load-mail-settings.js';
import { ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import { withDemoSubscribers } from '../../../src/standins/demo-subscribers.js';
import { localOriginOf } from '../../../src/standins/start-mail-demo.js';

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

describe('the local page’s origin the demo endpoint is on', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['::', 'http://127.0.0.1:3000'],
    ['localhost', 'http://localhost:3000'],
    ['::1', 'http://[::1]:3000'],
    ['192.168.1.5', undefined],
  ])('HOST=%s: %s', (host, origin) => {
    expect(localOriginOf(host, 3000)).toBe(origin);
  });
});
