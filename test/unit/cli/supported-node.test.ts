import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeUnsupportedNode, SUPPORTED_NODE_LINES } from '../../../src/cli/supported-node.js';
import { REPO_ROOT } from '../../helpers/temp-site.js';

describe('describeUnsupportedNode', () => {
  it.each(['22.0.0', '22.23.3', '24.21.0', '26.10.0', '26.0.0-nightly2026'])('lets Node %s run', (version) => {
    expect(describeUnsupportedNode(version)).toBeUndefined();
  });

  it.each([
    '20.20.2',
    '21.7.3',
    '18.20.8',
    '0.10.48',
    '23.11.1',
    '25.2.0',
    '27.0.0-nightly2026',
    '28.0.0',
    '',
    'v24.0.0',
  ])('refuses Node "%s" in one line that names the lines it runs on and the version found', (version) => {
    const refusal = describeUnsupportedNode(version);
    expect(refusal).toBe(
      `service-directory runs on Node.js 22, 24 or 26, the LTS lines it is tested on; this is Node.js ${version}: install Node.js 24 (nvm install reads it from .nvmrc) and run npm ci again`,
    );
    expect(refusal).not.toContain('\n');
  });
});

describe('the supported lines, everywhere they are named', () => {
  const majors = SUPPORTED_NODE_LINES.map(({ major }) => major);

  it('are ordered, with end-of-life dates in the future of their predecessors', () => {
    expect(majors).toEqual([...majors].sort((a, b) => a - b));
    const ends = SUPPORTED_NODE_LINES.map(({ endOfLife }) => Date.parse(`${endOfLife}T00:00:00Z`));
    expect(ends.every((end, i) => Number.isFinite(end) && (i === 0 || end > (ends[i - 1] ?? 0)))).toBe(true);
  });

  it("match package.json's engines and .nvmrc", async () => {
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(majors.map((major) => `^${major}`).join(' || '));
    expect(majors).toContain(Number((await readFile(join(REPO_ROOT, '.nvmrc'), 'utf8')).trim()));
  });

  it('are each tested by .ci/run', async () => {
    const ci = await readFile(join(REPO_ROOT, '.ci', 'run'), 'utf8');
    const tested = [...ci.matchAll(/^on_line (\d+) /gm)].map((match) => Number(match[1]));
    expect([...new Set(tested)].sort((a, b) => a - b)).toEqual(majors);
  });
});
