import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeEmailForm } from '../../../src/site/place-email-form.js';
import { EMAIL_FORM_START, LANGUAGE_NAMES, renderEmailForm } from '../../../src/site/render-email-form.js';
import { type PageModules, preparePageModules } from '../../helpers/page-modules.js';

const SETTINGS = { endpoint: 'https://status.example.com/api/subscriptions/', components: ['Control API', 'Registry'] };

function place(html: string, form: string | undefined): string {
  const placed = placeEmailForm(html, form);
  if (!placed.ok) throw new Error(placed.reason);
  return placed.html;
}

describe('the email form in index.html', () => {
  it('stands right after the feed links, and taking it out gives the page back byte for byte', async () => {
    const page = await readFile('public/index.html', 'utf8');
    const withForm = place(page, renderEmailForm(SETTINGS));
    const feedLinks = withForm.indexOf('<p class="subscribe">');
    expect(feedLinks).toBeGreaterThan(0);
    expect(withForm.indexOf(EMAIL_FORM_START)).toBeGreaterThan(feedLinks);
    expect(withForm.indexOf(EMAIL_FORM_START)).toBeLessThan(withForm.indexOf('</header>'));
    expect(place(withForm, undefined)).toBe(page);
  });

  it('is replaced, not added twice, when the config changes', async () => {
    const page = await readFile('public/index.html', 'utf8');
    const once = place(page, renderEmailForm(SETTINGS));
    const changed = renderEmailForm({ ...SETTINGS, components: ['Scheduler'] });
    const twice = place(once, changed);
    expect(twice).toBe(place(page, changed));
    expect(twice.split(EMAIL_FORM_START)).toHaveLength(2);
  });

  it('leaves a page without its feed links and without subscribers as it is, and refuses to guess with them', () => {
    expect(placeEmailForm('<html><body></body></html>', undefined)).toEqual({
      ok: true,
      html: '<html><body></body></html>',
    });
    expect(placeEmailForm('<html><body></body></html>', renderEmailForm(SETTINGS))).toEqual({
      ok: false,
      reason: expect.stringContaining('<p class="subscribe">'),
    });
  });

  it('posts to the endpoint with the fields the listener reads, honeypot and all, and escapes component names', () => {
    const form = renderEmailForm({ ...SETTINGS, components: ['<img src=x onerror=alert(1)>', 'A & "B"'] });
    expect(form).toContain('action="https://status.example.com/api/subscriptions"');
    expect(form).toContain('method="post"');
    for (const field of ['email', 'components', 'language', 'time_zone', 'website']) {
      expect(form).toContain(`name="${field}"`);
    }
    expect(form).toMatch(/<input id="email-address" name="email" type="email" autocomplete="email"[^>]* required>/);
    expect(form).not.toContain('<img');
    expect(form).toContain(
      'value="&lt;img src=x onerror=alert(1)&gt;"> <bdi>&lt;img src=x onerror=alert(1)&gt;</bdi></label>',
    );
    expect(form).toContain('value="A &amp; &quot;B&quot;"');
  });
});

describe('the email form’s code in the browser', () => {
  interface EmailForm {
    signupBody(entries: [string, string][]): Record<string, unknown>;
    describeAnswer(status: number, retryAfter?: string | null): { key: string; values: object; ok: boolean };
  }
  let modules: PageModules;
  let emailForm: EmailForm;
  let languages: Record<string, { name: string }>;

  beforeAll(async () => {
    modules = await preparePageModules();
    emailForm = await modules.import<EmailForm>('status-page.email-form.js');
    languages = (await modules.import<{ LANGUAGES: typeof languages }>('status-page.i18n.js')).LANGUAGES;
  });
  afterAll(() => modules.remove());

  it('names the languages as the page’s switch does', () => {
    expect(Object.fromEntries(Object.entries(languages).map(([code, { name }]) => [code, name]))).toEqual(
      LANGUAGE_NAMES,
    );
  });

  it('sends the ticked components as a list, none for the whole page', () => {
    expect(
      emailForm.signupBody([
        ['email', 'a@example.org'],
        ['components', 'Registry'],
        ['components', 'Scheduler'],
        ['language', 'ar'],
        ['time_zone', 'Asia/Tokyo'],
        ['website', ''],
      ]),
    ).toEqual({
      email: 'a@example.org',
      components: ['Registry', 'Scheduler'],
      language: 'ar',
      time_zone: 'Asia/Tokyo',
      website: '',
    });
    expect(emailForm.signupBody([['email', 'a@example.org']])).toEqual({ email: 'a@example.org', components: [] });
  });

  it.each([
    [202, null, { key: 'email.sent', values: {}, ok: true }],
    [429, '17', { key: 'email.tooMany', values: { seconds: 17 }, ok: false }],
    [429, null, { key: 'email.tooMany', values: { seconds: 60 }, ok: false }],
    [400, null, { key: 'email.failed', values: {}, ok: false }],
    [0, undefined, { key: 'email.failed', values: {}, ok: false }],
  ])('says of a %i (Retry-After %s) %o', (status, retryAfter, said) => {
    expect(emailForm.describeAnswer(status, retryAfter)).toEqual(said);
  });
});
