import { describe, expect, it } from 'vitest';
import { inlinedStyleOf } from '../../../src/headers/page-inline-style.js';
import { inlineStylesheet } from '../../../src/site/inline-stylesheet.js';

const CSS = 'body { color: CanvasText; }\n.a > .b { margin: 0 }\n';
/** A page as committed: its head links the style sheet the build inlines. */
const COMMITTED = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <title>Platform status</title>',
  '    <link rel="stylesheet" href="/status-page.css">',
  '    <script type="module" src="/bundle/status-page.js"></script>',
  '  </head>',
  '  <body><p class="subscribe"><a href="/feed.atom">Feed</a></p></body>',
  '</html>',
  '',
].join('\n');

function inlined(html: string, css: string): string {
  const result = inlineStylesheet(html, css);
  if (!result.ok) throw new Error(result.reason);
  return result.html;
}

describe('inlineStylesheet', () => {
  it('puts the committed page’s style sheet in place of its link, byte for byte, and finds it again', () => {
    const committed = COMMITTED;
    const page = inlined(committed, CSS);
    expect(page).not.toContain('<link rel="stylesheet" href="/status-page.css">');
    expect(inlinedStyleOf(page)).toBe(CSS);
    expect(page.match(/<style/g)).toHaveLength(1);
    // Everything around it is the committed page's.
    expect(page.replace(`<style data-inlined="/status-page.css">${CSS}</style>`, '')).toBe(
      committed.replace('<link rel="stylesheet" href="/status-page.css">', ''),
    );
  });

  it('gives the same bytes when built again, and the new style sheet in place of an earlier one', () => {
    const once = inlined(COMMITTED, CSS);
    expect(inlined(once, CSS)).toBe(once);
    const changed = inlined(once, 'body { color: red }\n');
    expect(inlinedStyleOf(changed)).toBe('body { color: red }\n');
    expect(inlined(changed, CSS)).toBe(once);
  });

  it('refuses a style sheet that would end the element early, and a page with nowhere to put it', () => {
    expect(inlineStylesheet('<link rel="stylesheet" href="/status-page.css">', 'a{}</STYLE><script>')).toEqual({
      ok: false,
      reason: 'contains "</style", which would end the inlined element',
    });
    expect(inlineStylesheet('<!doctype html><title>Ours</title>', CSS)).toEqual({
      ok: false,
      reason: 'has no <link rel="stylesheet" href="/status-page.css"> for the build to inline',
    });
  });
});
