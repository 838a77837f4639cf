/** Deeper than any document of ours or any status page's summary nests (theirs nest five or six levels). */
export const MAX_JSON_DEPTH = 64;

export interface JsonNestingLimits {
  /** Arrays and objects nested in one another, at most. */
  readonly maxDepth?: number;
  /** Arrays and objects in all, at most; unbounded unless given. */
  readonly maxContainers?: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS: ReadonlySet<number> = new Set([0x5b, 0x7b]);
const CLOSERS: ReadonlySet<number> = new Set([0x5d, 0x7d]);

/**
 * Why JSON text from outside must not be parsed, judged from its brackets
 * alone in one pass, before `JSON.parse` builds anything: nested deeper than
 * `maxDepth` (a few MB of `[[[[…` parse into hundreds of MB), or holding more
 * than `maxContainers` arrays and objects. `undefined` when neither; the
 * text may still be no JSON at all, which the parse then says. Pure.
 */
export function judgeJsonNesting(text: string, limits: JsonNestingLimits = {}): string | undefined {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxContainers = limits.maxContainers ?? Number.POSITIVE_INFINITY;
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      depth += 1;
      containers += 1;
      if (depth > maxDepth) return `nests deeper than ${maxDepth} levels`;
      if (containers > maxContainers) return `holds more than ${maxContainers} arrays and objects`;
    } else if (CLOSERS.has(code)) {
      depth -= 1;
    }
  }
  return undefined;
}
