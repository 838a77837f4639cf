import { describe, expect, it } from 'vitest';
import { ExportError } from '../../../src/errors/export-error.js';
import { collectHeaderTargets, urlPathsForFile } from '../../../src/exports/header-targets.js';

describe('urlPathsForFile', () => {
  it.each([
    ['api/v1/regions', ['/api/v1/regions']],
    ['api/v1/openapi.json', ['/api/v1/openapi.json']],
    ['index.html', ['/', '/index.html']],
    ['docs/index.html', ['/docs/', '/docs/index.html']],
    ['about.html', ['/about', '/about.html']],
  ])('serves %s at %j', (file, paths) => {
    expect(urlPathsForFile(file)).toEqual(paths);
  });
});

describe('collectHeaderTargets', () => {
  const rules = [
    { source: '**', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
    { source: 'api/**', headers: [{ key: 'Cache-Control', value: 'max-age=60' }] },
    { source: 'api/live', headers: [{ key: 'cache-control', value: 'no-store' }] },
  ];

  it('gives each path the complete header set, the last matching rule winning', () => {
    expect(collectHeaderTargets(rules, ['api/live'])).toEqual([
      {
        path: '/api/live',
        file: 'api/live',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'cache-control', value: 'no-store' },
        ],
      },
    ]);
  });

  it('sorts by path and lists each path once', () => {
    const paths = collectHeaderTargets(rules, ['index.html', 'api/live', 'api/live', 'a.html']).map((t) => t.path);
    expect(paths).toEqual(['/', '/a', '/a.html', '/api/live', '/index.html']);
  });

  it.each([['my file.txt'], ['a*b'], ['x/:id']])('refuses %j, which a host would read as a pattern', (file) => {
    expect(() => collectHeaderTargets(rules, [file])).toThrow(ExportError);
  });
});
