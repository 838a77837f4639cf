import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startStandin } from '../../../src/standins/start-standin.js';
import { PROBE_API_V1_ENTRIES } from '../../helpers/fixtures.js';
import { type CliResult, runCli } from '../../helpers/run-cli.js';
import { type InProcessCommand, runCommandInProcess } from '../../helpers/run-command-in-process.js';
import { useStandins } from '../../helpers/standins.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, REPO_ROOT, snapshotTree, type TempSite } from '../../helpers/temp-site.js';

/**
 * Issue 4, "Bad files": every way data/regions.json, data/components.json and
 * headers.json can be wrong gets one line per problem on stderr (file, JSON
 * path, reason), a non-zero exit, and public/ byte-for-byte as it was. Each
 * case runs its command in a temp site whose public/ a successful build and
 * probe (the real CLI) have filled, so there is something to lose: every case
 * in this process, through the command's own function as the CLI dispatches
 * it, and the first case of each file and command, and every case given by a
 * flag or the environment, again through the real CLI in a child process.
 */

type DataFile = 'data/regions.json' | 'data/components.json' | 'headers.json';
type Command = InProcessCommand;

interface BadFileCase {
  readonly file: DataFile;
  /** What is wrong, for the test name. */
  readonly what: string;
  /** The file's new contents; `undefined` deletes it. */
  readonly contents: string | Uint8Array | undefined;
  readonly command: Command;
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Every line of stderr, in order. */
  readonly stderr: readonly string[];
}

const JsonObjectSchema = z.record(z.string(), z.unknown());
type JsonObject = z.infer<typeof JsonObjectSchema>;

const readShipped = (file: string): unknown => JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8'));
const SHIPPED_REGIONS = z.array(JsonObjectSchema).parse(readShipped('data/regions.json'));
const SHIPPED_COMPONENTS = z
  .looseObject({ components: z.array(JsonObjectSchema) })
  .parse(readShipped('data/components.json'));
const SHIPPED_HEADERS = z
  .object({ headers: z.array(z.looseObject({ source: z.string(), headers: z.array(JsonObjectSchema) })) })
  .parse(readShipped('headers.json'));
/** The index a rule appended to the shipped headers.json gets. */
const ADDED_RULE = SHIPPED_HEADERS.headers.length;
const KNOWN_CODES = SHIPPED_REGIONS.map((region) => region.code).join(', ');

/** data/regions.json as `edit` leaves a copy of the shipped regions. */
function regions(edit: (list: JsonObject[]) => unknown): string {
  return JSON.stringify(edit(structuredClone(SHIPPED_REGIONS)), null, 2);
}

/** The shipped regions with `changes` merged into region `index`. */
function region(index: number, changes: JsonObject): string {
  return regions((list) => list.map((item, at) => (at === index ? { ...item, ...changes } : item)));
}

/** The shipped regions with `fields` removed from region `index`. */
function regionWithout(index: number, ...fields: string[]): string {
  return regions((list) =>
    list.map((item, at) =>
      at === index ? Object.fromEntries(Object.entries(item).filter(([key]) => !fields.includes(key))) : item,
    ),
  );
}

/** data/components.json as `edit` leaves a copy of the shipped config. */
function components(edit: (config: typeof SHIPPED_COMPONENTS) => unknown): string {
  return JSON.stringify(edit(structuredClone(SHIPPED_COMPONENTS)), null, 2);
}

/** The shipped config with `changes` merged into component `index`. */
function component(index: number, changes: JsonObject): string {
  return components((config) => ({
    ...config,
    components: config.components.map((item, at) => (at === index ? { ...item, ...changes } : item)),
  }));
}

/** headers.json as `edit` leaves a copy of the shipped rules. */
function headers(edit: (rules: typeof SHIPPED_HEADERS.headers) => unknown): string {
  return JSON.stringify({ headers: edit(structuredClone(SHIPPED_HEADERS.headers)) }, null, 2);
}

/** The shipped rules without header `name` in the rule whose source is `source`. */
function headersWithout(source: string, name: string): string {
  return headers((rules) =>
    rules.map((rule) =>
      rule.source === source ? { ...rule, headers: rule.headers.filter((header) => header.key !== name) } : rule,
    ),
  );
}

/** The shipped rules and one more, last, so that it wins. */
function headersPlus(rule: JsonObject): string {
  return headers((rules) => [...rules, rule]);
}

