import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { readPushTargets } from '../../../src/heartbeats/push-targets.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import type { Region } from '../../../src/schemas/region.js';
import { resolveProbeSettings } from '../../../src/settings/probe-settings.js';

const regions: Region[] = [
  { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' },
];
const configOf = (components: object[], extra: object = {}): ComponentsConfig =>
  ComponentsConfigSchema.parse({ region: 'ams1', components, ...extra });
const settingsOf = (config: ComponentsConfig) =>
  resolveProbeSettings({ config, configFile: 'data/components.json', regions, regionsFile: 'data/regions.json' });

describe('resolveProbeSettings: the kinds of check', () => {
  it('gives a heartbeat component one check of its pushes, named by its slug', () => {
    const settings = settingsOf(
      configOf([
        { name: 'Nightly Build', url: 'http://127.0.0.1:1/' },
        { name: 'nightly build', heartbeat: { every_seconds: 3600, grace_seconds: 300, token_env: 'NIGHTLY_TOKEN' } },
      ]),
    );
    expect(settings.components[1]?.checks).toEqual([
      {
        kind: 'heartbeat',
        url: 'heartbeat:nightly-build-2',
        timeoutMs: 5000,
        degradedMs: 1000,
        expectStatus: undefined,
        minCertificateDays: 14,
        heartbeat: { slug: 'nightly-build-2', everyMs: 3_600_000, graceMs: 300_000 },
      },
    ]);
  });

  it('gives each check its kind and, of the component options, those its kind takes', () => {
    const settings = settingsOf(
      configOf(
        [
          {
            name: 'Registry',
            timeout_ms: 2000,
            expect_answer: ['10.0.0.1'],
            upstream_component: 'Container Registry',
            checks: [
              { url: 'dns://10.0.0.53/registry.example.net?type=A' },
              { url: 'statuspage+https://status.example.net' },
              { url: 'grpc://registry.internal:50051' },
            ],
          },
        ],
        { upstream_refresh_seconds: 90 },
      ),
    );
    expect(settings.components[0]?.checks).toMatchObject([
      { kind: 'dns', timeoutMs: 2000, expectAnswer: ['10.0.0.1'], upstreamComponent: undefined },
      { kind: 'statuspage', timeoutMs: 2000, expectAnswer: undefined, upstreamComponent: 'Container Registry' },
      { kind: 'grpc', timeoutMs: 2000, expectAnswer: undefined, upstreamComponent: undefined },
    ]);
    expect(settings.upstreamRefreshMs).toBe(90_000);
  });
});

describe('readPushTargets', () => {
  const config = configOf([
    { name: 'Control API', url: 'http://127.0.0.1:1/' },
    { name: 'Nightly Build', heartbeat: { every_seconds: 60, token_env: 'NIGHTLY_TOKEN' } },
    { name: 'Backups', heartbeat: { every_seconds: 86_400, token_env: 'BACKUPS_TOKEN' } },
  ]);

  it('reads each heartbeat component token from the variable its token_env names', () => {
    const env = { NIGHTLY_TOKEN: 'n'.repeat(32), BACKUPS_TOKEN: 'b'.repeat(16) };
    expect(readPushTargets(config, 'data/components.json', env)).toEqual([
      { name: 'Nightly Build', slug: 'nightly-build', token: 'n'.repeat(32) },
      { name: 'Backups', slug: 'backups', token: 'b'.repeat(16) },
    ]);
  });

  it('names every variable unset, empty or too short, never a value', () => {
    let message = '';
    try {
      readPushTargets(config, 'data/components.json', { NIGHTLY_TOKEN: 'short-secret' });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      message = error.message;
    }
    expect(message.split('\n')).toEqual([
      'environment: NIGHTLY_TOKEN: is shorter than 16 characters: the push token of heartbeat component "Nightly Build" in data/components.json must not be guessable (openssl rand -hex 32 makes one)',
      'environment: BACKUPS_TOKEN: is required: the push token of heartbeat component "Backups" in data/components.json',
    ]);
    expect(message).not.toContain('short-secret');
  });
});
