import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit } from '../support/load-scaled-timeout.ts';

/**
 * Every view of the app, as a guest and signed in, in the light and the dark scheme, at a phone's and a desktop's
 * width, checked with axe-core: no serious or critical violation anywhere (contrast included). Views with their own
 * deeper checks (answers streaming, dialogs) are covered by their own tests; this one makes sure no page is left out,
 * and leaves a picture of each in the test artifacts.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** Each view and what shows it is ready. */
const VIEWS: { path: string; ready: (page: Page) => Promise<unknown>; signedIn?: boolean }[] = [
  { path: '/', ready: (page) => page.getByTestId('query-input').waitFor() },
  { path: '/?comparison', ready: async (page) => {
    await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await page.locator('[data-testid="comparison-query-input"], [data-testid="comparison-locked"]').first().waitFor();
  } },
  { path: '/pricing', ready: (page) => page.getByRole('heading', { name: 'Important Notes' }).waitFor() },
  { path: '/help-support', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/terms-and-conditions', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/privacy-policy', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/cookie-policy', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/leaderboard', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/no-such-page', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/verify-email', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/brand-mentions', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/tracking', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/developers', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/arena', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/shared-links', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/settings', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/reset-password', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/confirm-email', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
];

describe('every view', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    for (const visitor of ['guest', 'signed in'] as const) {
      it(`has no serious or critical axe violation at ${viewport.width} px, ${visitor}, light and dark`, async () => {
        const found: string[] = [];
        for (const view of VIEWS.filter((candidate) => visitor === 'signed in' || !candidate.signedIn)) {
          const { page, close } = await openPage(browser, stack.baseUrl, {
            viewport,
            path: view.path.replace('?comparison', ''),
            ...(visitor === 'signed in' ? { cookie: stack.fundedCookie } : {}),
          });
          await view.ready(page);
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme });
            await transitionsSettled(page);
            for (const violation of await seriousAccessibilityViolations(page)) found.push(`${view.path} ${colorScheme}: ${violation}`);
            // A picture of every view, for a person to look at (test-artifacts/screenshots/view-…).
            const slug = view.path.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home';
            await saveViewportScreenshot(page, `view-${slug}-${visitor.replace(' ', '-')}-${colorScheme}`);
          }
          await close();
        }
        expect(found).toEqual([]);
      }, testLimit(180_000));
    }
  }
});
