import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_STATE_LABELS, STATUS_LABELS } from '../../../src/schemas/state-labels.js';
import { type PageModules, preparePageModules } from '../../helpers/page-modules.js';

/**
 * The status page's message catalogues (public/status-page.messages.*.js):
 * every language has every English key, with the same placeholders and the
 * plural forms its language has; and every key the page's code and
 * index.html name exists in English. A missing key would show English on a
 * page in another language (the fallback), or the key itself where English
 * lacks it too.
 */

type Message = string | Record<string, string>;
type Catalogue = Record<string, Message>;

const PUBLIC_DIR = resolve('public');
const LANGUAGES = ['de', 'fr', 'es', 'ja', 'ar'] as const;
const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * The keys the code builds from a value (`t(\`failure.${class}\`)`), with
 * every value it can be built from: the literal scan below cannot see them.
 */
const BUILT_KEYS = [
  ...['timeout', 'refused', 'dns', 'tls', 'reset', 'error', 'body'].map((kind) => `failure.${kind}`),
  ...['timeout', 'failed', 'not-json', 'not-status', 'not-region-list', 'not-history'].map((why) => `fetch.${why}`),
  ...['unpublished', 'unreachable', 'http', 'invalid'].map((kind) => `problem.${kind}`),
  ...['stale', 'future', 'unreachable', 'invalid'].map((outcome) => `peerOutcome.${outcome}`),
  ...['stale', 'future'].flatMap((kind) => [`summary.lastKnown.${kind}`, `title.${kind}`, `embed.${kind}`]),
];

/** The states' words, which English takes from the server's labels and every other catalogue writes out. */
const LABEL_KEYS = [
  ...Object.keys(STATUS_LABELS).flatMap((state) => [`status.${state}`, `statusInline.${state}`]),
  ...Object.keys(NOTICE_STATE_LABELS).map((state) => `noticeState.${state}`),
];

async function loadCatalogue(language: string): Promise<Catalogue> {
  const module = await import(pathToFileURL(join(PUBLIC_DIR, `status-page.messages.${language}.js`)).href);
  return module.default as Catalogue;
}

function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''));
}

function formsOf(message: Message): string[] {
  return typeof message === 'string' ? [message] : Object.values(message);
}

let english: Catalogue;
const catalogues = new Map<string, Catalogue>();

beforeAll(async () => {
  english = await loadCatalogue('en');
  for (const language of LANGUAGES) catalogues.set(language, await loadCatalogue(language));
});

