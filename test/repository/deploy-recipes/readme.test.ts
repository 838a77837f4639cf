import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/** Every file under deploy/ but its README, as repository paths. */
async function listRecipes(dir = 'deploy'): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? listRecipes(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat().filter((path) => path !== 'deploy/README.md');
}

/** The targets of the Markdown links in `text`. */
function linkTargets(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

let recipes: string[];

beforeAll(async () => {
  recipes = await listRecipes();
});

describe('deploy documentation', () => {
  it('deploy/README.md links every recipe', async () => {
    const links = linkTargets(await readFile('deploy/README.md', 'utf8')).map((target) => join('deploy', target));
    for (const recipe of recipes) expect(links, recipe).toContain(recipe);
  });

  it("the top-level README's Deploy section links every recipe and the .dockerignore", async () => {
    const readme = await readFile('README.md', 'utf8');
    const deploy = readme.split(/^## /m).find((section) => section.startsWith('Deploy\n')) ?? '';
    expect(deploy).not.toBe('');
    const links = linkTargets(deploy);
    for (const recipe of [...recipes, '.dockerignore', 'deploy/README.md']) expect(links, recipe).toContain(recipe);
  });
});
