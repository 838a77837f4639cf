import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_PATHS } from '../../../src/api-documents.js';
import { ExportError } from '../../../src/errors/export-error.js';
import { foldIntoRules } from '../../../src/exports/fold-header-rules.js';
import { collectHeaderTargets, type HeaderTarget } from '../../../src/exports/header-targets.js';
import { renderExports } from '../../../src/exports/render-exports.js';
import { renderNetlifyHeaders } from '../../../src/exports/render-netlify-headers.js';
import { renderNginxLocations } from '../../../src/exports/render-nginx-locations.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import { type FirebaseHeaderRule, matchFirebaseHeaders } from '../../helpers/firebase-header-matcher.js';
import { HEADERS_FILE } from '../../helpers/fixtures.js';
import { cloudflareMatcher, netlifyMatcher } from '../../helpers/headers-file-hosts.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const RULES = HeadersConfigSchema.parse(JSON.parse(readFileSync(HEADERS_FILE, 'utf8'))).headers;
const FILES = [...PUBLISHED_PATHS.map((path) => path.slice(1)), 'api/v1/openapi.json', 'index.html'];
const exported = renderExports(RULES, FILES, 'public');
const tempDir = tempDirsPerTest({ prefix: 'exports-' });

function file(name: string): string {
  const found = [...exported.publicFiles, ...exported.hostFiles].find((f) => f.name === name);
  if (found === undefined) throw new Error(`no export named ${name}`);
  return found.contents;
}

/** What the server sends for `path`, as lower-case name → value. */
function expectedHeaders(path: string): Record<string, string> {
  return Object.fromEntries([...resolveHeaders(RULES, path)].map(([name, { value }]) => [name, value]));
}

type HeaderSets = Map<string, Record<string, string>>;

/** Netlify's documented `_headers` syntax: a path line, then indented `Name: value` lines; `#` comments. */
function parseHeadersFile(text: string): HeaderSets {
  const sets: HeaderSets = new Map();
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = {};
      expect(sets.has(line), `${line} appears once`).toBe(false);
      sets.set(line, current);
      continue;
    }
    const match = /^\s+([^:\s]+):\s*(.*)$/.exec(line);
    if (!match?.[1] || match[2] === undefined || !current) throw new Error(`unparsable line: ${line}`);
    current[match[1].toLowerCase()] = match[2];
  }
  return sets;
}

/** `{ source, headers: [{ key, value }] }` rules, as vercel.json and firebase.json have them. */
function parseJsonRules(rules: unknown): HeaderSets {
  const sets: HeaderSets = new Map();
  for (const rule of rules as { source: string; headers: { key: string; value: string }[] }[]) {
    expect(sets.has(rule.source), `${rule.source} appears once`).toBe(false);
    sets.set(rule.source, Object.fromEntries(rule.headers.map(({ key, value }) => [key.toLowerCase(), value])));
  }
  return sets;
}

function parseNginx(text: string): HeaderSets {
  const sets: HeaderSets = new Map();
  for (const [, path, body] of text.matchAll(/^location = (\S+) \{\n([\s\S]*?)^\}/gm)) {
    const headers: Record<string, string> = {};
    for (const [, key, value] of (body ?? '').matchAll(/^ {4}add_header (\S+) "((?:[^"\\]|\\.)*)";$/gm)) {
      headers[(key ?? '').toLowerCase()] = value ?? '';
    }
    const type = /^ {4}default_type "((?:[^"\\]|\\.)*)";$/m.exec(body ?? '');
    if (type?.[1] !== undefined) {
      // Only an empty `types {}` makes default_type apply to every file, whatever its extension.
      expect(body).toMatch(/^ {4}types \{ \}$/m);
      headers['content-type'] = type[1];
    }
    sets.set(path ?? '', headers);
  }
  return sets;
}

