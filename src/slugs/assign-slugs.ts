/**
 * The longest slug, in characters (all ASCII, so bytes too). Every file or
 * URL named after a component or group is its slug plus a few characters
 * (`component-history/{slug}.json`, its `.br` sibling, the dot-named temp
 * file beside it, `badges/components/{slug}/uptime.svg`): 64 keeps the
 * longest of them under 100 bytes, far below the 255 bytes a file name may
 * have on ext4, XFS or APFS (143 under eCryptfs) and S3's 1,024-byte keys.
 */
export const MAX_SLUG_CHARS = 64;

/**
 * A component or group name as a file name: lower case, accents dropped,
 * every run of anything but `a-z0-9` one hyphen, none at either end, cut to
 * `MAX_SLUG_CHARS`; a name with no such character at all is `component`.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'component' : cutSlug(slug, MAX_SLUG_CHARS);
}

/**
 * A stable file name for each of `names`, in their order; the one rule for
 * every file or URL named after a component or group (the badges, the
 * detail documents, and the per-component feeds and heartbeat push URLs
 * when they come): its slug, and for a
 * slug already taken by an earlier name (`Build Service` and `build-service`),
 * the slug with `-2`, `-3`... (cut shorter to make room, so that it too stays
 * within `MAX_SLUG_CHARS`). The first name in config order keeps the plain
 * slug, so a badge URL changes only if names are renamed or reordered.
 */
export function assignSlugs(names: readonly string[]): ReadonlyMap<string, string> {
  const taken = new Set<string>();
  const slugs = new Map<string, string>();
  for (const name of names) {
    if (slugs.has(name)) continue;
    const base = slugify(name);
    let slug = base;
    for (let suffix = 2; taken.has(slug); suffix += 1) {
      slug = `${cutSlug(base, MAX_SLUG_CHARS - String(suffix).length - 1)}-${suffix}`;
    }
    taken.add(slug);
    slugs.set(name, slug);
  }
  return slugs;
}

/** `slug` in at most `maxChars`, never ending in a hyphen. */
export function cutSlug(slug: string, maxChars: number): string {
  return slug.length <= maxChars ? slug : slug.slice(0, maxChars).replace(/-+$/, '');
}
