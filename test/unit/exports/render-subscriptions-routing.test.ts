import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderExports } from '../../../src/exports/render-exports.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { HEADERS_FILE } from '../../helpers/fixtures.js';

const RULES = HeadersConfigSchema.parse(JSON.parse(readFileSync(HEADERS_FILE, 'utf8'))).headers;
const FILES = ['api/v1/status', 'index.html'];

describe('the exports of a config with subscribers', () => {
  const plain = renderExports(RULES, FILES, 'public');
  const routed = renderExports(RULES, FILES, 'public', { path: '/api/subscriptions' });
  const named = (exports: typeof plain, name: string) => exports.hostFiles.find((file) => file.name === name)?.contents;

  it('route the endpoint and everything under it to the probe in nginx, never cached, after the same static locations', () => {
    const nginx = named(routed, 'nginx-locations.conf') ?? '';
    expect(nginx.startsWith(named(plain, 'nginx-locations.conf') ?? '-')).toBe(true);
    for (const location of ['location = /api/subscriptions {', 'location ^~ /api/subscriptions/ {']) {
      const block = nginx.slice(nginx.indexOf(location), nginx.indexOf('}', nginx.indexOf(location)));
      expect(block).toContain('proxy_pass http://127.0.0.1:8089;');
      expect(block).toContain('proxy_no_cache 1;');
      expect(block).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    }
  });

  it('say, for the hosts that cannot route, what to route and where the docs are', () => {
    const note = named(routed, 'subscriptions-routing.txt') ?? '';
    expect(note).toContain('route /api/subscriptions and /api/subscriptions/*');
    expect(note).toContain('CachingDisabled');
    expect(note).toContain('docs/email-subscribers.md');
    expect(named(plain, 'subscriptions-routing.txt')).toBeUndefined();
    expect(named(plain, 'nginx-locations.conf')).not.toContain('subscriptions');
  });
});
