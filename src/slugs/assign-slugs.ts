/**
 * A component or group name as a file name: lower case, accents dropped,
 * every run of anything but `a-z0-9` one hyphen, none at either end; a name
 * with no such character at all is `component`.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'component' : slug;
}

/**
 * A stable file name for each of `names`, in their order: its slug, and for a
 * slug already taken by an earlier name (`Build Service` and `build-service`),
 * the slug with `-2`, `-3`... The first name in config order keeps the plain
 * slug, so a badge URL changes only if names are renamed or reordered.
 */
export function assignSlugs(names: readonly string[]): ReadonlyMap<string, string> {
  const taken = new Set<string>();
  const slugs = new Map<string, string>();
  for (const name of names) {
    if (slugs.has(name)) continue;
    const base = slugify(name);
    let slug = base;
    for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
    taken.add(slug);
    slugs.set(name, slug);
  }
  return slugs;
}
