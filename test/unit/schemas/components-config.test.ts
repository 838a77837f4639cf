import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { parseDocument } from '../../../src/io/parse-document.js';
import {
  ComponentsConfigSchema,
  DEFAULT_CONCURRENCY,
  DEFAULT_PEER_TIMEOUT_MS,
  DEFAULT_SCHEDULE,
  DEFAULT_THRESHOLD_CYCLES,
} from '../../../src/schemas/components-config.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

const FILE = 'data/components.json';
const sundays = { cron: '0 2 * * 0', duration_minutes: 60, time_zone: 'Europe/Amsterdam' };
const minimal = { region: 'ams1', components: [{ name: 'Control API', url: 'http://127.0.0.1:4101/healthz' }] };

/** The problems a config has, as the lines a user would read. */
function problemsOf(config: unknown): string[] {
  try {
    parseDocument(FILE, typeof config === 'string' ? config : JSON.stringify(config), ComponentsConfigSchema);
  } catch (error) {
    if (error instanceof InputError) return error.message.split('\n');
    throw error;
  }
  return [];
}

describe('ComponentsConfigSchema', () => {
  it('accepts the shipped data/components.json with four components', async () => {
    const text = await readFile(join(REPO_ROOT, 'data', 'components.json'), 'utf8');
    const config = parseDocument(FILE, text, ComponentsConfigSchema);
    expect(config.components.map((component) => component.name)).toEqual([
      'Control API',
      'Scheduler',
      'Build Service',
      'Registry',
    ]);
  });

  it('fills in the defaults for everything optional', () => {
    const config = ComponentsConfigSchema.parse({ components: minimal.components });
    expect(config).toMatchObject({
      schedule: DEFAULT_SCHEDULE,
      failure_threshold: DEFAULT_THRESHOLD_CYCLES,
      success_threshold: DEFAULT_THRESHOLD_CYCLES,
      concurrency: DEFAULT_CONCURRENCY,
      maintenance: [],
    });
    expect(config.region).toBeUndefined();
    expect(config.connectivity_url).toBeUndefined();
  });

  it.each([
    ['several checks for one component', { checks: [{ url: 'http://127.0.0.1:1/a' }, { url: 'https://x.example/b' }] }],
    ['options per component', { url: 'http://127.0.0.1:1/', timeout_ms: 2000, degraded_ms: 800, expect_status: [401] }],
    ['options per check', { checks: [{ url: 'http://127.0.0.1:1/', timeout_ms: 300, degraded_ms: 100 }] }],
  ])('accepts %s', (_name, component) => {
    expect(problemsOf({ components: [{ name: 'Registry', ...component }] })).toEqual([]);
  });

  it('accepts a maintenance window for named components and one for all', () => {
    const config = {
      ...minimal,
      maintenance: [
        { start: '2026-11-21T02:00:00Z', end: '2026-11-21T04:00:00Z', components: ['Control API'] },
        { start: '2026-11-22T02:00:00+01:00', end: '2026-11-22T03:00:00+01:00', note: 'kernel upgrades' },
      ],
    };
    expect(problemsOf(config)).toEqual([]);
  });

  it('accepts a recurring window beside a fixed one, and announces a week ahead unless told', () => {
    const config = ComponentsConfigSchema.parse({
      ...minimal,
      maintenance: [
        { start: '2026-11-21T02:00:00Z', end: '2026-11-21T04:00:00Z' },
        { ...sundays, note: 'patching' },
      ],
    });
    expect(config.maintenance[1]).toEqual({ ...sundays, note: 'patching' });
    expect(config.maintenance_announce_days).toBe(7);
  });

  it.each<[string, unknown, string[]]>([
    ['an empty file', '', [`${FILE}: is empty`]],
    ['text that is not JSON', '{ components: ', [expect.stringMatching(/^data\/components\.json: is not valid JSON/)]],
    ['a list instead of an object', [], [`${FILE}: must be a JSON object with a "components" list`]],
    ['no components', { region: 'ams1' }, [`${FILE}: components: is required: the list of components to probe`]],
    ['components as an object', { components: {} }, [`${FILE}: components: must be a list of components`]],
    [
      'a component that is not an object',
      { components: ['Scheduler'] },
      [`${FILE}: components[0]: must be an object with a "name" and a "url", "checks" or "heartbeat"`],
    ],
    ['an empty component list', { components: [] }, [`${FILE}: components: must list at least one component`]],
    [
      'a component without a name',
      { components: [{ url: 'http://127.0.0.1:1/' }] },
      [`${FILE}: components[0].name: is required: the name the status shows`],
    ],
    [
      'a check without a URL',
      { components: [{ name: 'Scheduler', checks: [{ timeout_ms: 100 }] }] },
      [`${FILE}: components["Scheduler"].checks[0].url: is required: the URL to request`],
    ],
    [
      'an empty name',
      { components: [{ name: '', url: 'http://127.0.0.1:1/' }] },
      [`${FILE}: components[0].name: must not be empty`],
    ],
    [
      'neither url nor checks',
      { components: [{ name: 'Scheduler' }] },
      [`${FILE}: components["Scheduler"]: needs "url", "checks" or "heartbeat"`],
    ],
    [
      'both url and checks',
      { components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/', checks: [{ url: 'http://127.0.0.1:2/' }] }] },
      [`${FILE}: components["Scheduler"]: has both "url" and "checks"; give one`],
    ],
    [
      'an empty check list',
      { components: [{ name: 'Scheduler', checks: [] }] },
      [`${FILE}: components["Scheduler"].checks: must list at least one check`],
    ],
    [
      'a URL that is not a URL',
      { components: [{ name: 'Scheduler', url: 'not a url' }] },
      [
        `${FILE}: components["Scheduler"].url: must be an absolute http or https URL, or tcp://host:port, dns://, grpc(s):// or statuspage+https://`,
      ],
    ],
    [
      'a relative URL',
      { components: [{ name: 'Scheduler', url: '/healthz' }] },
      [
        `${FILE}: components["Scheduler"].url: must be an absolute http or https URL, or tcp://host:port, dns://, grpc(s):// or statuspage+https://`,
      ],
    ],
    [
      'an ftp URL',
      { components: [{ name: 'Scheduler', url: 'ftp://127.0.0.1/x' }] },
      [
        `${FILE}: components["Scheduler"].url: must be an absolute http or https URL, or tcp://host:port, dns://, grpc(s):// or statuspage+https://`,
      ],
    ],
    [
      'a bad URL in a check',
      { components: [{ name: 'Scheduler', checks: [{ url: 'http//x' }] }] },
      [
        `${FILE}: components["Scheduler"].checks[0].url: must be an absolute http or https URL, or tcp://host:port, dns://, grpc(s):// or statuspage+https://`,
      ],
    ],
    [
      'a duplicate name',
      {
        components: [
          { name: 'Scheduler', url: 'http://127.0.0.1:1/' },
          { name: 'Scheduler', url: 'http://127.0.0.1:2/' },
        ],
      },
      [`${FILE}: components[1].name: "Scheduler" is already used by components[0]`],
    ],
    [
      'a zero timeout',
      { components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/', timeout_ms: 0 }] },
      [`${FILE}: components["Scheduler"].timeout_ms: must be greater than 0`],
    ],
    [
      'a timeout in seconds as text',
      { components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/', timeout_ms: '5s' }] },
      [`${FILE}: components["Scheduler"].timeout_ms: must be a number of milliseconds`],
    ],
    [
      'a fractional timeout',
      { components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/', timeout_ms: 1.5 }] },
      [`${FILE}: components["Scheduler"].timeout_ms: must be a whole number of milliseconds`],
    ],
    [
      'an hour-long timeout',
      { components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/', timeout_ms: 3_600_000 }] },
      [`${FILE}: components["Scheduler"].timeout_ms: must be at most 60000`],
    ],
    [
      'degraded_ms not below timeout_ms',
      { components: [{ name: 'Scheduler', url: 'http://127.0.0.1:1/', timeout_ms: 1000, degraded_ms: 1000 }] },
      [`${FILE}: components["Scheduler"].degraded_ms: degraded_ms (1000) must be less than timeout_ms (1000)`],
    ],
    [
      'an inherited degraded_ms not below a check timeout',
      {
        components: [
          { name: 'Scheduler', degraded_ms: 900, checks: [{ url: 'http://127.0.0.1:1/', timeout_ms: 500 }] },
        ],
      },
      [`${FILE}: components["Scheduler"].checks[0].degraded_ms: degraded_ms (900) must be less than timeout_ms (500)`],
    ],
    [
      'a status code out of range',
      { components: [{ name: 'Registry', url: 'http://127.0.0.1:1/', expect_status: [200, 700] }] },
      [`${FILE}: components["Registry"].expect_status[1]: must be an HTTP status code (100-599)`],
    ],
    [
      'an empty expect_status',
      { components: [{ name: 'Registry', url: 'http://127.0.0.1:1/', expect_status: [] }] },
      [`${FILE}: components["Registry"].expect_status: must list at least one status code`],
    ],
    [
      'a status code listed twice',
      { components: [{ name: 'Registry', url: 'http://127.0.0.1:1/', expect_status: [200, 200] }] },
      [`${FILE}: components["Registry"].expect_status: must not list a status code twice`],
    ],
    [
      'expect_status as one number',
      { components: [{ name: 'Registry', url: 'http://127.0.0.1:1/', expect_status: 200 }] },
      [`${FILE}: components["Registry"].expect_status: must be a list of HTTP status codes`],
    ],
    [
      'a misspelt option',
      { components: [{ name: 'Registry', url: 'http://127.0.0.1:1/', timeout: 5 }] },
      [`${FILE}: components["Registry"]: Unrecognized key: "timeout"`],
    ],
    ['an unknown top-level key', { ...minimal, regoin: 'ams1' }, [`${FILE}: Unrecognized key: "regoin"`]],
    [
      'a region that is not a code',
      { ...minimal, region: 'Amsterdam 1' },
      [`${FILE}: region: "Amsterdam 1" is not a region code like ams1`],
    ],
    [
      'a schedule that is not cron',
      { ...minimal, schedule: 'every 30 seconds' },
      [expect.stringMatching(/^data\/components\.json: schedule: "every 30 seconds" is not a node-cron schedule/)],
    ],
    [
      'a schedule with a second 61',
      { ...minimal, schedule: '61 * * * * *' },
      [expect.stringMatching(/^data\/components\.json: schedule: "61 \* \* \* \* \*" is not a node-cron schedule/)],
    ],
    [
      'a zero failure threshold',
      { ...minimal, failure_threshold: 0 },
      [`${FILE}: failure_threshold: must be at least 1`],
    ],
    [
      'a fractional success threshold',
      { ...minimal, success_threshold: 1.5 },
      [`${FILE}: success_threshold: must be a whole number of cycles`],
    ],
    ['a zero concurrency', { ...minimal, concurrency: 0 }, [`${FILE}: concurrency: must be at least 1`]],
    [
      'a bad connectivity URL',
      { ...minimal, connectivity_url: 'example.com' },
      [`${FILE}: connectivity_url: must be an absolute http or https URL`],
    ],
    [
      'a maintenance window without a zone',
      { ...minimal, maintenance: [{ start: '2026-11-21T02:00:00', end: '2026-11-21T04:00:00Z' }] },
      [`${FILE}: maintenance[0].start: must be an ISO 8601 date and time with a zone, like 2026-11-21T02:00:00Z`],
    ],
    [
      'a maintenance window that ends before it starts',
      { ...minimal, maintenance: [{ start: '2026-11-21T04:00:00Z', end: '2026-11-21T02:00:00Z' }] },
      [`${FILE}: maintenance[0].end: must be after start`],
    ],
    [
      'a maintenance window for an unknown component',
      {
        ...minimal,
        maintenance: [{ start: '2026-11-21T02:00:00Z', end: '2026-11-21T04:00:00Z', components: ['Sheduler'] }],
      },
      [`${FILE}: maintenance[0].components[0]: "Sheduler" is not the name of a component`],
    ],
    [
      'a maintenance window naming no component',
      { ...minimal, maintenance: [{ start: '2026-11-21T02:00:00Z', end: '2026-11-21T04:00:00Z', components: [] }] },
      [`${FILE}: maintenance[0].components: must name at least one component, or be left out`],
    ],
    [
      'a recurring window with a bad cron',
      { ...minimal, maintenance: [{ ...sundays, cron: '0 25 * * 0' }] },
      [
        expect.stringMatching(
          /^data\/components\.json: maintenance\[0\]\.cron: "0 25 \* \* 0" is not a node-cron schedule/,
        ),
      ],
    ],
    [
      'a recurring window in an unknown time zone',
      { ...minimal, maintenance: [{ ...sundays, time_zone: 'Europe/Amsterdamm' }] },
      [`${FILE}: maintenance[0].time_zone: "Europe/Amsterdamm" is not an IANA time zone name, like Europe/Amsterdam`],
    ],
    [
      'a recurring window of a fractional duration',
      { ...minimal, maintenance: [{ ...sundays, duration_minutes: 1.5 }] },
      [`${FILE}: maintenance[0].duration_minutes: must be a whole number of minutes`],
    ],
    [
      'a recurring window of no duration',
      { ...minimal, maintenance: [{ ...sundays, duration_minutes: 0 }] },
      [`${FILE}: maintenance[0].duration_minutes: must be greater than 0`],
    ],
    [
      'a recurring window longer than a week',
      { ...minimal, maintenance: [{ ...sundays, duration_minutes: 10_081 }] },
      [`${FILE}: maintenance[0].duration_minutes: must be at most 10080 (7 days)`],
    ],
    [
      'a recurring window without a time zone',
      { ...minimal, maintenance: [{ cron: '0 2 * * 0', duration_minutes: 60 }] },
      [`${FILE}: maintenance[0].time_zone: is required: the IANA time zone the cron is read in, like Europe/Amsterdam`],
    ],
    [
      'a recurring window with the duration as text',
      { ...minimal, maintenance: [{ ...sundays, duration_minutes: '60' }] },
      [`${FILE}: maintenance[0].duration_minutes: must be a number of minutes`],
    ],
    [
      'a recurring window with a misspelt key',
      { ...minimal, maintenance: [{ ...sundays, timezone: 'UTC' }] },
      [`${FILE}: maintenance[0]: Unrecognized key: "timezone"`],
    ],
    [
      'a window both fixed and recurring',
      { ...minimal, maintenance: [{ ...sundays, start: '2026-11-21T02:00:00Z', end: '2026-11-21T04:00:00Z' }] },
      [`${FILE}: maintenance[0]: has both "start"/"end" and "cron"; a window is either fixed or recurring`],
    ],
    [
      'a recurring window for an unknown component',
      { ...minimal, maintenance: [{ ...sundays, components: ['Sheduler'] }] },
      [`${FILE}: maintenance[0].components[0]: "Sheduler" is not the name of a component`],
    ],
    [
      'a negative announce horizon',
      { ...minimal, maintenance_announce_days: -1 },
      [`${FILE}: maintenance_announce_days: must be at least 0`],
    ],
  ])('rejects %s, naming the file, the path and the reason', (_name, config, expected) => {
    expect(problemsOf(config)).toEqual(expected);
  });

  it('reports every problem of one component, one line each', () => {
    const problems = problemsOf({ components: [{ name: '', url: 'nope', timeout_ms: -1 }] });
    expect(problems).toEqual([
      `${FILE}: components[0].name: must not be empty`,
      `${FILE}: components[0].url: must be an absolute http or https URL, or tcp://host:port, dns://, grpc(s):// or statuspage+https://`,
      `${FILE}: components[0].timeout_ms: must be greater than 0`,
    ]);
  });

  it('reports a duplicate name even when another field has the wrong type', () => {
    const problems = problemsOf({
      region: 7,
      components: [
        { name: 'Scheduler', url: 'http://127.0.0.1:1/' },
        { name: 'Scheduler', url: 4102 },
      ],
    });
    expect(problems).toEqual([
      `${FILE}: region: Invalid input: expected string, received number`,
      `${FILE}: components[1].url: Invalid input: expected string, received number`,
      `${FILE}: components[1].name: "Scheduler" is already used by components[0]`,
    ]);
  });

  it('keeps the group a component names, and leaves it out when none is named', () => {
    const config = ComponentsConfigSchema.parse({
      components: [
        { name: 'Control API', group: 'Core platform', url: 'http://127.0.0.1:1/' },
        { name: 'Registry', url: 'http://127.0.0.1:2/' },
      ],
    });
    expect(config.components.map((component) => component.group)).toEqual(['Core platform', undefined]);
  });

  it.each([
    ['an empty group', '', 'must not be empty'],
    ['a group with white space at its end', 'Core ', 'must not start or end with white space'],
  ])('rejects %s, naming the field', (_name, group, reason) => {
    expect(problemsOf({ components: [{ name: 'Registry', group, url: 'http://127.0.0.1:1/' }] })).toEqual([
      `${FILE}: components["Registry"].group: ${reason}`,
    ]);
  });

  it('keeps page_name, the Statuspage documents’ page name, and rejects one that is not a label', () => {
    const named = ComponentsConfigSchema.parse({ ...minimal, page_name: 'Example Cloud' });
    expect(named.page_name).toBe('Example Cloud');
    expect(ComponentsConfigSchema.parse(minimal).page_name).toBeUndefined();
    expect(problemsOf({ ...minimal, page_name: ' Example' })).toEqual([
      `${FILE}: page_name: must not start or end with white space`,
    ]);
  });

  it('makes every component regional and lists no peers unless told', () => {
    const config = ComponentsConfigSchema.parse(minimal);
    expect(config.peers).toEqual({});
    expect(config.peer_timeout_ms).toBe(DEFAULT_PEER_TIMEOUT_MS);
    expect(config.components[0]?.scope).toBe('regional');
  });

  it('accepts peers by region code and a global component', () => {
    const config = {
      ...minimal,
      peers: { fra1: 'https://fra1.status.example.com', lhr1: 'http://10.213.0.12:8080/' },
      peer_timeout_ms: 1500,
      components: [{ ...minimal.components[0], scope: 'global' }],
    };
    expect(problemsOf(config)).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    [
      'peers as a list',
      { ...minimal, peers: ['https://fra1.example.com'] },
      [`${FILE}: peers: must be an object of region codes to base URLs, like { "fra1": "https://fra1.example.com" }`],
    ],
    [
      'a peer keyed by region name',
      { ...minimal, peers: { Frankfurt: 'https://fra1.example.com' } },
      [`${FILE}: peers.Frankfurt: is not a region code like ams1`],
    ],
    [
      'a peer URL that is not http',
      { ...minimal, peers: { fra1: 'ftp://fra1.example.com' } },
      [`${FILE}: peers.fra1: must be an absolute http or https URL`],
    ],
    [
      'an unknown scope',
      { ...minimal, components: [{ ...minimal.components[0], scope: 'world' }] },
      [`${FILE}: components["Control API"].scope: must be "global" or "regional"`],
    ],
    ['a zero peer timeout', { ...minimal, peer_timeout_ms: 0 }, [`${FILE}: peer_timeout_ms: must be greater than 0`]],
  ])('rejects %s', (_name, config, expected) => {
    expect(problemsOf(config)).toEqual(expected);
  });

  it('accepts body conditions on a component and a tcp check beside its http check', () => {
    const config = ComponentsConfigSchema.parse({
      components: [
        {
          name: 'Registry',
          expect_json: [
            { pointer: '/status', equals: 'ok' },
            { pointer: '/a~1b/~0c', in: ['up', null, 1] },
            { pointer: '/db', equals: null },
          ],
          checks: [
            { url: 'https://registry.example.com/health', expect_text: 'healthy' },
            { url: 'tcp://registry.example.com:5000' },
            { url: 'tcp://[::1]:443/' },
          ],
        },
      ],
    });
    expect(config.components[0]?.expect_json?.[2]).toEqual({ pointer: '/db', equals: null });
    expect(config.components[0]?.checks?.[1]?.url).toBe('tcp://registry.example.com:5000');
  });

  const tcpComponent = (check: Record<string, unknown>) => ({
    components: [{ name: 'Database', checks: [{ url: 'tcp://db.internal:5432', ...check }] }],
  });
  const TCP_URL_REASON =
    'a tcp URL is tcp://host:port with a port from 1 to 65535 and nothing after it, like tcp://db.internal:5432';
  const NOT_FOR_TCP = 'does not apply to a tcp check, which only connects; remove it or use an http(s) URL';
  const NOT_FOR_TCP_BUT_TLS = `${NOT_FOR_TCP} or a grpc(s):// URL`;
  const NOT_FOR_TCP_BUT_CA =
    'does not apply to a tcp check, which only connects; remove it or use an http(s) URL, a grpc(s):// URL or a statuspage+https:// URL';
  it.each<[string, unknown, string[]]>([
    [
      'a tcp URL without a port',
      tcpComponent({ url: 'tcp://db.internal' }),
      [`${FILE}: components["Database"].checks[0].url: ${TCP_URL_REASON}`],
    ],
    [
      'a tcp URL with port 0',
      tcpComponent({ url: 'tcp://db.internal:0' }),
      [`${FILE}: components["Database"].checks[0].url: ${TCP_URL_REASON}`],
    ],
    [
      'a tcp URL with port 65536',
      tcpComponent({ url: 'tcp://db.internal:65536' }),
      [`${FILE}: components["Database"].checks[0].url: ${TCP_URL_REASON}`],
    ],
    [
      'a tcp URL with a path',
      tcpComponent({ url: 'tcp://db.internal:5432/x' }),
      [`${FILE}: components["Database"].checks[0].url: ${TCP_URL_REASON}`],
    ],
    [
      'a tcp URL without a host',
      tcpComponent({ url: 'tcp://:5432' }),
      [`${FILE}: components["Database"].checks[0].url: ${TCP_URL_REASON}`],
    ],
    [
      'expect_status on a tcp check',
      tcpComponent({ expect_status: [200] }),
      [`${FILE}: components["Database"].checks[0].expect_status: ${NOT_FOR_TCP}`],
    ],
    [
      'expect_json on a tcp component url',
      {
        components: [{ name: 'Database', url: 'tcp://db.internal:5432', expect_json: [{ pointer: '/a', equals: 1 }] }],
      },
      [`${FILE}: components["Database"].expect_json: ${NOT_FOR_TCP}`],
    ],
    [
      'expect_text on a tcp check',
      tcpComponent({ expect_text: 'ok' }),
      [`${FILE}: components["Database"].checks[0].expect_text: ${NOT_FOR_TCP}`],
    ],
    [
      'min_certificate_days on a tcp check',
      tcpComponent({ min_certificate_days: 30 }),
      [`${FILE}: components["Database"].checks[0].min_certificate_days: ${NOT_FOR_TCP_BUT_TLS}`],
    ],
    [
      'ca_file on a tcp check',
      tcpComponent({ ca_file: 'ca.pem' }),
      [`${FILE}: components["Database"].checks[0].ca_file: ${NOT_FOR_TCP_BUT_CA}`],
    ],
    [
      'a negative min_certificate_days',
      { components: [{ name: 'API', url: 'https://a.example/', min_certificate_days: -1 }] },
      [`${FILE}: components["API"].min_certificate_days: must be at least 0`],
    ],
    [
      'a fractional min_certificate_days',
      { components: [{ name: 'API', checks: [{ url: 'https://a.example/', min_certificate_days: 1.5 }] }] },
      [`${FILE}: components["API"].checks[0].min_certificate_days: must be a whole number of days`],
    ],
    [
      'an empty ca_file',
      { components: [{ name: 'API', checks: [{ url: 'https://a.example/', ca_file: '' }] }] },
      [`${FILE}: components["API"].checks[0].ca_file: must be the path of a PEM file`],
    ],
    [
      'a pointer without a leading slash',
      { components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_json: [{ pointer: 'status', equals: 'ok' }] }] },
      [
        `${FILE}: components["API"].expect_json[0].pointer: "status" is not a JSON Pointer (RFC 6901): it is "" or starts with "/", and a "~" in a name is written "~0", a "/" in a name "~1"`,
      ],
    ],
    [
      'a pointer with a bare ~',
      { components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_json: [{ pointer: '/a~2', equals: 'ok' }] }] },
      [
        `${FILE}: components["API"].expect_json[0].pointer: "/a~2" is not a JSON Pointer (RFC 6901): it is "" or starts with "/", and a "~" in a name is written "~0", a "/" in a name "~1"`,
      ],
    ],
    [
      'a condition with neither equals nor in',
      { components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_json: [{ pointer: '/status' }] }] },
      [`${FILE}: components["API"].expect_json[0]: needs "equals" (a value) or "in" (a list of values)`],
    ],
    [
      'a condition with both equals and in',
      {
        components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_json: [{ pointer: '/s', equals: 1, in: [1] }] }],
      },
      [`${FILE}: components["API"].expect_json[0]: has both "equals" and "in"; give one`],
    ],
    [
      'an empty in',
      { components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_json: [{ pointer: '/s', in: [] }] }] },
      [`${FILE}: components["API"].expect_json[0].in: must list at least one value`],
    ],
    [
      'an unknown key in a condition',
      { components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_json: [{ pointer: '/s', equal: 1 }] }] },
      [
        expect.stringMatching(/^data\/components\.json: components\["API"\]\.expect_json\[0\]: .*equal/),
        `${FILE}: components["API"].expect_json[0]: needs "equals" (a value) or "in" (a list of values)`,
      ],
    ],
    [
      'an empty expect_text',
      { components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_text: '' }] },
      [`${FILE}: components["API"].expect_text: must not be empty`],
    ],
    [
      'expect_json as one object',
      { components: [{ name: 'API', url: 'http://127.0.0.1:1/', expect_json: { pointer: '/s', equals: 1 } }] },
      [
        `${FILE}: components["API"].expect_json: must be a list of conditions like { "pointer": "/status", "equals": "ok" }`,
      ],
    ],
  ])('rejects %s, naming the field', (_name, config, expected) => {
    expect(problemsOf(config)).toEqual(expected);
  });

  it('never echoes a tcp URL in a problem', () => {
    expect(problemsOf(tcpComponent({ url: 'tcp://user:s3cret@db.internal:5432' })).join('\n')).not.toMatch(/s3cret/);
  });

  it('never echoes a URL, which may carry credentials, in a problem', () => {
    const problems = problemsOf({ components: [{ name: 'Registry', url: 'ftp://user:s3cret@127.0.0.1/?token=abc' }] });
    expect(problems.join('\n')).not.toMatch(/s3cret|token|abc/);
  });
});

