import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { InputError, type Problem } from '../errors/input-error.js';

/** The namespace of Atom 1.0 (RFC 4287). */
export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

/** What `verify` reports of a feed it could read. */
export interface AtomFeedSummary {
  readonly title: string;
  readonly entries: number;
}

// Only the top level is inspected: the root element's name and its namespace declarations.
const topLevelParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
  processEntities: false,
});

/**
 * Reads `text` as an Atom feed, strictly: well-formed XML (fast-xml-parser's
 * validator; the feed parser alone accepts unclosed and mismatched tags),
 * one root element `feed` in the Atom namespace, prefixed or not, and what
 * RFC 4287 requires of the feed and each entry that the feed parser exposes:
 * a title and an updated date, and an id, a title and an updated date per
 * entry. A DOCTYPE is refused before any parsing: Atom needs none, and its
 * entities are how a hostile feed would make a parser hang. Throws
 * `InputError` naming `url` and every problem.
 */
export function readAtomFeed(url: string, text: string): AtomFeedSummary {
  if (text.trim() === '') throw new InputError(url, [{ path: '', reason: 'is empty' }]);
  // The feed parser expands entities without a limit: a hostile feed's DOCTYPE could make it hang,
  // so none reaches a parser at all.
  if (/<!DOCTYPE/i.test(text)) {
    throw new InputError(url, [
      { path: '', reason: 'has a DOCTYPE; an Atom feed needs none, and its entities are refused' },
    ]);
  }
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    const { line, col, msg } = wellFormed.err;
    throw new InputError(url, [{ path: '', reason: `is not well-formed XML (line ${line}, column ${col}: ${msg})` }]);
  }
  const rootProblem = checkAtomRoot(topLevelParser.parse(text));
  if (rootProblem !== undefined) throw new InputError(url, [{ path: '', reason: rootProblem }]);

  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(text);
  } catch (error) {
    throw new InputError(url, [{ path: '', reason: `cannot be read as a feed (${String(error)})` }], { cause: error });
  }
  const problems: Problem[] = [];
  if (!feed.title) problems.push({ path: 'feed.title', reason: 'is required' });
  if (feed.updated === null) problems.push({ path: 'feed.updated', reason: 'is required (an RFC 3339 date)' });
  feed.items.forEach((entry, index) => {
    const path = `feed.entry[${index}]`;
    if (!entry.id) problems.push({ path: `${path}.id`, reason: 'is required' });
    if (!entry.title) problems.push({ path: `${path}.title`, reason: 'is required' });
    if (entry.updated === null) problems.push({ path: `${path}.updated`, reason: 'is required (an RFC 3339 date)' });
  });
  if (problems.length > 0) throw new InputError(url, problems);
  return { title: feed.title ?? '', entries: feed.items.length };
}

/** Why the parsed top level is not one Atom `feed` element, or `undefined` if it is. */
function checkAtomRoot(nodes: readonly Record<string, unknown>[]): string | undefined {
  const elements = nodes.flatMap((node) =>
    Object.keys(node)
      .filter((key) => key !== ':@' && key !== '#text' && key !== '#comment')
      .map((name) => ({ name, attributes: node[':@'] })),
  );
  const [root] = elements;
  if (root === undefined) return 'has no root element';
  if (elements.length > 1) return `has ${elements.length} root elements; XML allows one`;
  const [prefix, local] = root.name.includes(':') ? root.name.split(':', 2) : [undefined, root.name];
  if (local !== 'feed') return `has the root element <${root.name}>, not an Atom <feed>`;
  const declaration = prefix === undefined ? 'xmlns' : `xmlns:${prefix}`;
  const namespace =
    typeof root.attributes === 'object' && root.attributes !== null
      ? Reflect.get(root.attributes, declaration)
      : undefined;
  if (namespace !== ATOM_NAMESPACE) {
    return `has a <${root.name}> root outside the Atom namespace (${declaration}=${JSON.stringify(namespace ?? null)}, expected ${ATOM_NAMESPACE})`;
  }
  return undefined;
}