describe.each<[string, () => HeaderSets]>([
  ['_headers (Netlify, Cloudflare Pages)', () => parseHeadersFile(file('_headers'))],
  ['vercel.json', () => parseJsonRules(JSON.parse(file('vercel.json')).headers)],
  ['nginx-locations.conf', () => parseNginx(file('nginx-locations.conf'))],
])('the %s export', (_name, parse) => {
  it.each(PUBLISHED_PATHS)('gives %s exactly the headers headers.json resolves to', (path) => {
    expect(parse().get(path)).toEqual(expectedHeaders(path));
  });

  it('gives the status document no-store and the regions document public, max-age=300', () => {
    const sets = parse();
    expect(sets.get('/api/v1/regions')?.['cache-control']).toBe('public, max-age=300');
    expect(sets.get('/api/v1/status')?.['cache-control']).toBe('no-store');
    expect(sets.get('/api/v1/regions')?.['content-type']).toBe('application/json');
    expect(sets.get('/api/v1/status')?.['content-type']).toBe('application/json');
  });

  it('gives the history and the notices a 60 s shared cache with CORS, and the feed the Atom type', () => {
    const sets = parse();
    for (const path of ['/api/v1/uptime', '/api/v1/incidents', '/api/v1/notices']) {
      expect(sets.get(path)).toEqual({
        'x-content-type-options': 'nosniff',
        'access-control-allow-origin': '*',
        'content-type': 'application/json',
        'cache-control': 'public, max-age=60',
      });
    }
    expect(sets.get('/feed.atom')).toEqual({
      'x-content-type-options': 'nosniff',
      'content-type': 'application/atom+xml; charset=utf-8',
      'cache-control': 'public, max-age=60',
    });
  });

  it('covers every published file, including the page at /', () => {
    expect([...parse().keys()]).toEqual([
      '/',
      '/api/v1/heartbeats',
      '/api/v1/incidents',
      '/api/v1/notices',
      '/api/v1/observations',
      '/api/v1/openapi.json',
      '/api/v1/regions',
      '/api/v1/status',
      '/api/v1/uptime',
      '/api/v2/components.json',
      '/api/v2/incidents.json',
      '/api/v2/incidents/unresolved.json',
      '/api/v2/scheduled-maintenances.json',
      '/api/v2/scheduled-maintenances/active.json',
      '/api/v2/scheduled-maintenances/upcoming.json',
      '/api/v2/status.json',
      '/api/v2/summary.json',
      '/feed.atom',
      '/index.html',
      '/llms.txt',
      '/status.md',
    ]);
  });
});

describe('the firebase.json export, matched as Firebase Hosting matches it', () => {
  const hosting = JSON.parse(file('firebase.json')).hosting as { headers: FirebaseHeaderRule[]; ignore: string[] };
  const published = ['/', '/api/v1/openapi.json', '/api/v1/regions', '/api/v1/status', '/index.html'];

  it.each(published)('gives %s exactly the headers headers.json resolves to', (path) => {
    expect(matchFirebaseHeaders(hosting.headers, path)).toEqual(expectedHeaders(path === '/' ? '/index.html' : path));
  });

  it.each([
    '/api/v1/regions/',
    '/api/v1/status/',
    '/api/v1/regions/x',
    '/api/v1/openapi.json/',
    '/api/v1/openapiXjson',
  ])('gives %s, a 404 on Firebase, no rule at all', (path) => {
    expect(matchFirebaseHeaders(hosting.headers, path)).toEqual({});
  });

  it('would have matched the trailing-slash path with a source glob, so the check above can fail', () => {
    const globs = hosting.headers.map((rule) => ({
      source: (rule.regex ?? '').slice(1, -1).replaceAll('\\.', '.'),
      headers: rule.headers,
    }));
    expect(matchFirebaseHeaders(globs, '/api/v1/regions/')).toEqual(expectedHeaders('/api/v1/regions'));
  });

  it("ignores Firebase's defaults (firebase.json, dotfiles, node_modules) and the other hosts' _headers", () => {
    expect(hosting.ignore).toEqual(['firebase.json', '**/.*', '**/node_modules/**', '_headers', '_redirects']);
  });
});

