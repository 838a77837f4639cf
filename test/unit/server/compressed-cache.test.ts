import { describe, expect, it } from 'vitest';
import { type CachedFile, CompressedCache } from '../../../src/server/compressed-cache.js';
import { encodeVariants } from '../../../src/server/encoded-variants.js';

/** A version weighing `bytes`, as the cache counts it. */
function version(bytes: number): CachedFile {
  const body = Buffer.alloc(1);
  return { identity: `v${bytes}`, variants: encodeVariants({ body, etag: '"v"', okHeaders: {} }, {}), bytes };
}

/** A cache of 1,000 bytes holding `files`, each asked for `asked` times, kept in the order given. */
function cacheWith(files: Record<string, { bytes: number; asked: number }>): CompressedCache {
  const cache = new CompressedCache(1_000);
  for (const [file, { bytes, asked }] of Object.entries(files)) {
    for (let request = 0; request < asked; request += 1) cache.lookUp(file);
    cache.keep(file, version(bytes));
  }
  return cache;
}

describe('CompressedCache', () => {
  it('lets a file in while there is room for three times its size', () => {
    const cache = cacheWith({ '/a.js': { bytes: 400, asked: 1 } });
    expect(cache.admits('/b.js', 200)).toBe(true);
    expect(cache.admits('/b.js', 201)).toBe(false);
  });

  it('pushes out the least recently used entries for a file asked for more often than they were', () => {
    const cache = cacheWith({ '/old.json': { bytes: 400, asked: 1 }, '/page.js': { bytes: 400, asked: 1 } });
    cache.lookUp('/page.js');
    cache.lookUp('/new.json');
    cache.lookUp('/new.json');
    expect(cache.admits('/new.json', 100)).toBe(true);
    cache.keep('/new.json', version(300));
    expect(cache.holds('/old.json')).toBe(false);
    expect(cache.holds('/page.js')).toBe(true);
    expect(cache.usage().cachedBytes).toBe(700);
  });

  it('keeps out a file asked for no more often than what it would push out', () => {
    const cache = cacheWith({ '/page.js': { bytes: 900, asked: 3 } });
    for (let request = 0; request < 3; request += 1) cache.lookUp('/scan.json');
    expect(cache.admits('/scan.json', 100)).toBe(false);
    cache.keep('/scan.json', version(300));
    expect(cache.holds('/scan.json')).toBe(false);
    expect(cache.holds('/page.js')).toBe(true);
  });

  it('counts a version pushed out while it is being sent until the last answer is done', () => {
    const cache = cacheWith({ '/big.json': { bytes: 800, asked: 1 } });
    const first = cache.lookUp('/big.json');
    if (first === undefined) throw new Error('kept');
    const releaseOne = cache.holdWhileSent('/big.json', first);
    const releaseTwo = cache.holdWhileSent('/big.json', first);
    cache.forget('/big.json');
    expect(cache.usage()).toMatchObject({ cachedBytes: 0, sendingBytes: 800 });
    // The room is taken until the answers finish: nothing else fits meanwhile.
    expect(cache.admits('/other.json', 100)).toBe(false);
    releaseOne();
    expect(cache.usage().sendingBytes).toBe(800);
    releaseTwo();
    expect(cache.usage().sendingBytes).toBe(0);
    expect(cache.admits('/other.json', 100)).toBe(true);
  });

  it('never pushes out an entry being sent, and counts a version it could not keep while it is sent', () => {
    const cache = cacheWith({ '/sending.json': { bytes: 800, asked: 1 } });
    const sending = cache.lookUp('/sending.json');
    if (sending === undefined) throw new Error('kept');
    const release = cache.holdWhileSent('/sending.json', sending);
    for (let request = 0; request < 5; request += 1) cache.lookUp('/hot.js');
    const hot = version(300);
    cache.keep('/hot.js', hot);
    expect(cache.holds('/sending.json')).toBe(true);
    expect(cache.holds('/hot.js')).toBe(false);
    const releaseHot = cache.holdWhileSent('/hot.js', hot);
    expect(cache.usage()).toMatchObject({ cachedBytes: 800, sendingBytes: 300 });
    releaseHot();
    release();
    expect(cache.usage()).toMatchObject({ cachedBytes: 800, sendingBytes: 0 });
  });

  it('counts the loads under way with what they may weigh', () => {
    const cache = new CompressedCache(1_000);
    cache.beginLoad(100);
    cache.beginLoad(50);
    expect(cache.usage()).toMatchObject({ loads: 2, loadingBytes: 450 });
    cache.endLoad(100);
    cache.endLoad(50);
    expect(cache.usage()).toMatchObject({ loads: 0, loadingBytes: 0 });
  });
});