const STATUS_VALUES = 'operational, under_maintenance, degraded_performance, partial_outage, major_outage';
const NOT_FOUND =
  "file not found: run the command from the project's directory, or give the file's path with the command's option (see --help)";
const URL_REASON =
  'must be an absolute http or https URL, or tcp://host:port, dns://, grpc(s):// or statuspage+https://';
const REFUSED_CHARACTERS = 'control and invisible formatting characters are refused';
const ENDPOINT_REASON =
  'must be an absolute http or https URL, like https://ACCOUNT.r2.cloudflarestorage.com or http://minio:9000';

/** `line L column C` of the character `offset` characters into the first `text` in `file`, as problems say it. */
function locate(file: string, text: string, offset: number): string {
  const before = file.slice(0, file.indexOf(text) + offset);
  return `line ${before.split('\n').length} column ${before.length - before.lastIndexOf('\n')}`;
}

/** regions.json as `build` reads it. */
const regionsCases: BadFileCase[] = [
  { what: 'missing', contents: undefined, stderr: [`data/regions.json: ${NOT_FOUND}`] },
  { what: 'empty', contents: '', stderr: ['data/regions.json: is empty'] },
  {
    what: 'not JSON: a trailing comma',
    contents: regions((list) => list).replace(/\n]$/, ',\n]'),
    stderr: ["data/regions.json: is not valid JSON (Unexpected token ']' at line 86 column 1)"],
  },
  {
    what: 'an object instead of a list',
    contents: regions((list) => ({ regions: list })),
    stderr: ['data/regions.json: Invalid input: expected array, received object'],
  },
  { what: 'an empty list', contents: '[]', stderr: ['data/regions.json: must list at least one region'] },
  {
    what: 'a region that is a string',
    contents: regions((list) => [...list, 'ams3']),
    stderr: ['data/regions.json: [12]: Invalid input: expected object, received string'],
  },
  {
    what: 'a null name and a list for a zone',
    contents: region(2, { name: null, zone: ['eu-central'] }),
    stderr: [
      'data/regions.json: [2].name: Invalid input: expected string, received null',
      'data/regions.json: [2].zone: Invalid input: expected string, received array',
    ],
  },
  {
    what: 'a status that is not a status value',
    contents: region(4, { status: 'up' }),
    stderr: [`data/regions.json: [4].status: "up" is not one of ${STATUS_VALUES}`],
  },
  {
    what: 'a region without country and status',
    contents: regionWithout(1, 'country', 'status'),
    stderr: ['data/regions.json: [1].country: is required', 'data/regions.json: [1].status: is required'],
  },
  {
    what: 'an unknown field',
    contents: region(3, { latency: 3 }),
    stderr: ['data/regions.json: [3]: Unrecognized key: "latency"'],
  },
  {
    what: 'a code that is not lowercase letters and a digit',
    contents: region(5, { code: 'IAD-1' }),
    stderr: ['data/regions.json: [5].code: "IAD-1" is not lowercase letters followed by one digit'],
  },
  {
    what: 'an empty name and a zone padded with white space',
    contents: region(6, { name: '', zone: ' us-east' }),
    stderr: [
      'data/regions.json: [6].name: must not be empty',
      'data/regions.json: [6].zone: must not start or end with white space',
    ],
  },
  {
    what: 'a name with a terminal escape sequence',
    contents: region(0, { name: 'Amsterdam\u001b[2J 1' }),
    stderr: [
      'data/regions.json: [0].name: contains a control character (U+001B) at character 10; control and invisible formatting characters are refused',
    ],
  },
  {
    what: 'a duplicate name',
    contents: region(8, { name: 'Frankfurt 1' }),
    stderr: ['data/regions.json: [8].name: "Frankfurt 1" is already used by [2]'],
  },
  {
    what: 'a region listed twice',
    contents: regions((list) => [...list, list[0]]),
    stderr: [
      'data/regions.json: [12].code: "ams1" is already used by [0]',
      'data/regions.json: [12].name: "Amsterdam 1" is already used by [0]',
    ],
  },
  {
    what: 'a reserved country code and a lower-case one',
    contents: regions((list) =>
      list.map((item, at) => (at === 0 ? { ...item, country: 'nl' } : at === 4 ? { ...item, country: 'UK' } : item)),
    ),
    stderr: [
      'data/regions.json: [0].country: "nl" is not an ISO 3166-1 alpha-2 code',
      'data/regions.json: [4].country: "UK" is not an ISO 3166-1 alpha-2 code',
    ],
  },
].map((entry) => ({ ...entry, file: 'data/regions.json', command: 'build' }) as const);