describe('the S3 upload export', () => {
  const script = file('s3-upload.sh');
  /** Each upload of the script: the files its loop names, and its aws command. */
  const uploads = script
    .split('\n\n')
    .map((block) => ({
      files: block.match(/^for file in (.*); do$/m)?.[1]?.split(' ') ?? [],
      command: block.split('\n').find((line) => line.includes(' s3 cp ')),
      policy: block.match(/^# CloudFront response headers policy for (.*)$/m)?.[1],
    }))
    .filter((upload) => upload.command !== undefined);

  it.each(PUBLISHED_PATHS)('uploads %s with exactly its Content-Type and Cache-Control', (path) => {
    const expected = expectedHeaders(path);
    const [upload, ...others] = uploads.filter((candidate) => candidate.files.includes(path.slice(1)));
    expect(others).toEqual([]);
    expect(upload?.command).toBe(
      `[ -z "$includes" ] || aws "$@" s3 cp "$PUBLIC_DIR" "s3://$BUCKET/" --recursive --exclude '*' $includes ` +
        `--content-type '${expected['content-type']}' --cache-control '${expected['cache-control']}'`,
    );
  });

  it('uploads the files of one set of headers together, each file once', () => {
    const files = uploads.flatMap((upload) => upload.files);
    expect(files.toSorted()).toEqual(FILES.toSorted());
    expect(new Set(uploads.map((upload) => upload.command)).size).toBe(uploads.length);
    expect(uploads.length).toBeLessThan(FILES.length / 2);
  });

  it('names the headers S3 cannot store for a CloudFront response headers policy', () => {
    const status = uploads.find((upload) => upload.files.includes('api/v1/status'));
    const paths = status?.files.map((name) => `/${name}`).join(', ');
    expect(status?.policy).toBe(`${paths}: X-Content-Type-Options: nosniff; Access-Control-Allow-Origin: *`);
  });

  it('quotes values for the shell', () => {
    const rules = [{ source: 'x', headers: [{ key: 'Cache-Control', value: "it's" }] }];
    expect(renderExports(rules, ['x'], 'public').hostFiles.find((f) => f.name === 's3-upload.sh')?.contents).toContain(
      `--cache-control 'it'\\''s'`,
    );
  });
});

describe('host limits', () => {
  const nosniff = [{ source: '**', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }];

  it('refuses more than the 100 rules Cloudflare Pages takes, where no two paths get the same headers', () => {
    const files = Array.from({ length: 101 }, (_, index) => `f${index}.json`);
    const own = files.map((name) => ({ source: name, headers: [{ key: 'X-Name', value: name }] }));
    expect(() => renderNetlifyHeaders(collectHeaderTargets(own, files))).toThrow(/at most 100 rules/);
  });

  /**
   * Each path of `targets` as Netlify's own parser and our imitation of Cloudflare's matcher read `text`: one rule,
   * its headers. `cloudflareMatcher` copies the asset worker's `generateRulesMatcher` rather than running it: that
   * code runs only inside workerd (about 100 MB), too heavy for a unit test.
   */
  async function expectOneRuleEach(text: string, targets: readonly HeaderTarget[]): Promise<void> {
    const file = join(await tempDir(), '_headers');
    await writeFile(file, text);
    const hosts = { netlify: await netlifyMatcher(file), cloudflare: cloudflareMatcher(text) };
    for (const target of targets) {
      const headers = Object.fromEntries(target.headers.map(({ key, value }) => [key.toLowerCase(), value]));
      for (const [host, match] of Object.entries(hosts)) {
        expect(match(target.path), `${host}: ${target.path}`).toEqual({ rules: 1, headers });
      }
    }
  }

  const patternsOf = (text: string) => text.split('\n').filter((line) => line.startsWith('/') && line.includes('*'));

  it('past 100 rules, makes a directory whose paths all get the same headers one rule, as both hosts match it', async () => {
    const files = [
      ...PUBLISHED_PATHS.map((path) => path.slice(1)),
      'index.html',
      ...Array.from({ length: 1_000 }, (_, index) => `api/v1/component-history/component-${index}.json`),
      ...Array.from({ length: 1_000 }, (_, index) => `feeds/components/component-${index}.atom`),
      ...Array.from({ length: 10 }, (_, index) => `feeds/groups/group-${index}.atom`),
    ];
    const targets = collectHeaderTargets(RULES, files);
    const text = renderNetlifyHeaders(targets);
    expect(text.split('\n').filter((line) => line.startsWith('/')).length).toBeLessThanOrEqual(100);
    expect(patternsOf(text)).toEqual(['/api/v1/component-history/*', '/feeds/*']);
    await expectOneRuleEach(text, targets);
  });

  it("folds a directory of mixed types by type and by name: each component's badges, SVG and JSON apart", async () => {
    const files = [
      'index.html',
      ...['status', 'uptime'].flatMap((name) => [`badges/${name}.json`, `badges/${name}.svg`]),
      ...Array.from({ length: 60 }, (_, index) =>
        ['status', 'uptime'].flatMap((name) =>
          [1, 2].map((n) => `badges/components/c-${index}/${name}.${n === 1 ? 'json' : 'svg'}`),
        ),
      ).flat(),
    ];
    const targets = collectHeaderTargets(RULES, files);
    const text = renderNetlifyHeaders(targets);
    // The fewest patterns that fit, those standing for most paths first: the fourth name is not needed.
    expect(patternsOf(text)).toEqual([
      '/badges/components/*/status.json',
      '/badges/components/*/status.svg',
      '/badges/components/*/uptime.json',
    ]);
    await expectOneRuleEach(text, targets);
  });

  it('folds by type only where nothing else either host could match gets other headers', () => {
    const rules = [
      { source: '**', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      { source: 'd/deep/*.svg', headers: [{ key: 'X-Deep', value: '1' }] },
    ];
    // Cloudflare's splat crosses slashes, so `/d/*.svg` would also give d/deep/x.svg its headers: each stays a rule.
    const files = [...Array.from({ length: 100 }, (_, index) => `d/${index}.svg`), 'd/deep/x.svg', 'd/deep/y.svg'];
    const paths = foldIntoRules(collectHeaderTargets(rules, files)).map((rule) => rule.path);
    expect(paths).toContain('/d/0.svg');
    expect(paths.filter((path) => path.includes('*'))).toEqual(['/d/deep/*']);
  });

  it('takes exactly 100 rules', () => {
    const files = Array.from({ length: 100 }, (_, index) => `f${index}.json`);
    expect(() => renderNetlifyHeaders(collectHeaderTargets(nosniff, files))).not.toThrow();
  });

  it('refuses a line longer than the 2,000 characters Cloudflare Pages takes', () => {
    const rules = [{ source: 'x', headers: [{ key: 'Link', value: 'a'.repeat(2000) }] }];
    expect(() => renderNetlifyHeaders(collectHeaderTargets(rules, ['x']))).toThrow(/at most 2000/);
  });

  it('refuses a header Netlify would silently ignore', () => {
    const rules = [{ source: 'x', headers: [{ key: 'Allow', value: 'GET' }] }];
    expect(() => renderNetlifyHeaders(collectHeaderTargets(rules, ['x']))).toThrow(ExportError);
  });

  it('refuses a value nginx would read as a variable', () => {
    const rules = [{ source: 'x', headers: [{ key: 'X-Cost', value: '$5' }] }];
    expect(() => renderNginxLocations(collectHeaderTargets(rules, ['x']))).toThrow(/variable/);
  });

  it("sends a text type's precompressed sibling as it is, and compresses on the fly what has none", () => {
    const rules = [
      { source: 'doc', headers: [{ key: 'Content-Type', value: 'application/json' }] },
      { source: 'logo', headers: [{ key: 'Content-Type', value: 'image/png' }] },
    ];
    const text = renderNginxLocations(collectHeaderTargets(rules, ['doc', 'logo']));
    const location = (path: string) => new RegExp(`^location = /${path} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(text)?.[1];
    expect(location('doc')).toMatch(/^ {4}gzip_static on;\n {4}gzip on;$/m);
    expect(location('logo')).toBeDefined();
    expect(location('logo')).not.toMatch(/gzip/);
  });

  it('escapes quotes and backslashes in nginx values', () => {
    const rules = [{ source: 'x', headers: [{ key: 'X-Note', value: 'a "b" \\c' }] }];
    expect(renderNginxLocations(collectHeaderTargets(rules, ['x']))).toContain('add_header X-Note "a \\"b\\" \\\\c";');
  });
});
