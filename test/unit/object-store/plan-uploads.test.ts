import { describe, expect, it } from 'vitest';
import { planUploads } from '../../../src/object-store/plan-uploads.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('planUploads', () => {
  it('uploads new and changed files, in the order given, and counts the rest', () => {
    const current = new Map([
      ['api/v1/status', B],
      ['api/v1/regions', A],
      ['index.html', A],
    ]);
    expect(planUploads(current, { 'site/api/v1/status': A, 'site/api/v1/regions': A }, 'site/')).toEqual({
      changed: ['api/v1/status', 'index.html'],
      unchanged: 1,
    });
  });

  it('with nothing known, uploads everything', () => {
    expect(planUploads(new Map([['feed.atom', A]]), {}, '')).toEqual({ changed: ['feed.atom'], unchanged: 0 });
  });

  it('the same digests under another prefix count as unknown', () => {
    expect(planUploads(new Map([['feed.atom', A]]), { 'feed.atom': A }, 'eu/')).toEqual({
      changed: ['feed.atom'],
      unchanged: 0,
    });
  });
});
