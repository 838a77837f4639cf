import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { type ComponentsConfig, ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import type { Region } from '../../../src/schemas/region.js';
import { resolveProbeSettings } from '../../../src/settings/probe-settings.js';

const regions: Region[] = [
  { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' },
  { code: 'nrt1', name: 'Tokyo 1', zone: 'ap-northeast', country: 'JP', status: 'operational' },
];
const config = (extra: object = {}): ComponentsConfig =>
  ComponentsConfigSchema.parse({
    region: 'ams1',
    components: [{ name: 'Control API', url: 'http://127.0.0.1:4101/healthz' }],
    ...extra,
  });
const input = { configFile: 'data/components.json', regions, regionsFile: 'data/regions.json' };

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('resolveProbeSettings', () => {
  it('names the region of the config code', () => {
    expect(resolveProbeSettings({ ...input, config: config() })).toMatchObject({
      regionCode: 'ams1',
      regionName: 'Amsterdam 1',
    });
  });

  it('lets an override win over the config region', () => {
    const settings = resolveProbeSettings({
      ...input,
      config: config(),
      regionOverride: { code: 'nrt1', file: '--region', path: '' },
    });
    expect(settings.regionName).toBe('Tokyo 1');
  });

  it('rejects an unknown code in the config, naming it and listing the known codes', () => {
    expect(messageOf(() => resolveProbeSettings({ ...input, config: config({ region: 'xyz9' }) }))).toBe(
      'data/components.json: region: unknown region "xyz9": not in data/regions.json; known codes: ams1, nrt1',
    );
  });

  it('rejects an unknown code from REGION, naming the variable', () => {
    const regionOverride = { code: 'lon1', file: 'environment', path: 'REGION' };
    expect(messageOf(() => resolveProbeSettings({ ...input, config: config(), regionOverride }))).toBe(
      'environment: REGION: unknown region "lon1": not in data/regions.json; known codes: ams1, nrt1',
    );
  });

  it('turns peers into their observations URLs, in code order, keeping a base path', () => {
    const settings = resolveProbeSettings({
      ...input,
      config: config({ peers: { nrt1: 'https://nrt1.example.com/status/', lhr1: 'http://10.213.0.12:8080' } }),
      regions: [...regions, { code: 'lhr1', name: 'London 1', zone: 'eu-west', country: 'GB', status: 'operational' }],
    });
    expect(settings.peers).toEqual([
      { region: 'lhr1', url: 'http://10.213.0.12:8080/api/v1/observations' },
      { region: 'nrt1', url: 'https://nrt1.example.com/status/api/v1/observations' },
    ]);
  });

  it('judges a peer stale after three intervals of the schedule', () => {
    expect(resolveProbeSettings({ ...input, config: config({ schedule: '*/10 * * * * *' }) }).peerMaxAgeMs).toBe(
      30_000,
    );
  });

  it('rejects a peer that is not in the directory and one that is this region, naming both', () => {
    const peers = { ams1: 'http://127.0.0.1:1/', xyz9: 'http://127.0.0.1:2/' };
    expect(messageOf(() => resolveProbeSettings({ ...input, config: config({ peers }) }))).toBe(
      [
        'data/components.json: peers.ams1: is the region this probe reports for; list only the other regions (this one always votes)',
        'data/components.json: peers.xyz9: unknown region "xyz9": not in data/regions.json',
      ].join('\n'),
    );
  });

  it('asks for a region when none is given anywhere', () => {
    const { region: _none, ...rest } = config();
    expect(messageOf(() => resolveProbeSettings({ ...input, config: rest }))).toBe(
      'data/components.json: region: no region given: set "region" here, pass --region CODE, or set REGION',
    );
  });

  it('gives a url component one check with the defaults, any 2xx expected', () => {
    const [component] = resolveProbeSettings({ ...input, config: config() }).components;
    expect(component).toEqual({
      name: 'Control API',
      scope: 'regional',
      checks: [
        {
          kind: 'http',
          url: 'http://127.0.0.1:4101/healthz',
          timeoutMs: 5000,
          degradedMs: 1000,
          expectStatus: undefined,
          minCertificateDays: 14,
        },
      ],
    });
  });

  it('lets checks inherit the component options and override them', () => {
    const settings = resolveProbeSettings({
      ...input,
      config: config({
        components: [
          {
            name: 'Registry',
            timeout_ms: 2000,
            degraded_ms: 800,
            expect_status: [200, 401],
            checks: [
              { url: 'http://127.0.0.1:1/v2/' },
              { url: 'http://127.0.0.1:2/v2/', timeout_ms: 900, expect_status: [204] },
            ],
          },
        ],
      }),
    });
    expect(settings.components[0]?.checks).toEqual([
      {
        kind: 'http',
        url: 'http://127.0.0.1:1/v2/',
        timeoutMs: 2000,
        degradedMs: 800,
        expectStatus: [200, 401],
        minCertificateDays: 14,
      },
      {
        kind: 'http',
        url: 'http://127.0.0.1:2/v2/',
        timeoutMs: 900,
        degradedMs: 800,
        expectStatus: [204],
        minCertificateDays: 14,
      },
    ]);
  });

  it('lets http checks inherit body conditions, and tcp checks nothing that judges an answer', () => {
    const settings = resolveProbeSettings({
      ...input,
      config: config({
        components: [
          {
            name: 'Registry',
            expect_status: [200],
            expect_json: [{ pointer: '/status', equals: 'ok' }],
            expect_text: 'ok',
            checks: [
              { url: 'http://127.0.0.1:1/health' },
              { url: 'http://127.0.0.1:2/health', expect_json: [{ pointer: '/db', in: ['up'] }] },
              { url: 'tcp://127.0.0.1:5432' },
            ],
          },
        ],
      }),
    });
    expect(settings.components[0]?.checks).toEqual([
      {
        kind: 'http',
        url: 'http://127.0.0.1:1/health',
        timeoutMs: 5000,
        degradedMs: 1000,
        expectStatus: [200],
        minCertificateDays: 14,
        expectJson: [{ pointer: '/status', equals: 'ok' }],
        expectText: 'ok',
      },
      {
        kind: 'http',
        url: 'http://127.0.0.1:2/health',
        timeoutMs: 5000,
        degradedMs: 1000,
        expectStatus: [200],
        minCertificateDays: 14,
        expectJson: [{ pointer: '/db', in: ['up'] }],
        expectText: 'ok',
      },
      {
        kind: 'tcp',
        url: 'tcp://127.0.0.1:5432',
        timeoutMs: 5000,
        degradedMs: 1000,
        expectStatus: undefined,
        minCertificateDays: 14,
      },
    ]);
  });

  it('lets checks inherit min_certificate_days and ca_file from the component and override them', () => {
    const settings = resolveProbeSettings({
      ...input,
      caFiles: new Map([
        ['ca.pem', 'PEM A'],
        ['other.pem', 'PEM B'],
      ]),
      config: config({
        components: [
          {
            name: 'Registry',
            min_certificate_days: 30,
            ca_file: 'ca.pem',
            checks: [
              { url: 'https://127.0.0.1:1/' },
              { url: 'https://127.0.0.1:2/', min_certificate_days: 7, ca_file: 'other.pem' },
            ],
          },
        ],
      }),
    });
    expect(settings.components[0]?.checks).toMatchObject([
      { minCertificateDays: 30, ca: 'PEM A' },
      { minCertificateDays: 7, ca: 'PEM B' },
    ]);
  });

  it('refuses a ca_file whose text was not read', () => {
    const withCa = config({ components: [{ name: 'Registry', checks: [{ url: 'https://a/', ca_file: 'ca.pem' }] }] });
    expect(messageOf(() => resolveProbeSettings({ ...input, config: withCa }))).toBe(
      'data/components.json: components["Registry"].checks[0].ca_file: "ca.pem" was not read',
    );
  });

  it('turns maintenance windows into instants', () => {
    const settings = resolveProbeSettings({
      ...input,
      config: config({ maintenance: [{ start: '2026-11-21T03:00:00+01:00', end: '2026-11-21T04:00:00Z' }] }),
    });
    expect(settings.maintenance).toEqual([
      { startMs: Date.parse('2026-11-21T02:00:00Z'), endMs: Date.parse('2026-11-21T04:00:00Z'), components: undefined },
    ]);
  });
});
