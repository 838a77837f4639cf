/** What a name typed on the command line came to: the configured name it means, or the nearest one, if any is near. */
export type NameMatch =
  | { readonly kind: 'found'; readonly name: string }
  | { readonly kind: 'missing'; readonly suggestion: string | undefined };

/** A name as compared: surrounding space off, inner runs of space as one, any case. */
function foldName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The edits (insert, delete, substitute) that turn `a` into `b`: Levenshtein's distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The configured component `given` names, as an on-call engineer types it:
 * exactly, or ignoring case and surrounding (or doubled) space when that
 * leaves one name. None found: the nearest name within a typo or two
 * (`Registy` → `Registry`; at most a quarter of its length, and at least
 * two, edits), as a suggestion. Pure.
 */
export function matchComponentName(given: string, names: Iterable<string>): NameMatch {
  const all = [...names];
  if (all.includes(given)) return { kind: 'found', name: given };
  const folded = foldName(given);
  const same = all.filter((name) => foldName(name) === folded);
  if (same.length === 1 && same[0] !== undefined) return { kind: 'found', name: same[0] };
  let suggestion: string | undefined;
  let best = Math.max(2, Math.floor(folded.length / 4)) + 1;
  for (const name of all) {
    const distance = editDistance(folded, foldName(name));
    if (distance < best) {
      best = distance;
      suggestion = name;
    }
  }
  return { kind: 'missing', suggestion };
}

/**
 * A state as typed beside a name (`major outage`, `Major-Outage`,
 * `major_outage`): the document's spelling, lower case with underscores. Pure.
 */
export function normalizeStateWords(state: string): string {
  return state
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
