/** The weight an `Accept` header gives `type` (`text/markdown`), through its own range, `text/*` or `*\/*`. */
function weightOf(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const range of accept.split(',')) {
    const [media = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const specificity = media === type ? 2 : media === `${major}/*` ? 1 : media === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    best = { specificity, q: Number.isFinite(weight) ? weight : 0 };
  }
  return best.q;
}

/**
 * Whether a request for `/` with this `Accept` asks for the status in
 * markdown rather than the page: it names `text/markdown` itself, with a
 * weight above zero and at least that of `text/html`. A browser's Accept
 * (`text/html,...,*\/*;q=0.8`) never does. Pure.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (accept === undefined || !accept.toLowerCase().includes('text/markdown')) return false;
  const markdown = weightOf(accept, 'text/markdown');
  return markdown > 0 && markdown >= weightOf(accept, 'text/html');
}