/** regions.json as the probe reads it, for the region's name. */
const regionsForProbeCases: BadFileCase[] = [
  { what: 'missing', contents: undefined, stderr: [`data/regions.json: ${NOT_FOUND}`] },
  {
    what: 'not JSON: cut off',
    contents: '[\n  { "code": "ams1",',
    stderr: ['data/regions.json: is not valid JSON (Expected double-quoted property name at line 2 column 20)'],
  },
  {
    what: 'a duplicate code',
    contents: region(1, { code: 'ams1' }),
    stderr: ['data/regions.json: [1].code: "ams1" is already used by [0]'],
  },
  {
    what: 'a country that is not a country',
    contents: region(0, { country: 'XX' }),
    stderr: ['data/regions.json: [0].country: "XX" is not an ISO 3166-1 alpha-2 code'],
  },
  {
    what: 'without the configured region',
    contents: regions((list) => list.slice(1)),
    stderr: [
      `data/components.json: region: unknown region "ams1": not in data/regions.json; known codes: ${KNOWN_CODES.replace('ams1, ', '')}`,
    ],
  },
].map((entry) => ({ ...entry, file: 'data/regions.json', command: 'probe' }) as const);

/** components.json as the probe reads it. */
const componentsCases: BadFileCase[] = [
  { what: 'missing', contents: undefined, stderr: [`data/components.json: ${NOT_FOUND}`] },
  {
    what: 'not JSON: an unquoted key',
    contents: "{\n  region: 'ams1'\n}",
    stderr: ["data/components.json: is not valid JSON (Expected property name or '}' at line 2 column 3)"],
  },
  {
    what: 'a list instead of an object',
    contents: components((config) => config.components),
    stderr: ['data/components.json: must be a JSON object with a "components" list'],
  },
  {
    what: 'a misspelt "components"',
    contents: components(({ components: list, ...rest }) => ({ ...rest, componets: list })),
    stderr: [
      'data/components.json: components: is required: the list of components to probe',
      'data/components.json: Unrecognized key: "componets"',
    ],
  },
  {
    what: 'an empty components list',
    contents: components((config) => ({ ...config, components: [] })),
    stderr: ['data/components.json: components: must list at least one component'],
  },
  {
    what: 'a component without a name',
    contents: components((config) => ({ ...config, components: [{ url: 'http://127.0.0.1:4105/' }] })),
    stderr: ['data/components.json: components[0].name: is required: the name the status shows'],
  },
  {
    what: 'a numeric name',
    contents: component(1, { name: 7 }),
    stderr: ['data/components.json: components[1].name: must be a string'],
  },
  {
    what: 'a url that is not a URL',
    contents: component(0, { url: 'control-api:4101/healthz' }),
    stderr: [`data/components.json: components["Control API"].url: ${URL_REASON}`],
  },
  {
    what: 'an ftp url',
    contents: component(1, { url: 'ftp://127.0.0.1/healthz' }),
    stderr: [`data/components.json: components["Scheduler"].url: ${URL_REASON}`],
  },
  {
    what: 'a file url',
    contents: component(2, { url: 'file:///etc/passwd' }),
    stderr: [`data/components.json: components["Build Service"].url: ${URL_REASON}`],
  },
  {
    what: 'an empty url',
    contents: component(3, { url: '' }),
    stderr: [`data/components.json: components["Registry"].url: ${URL_REASON}`],
  },
  {
    what: 'a check with a mailto url',
    contents: components((config) => ({
      ...config,
      components: [
        { name: 'Control API', checks: [{ url: 'http://127.0.0.1:4101/' }, { url: 'mailto:ops@127.0.0.1' }] },
      ],
    })),
    stderr: [`data/components.json: components["Control API"].checks[1].url: ${URL_REASON}`],
  },
  {
    what: 'a component with neither url nor checks, named by its name',
    contents: components((config) => ({
      ...config,
      components: config.components.map((item, at) => (at === 2 ? { name: item.name } : item)),
    })),
    stderr: ['data/components.json: components["Build Service"]: needs "url", "checks" or "heartbeat"'],
  },
  {
    what: 'a duplicate component name',
    contents: component(3, { name: 'Scheduler' }),
    stderr: ['data/components.json: components[3].name: "Scheduler" is already used by components[1]'],
  },
  {
    what: 'a duplicate component name and a numeric url elsewhere',
    contents: components((config) => ({
      ...config,
      components: config.components.map((item, at) =>
        at === 0 ? { ...item, url: 4101 } : at === 2 ? { ...item, name: 'Scheduler' } : item,
      ),
    })),
    stderr: [
      'data/components.json: components["Control API"].url: Invalid input: expected string, received number',
      'data/components.json: components[2].name: "Scheduler" is already used by components[1]',
    ],
  },
  {
    what: 'a name of 240 characters, which would make file names too long',
    contents: component(2, { name: 'L'.repeat(240) }),
    stderr: ['data/components.json: components[2].name: is 240 characters long; a name has at most 200'],
  },
  {
    what: 'names with an escape sequence, a NUL and a right-to-left override',
    contents: components((config) => ({
      ...config,
      components: config.components.map((item, at) =>
        at === 0
          ? { ...item, name: 'Control\u001b[31m API' }
          : at === 1
            ? { ...item, name: 'Sched\u0000uler' }
            : at === 3
              ? { ...item, name: 'Regis\u202etry' }
              : item,
      ),
    })),
    stderr: [
      `data/components.json: components[0].name: contains a control character (U+001B) at character 8; ${REFUSED_CHARACTERS}`,
      `data/components.json: components[1].name: contains a control character (U+0000) at character 6; ${REFUSED_CHARACTERS}`,
      `data/components.json: components[3].name: contains an invisible formatting character (U+202E) at character 6; ${REFUSED_CHARACTERS}`,
    ],
  },
  {
    what: 'two names that are one in Unicode NFC',
    contents: components((config) => ({
      ...config,
      components: config.components.map((item, at) =>
        at === 0 ? { ...item, name: 'Caf\u00e9 API' } : at === 1 ? { ...item, name: 'Cafe\u0301 API' } : item,
      ),
    })),
    stderr: [
      'data/components.json: components[1].name: "Cafe\u0301 API" is already used by components[0], written with other code points (the same text in Unicode NFC)',
    ],
  },
  {
    what: 'a byte that is not UTF-8 in a name',
    contents: Buffer.from(component(2, {}).replace('Build Service', 'Build Servic\u00e9'), 'latin1'),
    stderr: [
      `data/components.json: is not UTF-8: byte 0xE9 at ${locate(component(2, {}), 'Build Service', 12)} is not part of a UTF-8 character; save the file as UTF-8`,
    ],
  },
  {
    what: 'a URL whose password does not decode, which no check could use',
    contents: component(2, { url: 'http://user:p%ZZ@127.0.0.1:5301/' }),
    stderr: [
      'data/components.json: components["Build Service"].url: has a user name or password whose percent-encoding does not decode to UTF-8 (write a % itself as %25)',
    ],
  },
  {
    what: 'a region not in data/regions.json',
    contents: components((config) => ({ ...config, region: 'xyz1' })),
    stderr: [
      `data/components.json: region: unknown region "xyz1": not in data/regions.json; known codes: ${KNOWN_CODES}`,
    ],
  },
  {
    what: 'a region that is not a region code',
    contents: components((config) => ({ ...config, region: 'Amsterdam 1' })),
    stderr: ['data/components.json: region: "Amsterdam 1" is not a region code like ams1'],
  },
  {
    what: 'peers naming this region, a region not in data/regions.json and a bad URL, and an unknown scope',
    contents: components((config) => ({
      ...config,
      peers: { ams1: 'http://127.0.0.1:1/', xyz1: 'http://127.0.0.1:2/', fra1: 'fra1.example.com' },
      components: config.components.map((component, index) =>
        index === 0 ? { ...component, scope: 'world' } : component,
      ),
    })),
    stderr: [
      'data/components.json: peers.fra1: must be an absolute http or https URL',
      'data/components.json: components["Control API"].scope: must be "global" or "regional"',
    ],
  },
  {
    what: 'peers naming this region and a region not in data/regions.json',
    contents: components((config) => ({
      ...config,
      peers: { ams1: 'http://127.0.0.1:1/', xyz1: 'http://127.0.0.1:2/' },
    })),
    stderr: [
      'data/components.json: peers.ams1: is the region this probe reports for; list only the other regions (this one always votes)',
      'data/components.json: peers.xyz1: unknown region "xyz1": not in data/regions.json',
    ],
  },
  {
    what: 'no region, and none given by --region or REGION',
    contents: components(({ region: _, ...rest }) => rest),
    stderr: ['data/components.json: region: no region given: set "region" here, pass --region CODE, or set REGION'],
  },
].map((entry) => ({ ...entry, file: 'data/components.json', command: 'probe' }) as const);

