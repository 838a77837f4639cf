import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SLUG_CHARS } from '../../../src/slugs/assign-slugs.js';
import { runCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const standin = useStandins();
const cli = useCliSite();

describe('the slug rule, through the real CLI', () => {
  it('a name of 200 characters whose slug would be 600 letters: probe --once writes every file, under a slug of at most 64', async () => {
    const healthy = await standin({ mode: 'healthy' });
    // Compatibility decomposition makes each ligature three letters, each ㎈ "cal": short names, long slugs.
    const name = 'ﬃ'.repeat(200);
    const group = '㎈'.repeat(200);
    const configFile = join(cli.site.root, 'components.json');
    await writeFile(
      configFile,
      JSON.stringify({
        region: 'ams1',
        components: [
          { name, group, url: `${healthy.origin}/healthz` },
          { name: 'Control API', url: `${healthy.origin}/healthz` },
        ],
      }),
    );
    const { publicDir } = cli.site;
    const result = await runCli(
      ['probe', '--once', '--config', configFile, '--out', publicDir, '--regions', cli.site.regionsFile],
      { cwd: cli.site.root, env: { REGION: '' } },
    );

    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/ENAMETOOLONG|not written|could not write/);
    const slug = 'ffi'.repeat(22).slice(0, MAX_SLUG_CHARS);
    const groupSlug = 'cal'.repeat(22).slice(0, MAX_SLUG_CHARS);
    expect((await readdir(join(publicDir, 'api', 'v1', 'component-history'))).sort()).toEqual([
      'control-api.json',
      `${slug}.json`,
    ]);
    expect(await readdir(join(publicDir, 'badges', 'components', slug))).toEqual(
      expect.arrayContaining(['status.svg', 'uptime.svg']),
    );
    expect(await readdir(join(publicDir, 'badges', 'groups', groupSlug))).toEqual(
      expect.arrayContaining(['status.svg', 'uptime.svg']),
    );
    const uptime: unknown = JSON.parse(await readFile(join(publicDir, 'api', 'v1', 'uptime'), 'utf8'));
    expect(uptime).toMatchObject({ components: expect.arrayContaining([expect.objectContaining({ name, slug })]) });
  });
});

describe('input files with a byte order mark', () => {
  it('build reads data/regions.json and headers.json that start with one, as editors on Windows save them', async () => {
    for (const file of [cli.site.regionsFile, cli.site.headersFile]) {
      await writeFile(file, `\ufeff${await readFile(file, 'utf8')}`);
    }
    const result = await runCli(['build'], { cwd: cli.site.root });
    expect(result.code, result.stderr).toBe(0);
    const regions: unknown = JSON.parse(await readFile(join(cli.site.publicDir, 'api', 'v1', 'regions'), 'utf8'));
    expect(regions).toMatchObject({ object: 'list', data: expect.arrayContaining([expect.anything()]) });
  });
});
