import { describe, expect, it } from 'vitest';
import { fingerprintChecks } from '../../../src/cycle/fingerprint-checks.js';
import { ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import type { Region } from '../../../src/schemas/region.js';
import { resolveProbeSettings } from '../../../src/settings/probe-settings.js';

const regions: Region[] = [
  { code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' },
];

/** One component of each kind of check, as a config writes them, with and without their options. */
const COMPONENTS = [
  { name: 'Plain HTTP', url: 'https://registry.example/v2/' },
  {
    name: 'HTTP With Options',
    url: 'https://probe:s3cret@registry.example/v2/',
    timeout_ms: 2000,
    degraded_ms: 800,
    expect_status: [200, 401],
    expect_json: [{ pointer: '/status', equals: 'ok' }],
    expect_text: 'ok',
    min_certificate_days: 30,
    ca_file: 'ca.pem',
  },
  { name: 'TCP', url: 'tcp://db.internal:5432' },
  { name: 'DNS', url: 'dns://10.0.0.53/registry.example?type=A' },
  {
    name: 'DNS With Options',
    url: 'dns:///registry.example?type=MX',
    expect_answer: ['10 mail.example'],
    expect_rcode: 'NOERROR',
  },
  { name: 'gRPC', url: 'grpc://registry.internal:50051' },
  { name: 'gRPCs With CA', url: 'grpcs://registry.internal:50051/registry.v1', ca_file: 'ca.pem' },
  { name: 'Statuspage', url: 'statuspage+https://www.githubstatus.com' },
  {
    name: 'Statuspage With Options',
    url: 'statuspage+https://www.githubstatus.com',
    upstream_component: 'Git Operations',
    ca_file: 'ca.pem',
  },
  { name: 'Heartbeat', heartbeat: { every_seconds: 3600, grace_seconds: 300, token_env: 'NIGHTLY_TOKEN' } },
  {
    name: 'Mixed',
    timeout_ms: 3000,
    checks: [{ url: 'https://a.example/' }, { url: 'tcp://a.example:443' }, { url: 'dns:///a.example' }],
  },
];

/**
 * The fingerprints these configs had before the checks became a union by kind
 * (computed with the code of main at fe60e0e): a probe restarted with an
 * unchanged config must find its memory under the same digest.
 */
const PINNED: Readonly<Record<string, string>> = {
  'Plain HTTP': 'eb3ff363d7fe12848897d9315543ed16ce91d2b0be7291f9ce121b7e05d1e1d4',
  'HTTP With Options': '96fd7b0bbaa3c2d4cd6998f6596dbadb40321d5fc83333c2993a5e0c12635ece',
  TCP: '1d547ff3c2b5f9369308db1935b55f7259503d42b241876a69afc9917e8ce1fa',
  DNS: '2e032442d1df243f2ac47dcb1ae384858d36583af0b8984a836c706c350d5083',
  'DNS With Options': '745061d5a83fe9b0858602b7316293c920999548bfc60a681359c967885beb9b',
  gRPC: 'c49b2194bd2b3305d2c1b08b9cc8bbc69cd4d18de23567e37a35e9a0e046045f',
  'gRPCs With CA': '7196606e1cae060b800e0ff1aa239b345a9ff728e890edf29497fb24e22ffdd5',
  Statuspage: '6e781a2127d67774a795b25b67c786d5b19b75ebc02518e212e2c6532ac8c037',
  'Statuspage With Options': '6ae2f6aee840010b88c8958ba778f47aac7796e7270a3ee15f61e04213dd95a9',
  Heartbeat: '3143e55937727d83707afaa48692dedb69f8a192f82fe4945e2a14711fe91d76',
  Mixed: 'e6f845a63ed2b142111b39534133168c9278720059583b23b543d1390741f90a',
};

describe('fingerprintChecks of each kind, as the settings resolve a config', () => {
  const settings = resolveProbeSettings({
    config: ComponentsConfigSchema.parse({ region: 'ams1', components: COMPONENTS }),
    configFile: 'data/components.json',
    regions,
    regionsFile: 'data/regions.json',
    caFiles: new Map([['ca.pem', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n']]),
  });

  it.each(settings.components.map((component) => [component.name, component] as const))(
    'keeps the fingerprint %s had',
    (name, component) => {
      expect(fingerprintChecks(component.checks)).toBe(PINNED[name]);
    },
  );
});
