import { createHash } from 'node:crypto';
import { escapeXml } from '../feed/escape-xml.js';
import { formatMessage, type MailMessageKey, RIGHT_TO_LEFT } from './mail-messages.js';
import type { MailPage } from './mail-page.js';
import { MAIL_LANGUAGES, type MailLanguage, type SubscriptionChoice } from './subscription-choice.js';

const STYLE =
  'body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}' +
  'button{font:inherit;padding:.5rem 1rem;margin:.5rem 0}fieldset{border:1px solid #767676;margin:1rem 0}' +
  'label{display:block;margin:.25rem 0}a{color:#0645ad}';

/** The landing pages' one style sheet, inline, allowed by its hash alone. */
export const LANDING_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** What a landing page of results says. */
export const LANDING_RESULTS = ['sent', 'confirmed', 'unsubscribed', 'changed', 'gone', 'expired'] as const;
export type LandingResult = (typeof LANDING_RESULTS)[number];

/** What a landing page shows: a button that POSTs a token, the manage form, or a result. */
export type LandingPage =
  | { readonly kind: 'confirm' | 'unsubscribe'; readonly token: string }
  | { readonly kind: 'manage'; readonly token: string; readonly choice: SubscriptionChoice }
  | { readonly kind: 'done'; readonly result: LandingResult };

/**
 * A landing page of the subscription endpoint, in `language`: the GET of a
 * link from a mail shows it, and only its button (a POST) changes anything,
 * so a scanner that follows every link changes nothing. No script; the
 * only style is allowed by hash (`LANDING_CSP`). Pure.
 */
export function renderLandingPage(landing: LandingPage, language: MailLanguage, page: MailPage): string {
  const say = (key: MailMessageKey) => escapeXml(formatMessage(language, key, { page: page.name }));
  const hidden = (token: string) => `<input type="hidden" name="token" value="${escapeXml(token)}">`;
  let title: string;
  let body: string;
  if (landing.kind === 'done') {
    title = say(`landing.done.${landing.result}`);
    body = '';
  } else if (landing.kind !== 'manage') {
    title = say(`landing.${landing.kind}.title`);
    body =
      `<form method="post" action="${escapeXml(`${page.endpoint}/${landing.kind}`)}">${hidden(landing.token)}` +
      `<button type="submit">${say(`landing.${landing.kind}.button`)}</button></form>`;
  } else {
    title = say('landing.manage.title');
    const { choice } = landing;
    const boxes = page.components
      .map(
        (name) =>
          `<label><input type="checkbox" name="components" value="${escapeXml(name)}"${choice.components.includes(name) ? ' checked' : ''}> ${escapeXml(name)}</label>`,
      )
      .join('');
    const languages = MAIL_LANGUAGES.map(
      (code) =>
        `<option value="${code}"${code === choice.language ? ' selected' : ''}>${escapeXml(new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code)}</option>`,
    ).join('');
    body =
      `<form method="post" action="${escapeXml(`${page.endpoint}/manage`)}">${hidden(landing.token)}` +
      `<fieldset><legend>${say('landing.manage.components')}</legend>${boxes}</fieldset>` +
      `<label for="language">${say('landing.manage.language')}</label><select id="language" name="language">${languages}</select>` +
      `<label for="time_zone">${say('landing.manage.zone')}</label>` +
      `<input id="time_zone" name="time_zone" value="${escapeXml(choice.timeZone)}" autocomplete="off">` +
      `<p><button type="submit">${say('landing.manage.save')}</button></p></form>` +
      `<form method="post" action="${escapeXml(`${page.endpoint}/unsubscribe`)}">${hidden(landing.token)}` +
      `<button type="submit">${say('landing.unsubscribe.button')}</button></form>`;
  }
  const direction = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  return (
    `<!doctype html>\n<html lang="${language}" dir="${direction}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="referrer" content="same-origin"><title>${title} · ${escapeXml(page.name)}</title><style>${STYLE}</style></head>\n` +
    `<body><main><h1>${title}</h1>${body}<p><a href="${escapeXml(page.publicUrl)}/">${say('landing.back')}</a></p></main></body></html>\n`
  );
}