/** `--region` and `REGION` name a region as the config's "region" does; the files themselves are fine. */
const regionOverrideCases: BadFileCase[] = [
  {
    file: 'data/components.json',
    what: 'fine, but --region names an unknown region',
    contents: components((config) => config),
    command: 'probe',
    args: ['--region', 'xyz1'],
    stderr: [`--region: unknown region "xyz1": not in data/regions.json; known codes: ${KNOWN_CODES}`],
  },
  {
    file: 'data/components.json',
    what: 'fine, but REGION names an unknown region',
    contents: components((config) => config),
    command: 'probe',
    env: { REGION: 'xyz1' },
    stderr: [`environment: REGION: unknown region "xyz1": not in data/regions.json; known codes: ${KNOWN_CODES}`],
  },
];

/** `--publish` and the endpoint variables, refused before anything is written; the files themselves are fine. */
const publishCases: BadFileCase[] = [
  {
    what: 'a key and secret in the bucket URL',
    args: ['--publish', 's3://AKIAXX:SUPERSECRETPW@bucket/x'],
    stderr: [
      '--publish: "s3://bucket/x" carries a user name or password: give credentials by the environment or a profile, never in the URL',
    ],
  },
  {
    what: 'a token in the query of the bucket URL',
    args: ['--publish', 's3://bucket/x?token=SUPERSECRETPW'],
    stderr: [
      '--publish: "s3://bucket/x" has a query or fragment: the URL is s3://BUCKET[/PREFIX] and nothing after it',
    ],
  },
  {
    what: 'a bucket of 5,000 characters',
    args: ['--publish', `s3://${'b'.repeat(5_000)}/x`],
    stderr: [
      `--publish: "s3://${'b'.repeat(95)}… (4907 more characters)" does not name a bucket: 3 to 63 lower-case letters, digits, dots and hyphens`,
    ],
  },
  {
    what: 'a prefix of 6,000 characters, past S3’s key limit',
    args: ['--publish', `s3://bucket/${'p'.repeat(6_000)}`],
    stderr: [
      `--publish: "s3://bucket/${'p'.repeat(88)}… (5912 more characters)" has a prefix of 6001 bytes; at most 768, so that every key stays within the 1024 bytes S3 allows`,
    ],
  },
].flatMap((entry) =>
  (['build', 'probe'] as const).map(
    (command) => ({ ...entry, file: 'data/components.json', contents: components((c) => c), command }) as const,
  ),
);

