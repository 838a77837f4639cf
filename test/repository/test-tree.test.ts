import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSourceRooms } from '../helpers/source-rooms.js';
import { REPO_ROOT } from '../helpers/temp-site.js';

/**
 * The unit and integration tests mirror the rooms of src/: a test lives in
 * `test/unit/<room>/` or `test/integration/<room>/`, the room of the code it
 * tests; a test of a file directly in src/ (`api-documents.ts`) lives
 * directly in the layer, named for that file, as the file sits directly in
 * src/. The checks of repository files (test/repository/), the browser tests
 * and the network tests keep folders of their own.
 */
const LAYERS = ['test/unit', 'test/integration'] as const;

/** Whether `name` is a folder of src/ among its `rooms` (which name its files too, `api-documents.ts`). */
const isFolderRoom = (name: string, rooms: readonly string[]) => !name.endsWith('.ts') && rooms.includes(name);

/** Why a test file at `path`, relative to its layer, is out of place; `undefined` where it belongs. */
function misplacement(path: string, rooms: readonly string[]): string | undefined {
  const [first = '', ...below] = path.split('/');
  if (below.length > 0) {
    return isFolderRoom(first, rooms) ? undefined : `${first}/ names no room of src/`;
  }
  const stem = first.slice(0, first.indexOf('.'));
  return rooms.includes(`${stem}.ts`)
    ? undefined
    : 'not in the folder of a room of src/ (<layer>/<room>/), nor named for a file directly in src/';
}

/** Every `*.test.ts` below `dir`, relative to it. */
function listTestFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('the test tree', () => {
  const rooms = listSourceRooms();

  it.each(LAYERS)('keeps every test file of %s/ in the folder of a room of src/', (layer) => {
    const problems = listTestFiles(join(REPO_ROOT, layer)).flatMap((path) => {
      const problem = misplacement(path, rooms);
      return problem === undefined ? [] : [`${layer}/${path}: ${problem}`];
    });
    expect(problems).toEqual([]);
  });

  it.each(LAYERS)('names a room of src/ with every folder of %s/ (a room renamed in src/ is renamed here)', (layer) => {
    const strays = readdirSync(join(REPO_ROOT, layer), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !isFolderRoom(entry.name, rooms))
      .map((entry) => `${layer}/${entry.name}/: names no room of src/`);
    expect(strays).toEqual([]);
  });

  it.each([
    ['server/etag.test.ts', 'in place'],
    ['metrics/listener/scrape.test.ts', 'in place'],
    ['api-documents.test.ts', 'in place'],
    ['api-documents.solo.test.ts', 'in place'],
    ['etag.test.ts', 'not in the folder of a room of src/ (<layer>/<room>/), nor named for a file directly in src/'],
    ['servers/etag.test.ts', 'servers/ names no room of src/'],
    ['api-documents.ts/etag.test.ts', 'api-documents.ts/ names no room of src/'],
  ])('judges %s: %s', (path, verdict) => {
    expect(misplacement(path, ['api-documents.ts', 'metrics', 'server']) ?? 'in place').toBe(verdict);
  });
});