describe('ComponentsConfigSchema: URLs a check could not use', () => {
  const UNDECODABLE =
    'has a user name or password whose percent-encoding does not decode to UTF-8 (write a % itself as %25)';
  const PORT_0 = 'has port 0, which nothing listens on; a port is 1 to 65535';
  it.each<[string, unknown, string[]]>([
    [
      'a password with a % that starts no escape',
      { components: [{ name: 'Registry', url: 'http://user:p%ZZ@127.0.0.1:5301/' }] },
      [`${FILE}: components["Registry"].url: ${UNDECODABLE}`],
    ],
    [
      'a user name whose escapes are not UTF-8',
      { components: [{ name: 'Registry', checks: [{ url: 'https://%E0%A4@registry.example/v2/' }] }] },
      [`${FILE}: components["Registry"].checks[0].url: ${UNDECODABLE}`],
    ],
    [
      'port 0',
      { components: [{ name: 'Registry', url: 'http://127.0.0.1:0/healthz' }] },
      [`${FILE}: components["Registry"].url: ${PORT_0}`],
    ],
    [
      'a webhook and a peer with such URLs',
      {
        ...minimal,
        peers: { fra1: 'https://fra1.example:0/' },
        webhooks: [{ url: 'https://hook:%@hooks.example/x', secret_env: 'WEBHOOK_SECRET' }],
      },
      [`${FILE}: peers.fra1: ${PORT_0}`, `${FILE}: webhooks[0].url: ${UNDECODABLE}`],
    ],
  ])('refuses %s at start, naming the field', (_name, config, expected) => {
    expect(problemsOf(config)).toEqual(expected);
    expect(expected.join('\n')).not.toMatch(/p%ZZ|%E0|hook:/);
  });

  it('accepts credentials that decode, and a literal % written %25', () => {
    expect(problemsOf({ components: [{ name: 'Registry', url: 'https://probe:p%25w%C3%B6rd@r.example/' }] })).toEqual(
      [],
    );
  });
});

