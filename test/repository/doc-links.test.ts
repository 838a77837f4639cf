import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/temp-site.js';

/** The Markdown a newcomer reads: the READMEs and everything in docs/. */
const DOCUMENTS = [
  'README.md',
  'deploy/README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** What a fresh clone has: the files git tracks, plus new ones not ignored (so this works before a commit). */
const CLONE_FILES = new Set(
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== ''),
);
const CLONE_DIRS = new Set(
  [...CLONE_FILES].flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? '')));
}

/** Relative link targets in Markdown text, outside code blocks. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe.each(DOCUMENTS)('%s', (document) => {
  it('links only to files and headings a fresh clone has', () => {
    const broken: string[] = [];
    for (const target of relativeLinks(readFileSync(join(REPO_ROOT, document), 'utf8'))) {
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? document : normalize(join(dirname(document), path)).replace(/\/$/, '');
      if (file.startsWith('..') || !(CLONE_FILES.has(file) || CLONE_DIRS.has(file))) {
        broken.push(`${target}: no such file in the repository`);
      } else if (
        anchor !== undefined &&
        CLONE_FILES.has(file) &&
        file.endsWith('.md') &&
        !anchorsOf(file).has(anchor)
      ) {
        broken.push(`${target}: no such heading in ${file}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

it('the README links every page under docs/, so none is out of reach from the front door', () => {
  const linked = new Set(
    relativeLinks(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).map((target) => target.split('#')[0]),
  );
  const pages = DOCUMENTS.filter((document) => document.startsWith('docs/'));
  expect(pages.length).toBeGreaterThan(0);
  expect(pages.filter((page) => !linked.has(page))).toEqual([]);
});

it('the check finds a link outside the repository, so it can fail', () => {
  expect(relativeLinks('[spec](../shared/spec.md) and [ok](https://example.com/)')).toEqual(['../shared/spec.md']);
  expect(normalize(join(dirname('README.md'), '../shared/spec.md')).startsWith('..')).toBe(true);
});