describe('the status page message catalogues', () => {
  it('ship one module per language the page offers, and no other', async () => {
    const files = (await readdir(PUBLIC_DIR)).filter((file) => /^status-page\.messages\.\w+\.js$/.test(file));
    expect(files.sort()).toEqual(['en', ...LANGUAGES].map((language) => `status-page.messages.${language}.js`).sort());
    const i18n = await readFile(join(PUBLIC_DIR, 'status-page.i18n.js'), 'utf8');
    for (const language of LANGUAGES) expect(i18n).toContain(`'./status-page.messages.${language}.js'`);
  });

  it.each(LANGUAGES)('%s has every English key, and no key English lacks', (language) => {
    const catalogue = catalogues.get(language) ?? {};
    const englishKeys = [...Object.keys(english), ...LABEL_KEYS];
    expect(englishKeys.filter((key) => !Object.hasOwn(catalogue, key))).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !englishKeys.includes(key))).toEqual([]);
  });

  it.each(LANGUAGES)('%s fills the placeholders English fills (a plural form may leave out the count)', (language) => {
    const catalogue = catalogues.get(language) ?? {};
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(english)) {
      const expected = new Set(formsOf(message).flatMap((form) => [...placeholders(form)]));
      const translated = catalogue[key];
      if (translated === undefined) continue;
      for (const form of formsOf(translated)) {
        const found = placeholders(form);
        const unknown = [...found].filter((name) => !expected.has(name));
        const missing = [...expected].filter((name) => !found.has(name) && name !== 'count');
        if (unknown.length > 0 || missing.length > 0) wrong.push(`${key}: ${form}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(['en', ...LANGUAGES])('%s gives a plural message every form its language has, and no other', (language) => {
    const catalogue = language === 'en' ? english : (catalogues.get(language) ?? {});
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const wrong: string[] = [];
    for (const [key, message] of Object.entries(catalogue)) {
      if (typeof message === 'string') continue;
      const forms = Object.keys(message);
      if (forms.some((form) => !PLURAL_CATEGORIES.has(form) || !categories.includes(form as never))) {
        wrong.push(`${key}: forms ${forms.join(', ')} beyond ${categories.join(', ')}`);
      }
      const lacking = categories.filter((category) => !forms.includes(category));
      if (lacking.length > 0) wrong.push(`${key}: lacks ${lacking.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('has an English message for every key the page and the embed name', async () => {
    const files = (await readdir(PUBLIC_DIR)).filter(
      (file) =>
        (/^status-page\..+\.js$/.test(file) && !file.startsWith('status-page.messages.')) || file === 'embed.js',
    );
    const named = new Set<string>(BUILT_KEYS);
    for (const file of files) {
      const source = await readFile(join(PUBLIC_DIR, file), 'utf8');
      // Every quoted word.word literal that is no file name: message keys, as `t('day.past')` names them.
      for (const match of source.matchAll(/'([a-z][a-zA-Z]*(?:\.[a-zA-Z0-9-]+)+)'/g)) {
        const literal = match[1] ?? '';
        if (!/\.(js|css|json|atom|html|svg)$/.test(literal) && !literal.startsWith('status-page')) named.add(literal);
      }
    }
    // The report page (public/reports/) speaks with the same catalogues.
    for (const file of ['reports/report-page.js', 'reports/report-rows.js']) {
      const source = await readFile(join(PUBLIC_DIR, file), 'utf8');
      for (const match of source.matchAll(/'([a-z][a-zA-Z]*(?:\.[a-zA-Z0-9-]+)+)'/g)) {
        const literal = match[1] ?? '';
        if (!/\.(js|css|json|atom|html|svg)$/.test(literal) && !literal.startsWith('status-page')) named.add(literal);
      }
    }
    for (const page of ['index.html', 'reports/index.html']) {
      const html = await readFile(join(PUBLIC_DIR, page), 'utf8');
      for (const match of html.matchAll(/data-i18n(?:-label)?="([^"]+)"/g)) named.add(match[1] ?? '');
    }
    // The scan must see the page's keys, or it proves nothing.
    expect(named.size).toBeGreaterThan(100);
    const englishKeys = new Set([...Object.keys(english), ...LABEL_KEYS, 'status.unknownValue']);
    expect([...named].filter((key) => !englishKeys.has(key)).sort()).toEqual([]);
  });
});

describe('the status page translator (public/status-page.i18n.js)', () => {
  let modules: PageModules | undefined;
  afterAll(async () => {
    await modules?.remove();
  });

  /** The translator beside the English catalogue and a German one lacking `page.skip`. */
  async function loadTranslator(): Promise<Record<string, (...args: never[]) => unknown>> {
    const { 'page.skip': _left, ...german } = catalogues.get('de') ?? {};
    modules ??= await preparePageModules({
      'status-page.messages.de.js': `export default ${JSON.stringify(german)};\n`,
    });
    return modules.import('status-page.i18n.js');
  }

  it('speaks the browser’s first language it has a catalogue for, or a stored choice, else English', async () => {
    const { chooseLanguage } = (await loadTranslator()) as unknown as {
      chooseLanguage(stored: unknown, preferred: string[]): { language: string; locale: string };
    };
    expect(chooseLanguage(undefined, ['pt-BR', 'de-AT', 'en'])).toEqual({ language: 'de', locale: 'de-AT' });
    expect(chooseLanguage('ar', ['en-GB'])).toEqual({ language: 'ar', locale: 'ar' });
    expect(chooseLanguage('en', ['en-GB'])).toEqual({ language: 'en', locale: 'en-GB' });
    expect(chooseLanguage('xx', ['pt-BR'])).toEqual({ language: 'en', locale: 'en' });
  });

  it('falls back to English for a key the chosen catalogue lacks, and fills plurals by the language’s rules', async () => {
    const { useLanguage, t } = (await loadTranslator()) as unknown as {
      useLanguage(choice: { language: string; locale: string }): Promise<void>;
      t(key: string, params?: Record<string, unknown>): string;
    };
    await useLanguage({ language: 'de', locale: 'de-DE' });
    expect(t('page.title')).toBe('Plattformstatus');
    expect(t('page.skip')).toBe('Skip to the status');
    expect(t('status.major_outage')).toBe('Schwerer Ausfall');
    expect(t('regions.count', { count: 1 })).toBe(' · 1 Region');
    expect(t('regions.count', { count: 1234 })).toBe(' · 1.234 Regionen');
    await useLanguage({ language: 'en', locale: 'en' });
    // English takes the states' words from the server's labels.
    expect(t('status.major_outage')).toBe(STATUS_LABELS.major_outage);
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
