import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * Cookie consent on a deploy that configures Google Analytics: nothing of Google's is asked for before Accept, the
 * GA4 script after it (and on later visits), never after Reject, and the footer's Cookie settings asks again.
 * The machine is offline, so Google's script is answered by an empty local one: the test sees the request itself.
 */

const MEASUREMENT_ID = 'G-CONSENT123';
const isAnalyticsScript = (url: string) => url.startsWith('https://www.googletagmanager.com/gtag/js');

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started), { environment: { ANALYTICS_MEASUREMENT_ID: MEASUREMENT_ID } });

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  problems: string[];
}

async function visit(path = '/', viewport = DESKTOP_VIEWPORT): Promise<Visit> {
  const context = await browser.newContext({ viewport });
  await context.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await context.route(/^https:\/\/[^/]*(google-analytics\.com|analytics\.google\.com)\//, (route) => route.fulfill({ status: 204, body: '' }));
  const page = await context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await goTo(page, path);
  return { context, page, requests, problems };
}

async function goTo(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, stack.baseUrl).toString());
  await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: underLoad(15_000) });
  // The footer shows its support address once the site facts have arrived; by then the banner has decided.
  await page.getByTestId('cookie-settings').waitFor();
}

const banner = (page: Page) => page.getByTestId('cookie-consent-banner');
const analyticsRequests = (requests: string[]) => requests.filter(isAnalyticsScript);
const storedChoice = (page: Page) => page.evaluate(() => localStorage.getItem('quorum.cookieConsent'));

describe('cookie consent with analytics configured', () => {
  it('asks on the first visit and loads nothing from Google until Accept, then the GA4 script once', async () => {
    const { context, page, requests, problems } = await visit('/pricing');
    await banner(page).waitFor();
    await expect.poll(() => banner(page).getByRole('link', { name: 'Read the cookie policy' }).getAttribute('href')).toBe('/cookie-policy');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => url.includes('google'))).toEqual([]);

    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await expect.poll(() => analyticsRequests(requests)).toEqual([`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`]);
    await expect.poll(() => storedChoice(page)).toBe('"accepted"');
    await expect.poll(() => page.locator('script[data-analytics="ga4"]').count()).toBe(1);

    // A later visit remembers: no question, and the script loads again by itself.
    await goTo(page, '/');
    await expect.poll(() => analyticsRequests(requests).length).toBe(2);
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps Google away after Reject, across reloads', async () => {
    const { context, page, requests, problems } = await visit('/');
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await expect.poll(() => storedChoice(page)).toBe('"rejected"');
    for (const path of ['/', '/terms-and-conditions']) {
      await goTo(page, path);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => banner(page).count()).toBe(0);
    }
    expect(requests.filter((url) => url.includes('google'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks again from the footer’s Cookie settings, and a new answer counts', async () => {
    const { context, page, requests } = await visit('/');
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.getByTestId('cookie-settings').click();
    await banner(page).waitFor();
    await expect.poll(() => storedChoice(page)).toBe('"pending"');
    await page.reload();
    await banner(page).waitFor();
    expect(analyticsRequests(requests)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => analyticsRequests(requests).length).toBe(1);
    await context.close();
  });

  it('lets the page be read to the end on a phone, passes axe, and is pictured light and dark', async () => {
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { context, page, problems } = await visit('/', viewport);
        await page.emulateMedia({ colorScheme });
        await banner(page).waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        // Scrolled to the bottom, the footer's last link sits above the banner, not under it.
        await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
        const settings = await page.getByTestId('cookie-settings').boundingBox();
        const bannerBox = await banner(page).boundingBox();
        expect(settings!.y + settings!.height).toBeLessThanOrEqual(bannerBox!.y);
        await saveViewportScreenshot(page, `consent-banner-${colorScheme}`);
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  }, testLimit(120_000));
});