describe('ComponentsConfigSchema: names', () => {
  it('names the component a problem is about, heartbeat-style components without url included', () => {
    const config = {
      components: [
        { name: 'Control API', url: 'http://127.0.0.1:4101/' },
        { name: 'Scheduler', url: 'http://127.0.0.1:4102/' },
        { name: 'Build Service' },
      ],
    };
    expect(problemsOf(config)).toEqual([`${FILE}: components["Build Service"]: needs "url", "checks" or "heartbeat"`]);
  });

  it('refuses a name that differs from another only in Unicode normalisation', () => {
    const config = {
      components: [
        { name: 'Caf\u00e9', url: 'http://127.0.0.1:1/' },
        { name: 'Cafe\u0301', url: 'http://127.0.0.1:2/' },
      ],
    };
    expect(problemsOf(config)).toEqual([
      `${FILE}: components[1].name: "Cafe\u0301" is already used by components[0], written with other code points (the same text in Unicode NFC)`,
    ]);
  });

  it('refuses two spellings of one group, which would show as two groups of the same name', () => {
    const config = {
      components: [
        { name: 'Control API', group: 'Caf\u00e9 plane', url: 'http://127.0.0.1:1/' },
        { name: 'Scheduler', group: 'Cafe\u0301 plane', url: 'http://127.0.0.1:2/' },
      ],
    };
    expect(problemsOf(config)).toEqual([
      `${FILE}: components["Scheduler"].group: "Cafe\u0301 plane" is the group of components["Control API"] written with other code points (the same text in Unicode NFC); write it the same way`,
    ]);
  });

  it('refuses names, groups and a page name past 200 characters, and control characters in them, escaped', () => {
    const config = {
      ...minimal,
      page_name: 'P'.repeat(201),
      components: [
        { name: 'L'.repeat(240), url: 'http://127.0.0.1:1/' },
        { name: 'Registry', group: 'G'.repeat(300), url: 'http://127.0.0.1:2/' },
        { name: 'Build \u001b[31mService', url: 'http://127.0.0.1:3/' },
      ],
    };
    const problems = problemsOf(config);
    expect(problems).toEqual([
      `${FILE}: page_name: is 201 characters long; a name has at most 200`,
      `${FILE}: components[0].name: is 240 characters long; a name has at most 200`,
      `${FILE}: components["Registry"].group: is 300 characters long; a name has at most 200`,
      `${FILE}: components[2].name: contains a control character (U+001B) at character 7; control and invisible formatting characters are refused`,
    ]);
  });

  it('escapes what a problem quotes from the file, and cuts a long line', () => {
    const problems = problemsOf({
      components: [
        { name: 'Build \u202eService', url: 'http://127.0.0.1:1/' },
        { name: 'Build \u202eService', url: 'http://127.0.0.1:2/', '\u001b]0;owned\u0007': 1 },
        { name: 'N'.repeat(5_000), url: 'http://127.0.0.1:3/' },
        { name: 'N'.repeat(5_000), url: 'http://127.0.0.1:4/' },
      ],
    });
    // Nothing a terminal would act on: no C0 control character and no bidi override, raw.
    const raw = (problem: string) => [...problem].filter((char) => char < ' ' || char === '\u202e');
    for (const problem of problems) expect(raw(problem)).toEqual([]);
    expect(problems).toContain(`${FILE}: components[1]: Unrecognized key: "\\x1b]0;owned\\x07"`);
    expect(problems).toContain(
      `${FILE}: components[1].name: "Build \\u{202e}Service" is already used by components[0]`,
    );
    for (const problem of problems) expect(problem.length).toBeLessThan(1_100);
  });
});