/** The endpoint a bucket is written through, from the environment as AWS's SDK reads it. */
const endpointCases: BadFileCase[] = [
  {
    what: 'AWS_ENDPOINT_URL_S3 that is not a URL',
    env: { AWS_ENDPOINT_URL_S3: 'not a url' },
    stderr: [`environment: AWS_ENDPOINT_URL_S3: ${ENDPOINT_REASON}`],
  },
  {
    what: 'AWS_ENDPOINT_URL with an ftp URL and a password',
    env: { AWS_ENDPOINT_URL_S3: '', AWS_ENDPOINT_URL: 'ftp://user:SUPERSECRETPW@127.0.0.1:21/' },
    stderr: [`environment: AWS_ENDPOINT_URL: ${ENDPOINT_REASON}`],
  },
].flatMap((entry) =>
  (['build', 'probe'] as const).map(
    (command) =>
      ({
        ...entry,
        file: 'data/components.json',
        contents: components((c) => c),
        command,
        args: ['--publish', 's3://bucket'],
      }) as const,
  ),
);

/** headers.json as `build` reads it. */
const headersCases: BadFileCase[] = [
  { what: 'missing', contents: undefined, stderr: [`headers.json: ${NOT_FOUND}`] },
  { what: 'empty', contents: '\n', stderr: ['headers.json: is empty'] },
  {
    what: 'not JSON: two documents',
    contents: `${headers((rules) => rules)}\n{}`,
    stderr: [
      `headers.json: is not valid JSON (Unexpected non-whitespace character after JSON at line ${headers((rules) => rules).split('\n').length + 1} column 1)`,
    ],
  },
  {
    what: 'a list instead of an object',
    contents: JSON.stringify(SHIPPED_HEADERS.headers),
    stderr: ['headers.json: Invalid input: expected object, received array'],
  },
  { what: 'without "headers"', contents: '{}', stderr: ['headers.json: headers: is required'] },
  {
    what: 'a numeric source and a numeric value',
    contents: headersPlus({ source: 404, headers: [{ key: 'X-Robots-Tag', value: 0 }] }),
    stderr: [
      `headers.json: headers[${ADDED_RULE}].source: Invalid input: expected string, received number`,
      `headers.json: headers[${ADDED_RULE}].headers[0].value: Invalid input: expected string, received number`,
    ],
  },
  {
    what: 'a header name with a space and a value with a line break',
    contents: headersPlus({
      source: '**',
      headers: [
        { key: 'Cache Control', value: 'no-cache' },
        { key: 'X-Frame-Options', value: 'DENY\r\nSet-Cookie: a=b' },
      ],
    }),
    stderr: [
      `headers.json: headers[${ADDED_RULE}].headers[0].key: is not a valid header name`,
      `headers.json: headers[${ADDED_RULE}].headers[1].value: must not contain line breaks or NUL`,
    ],
  },
  {
    what: 'a rule that no longer gives /api/v1/status a Cache-Control',
    contents: headersWithout('api/v1/status', 'Cache-Control'),
    stderr: ['headers.json: headers: no rule gives /api/v1/status a Cache-Control header'],
  },
  {
    what: 'a rule for /api/v1/regions that no longer matches it',
    contents: headers((rules) =>
      rules.map((rule) => (rule.source === 'api/v1/regions' ? { ...rule, source: 'api/v1/region' } : rule)),
    ),
    stderr: [
      'headers.json: headers: no rule gives /api/v1/regions a Content-Type header',
      'headers.json: headers: no rule gives /api/v1/regions a Cache-Control header',
    ],
  },
  {
    what: 'a later rule that empties Cache-Control on /api/v1/status',
    contents: headersPlus({ source: 'api/v1/status', headers: [{ key: 'cache-control', value: '' }] }),
    stderr: [
      `headers.json: headers[${ADDED_RULE}].headers[0].value: is empty, which drops Cache-Control from /api/v1/status`,
    ],
  },
  {
    what: 'a later rule that blanks Cache-Control on every API path',
    contents: headersPlus({
      source: 'api/v1/*',
      headers: [
        { key: 'Vary', value: 'Accept-Encoding' },
        { key: 'Cache-Control', value: '  ' },
      ],
    }),
    stderr: [
      `headers.json: headers[${ADDED_RULE}].headers[1].value: is only white space, which drops Cache-Control from /api/v1/regions`,
      `headers.json: headers[${ADDED_RULE}].headers[1].value: is only white space, which drops Cache-Control from /api/v1/status`,
      `headers.json: headers[${ADDED_RULE}].headers[1].value: is only white space, which drops Cache-Control from /api/v1/uptime`,
      `headers.json: headers[${ADDED_RULE}].headers[1].value: is only white space, which drops Cache-Control from /api/v1/incidents`,
      `headers.json: headers[${ADDED_RULE}].headers[1].value: is only white space, which drops Cache-Control from /api/v1/notices`,
      `headers.json: headers[${ADDED_RULE}].headers[1].value: is only white space, which drops Cache-Control from /api/v1/observations`,
      `headers.json: headers[${ADDED_RULE}].headers[1].value: is only white space, which drops Cache-Control from /api/v1/heartbeats`,
    ],
  },
  {
    what: 'a numeric $schema and no Cache-Control on /api/v1/status',
    contents: headersWithout('api/v1/status', 'Cache-Control').replace('{', '{\n  "$schema": 1,'),
    stderr: [
      'headers.json: $schema: Invalid input: expected string, received number',
      'headers.json: headers: no rule gives /api/v1/status a Cache-Control header',
    ],
  },
].map((entry) => ({ ...entry, file: 'headers.json', command: 'build' }) as const);

