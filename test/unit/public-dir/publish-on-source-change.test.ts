import { describe, expect, it } from 'vitest';
import { publishOnSourceChange } from '../../../src/public-dir/publish-on-source-change.js';

describe('publishOnSourceChange', () => {
  it('renders once per source, again when the source changes', async () => {
    const calls: string[] = [];
    const publish = publishOnSourceChange(
      (source: string) => source,
      async (source) => {
        calls.push(source);
        return [`${source}.txt`];
      },
    );
    expect(await publish('a')).toEqual(['a.txt']);
    expect(await publish('a')).toEqual([]);
    expect(await publish('b')).toEqual(['b.txt']);
    expect(await publish('a')).toEqual(['a.txt']);
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('tries a failed write again next time', async () => {
    let fail = true;
    const publish = publishOnSourceChange(
      (source: string) => source,
      async (source) => {
        if (fail) throw new Error('disk full');
        return [source];
      },
    );
    await expect(publish('a')).rejects.toThrow('disk full');
    fail = false;
    expect(await publish('a')).toEqual(['a']);
    expect(await publish('a')).toEqual([]);
  });
});
