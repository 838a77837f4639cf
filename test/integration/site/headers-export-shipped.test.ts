import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOUDFLARE_MAX_RULES } from '../../../src/exports/fold-header-rules.js';
import { urlPathsForFile } from '../../../src/exports/header-targets.js';
import { listPublishedFiles } from '../../../src/exports/list-published-files.js';
import { allowInlineStyle } from '../../../src/headers/allow-inline-style.js';
import { HeadersConfigSchema } from '../../../src/headers/headers-config.js';
import { readPageStyleHash } from '../../../src/headers/read-page-style-hash.js';
import { resolveHeaders } from '../../../src/headers/resolve-headers.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { ComponentsConfigSchema } from '../../../src/schemas/components-config.js';
import { buildSite } from '../../../src/site/build-site.js';
import { cloudflareMatcher, netlifyMatcher } from '../../helpers/headers-file-hosts.js';
import { checkAt, type TestComponent } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';
import { runTwoProbeCycles } from '../../helpers/two-probe-cycles.js';

const standin = useStandins();
const tempDir = tempDirsPerTest({ prefix: 'headers-shipped-' });
const log: ProbeLog = { info: () => {}, error: (line) => errors.push(line) };
let errors: string[] = [];

/** The shipped components (data/components.json), or `count` of them in as many groups as the demo has. */
async function componentsOf(count: number | undefined, url: string): Promise<TestComponent[]> {
  const config = ComponentsConfigSchema.parse(
    JSON.parse(await readFile(join(REPO_ROOT, 'data/components.json'), 'utf8')),
  );
  const shipped = config.components.map(({ name, group }) => ({ name, group, checks: [checkAt(url)] }));
  if (count === undefined) return shipped;
  return Array.from({ length: count }, (_, index) => ({
    name: `Service ${index}`,
    group: index % 3 === 0 ? undefined : `Group ${index % 3}`,
    checks: [checkAt(url)],
  }));
}

/**
 * The repository's public/ after `npm start` ran once: its files, built,
 * then what the probe writes there (badges, feeds, component documents),
 * then built again, as the next start builds over them.
 */
async function probedPublicDir(count: number | undefined): Promise<string> {
  const root = await tempDir();
  const publicDir = join(root, 'public');
  await cp(join(REPO_ROOT, 'public'), publicDir, { recursive: true });
  const build = () =>
    buildSite({
      regionsFile: join(REPO_ROOT, 'data/regions.json'),
      headersFile: join(REPO_ROOT, 'headers.json'),
      noticesFile: join(REPO_ROOT, 'data/notices.json'),
      componentsFile: join(REPO_ROOT, 'data/components.json'),
      publicDir,
    });
  await build();
  const healthy = await standin({ mode: 'healthy' });
  await runTwoProbeCycles({
    components: await componentsOf(count, `${healthy.origin}/healthz`),
    publicDir,
    root,
    log,
  });
  await build();
  return publicDir;
}

describe("the _headers export over the shipped public/ after a probe's run", () => {
  it.each<[string, number | undefined]>([
    ["the demo's components", undefined],
    ['60 components', 60],
  ])(
    'stays within Cloudflare’s 100 rules and gives every file exactly its headers, on both hosts (%s)',
    async (_name, count) => {
      errors = [];
      const publicDir = await probedPublicDir(count);
      expect(errors).toEqual([]);
      const files = await listPublishedFiles(publicDir);
      // The probe's files are there: the cycle wrote badges of both types and the component feeds.
      expect(files.filter((file) => file.startsWith('badges/') && file.endsWith('.svg')).length).toBeGreaterThan(4);
      expect(files.filter((file) => file.startsWith('badges/') && file.endsWith('.json')).length).toBeGreaterThan(4);
      expect(files.filter((file) => file.startsWith('feeds/components/')).length).toBeGreaterThanOrEqual(4);

      const text = await readFile(join(publicDir, '_headers'), 'utf8');
      const rules = text.split('\n').filter((line) => line.startsWith('/'));
      expect(rules.length).toBeLessThanOrEqual(CLOUDFLARE_MAX_RULES);
      expect(files.length).toBeGreaterThan(CLOUDFLARE_MAX_RULES);

      const headersRules = HeadersConfigSchema.parse(
        JSON.parse(await readFile(join(REPO_ROOT, 'headers.json'), 'utf8')),
      );
      // headers.json's rules as the build adjusts them: the page's policy names the style sheet it inlined.
      const styleHash = await readPageStyleHash(publicDir);
      expect(styleHash).toMatch(/^'sha256-/);
      const pageRules = allowInlineStyle(headersRules.headers, styleHash);
      // Netlify's own parser reads the file; Cloudflare's side is an imitation, not Cloudflare's code: cloudflareMatcher
      // copies the asset worker's `generateRulesMatcher`, which runs only inside workerd (about 100 MB, too heavy here).
      const hosts = { netlify: await netlifyMatcher(join(publicDir, '_headers')), cloudflare: cloudflareMatcher(text) };
      for (const file of files) {
        const expected = Object.fromEntries(
          [...resolveHeaders(pageRules, `/${file}`)].map(([name, { value }]) => [name, value]),
        );
        for (const path of urlPathsForFile(file)) {
          for (const [host, match] of Object.entries(hosts)) {
            expect(match(path), `${host}: ${path}`).toEqual({ rules: 1, headers: expected });
          }
        }
      }
    },
  );
});
