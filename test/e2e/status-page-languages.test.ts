import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './browser.js';
import {
  ARTIFACTS_DIR,
  componentCard,
  DESKTOP,
  expectNoProblems,
  NARROW,
  type OpenOptions,
  scenarioNamed,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();

const scenario = scenarioNamed;
const card = componentCard;

/**
 * What the page shows for the start of the Build Service's incident, and, as
 * the browser's own `Intl` words them in its language for `timeZone` named
 * explicitly (the page names no zone: it takes the visitor's), that
 * instant's hour and minute and the zone's name; with the UTC the title
 * should hold.
 */
async function sinceTime(page: Page, timeZone: string) {
  const time = card(page, 'Build Service').locator('.since time');
  return {
    shown: (await time.textContent()) ?? '',
    title: await time.getAttribute('title'),
    ...(await time.evaluate((node, zone) => {
      const at = new Date(node.getAttribute('datetime') ?? '');
      const clock = new Intl.DateTimeFormat(navigator.language, { hour: '2-digit', minute: '2-digit', timeZone: zone });
      const named = new Intl.DateTimeFormat(navigator.language, { timeZoneName: 'short', timeZone: zone });
      const part = (type: string) => clock.formatToParts(at).find((each) => each.type === type)?.value ?? '?';
      return {
        hour: part('hour'),
        minute: part('minute'),
        zoneName: named.formatToParts(at).find((each) => each.type === 'timeZoneName')?.value ?? '?',
        utc: `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`,
      };
    }, timeZone)),
  };
}

/** The time is the visitor's: its hour and minute in `timeZone`, the zone named, UTC in the title. */
function expectInZone(time: Awaited<ReturnType<typeof sinceTime>>): void {
  expect(time.shown).toContain(`${time.hour}:${time.minute}`);
  expect(time.shown).toContain(time.zoneName);
  expect(time.title).toBe(time.utc);
}

describe('the page in the visitor’s language and time zone', () => {
  it('speaks German in Tokyo: German words, times in Tokyo’s zone with the zone named, UTC in their titles', async () => {
    const { page, problems } = await harness.open(scenario('failing'), {
      locale: 'de-DE',
      timezoneId: 'Asia/Tokyo',
    });

    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('ltr');
    await expect(page.locator('h1').textContent()).resolves.toBe('Plattformstatus');
    await expect(page.locator('#overall-text').textContent()).resolves.toBe(
      'Gesamtstatus: Schwerer Ausfall (2 von 4 Komponenten betroffen)',
    );
    await expect(page.title()).resolves.toBe('Schwerer Ausfall · Plattformstatus');
    await expect(card(page, 'Build Service').locator('.badge-text').textContent()).resolves.toBe('Schwerer Ausfall');
    const time = await sinceTime(page, 'Asia/Tokyo');
    expect(time.zoneName).toBe('GMT+9');
    expectInZone(time);
    await expect(card(page, 'Build Service').locator('.since').textContent()).resolves.toMatch(
      /^Seit .+ \(3[89] Min\.\)\. Die Prüfungen sehen: Antwort 503\.$/,
    );
    // The days are UTC days, and say so, in German. The outage began 38 minutes ago, so within
    // 38 minutes of UTC midnight today holds only the part of it since midnight.
    const minutesIntoUtcDay = Math.floor((Date.now() % 86_400_000) / 60_000);
    const downToday = minutesIntoUtcDay > 38 ? '38' : '\\d+';
    await expect(card(page, 'Build Service').locator('.days').getAttribute('aria-valuetext')).resolves.toMatch(
      new RegExp(
        `^\\w{2}\\., \\d{1,2}\\. \\w+\\.? \\d{4} \\(UTC\\), heute bisher: [\\d,]+\\s% Verfügbarkeit, ${downToday} Min\\. Ausfall; schlimmster Zustand: schwerer Ausfall$`,
      ),
    );
    await expect(page.locator('#language-choice').inputValue()).resolves.toBe('de');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-de.png` });
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    expectNoProblems(problems);
  });

  it('speaks Arabic in New York, right to left: mirrored layout, times in New York’s zone', async () => {
    const { page, problems } = await harness.open(scenario('failing'), {
      locale: 'ar',
      timezoneId: 'America/New_York',
    });

    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ar');
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.locator('h1').textContent()).resolves.toBe('حالة المنصة');
    await expect(page.locator('#overall-text').textContent()).resolves.toMatch(/^الحالة العامة: انقطاع كبير /);
    await expect(card(page, 'Build Service').locator('.badge-text').textContent()).resolves.toBe('انقطاع كبير');
    expectInZone(await sinceTime(page, 'America/New_York'));
    // The status stripe stands at the start of the line, which is on the right; the day bar runs right to left.
    const sides = await card(page, 'Build Service').evaluate((node) => {
      const style = getComputedStyle(node);
      return { right: style.borderRightWidth, left: style.borderLeftWidth };
    });
    expect(sides).toEqual({ right: '6px', left: '1px' });
    await expect(
      card(page, 'Build Service')
        .locator('.days')
        .evaluate((bar) => getComputedStyle(bar).transform),
    ).resolves.toBe('matrix(-1, 0, 0, 1, 0, 0)');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-ar.png` });
    // Right to left, the arrow that points away from today goes back a day.
    const bar = card(page, 'Build Service').locator('.days');
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('89');
    await page.keyboard.press('ArrowLeft');
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('90');
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    expectNoProblems(problems);
  });

  it('speaks Japanese on a 320 px phone without sideways scrolling', async () => {
    const { page, problems } = await harness.open(scenario('failing'), {
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      viewport: NARROW,
    });

    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja');
    await expect(page.locator('h1').textContent()).resolves.toBe('プラットフォームのステータス');
    await expect(card(page, 'Build Service').locator('.badge-text').textContent()).resolves.toBe('重大な障害');
    const time = await sinceTime(page, 'Asia/Tokyo');
    expect(time.zoneName).toBe('JST');
    expectInZone(time);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-ja-phone.png`, fullPage: true });
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    expectNoProblems(problems);
  });

  it('remembers the language and the time zone a visitor chooses', async () => {
    const { page, problems } = await harness.open(scenario('failing'), { timezoneId: 'Europe/Berlin' });

    const since = card(page, 'Build Service').locator('.since');
    await expect(since.textContent()).resolves.toMatch(/^Since .+ (CET|CEST) \(for/);
    const choice = page.locator('#language-choice');
    await choice.focus();
    await choice.selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    await expect(page.locator('#overall-text').textContent()).resolves.toMatch(/^État global\u00a0: Panne majeure/);
    await expect(since.textContent()).resolves.toMatch(/^Depuis le /);
    // Focus stays on the switch: it is never redrawn.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('language-choice');
    await page.locator('#zone-choice').selectOption('UTC');
    await expect(since.locator('time').textContent()).resolves.toMatch(/UTC$/);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.rendered === 'true');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
    await expect(page.locator('#language-choice').inputValue()).resolves.toBe('fr');
    await expect(page.locator('#zone-choice').inputValue()).resolves.toBe('UTC');
    await expect(card(page, 'Build Service').locator('.since time').textContent()).resolves.toMatch(/UTC$/);
    expectNoProblems(problems);
  });
});

describe('every language', () => {
  const cases = (['en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP', 'ar'] as const).flatMap((locale) => [
    { locale, view: 'desktop', state: 'failing', viewport: DESKTOP },
    { locale, view: '320 px', state: 'regions', viewport: NARROW },
  ]);

  it.each(cases)('has 0 axe-core violations in $locale, $view ($state)', async ({ locale, state, viewport }) => {
    const options: OpenOptions = { locale, viewport, timezoneId: 'Asia/Kolkata' };
    const { page, problems } = await harness.open(scenario(state), options);

    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(locale.split('-')[0]);
    expect(await findAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expectNoProblems(problems);
  });
});
