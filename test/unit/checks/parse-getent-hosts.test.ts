import { describe, expect, it } from 'vitest';
import { parseGetentHosts } from '../../../src/checks/resolve-host.js';

describe('parseGetentHosts', () => {
  it.each([
    [
      'one address, three socket types',
      '127.0.0.1       STREAM localhost\n127.0.0.1       DGRAM  \n127.0.0.1       RAW    \n',
      [{ address: '127.0.0.1', family: 4 }],
    ],
    [
      'IPv6 and IPv4, in the resolver order',
      '::1             STREAM localhost\n::1             DGRAM\n127.0.0.1       STREAM\n',
      [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
    ],
    ['nothing', '', []],
    ['a line that is not an address', 'garbage here\n', []],
  ])('%s', (_name, output, expected) => {
    expect(parseGetentHosts(output)).toEqual(expected);
  });
});