/** headers.json as `serve` reads it at start-up: nothing may listen. */
const headersForServeCases: BadFileCase[] = [
  { what: 'missing', contents: undefined, stderr: [`headers.json: ${NOT_FOUND}`] },
  {
    what: 'a rule list that is an object',
    contents: '{"headers": {"api/v1/**": {"Cache-Control": "no-store"}}}',
    stderr: ['headers.json: headers: Invalid input: expected array, received object'],
  },
  {
    what: 'a rule that no longer gives /api/v1/regions a Cache-Control',
    contents: headersWithout('api/v1/regions', 'Cache-Control'),
    stderr: ['headers.json: headers: no rule gives /api/v1/regions a Cache-Control header'],
  },
  {
    what: 'a rule that no longer gives the feed a Content-Type',
    contents: headersWithout('feed.atom', 'Content-Type'),
    stderr: ['headers.json: headers: no rule gives /feed.atom a Content-Type header'],
  },
  {
    what: 'a later rule that empties Content-Type on /api/v1/status',
    contents: headersPlus({ source: '/api/v1/status', headers: [{ key: 'Content-Type', value: '' }] }),
    stderr: [
      `headers.json: headers[${ADDED_RULE}].headers[0].value: is empty, which drops Content-Type from /api/v1/status`,
    ],
  },
].map((entry) => ({ ...entry, file: 'headers.json', command: 'serve' }) as const);

