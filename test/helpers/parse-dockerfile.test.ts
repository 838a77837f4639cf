import { describe, expect, it } from 'vitest';
import { execForm, instructionsOf, parseDockerfile } from './parse-dockerfile.js';

const DOCKERFILE = `# syntax=docker/dockerfile:1
ARG V=1
FROM node:20 AS build
RUN npm ci \\
  && npm test
FROM node:20
# a comment
user node
CMD ["node", "x.js"]
`;

describe('parseDockerfile', () => {
  it('splits stages at FROM, with their names', () => {
    const stages = parseDockerfile(DOCKERFILE);
    expect(stages.map(({ image, name }) => ({ image, name }))).toEqual([
      { image: 'node:20', name: 'build' },
      { image: 'node:20', name: undefined },
    ]);
  });

  it('joins continuation lines and upper-cases keywords, leaving out comments and global ARGs', () => {
    const [build, runtime] = parseDockerfile(DOCKERFILE);
    expect(build?.instructions).toEqual([{ keyword: 'RUN', args: 'npm ci && npm test' }]);
    expect(runtime && instructionsOf(runtime, 'USER')).toEqual([{ keyword: 'USER', args: 'node' }]);
  });

  it.each([
    ['["node", "x.js"]', ['node', 'x.js']],
    ['node x.js', undefined],
    ['[1, 2]', undefined],
  ])('execForm(%s)', (args, expected) => {
    expect(execForm(args)).toEqual(expected);
  });
});
