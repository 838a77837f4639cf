import { describe, expect, it } from 'vitest';
import { planLookup } from '../../../src/server/find-static-file.js';

describe('planLookup: clean URLs as serve-handler answered them', () => {
  it.each([
    ['/docs/page.html', '/docs/page'],
    ['/index.html', '/index'],
    ['/index', '/'],
    ['/docs/index', '/docs'],
  ])('redirects %s to %s', (path, location) => {
    expect(planLookup(path)).toEqual({ kind: 'redirect', location });
  });

  it.each([
    ['/', ['/index.html']],
    ['/docs', ['/docs/index.html', '/docs.html', '/docs']],
    ['/docs/', ['/docs/index.html', '/docs.html']],
    ['/status-page.js', ['/status-page.js', '/status-page.js/index.html', '/status-page.js.html']],
    ['/LICENSE', ['/LICENSE/index.html', '/LICENSE.html', '/LICENSE']],
  ])('looks for %s in order', (path, candidates) => {
    expect(planLookup(path)).toEqual({ kind: 'look', candidates });
  });
});
