import { describe, expect, it } from 'vitest';
import { listPageFiles, selectBuildUploads } from '../../../src/site/select-build-uploads.js';

describe('selectBuildUploads', () => {
  it('takes what the build wrote and the page, never a probe document lying in public/', () => {
    const files = [
      'api/v1/incidents',
      'api/v1/notices',
      'api/v1/observations',
      'api/v1/regions',
      'api/v1/status',
      'api/v1/uptime',
      'feed.atom',
      'favicon.svg',
      'index.html',
    ];
    const written = new Set(['api/v1/regions', 'api/v1/notices', 'feed.atom']);
    expect(selectBuildUploads(files, written)).toEqual([
      'api/v1/notices',
      'api/v1/regions',
      'feed.atom',
      'favicon.svg',
      'index.html',
    ]);
  });

  it('a feed it did not write stays out: it is a published document', () => {
    expect(selectBuildUploads(['feed.atom', 'index.html'], new Set())).toEqual(['index.html']);
  });

  it("the probe's badges stay out: an old local copy must not replace the live one", () => {
    const files = ['badges/components/control-api/status.svg', 'badges/status.json', 'badges/status.svg', 'index.html'];
    expect(selectBuildUploads(files, new Set())).toEqual(['index.html']);
  });

  it('the feeds of components and groups go only as the build wrote them: the probe writes them too', () => {
    const files = ['feeds/components/registry.atom', 'feeds/components/retired.atom', 'feeds/groups/compute.atom'];
    const written = new Set(['feeds/components/registry.atom', 'feeds/groups/compute.atom']);
    expect(selectBuildUploads(files, written)).toEqual(['feeds/components/registry.atom', 'feeds/groups/compute.atom']);
    expect(listPageFiles(files)).toEqual([]);
  });
});

describe('listPageFiles', () => {
  it("takes the page's own files, as URL paths, and leaves the documents and badges to their writers", () => {
    const files = [
      'api/v1/status',
      'api/v2/summary.json',
      'badges/status.svg',
      'favicon.svg',
      'feed.atom',
      'index.html',
      'status-page.js',
    ];
    expect(listPageFiles(files)).toEqual(['/favicon.svg', '/index.html', '/status-page.js']);
  });
});
