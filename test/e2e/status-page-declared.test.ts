import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, componentCard, expectNoProblems, scenarioNamed, useStatusPage } from './status-page-harness.js';

const harness = useStatusPage();

describe('a state the team declared', () => {
  it('gives the notice’s title as the reason on the card, and the notice as the one incident', async () => {
    const { page, problems } = await harness.open(scenarioNamed('declared'));
    const card = componentCard(page, 'Build Service');
    await expect(card.locator('.badge-text').textContent()).resolves.toBe('Partial outage');
    const since = card.locator('.since');
    await expect(since.textContent()).resolves.toMatch(
      /^Since \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC \(for (29|30|31) mins\)\. The team reports: A fifth of builds fail$/,
    );
    // The team's words, laid out in their own direction.
    await expect(since.locator('.since-notice').getAttribute('dir')).resolves.toBe('auto');

    // The notice is the incident: on top, with the state it declares (the badge's shape, then its words); the
    // history's linked record is not listed again.
    const notice = page.locator('#notices .notice-card', { hasText: 'A fifth of builds fail' });
    await expect(notice.locator('.update-impact li').allTextContents()).resolves.toEqual([
      'Build Service: ◐Partial outage',
    ]);
    await expect(page.locator('#incidents h3', { hasText: 'Ongoing' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-declared.png` });
    expectNoProblems(problems);
  });

  it('shows a resolved incident’s postmortem as text, line breaks kept', async () => {
    const { page, problems } = await harness.open(scenarioNamed('declared'));
    const past = page.locator('#incidents .notice-card', { hasText: 'Build Service outage' });
    await expect(past.locator('.postmortem-title').textContent()).resolves.toMatch(/^Postmortem · /);
    await expect(past.locator('.postmortem-text').innerText()).resolves.toBe(
      'A disk filled up.\nWe now alert at 80 %.',
    );
    expectNoProblems(problems);
  });
});
