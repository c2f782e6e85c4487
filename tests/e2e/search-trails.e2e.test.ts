import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveElementScreenshot, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import { until } from '../support/eventually.ts';

/**
 * What the models searched, in the browser on a real stack: one tracking run on Perplexity (searches, cites with
 * [n] markers, reports no queries) and the AI Overview (its query is the search itself), for a brand the simulated
 * searches never reach against two competitors whose sites they always retrieve. The dashboard's retrieval card
 * (loaded lazily) and each answer's queries and sources (cited, then retrieved only) must show, at 390 and 1440 px,
 * with nothing serious for axe.
 */
const PROMPT = 'Best VPN tools for a small team?';

let browser: Browser;
let stack: TestStack;

// A real day: the set runs once when saved. (Load shedding is off in every test stack.)
browserStackForFile((started) => ({ browser, stack } = started), { environment: { TRACKING_DAY_MS: String(86_400_000) } });

/** A screenshot and axe at the page's width; the cards use the theme's colours, which the dashboard's own test checks dark too. */
async function pictureAndCheck(page: Page, name: string, width: number): Promise<void> {
  await transitionsSettled(page);
  await saveScreenshot(page, name);
  expect(await seriousAccessibilityViolations(page), `${name} ${width}`).toEqual([]);
}

describe('search trails in the browser', () => {
  it('shows the set’s retrieval figures and each answer’s searches, cited and retrieved-only pages', { timeout: testLimit(120_000) }, async () => {
    const created = await fetch(`${stack.baseUrl}/api/tracking/sets`, {
      method: 'POST',
      headers: { cookie: stack.fundedCookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'VPN market',
        brand: { brandName: 'Zorblax', websiteUrl: 'https://www.zorblax.example', competitors: ['Vaultra', 'Lockstep'] },
        prompts: [PROMPT],
        models: [
          { engine: 'perplexity', model: 'sonar' },
          { engine: 'ai-overview', model: 'google-ai-overview' },
        ],
        cadence: 'daily',
        samplesPerCell: 1,
      }),
    });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(200);
    const setId = (JSON.parse(createdText) as { data: { set: { id: string } } }).data.set.id;
    await until('the first run', async () => {
      const [row] = await stack.records().execute<{ id: string }[]>(`select id from tracking_runs where set_id = ? and status = 'completed'`, [setId]);
      return row?.id;
    });

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: `/tracking?set=${setId}` });
    await page.getByTestId('tracking-dashboard').waitFor();
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      const card = page.getByTestId('tracking-retrieval');
      await expect.poll(() => card.getByTestId('tracking-retrieval-summary').textContent(), { timeout: underLoad(20_000) }).toContain('2 answers searched the web');
      await expect.poll(() => card.getByTestId('tracking-retrieval-sentence').textContent()).toBe('Your site was retrieved in 0 answers and cited in 0.');
      const sites = card.getByTestId('tracking-retrieval-site');
      await expect.poll(() => sites.count()).toBe(3);
      await expect.poll(() => sites.nth(1).textContent()).toContain('www.vaultra.example');
      await expect.poll(() => sites.nth(1).textContent()).toMatch(/2 of 2 · 100% \(\d+(\.\d)?–100%\)/);
      await expect.poll(() => card.getByTestId('tracking-retrieval-lost-queries').textContent()).toContain(PROMPT);
      await expect.poll(() => card.getByTestId('tracking-retrieval-fan-out').textContent()).toContain(`“${PROMPT}” (1)`);
      await pictureAndCheck(page, 'search-trails-dashboard', viewport.width);
      // A close-up of the card at its real size, for reading the figures.
      await saveElementScreenshot(card, `search-trails-card-${viewport.width}`);

      await page.getByTestId('open-run').first().click();
      const answers = page.getByTestId('run-answers');
      await expect.poll(() => answers.getByTestId('search-trail').count(), { timeout: underLoad(15_000) }).toBe(2);
      // The AI Overview's search is the question itself; Perplexity says none.
      await expect.poll(() => answers.getByTestId('search-trail-query').allTextContents()).toEqual([PROMPT]);
      await expect.poll(() => answers.getByText('The provider does not say which searches it ran.').count()).toBe(1);
      for (const trail of await answers.getByTestId('search-trail').all()) {
        await expect.poll(() => trail.getByTestId('search-trail-cited').getByTestId('search-trail-source').count()).toBeGreaterThan(0);
        await expect.poll(() => trail.getByTestId('search-trail-retrieved').textContent()).toContain('www.vaultra.example');
      }
      await pictureAndCheck(page, 'search-trails-answers', viewport.width);
      await page.keyboard.press('Escape');
      await expect.poll(() => answers.isVisible()).toBe(false);
    }
    expect(problems).toEqual([]);
    await close();
  });
});
