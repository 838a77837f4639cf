// The page's language and time zone: chosen when the page starts (the
// visitor's earlier choice, else the browser's languages and the visitor's
// own zone), the two switches in the header that change them and remember
// the choice, and the page's own words in index.html (`data-i18n`).

import { browserLanguages, LANGUAGE_KEY, speakChosenWords, store, ZONE_KEY } from './status-page.chosen-words.js';
import { create, element } from './status-page.dom.js';
import { chooseLanguage, currentWords, LANGUAGES, t, useLanguage, useTimeZone } from './status-page.i18n.js';

/**
 * Old names some browsers still give zones (the IANA database keeps them as
 * links), by the names their cities use now.
 */
const RENAMED_ZONES = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
};

/** The visitor's own time zone, as the browser names it ("Europe/Berlin"), by its current name ("Asia/Kolkata"). */
function ownZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  return RENAMED_ZONES[zone] ?? zone;
}

/** Writes the page's own words: every `data-i18n` element's text, `data-i18n-label`'s label, `lang` and `dir`. */
export function applyWords() {
  const { language, dir, timeZone } = currentWords();
  const root = document.documentElement;
  root.lang = language;
  root.dir = dir;
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll('[data-i18n-label]')) {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  }
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('page.description'));
  document.title = t('page.title');
  const languages = element('language-choice');
  languages.replaceChildren(
    ...Object.entries(LANGUAGES).map(([code, { name }]) => {
      // Each language is named in itself, and marked as such for screen readers.
      const option = create('option', undefined, name);
      option.value = code;
      option.lang = code;
      return option;
    }),
  );
  languages.value = language;
  const zones = element('zone-choice');
  const own = create('option', undefined, t('settings.ownZone', { zone: ownZone() }));
  own.value = 'local';
  const utc = create('option', undefined, t('settings.utc'));
  utc.value = 'UTC';
  zones.replaceChildren(own, utc);
  zones.value = timeZone === 'UTC' ? 'UTC' : 'local';
}

/** Chooses the language and the time zone the page starts in, loads that language's words and writes them. */
export async function startWords() {
  await speakChosenWords();
  applyWords();
}

/**
 * Wires the two switches: a change loads the words it calls for, remembers
 * the choice, rewrites the page's own words and calls `redraw`. Focus stays
 * on the switch, which is never redrawn.
 */
export function wireSwitches(redraw) {
  element('language-choice').addEventListener('change', async (event) => {
    const language = event.target.value;
    if (!Object.hasOwn(LANGUAGES, language)) return;
    store(LANGUAGE_KEY, language);
    await useLanguage(chooseLanguage(language, browserLanguages()));
    applyWords();
    redraw();
  });
  element('zone-choice').addEventListener('change', (event) => {
    const zone = event.target.value === 'UTC' ? 'UTC' : 'local';
    store(ZONE_KEY, zone);
    useTimeZone(zone);
    applyWords();
    redraw();
  });
}
