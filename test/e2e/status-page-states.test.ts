import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './browser.js';
import { ARTIFACTS_DIR, DESKTOP, expectNoProblems, NARROW, SCENARIOS, useStatusPage } from './status-page-harness.js';

const harness = useStatusPage();

/** Every state in Chromium at a desktop size, the narrowest phone size (320 px), and desktop in dark mode. */
const VIEWS = [
  { name: 'desktop', viewport: DESKTOP, colorScheme: 'light' },
  { name: 'phone', viewport: NARROW, colorScheme: 'light' },
  { name: 'dark', viewport: DESKTOP, colorScheme: 'dark' },
] as const;

describe.each(Object.keys(SCENARIOS))('the %s state', (state) => {
  it.each(VIEWS)(
    'has 0 axe-core violations and no sideways scrolling ($name)',
    async ({ name, viewport, colorScheme }) => {
      const scenario = SCENARIOS[state];
      if (!scenario) throw new Error(`no scenario ${state}`);
      const { page, problems } = await harness.open(scenario(), { viewport, colorScheme });
      if (state === 'history') {
        // Show what focus on a day reveals: the day three days ago, when the Build Service was down.
        const bar = page.locator('#components > li', { hasText: 'Build Service' }).locator('.days');
        await bar.focus();
        for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowLeft');
      }

      await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-${state}-${name}.png`, fullPage: true });
      expect(await findAxeViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      expectNoProblems(problems);
    },
  );
});