const CASES: readonly BadFileCase[] = [
  ...regionsCases,
  ...regionsForProbeCases,
  ...componentsCases,
  ...regionOverrideCases,
  ...publishCases,
  ...endpointCases,
  ...headersCases,
  ...headersForServeCases,
];

const COMMAND_ARGS: Record<Command, readonly string[]> = {
  build: ['build'],
  probe: ['probe', '--once'],
  serve: ['serve'],
};
/** Far longer than a failing start-up takes; a `serve` that wrongly starts is killed then. */
const CHILD_TIMEOUT_MS = 20_000;

/** A site whose public/ a successful build and probe filled; each case starts from a copy of it. */
let template: TempSite;
let publishedBefore: Record<string, string>;

beforeAll(async () => {
  template = await makeTempSite();
  expect((await runCli(['build'], { cwd: template.root })).code).toBe(0);
  const standin = await startStandin({ name: 'Control API', port: 0, mode: 'healthy' });
  try {
    const config = join(template.root, 'probe-components.json');
    await writeFile(
      config,
      JSON.stringify({ region: 'ams1', components: [{ name: 'Control API', url: `${standin.origin}/healthz` }] }),
    );
    const probe = await runCli(['probe', '--once', '--config', config], { cwd: template.root, env: { REGION: '' } });
    expect(probe.code, probe.stderr).toBe(0);
  } finally {
    await standin.close();
  }
  publishedBefore = await snapshotTree(template.publicDir);
  expect(Object.keys(publishedBefore)).toEqual(expect.arrayContaining(['_headers', 'api/v1/regions', 'api/v1/status']));
});
afterAll(async () => {
  await template.remove();
});

/** The cases that run the real CLI as well: the first of each file and command, and those given by a flag or the environment. */
const CLI_CASES = CASES.filter(
  (badCase, index) =>
    badCase.args !== undefined ||
    badCase.env !== undefined ||
    CASES.findIndex((other) => other.file === badCase.file && other.command === badCase.command) === index,
);

/** Runs `badCase` in a copy of the template by `run`, and checks its lines, its exit status and public/. */
async function checkBadCase(
  badCase: BadFileCase,
  run: (cwd: string, args: string[], env: NodeJS.ProcessEnv) => Promise<CliResult>,
  expectOf: typeof expect,
): Promise<void> {
  const site = await makeTempSite();
  try {
    await cp(template.publicDir, site.publicDir, { recursive: true });
    const target = join(site.root, badCase.file);
    if (badCase.contents === undefined) await rm(target);
    else await writeFile(target, badCase.contents);

    const result = await run(site.root, [...COMMAND_ARGS[badCase.command], ...(badCase.args ?? [])], {
      REGION: '',
      PORT: '0',
      ...badCase.env,
    });

    expectOf(result.code, result.stdout + result.stderr).toBe(1);
    expectOf(result.stderr.trimEnd().split('\n')).toEqual(badCase.stderr);
    expectOf(result.stdout).toBe('');
    expectOf(await snapshotTree(site.publicDir)).toEqual(publishedBefore);
  } finally {
    await site.remove();
  }
}

