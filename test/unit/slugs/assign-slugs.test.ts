import { describe, expect, it } from 'vitest';
import { COMPONENT_SLUG_PATTERN } from '../../../src/schemas/uptime.js';
import { assignSlugs, MAX_SLUG_CHARS, slugify } from '../../../src/slugs/assign-slugs.js';

/** What every slug must be, whatever the name: a file name any file system and S3 take. */
function expectUsableSlug(slug: string): void {
  expect(slug).toMatch(COMPONENT_SLUG_PATTERN);
  expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_CHARS);
}

describe('the slug rule: at most MAX_SLUG_CHARS characters, whatever the name', () => {
  it('cuts a long name’s slug to 64 characters, without a hyphen at the end', () => {
    const name = `${'Regional Build Service '.repeat(8)}Europe`;
    const slug = slugify(name);
    expectUsableSlug(slug);
    expect(slug).toBe('regional-build-service-regional-build-service-regional-build-ser');
    expect(slugify(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });

  it('bounds the slug of a short name that compatibility decomposition makes long (200 × ﬃ is 600 letters)', () => {
    const slug = slugify('ﬃ'.repeat(200));
    expectUsableSlug(slug);
    expect(slug).toBe('ffi'.repeat(22).slice(0, MAX_SLUG_CHARS));
  });

  it('keeps numbered slugs within the bound too, cutting the base to make room', () => {
    const long = 'x'.repeat(80);
    const names = [long, `${long} 2`, ...Array.from({ length: 10 }, (_, index) => `${long}${'!'.repeat(index + 1)}`)];
    const slugs = [...assignSlugs(names).values()];
    for (const slug of slugs) expectUsableSlug(slug);
    expect(new Set(slugs).size).toBe(names.length);
    expect(slugs.slice(0, 3)).toEqual(['x'.repeat(64), `${'x'.repeat(62)}-2`, `${'x'.repeat(62)}-3`]);
    expect(slugs.at(-1)).toBe(`${'x'.repeat(61)}-12`);
  });

  it('leaves names of today’s length as they were', () => {
    expect(slugify('Control API')).toBe('control-api');
    expect(slugify('x'.repeat(MAX_SLUG_CHARS))).toBe('x'.repeat(MAX_SLUG_CHARS));
  });
});
