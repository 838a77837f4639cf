import { describe, expect, it } from 'vitest';
import {
  type CaughtMail,
  linkifyText,
  renderCaughtMail,
  renderCaughtMailList,
} from '../../../src/standins/render-caught-mails.js';

const mail = (extra: Partial<CaughtMail> = {}): CaughtMail => ({
  id: 1,
  receivedMs: Date.UTC(2026, 10, 28, 19, 0, 0),
  envelopeFrom: 'bounces+x@status.localhost',
  to: ['you@example.com'],
  subject: 'Confirm <b>now</b>',
  headers: [
    'Subject: Confirm <b>now</b>',
    'List-Unsubscribe: <http://127.0.0.1:3000/api/subscriptions/unsubscribe?token=t>',
  ],
  text: 'Open http://127.0.0.1:3000/api/subscriptions/confirm?token=a.b-c_d and press <script>alert(1)</script>',
  html: '<!doctype html><html><head><title>x</title></head><body><a href="http://x.test/">go</a><script>alert(2)</script></body></html>',
  ...extra,
});

describe('the mail stand-in’s pages', () => {
  it('lists each mail newest first, the subject escaped and linking to its page', () => {
    const html = renderCaughtMailList([mail(), mail({ id: 2, subject: 'Second' })]);
    expect(html.indexOf('/mail/2')).toBeLessThan(html.indexOf('/mail/1'));
    expect(html).toContain('<a href="/mail/1">Confirm &lt;b&gt;now&lt;/b&gt;</a>');
    expect(html).not.toContain('<b>now</b>');
  });

  it('makes the text’s http links clickable and escapes everything else', () => {
    expect(linkifyText('a <i> http://h.test/p?token=x&y=1 b')).toBe(
      'a &lt;i&gt; <a href="http://h.test/p?token=x&amp;y=1" rel="noreferrer" target="_blank">http://h.test/p?token=x&amp;y=1</a> b',
    );
    expect(linkifyText('javascript:alert(1) "x"')).toBe('javascript:alert(1) &quot;x&quot;');
  });

  it('shows the HTML part only inside a sandboxed frame, escaped into srcdoc, its links opening a new tab', () => {
    const page = renderCaughtMail(mail());
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const srcdoc = /<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="([^"]*)"/.exec(
      page,
    )?.[1];
    expect(srcdoc).toContain('&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;&lt;title&gt;');
    expect(page).toContain('List-Unsubscribe: &lt;http://127.0.0.1:3000/api/subscriptions/unsubscribe?token=t&gt;');
  });
});
