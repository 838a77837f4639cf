import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { parseDocument } from '../../../src/io/parse-document.js';
import { ComponentsConfigSchema } from '../../../src/schemas/components-config.js';

const FILE = 'data/components.json';

/** The problems a config has, as the lines a user would read. */
function problemsOf(config: unknown): string[] {
  try {
    parseDocument(FILE, JSON.stringify(config), ComponentsConfigSchema);
  } catch (error) {
    if (error instanceof InputError) return error.message.split('\n');
    throw error;
  }
  return [];
}

const heartbeat = { every_seconds: 3600, grace_seconds: 300, token_env: 'NIGHTLY_BUILD_TOKEN' };
const one = (component: Record<string, unknown>) => ({ components: [{ name: 'Nightly Build', ...component }] });

describe('ComponentsConfigSchema: the kinds of check', () => {
  it('accepts one component of every kind, each with its own options', () => {
    const config = {
      upstream_refresh_seconds: 120,
      components: [
        { name: 'Nightly Build', heartbeat },
        {
          name: 'Registry DNS',
          url: 'dns://10.0.0.53/registry.example.net?type=A',
          expect_answer: ['10.0.0.1'],
          expect_rcode: 'NOERROR',
        },
        {
          name: 'Scheduler',
          url: 'grpcs://scheduler.internal:443/scheduler.v1.Scheduler',
          ca_file: 'ca.pem',
          min_certificate_days: 7,
        },
        { name: 'GitHub', url: 'statuspage+https://www.githubstatus.com', upstream_component: 'Git Operations' },
        { name: 'Code host', url: 'statuspage+https://www.githubstatus.com' },
      ],
    };
    expect(problemsOf(config)).toEqual([]);
    const parsed = ComponentsConfigSchema.parse(config);
    expect(parsed.components[0]).toMatchObject({ scope: 'regional', heartbeat });
    expect(parsed.upstream_refresh_seconds).toBe(120);
  });

  it('gives grace_seconds 0 and reads providers once a minute unless told', () => {
    const parsed = ComponentsConfigSchema.parse(one({ heartbeat: { every_seconds: 5, token_env: 'T' } }));
    expect(parsed.components[0]?.heartbeat?.grace_seconds).toBe(0);
    expect(parsed.upstream_refresh_seconds).toBe(60);
  });

  it.each<[string, unknown, string[]]>([
    [
      'a heartbeat and a url',
      one({ heartbeat, url: 'http://127.0.0.1:1/' }),
      [`${FILE}: components["Nightly Build"]: has both "url" and "heartbeat"; give one`],
    ],
    [
      'a global heartbeat',
      one({ heartbeat, scope: 'global' }),
      [
        `${FILE}: components["Nightly Build"].scope: a heartbeat component is regional: other regions never see its pushes; remove "scope"`,
      ],
    ],
    [
      'a check option on a heartbeat',
      one({ heartbeat, timeout_ms: 1000 }),
      [
        `${FILE}: components["Nightly Build"].timeout_ms: does not apply to a heartbeat component, which is judged by its pushes; remove it`,
      ],
    ],
    [
      'every_seconds of 0',
      one({ heartbeat: { ...heartbeat, every_seconds: 0 } }),
      [`${FILE}: components["Nightly Build"].heartbeat.every_seconds: must be at least 1`],
    ],
    [
      'a fractional grace',
      one({ heartbeat: { ...heartbeat, grace_seconds: 1.5 } }),
      [`${FILE}: components["Nightly Build"].heartbeat.grace_seconds: must be a whole number of seconds`],
    ],
    [
      'no token_env',
      one({ heartbeat: { every_seconds: 60 } }),
      [
        `${FILE}: components["Nightly Build"].heartbeat.token_env: is required: the environment variable holding the token pushes carry`,
      ],
    ],
    [
      'a token_env that is no variable name',
      one({ heartbeat: { ...heartbeat, token_env: 'nightly token' } }),
      [
        `${FILE}: components["Nightly Build"].heartbeat.token_env: must be an environment variable name like NIGHTLY_BUILD_TOKEN`,
      ],
    ],
    [
      'a heartbeat that is not an object',
      one({ heartbeat: 3600 }),
      [
        `${FILE}: components["Nightly Build"].heartbeat: must be an object like { "every_seconds": 3600, "grace_seconds": 300, "token_env": "NIGHTLY_BUILD_TOKEN" }`,
      ],
    ],
    [
      'expect_status on a dns check',
      one({ url: 'dns://10.0.0.53/registry.example.net', expect_status: [200] }),
      [
        `${FILE}: components["Nightly Build"].expect_status: does not apply to a dns check, which asks a name server; remove it or use an http(s) URL`,
      ],
    ],
    [
      'expect_answer on an http check',
      one({ url: 'https://registry.example.net/', expect_answer: ['10.0.0.1'] }),
      [
        `${FILE}: components["Nightly Build"].expect_answer: does not apply to an http check, which requests a URL; remove it or use a dns:// URL`,
      ],
    ],
    [
      'an empty expect_answer',
      one({ url: 'dns://10.0.0.53/registry.example.net', expect_answer: [] }),
      [`${FILE}: components["Nightly Build"].expect_answer: must list at least one record, or be left out`],
    ],
    [
      'an rcode DNS has not',
      one({ url: 'dns://10.0.0.53/registry.example.net', expect_rcode: 'NODATA' }),
      [
        `${FILE}: components["Nightly Build"].expect_rcode: must be one of NOERROR, NXDOMAIN, SERVFAIL, REFUSED, NOTIMP, FORMERR`,
      ],
    ],
    [
      'degraded_ms on a provider',
      one({ url: 'statuspage+https://www.githubstatus.com', degraded_ms: 500 }),
      [
        `${FILE}: components["Nightly Build"].degraded_ms: does not apply to a statuspage check, which reads a provider's Statuspage; remove it or use an http(s) URL, a tcp:// URL, a dns:// URL or a grpc(s):// URL`,
      ],
    ],
    [
      'upstream_component on a grpc check',
      one({ checks: [{ url: 'grpc://scheduler.internal:50051', upstream_component: 'API' }] }),
      [
        `${FILE}: components["Nightly Build"].checks[0].upstream_component: does not apply to a grpc check, which calls the gRPC health service; remove it or use a statuspage+https:// URL`,
      ],
    ],
    [
      'a component option that fits none of its checks',
      one({ expect_answer: ['10.0.0.1'], checks: [{ url: 'https://a.example/' }, { url: 'tcp://a.example:5432' }] }),
      [`${FILE}: components["Nightly Build"].expect_answer: applies to none of its checks; it is for a dns:// URL`],
    ],
    [
      'upstream_refresh_seconds of 0',
      { upstream_refresh_seconds: 0, ...one({ heartbeat }) },
      [`${FILE}: upstream_refresh_seconds: must be at least 1`],
    ],
  ])('refuses %s, naming the component by its name', (_what, config, expected) => {
    expect(problemsOf(config)).toEqual(expected);
  });

  it('names a heartbeat component (it has no url) by its name in every problem', () => {
    const problems = problemsOf({
      components: [
        { name: 'Control API', url: 'http://127.0.0.1:4101/' },
        { name: 'Nightly Build', heartbeat: { ...heartbeat, every_seconds: -1 }, scope: 'global' },
      ],
    });
    expect(problems).toEqual([
      `${FILE}: components["Nightly Build"].heartbeat.every_seconds: must be at least 1`,
      `${FILE}: components["Nightly Build"].scope: a heartbeat component is regional: other regions never see its pushes; remove "scope"`,
    ]);
  });

  it('lets a component option reach only the checks of kinds it applies to', () => {
    const config = one({
      timeout_ms: 2000,
      expect_answer: ['10.0.0.1'],
      checks: [{ url: 'dns://10.0.0.53/registry.example.net' }, { url: 'https://registry.example.net/' }],
    });
    expect(problemsOf(config)).toEqual([]);
  });
});
