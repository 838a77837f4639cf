import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listSourceRooms, SRC_DIR } from '../helpers/source-rooms.js';
import { REPO_ROOT } from '../helpers/temp-site.js';

/** The README's map of the house: a line per floor, bottom to top, each naming its rooms as `src/<room>/`. */
function floors(): string[][] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^## The house\n([\s\S]*?)(?=^## |$(?![\s\S]))/m.exec(readme)?.[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => [...line.matchAll(/`src\/([^`]+?)\/?`/g)].map((match) => match[1] ?? ''));
}

/** Each import from one room into another under `src/`, as `[from, to]` rooms. */
function arrows(): [string, string][] {
  const found: [string, string][] = [];
  const roomOf = (file: string) => relative(SRC_DIR, file).split(sep)[0] ?? '';
  for (const entry of readdirSync(SRC_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), match[1] ?? '');
      if (roomOf(file) !== roomOf(target)) found.push([roomOf(file), roomOf(target)]);
    }
  }
  return found;
}

describe('the map of the house in the README', () => {
  it('names every room under src/, and nothing else', () => {
    expect(floors().flat().sort()).toEqual(listSourceRooms());
  });

  it('is ten to twenty lines', () => {
    expect(floors().length).toBeGreaterThanOrEqual(10);
    expect(floors().length).toBeLessThanOrEqual(20);
  });

  it('lists the rooms from the ground up: none imports a room listed after its own', () => {
    const floorOf = new Map(floors().flatMap((names, index) => names.map((name) => [name, index] as const)));
    const upward = arrows()
      .filter(([from, to]) => (floorOf.get(to) ?? -1) > (floorOf.get(from) ?? -1))
      .map(([from, to]) => `${from} -> ${to}`);
    expect([...new Set(upward)]).toEqual([]);
  });
});
