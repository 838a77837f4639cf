import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegionListSchema } from '../../../src/schemas/region.js';
import { runCli } from '../../helpers/run-cli.js';
import { runCommandInProcess } from '../../helpers/run-command-in-process.js';
import { makeTempSite, snapshotTree, type TempSite } from '../../helpers/temp-site.js';

let site: TempSite;
beforeEach(async () => {
  site = await makeTempSite();
});
afterEach(async () => {
  await site.remove();
});

const regionsDocument = () => join(site.publicDir, 'api', 'v1', 'regions');
/**
 * `build` run by its own function in this process, as the CLI dispatches it:
 * the first and the failing build below run the real CLI in a child process.
 */
const buildInProcess = (args: string[] = []) => runCommandInProcess('build', args, { cwd: site.root });

describe('build', () => {
  it('writes the regions document as a schema-valid list of every region', async () => {
    const result = await runCli(['build'], { cwd: site.root });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('build: wrote 12 regions');
    const source: unknown[] = JSON.parse(await readFile(site.regionsFile, 'utf8'));
    const list = RegionListSchema.parse(JSON.parse(await readFile(regionsDocument(), 'utf8')));
    expect(list.data).toHaveLength(source.length);
    expect(list.data.map((region) => region.code)).toEqual(list.data.map((region) => region.code).sort());
  });

  it('ships a sample of at least 10 regions, 5 zones and 6 countries, with a shared zone', async () => {
    expect((await buildInProcess()).code).toBe(0);
    const { data } = RegionListSchema.parse(JSON.parse(await readFile(regionsDocument(), 'utf8')));
    const zones = data.map((region) => region.zone);
    expect(data.length).toBeGreaterThanOrEqual(10);
    expect(new Set(zones).size).toBeGreaterThanOrEqual(5);
    expect(new Set(data.map((region) => region.country)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(zones).size).toBeLessThan(zones.length);
  });

  it('writes the same bytes for the same data, whatever its order in the file', async () => {
    expect((await buildInProcess()).code).toBe(0);
    const first = await readFile(regionsDocument());
    const regions: unknown[] = JSON.parse(await readFile(site.regionsFile, 'utf8'));
    await writeFile(site.regionsFile, JSON.stringify(regions.reverse(), null, 4));
    expect((await buildInProcess()).code).toBe(0);
    expect((await readFile(regionsDocument())).equals(first)).toBe(true);
  });

  it('leaves no temp file beside the document', async () => {
    expect((await buildInProcess()).code).toBe(0);
    expect((await readdir(join(site.publicDir, 'api', 'v1'))).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('reports every problem as file, path and reason, exits 1 and leaves public/ byte-for-byte as it was', async () => {
    expect((await buildInProcess()).code).toBe(0);
    await writeFile(join(site.publicDir, 'keep.txt'), 'untouched');
    const before = await snapshotTree(site.publicDir);
    const regions = JSON.parse(await readFile(site.regionsFile, 'utf8'));
    regions[3].country = 'Germany';
    regions[5].code = 'IAD-1';
    regions[7].name = regions[0].name;
    await writeFile(site.regionsFile, JSON.stringify(regions));

    const result = await runCli(['build'], { cwd: site.root });

    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'data/regions.json: [3].country: "Germany" is not an ISO 3166-1 alpha-2 code',
      'data/regions.json: [5].code: "IAD-1" is not lowercase letters followed by one digit',
      `data/regions.json: [7].name: ${JSON.stringify(regions[0].name)} is already used by [0]`,
    ]);
    expect(await snapshotTree(site.publicDir)).toEqual(before);
  });

  it.each([
    ['an empty file', '', 'data/regions.json: is empty'],
    ['a file that is not JSON', '[{"code": "ams1",', 'data/regions.json: is not valid JSON'],
    [
      'an object instead of a list',
      '{"regions": []}',
      'data/regions.json: Invalid input: expected array, received object',
    ],
  ])('rejects %s with one clear message', async (_name, text, message) => {
    await writeFile(site.regionsFile, text);
    const result = await buildInProcess();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(await snapshotTree(site.publicDir)).toEqual({});
  });

  it('names a missing data file', async () => {
    const result = await buildInProcess(['--data', 'data/nope.json']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "data/nope.json: file not found: run the command from the project's directory, or give the file's path with the command's option (see --help)",
    );
  });

  it('rejects an unknown flag with the usage', async () => {
    const result = await buildInProcess(['--dat', 'x']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage: service-directory build');
  });
});