describe('a bad input file: one line per problem, a non-zero exit, public/ untouched', () => {
  it.for(CASES)('$file $what ($command)', async (badCase) => {
    await checkBadCase(
      badCase,
      (cwd, [command, ...args], env) => runCommandInProcess(command as Command, args, { cwd, env }),
      expect,
    );
  });
});

describe.concurrent('the same through the real CLI in a child process', () => {
  it.for(CLI_CASES)('$file $what ($command)', async (badCase, { expect }) => {
    await checkBadCase(badCase, (cwd, args, env) => runCli(args, { cwd, env, timeoutMs: CHILD_TIMEOUT_MS }), expect);
  });
});

describe('probe --once after a writer was killed mid-write', () => {
  const standin = useStandins();
  let writer: ChildProcess | undefined;
  afterEach(() => {
    if (writer?.exitCode === null && writer.signalCode === null) writer.kill('SIGKILL');
    writer = undefined;
  });

  it('removes the dead writer’s temp files from DIR/api/v1, the detail documents, the badges, Statuspage’s, the notices, the heartbeats, the feed and the webhook queue', async () => {
    const site = await makeTempSite();
    try {
      await publishStatus(site.publicDir, sampleStatus());
      const apiDir = join(site.publicDir, 'api', 'v1');
      // A writer that gets half a document into its temp file, then is killed with SIGKILL.
      const child = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs');
           const fd = fs.openSync(${JSON.stringify(apiDir)} + '/.status.' + process.pid + '.0badc0de.tmp', 'wx');
           fs.writeSync(fd, '{"status":"operational","version":"v1","reg');
           process.stdout.write('half-written\\n');
           setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      writer = child;
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const left = `.status.${child.pid}.0badc0de.tmp`;
      expect((await readdir(apiDir)).sort()).toEqual([left, 'status']);
      // The same writer, killed while writing a detail document, a component's badge and a Statuspage document.
      const nested = [
        ['api', 'v1', 'component-history', `.control-api.json.${child.pid}.0badc0de.tmp`],
        ['badges', 'components', 'control-api', `.status.svg.${child.pid}.0badc0de.tmp`],
        ['api', 'v2', 'incidents', `.unresolved.json.${child.pid}.0badc0de.tmp`],
        // Written after the cycle: the notices, the feed, and the webhook queue in the state directory.
        ['api', 'v1', `.notices.${child.pid}.0badc0de.tmp`],
        ['api', 'v1', `.heartbeats.${child.pid}.0badc0de.tmp`],
        [`.feed.atom.${child.pid}.0badc0de.tmp`],
        ['..', '.state', `.webhook-queue.json.${child.pid}.0badc0de.tmp`],
      ].map((segments) => join(site.publicDir, ...segments));
      for (const file of nested) {
        await mkdir(join(file, '..'), { recursive: true });
        await writeFile(file, '{"half');
      }

      const healthy = await standin({ mode: 'healthy' });
      const config = join(site.root, 'probe-components.json');
      await writeFile(
        config,
        JSON.stringify({ region: 'ams1', components: [{ name: 'Control API', url: `${healthy.origin}/` }] }),
      );
      const result = await runCli(['probe', '--once', '--config', config], { cwd: site.root, env: { REGION: '' } });

      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('removed 1 stale temp file(s) next to public/api/v1/status');
      for (const dir of ['public/api/v1/component-history', 'public/badges', 'public/api/v2']) {
        expect(result.stdout).toContain(`removed 1 stale temp file(s) under ${dir}`);
      }
      expect(result.stdout).toContain('removed 1 stale temp file(s) next to public/api/v1/notices');
      expect(result.stdout).toContain('removed 1 stale temp file(s) next to public/api/v1/heartbeats');
      expect(result.stdout).toContain('removed 1 stale temp file(s) next to public/feed.atom');
      expect(result.stdout).toContain('removed 1 stale temp file(s) next to .state/webhook-queue.json');
      for (const file of nested) await expect(readdir(join(file, '..'))).resolves.not.toContain(basename(file));
      expect(await readdir(apiDir)).toEqual(PROBE_API_V1_ENTRIES);
    } finally {
      await site.remove();
    }
  });
});
