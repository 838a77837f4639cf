/** A content coding the origin can send: the two every browser and CDN takes, and the bytes as they are. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Below every weight a header can give (three decimals at most), above a refusal. */
const IMPLICIT_IDENTITY_WEIGHT = 0.0001;

/** The codings tried, best first, when a client accepts several with the same weight. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3),
 * among `available` (identity is always available). The highest weight wins,
 * ties go to the smaller coding, and identity unnamed comes last; `*` stands for any coding the header does
 * not name, and `q=0` refuses one. With no header a client gets identity. A
 * header that refuses identity and every coding on offer still gets identity:
 * a 406 helps nobody, and RFC 9110 allows sending it.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: ReadonlySet<Exclude<ContentCoding, 'identity'>>,
): ContentCoding {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...parameters] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key = '', value = ''] = parameter.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value.trim());
      weight = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0;
    }
    // `x-gzip` is gzip by another name (RFC 9110 §8.4.1.3).
    weights.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const weightOf = (coding: ContentCoding): number => {
    const named = weights.get(coding);
    if (named !== undefined) return named;
    const any = weights.get('*');
    if (any !== undefined) return any;
    // Identity is acceptable unless refused, by name or by `*;q=0`, and is the last choice
    // among what is acceptable: a client that names a coding at any weight wants it.
    return coding === 'identity' ? IMPLICIT_IDENTITY_WEIGHT : 0;
  };
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.has(coding)) continue;
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
