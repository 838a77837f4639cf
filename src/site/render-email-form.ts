import { escapeXml } from '../feed/escape-xml.js';
import { HONEYPOT_FIELD } from '../mail-subscribers/handle-subscription-request.js';
import { MAIL_LANGUAGES, type MailLanguage } from '../mail-subscribers/subscription-choice.js';

/**
 * Each language named in itself, as the page's language switch names it
 * (`LANGUAGES` in public/status-page.i18n.js; a unit test holds the two alike).
 */
export const LANGUAGE_NAMES: Readonly<Record<MailLanguage, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  ar: 'العربية',
};

/** What the form offers: where it posts (`subscribers.endpoint`) and the components, in config order. */
export interface EmailFormSettings {
  readonly endpoint: string;
  readonly components: readonly string[];
}

/** The comments around the form in index.html: the build finds its own block by them, to replace or remove it. */
export const EMAIL_FORM_START =
  '<!-- email-updates: written by the build from "subscribers" in the components config -->';
export const EMAIL_FORM_END = '<!-- /email-updates -->';

/**
 * The "Get updates by email" form as index.html holds it, indented for the
 * header it stands in: closed in a `<details>` beside the feed link, a plain
 * form POST to the endpoint that works without a script; its module
 * (status-page.email-updates.js) sends it with `fetch` instead, prefilled
 * with the visitor's language and zone. The page's `data-i18n` words are
 * rewritten in the visitor's language like the rest of the page. Component
 * names are text, escaped. Pure.
 */
export function renderEmailForm({ endpoint, components }: EmailFormSettings): string {
  const boxes = components.map(
    (name) =>
      `            <label class="email-choice"><input type="checkbox" name="components" value="${escapeXml(name)}"> <bdi>${escapeXml(name)}</bdi></label>`,
  );
  const languages = MAIL_LANGUAGES.map(
    (code) =>
      `<option value="${code}" lang="${code}"${code === 'en' ? ' selected' : ''}>${escapeXml(LANGUAGE_NAMES[code])}</option>`,
  ).join('');
  return [
    `        ${EMAIL_FORM_START}`,
    '        <link rel="stylesheet" href="/status-page.email-updates.css">',
    '        <details class="email-updates">',
    '          <summary data-i18n="email.open">Get updates by email</summary>',
    `          <form id="email-form" class="email-form" method="post" action="${escapeXml(endpoint.replace(/\/+$/, ''))}">`,
    '            <p><label for="email-address" data-i18n="email.address">Email address</label>',
    '            <input id="email-address" name="email" type="email" autocomplete="email" maxlength="254" dir="auto" required></p>',
    ...(components.length === 0
      ? []
      : [
          '            <fieldset>',
          '            <legend data-i18n="email.components">Only some components? Tick them (none ticked: the whole page)</legend>',
          ...boxes,
          '            </fieldset>',
        ]),
    '            <p><label for="email-language" data-i18n="email.language">Language of the mails</label>',
    `            <select id="email-language" name="language">${languages}</select></p>`,
    '            <p><label for="email-zone" data-i18n="email.zone">Time zone of the mails</label>',
    '            <input id="email-zone" name="time_zone" value="UTC" autocomplete="off" spellcheck="false" maxlength="64" dir="auto"></p>',
    // Hidden from people, on the page and from screen readers; robots that fill every field fill it too.
    `            <p class="email-trap" aria-hidden="true"><label for="email-${HONEYPOT_FIELD}">Leave this empty</label>`,
    `            <input id="email-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></p>`,
    '            <p><button type="submit" data-i18n="email.submit">Subscribe</button></p>',
    '            <p id="email-result" class="email-result" role="status" aria-live="polite"></p>',
    '          </form>',
    '        </details>',
    // Its bundle (bundle-page.ts): the form's code then shares the page's translator, not a second one.
    '        <script type="module" src="/bundle/status-page.email-updates.js"></script>',
    `        ${EMAIL_FORM_END}`,
    '',
  ].join('\n');
}
