// The language and the time zone the visitor chose, remembered in this
// browser for this origin, and speaking them: the status page starts with
// them (status-page.settings.js), and the report page (/reports/) speaks as
// the page does through them. No DOM but `localStorage` and `navigator`.

import { chooseLanguage, useLanguage, useTimeZone } from './status-page.i18n.js';

/** Where the choices are remembered, in this browser, for this origin. */
export const LANGUAGE_KEY = 'service-directory-status.language';
export const ZONE_KEY = 'service-directory-status.time-zone';

export function readStored(key) {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    // Storage can be off (a private window, a policy): the page still speaks, it only forgets.
    return undefined;
  }
}

export function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // As above: the choice holds for this visit.
  }
}

/** The browser's languages, most preferred first. */
export function browserLanguages() {
  return navigator.languages?.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * Speaks the language and the time zone the visitor chose before, else the
 * first of the browser's languages with a catalogue and the visitor's own
 * zone, that language's words loaded.
 */
export async function speakChosenWords() {
  useTimeZone(readStored(ZONE_KEY));
  await useLanguage(chooseLanguage(readStored(LANGUAGE_KEY), browserLanguages()));
}
