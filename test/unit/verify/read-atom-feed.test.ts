import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/input-error.js';
import { readAtomFeed } from '../../../src/verify/read-atom-feed.js';
import { sampleFeed } from '../../helpers/document-fixtures.js';

const URL = 'http://127.0.0.1:9/feed.atom';
const good = sampleFeed();

describe('readAtomFeed', () => {
  it('reads a valid Atom feed', () => {
    expect(readAtomFeed(URL, good)).toEqual({ title: 'Amsterdam 1 status', entries: 1 });
  });

  it('reads a feed whose root carries a namespace prefix', () => {
    const prefixed = good
      .replace('<feed xmlns=', '<atom:feed xmlns:atom=')
      .replace('</feed>', '</atom:feed>')
      .replace(/<(\/?)(id|title|updated|link|entry|content)\b/g, '<$1atom:$2');
    expect(readAtomFeed(URL, prefixed).entries).toBe(1);
  });

  it.each([
    ['an empty body', '', 'is empty'],
    ['a truncated feed', good.slice(0, good.length / 2), 'is not well-formed XML'],
    ['a mismatched closing tag', good.replace('</title>', '</titel>'), 'is not well-formed XML'],
    ['JSON', '{"feed":[]}', 'is not well-formed XML'],
    ['an RSS feed', '<rss version="2.0"><channel><title>x</title></channel></rss>', 'not an Atom <feed>'],
    ['an HTML page', '<html><body>status</body></html>', 'not an Atom <feed>'],
    [
      'a feed outside the Atom namespace',
      good.replace(' xmlns="http://www.w3.org/2005/Atom"', ''),
      'outside the Atom namespace',
    ],
    ['two root elements', `${good}<feed xmlns="http://www.w3.org/2005/Atom"/>`, '2 root elements'],
    [
      'a DOCTYPE with entities',
      `<!DOCTYPE feed [<!ENTITY a "aaaa">]>\n${good.replace(/^<\?xml[^>]*>\n/, '')}`,
      'DOCTYPE',
    ],
    [
      'an entry without an id',
      good.replace(/\s*<id>urn:service-directory:notice[^<]*<\/id>/, ''),
      'feed.entry[0].id: is required',
    ],
    ['a feed without updated', good.replace(/\n {2}<updated>[^<]*<\/updated>/, ''), 'feed.updated: is required'],
  ])('refuses %s, naming the URL and why', (_name, text, reason) => {
    const read = () => readAtomFeed(URL, text);
    expect(read).toThrow(InputError);
    expect(read).toThrow(`${URL}: `);
    expect(read).toThrow(reason);
  });
});
