import { describe, expect, it } from 'vitest';
import { MAX_COUNTED_FILES, RequestCounts } from '../../../src/server/request-counts.js';

describe('RequestCounts', () => {
  it('counts the requests for each file', () => {
    const counts = new RequestCounts();
    for (let request = 0; request < 3; request += 1) counts.count('/app.js');
    counts.count('/app.css');
    expect(counts.of('/app.js')).toBe(3);
    expect(counts.of('/app.css')).toBe(1);
    expect(counts.of('/never.js')).toBe(0);
  });

  it('halves every count once the bound of files is reached, forgetting the files asked for once', () => {
    const counts = new RequestCounts();
    for (let request = 0; request < 8; request += 1) counts.count('/hot.js');
    for (let file = 1; file < MAX_COUNTED_FILES; file += 1) counts.count(`/once-${file}.json`);
    counts.count('/one-more.json');
    expect(counts.of('/hot.js')).toBe(4);
    expect(counts.of('/once-1.json')).toBe(0);
    expect(counts.of('/one-more.json')).toBe(1);
  });

  it('halves every count after many requests, so that old popularity fades', () => {
    const counts = new RequestCounts();
    for (let request = 0; request < 100; request += 1) counts.count('/was-hot.js');
    for (let request = 0; request < MAX_COUNTED_FILES * 10; request += 1) counts.count('/now-hot.js');
    expect(counts.of('/was-hot.js')).toBe(50);
    expect(counts.of('/now-hot.js')).toBeLessThan(MAX_COUNTED_FILES * 10);
  });
});
