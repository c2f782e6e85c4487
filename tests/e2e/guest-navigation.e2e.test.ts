import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * What a guest meets first: the sign-up invitation floats over the page but never lies over Ask or Ask follow-up,
 * wherever the page is scrolled; and the top bar takes a guest to the public leaderboard and the arena (which asks
 * them to sign in to play and points at the leaderboard), at a phone's and a desktop's width, light and dark.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

interface Covering {
  /** The invitation is drawn (not set aside) at this scroll position. */
  shown: boolean;
  /** The test ids of the Ask buttons it lies over. */
  covered: string[];
}

/** Where the invitation is now, against every Ask button on the page, read in one frame. */
function covering(page: Page): Promise<Covering> {
  return page.evaluate(() => {
    const invitation = document.querySelector('[data-testid="registration-banner"]');
    if (!invitation) return { shown: false, covered: [] };
    const drawn = getComputedStyle(invitation).visibility !== 'hidden';
    const box = invitation.getBoundingClientRect();
    const covered = [...document.querySelectorAll<HTMLElement>('[data-testid="ask-button"], [data-testid="follow-up-button"]')]
      .filter((button) => {
        const ask = button.getBoundingClientRect();
        return drawn && ask.left < box.right && box.left < ask.right && ask.top < box.bottom && box.top < ask.bottom;
      })
      .map((button) => button.dataset['testid'] ?? '?');
    return { shown: drawn, covered };
  });
}

/** Waits two frames: the invitation takes its place on the frame after a scroll. */
const nextFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('the sign-up invitation', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`covers neither Ask nor Ask follow-up at ${viewport.width} px, wherever the page is scrolled`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport });
      await page.getByTestId('query-input').fill('What is a quorum? [[simulate chunks=6 chunk-ms=20]]');
      await page.getByTestId('ask-button').click();
      await page.getByTestId('follow-up-button').waitFor({ timeout: underLoad(20_000) });
      // The page followed the answer down to Ask follow-up, where the invitation keeps out of the way: it is read from
      // the top of the page.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByTestId('registration-banner').waitFor({ timeout: underLoad(10_000) });

      // Every scroll position from the top of the page to its end, a fifth of the window at a time, and the two
      // positions people land on: each Ask button brought into view at the bottom of the window.
      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      const positions = [...Array.from({ length: Math.ceil(height / (viewport.height / 5)) + 1 }, (_, step) => Math.min(height, (step * viewport.height) / 5))];
      const seen: { position: number | string; place: Covering }[] = [];
      for (const position of positions) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), position);
        await nextFrames(page);
        seen.push({ position, place: await covering(page) });
      }
      for (const button of ['ask-button', 'follow-up-button']) {
        await page.getByTestId(button).evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
        await nextFrames(page);
        seen.push({ position: button, place: await covering(page) });
        await saveViewportScreenshot(page, `guest-invitation-at-${button}`);
      }
      expect(seen.filter((entry) => entry.place.covered.length > 0)).toEqual([]);
      // Not by hiding itself everywhere: at the top of the page it is there to be read.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect.poll(async () => (await covering(page)).shown).toBe(true);
      const box = (await page.getByTestId('registration-banner').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(90_000));
  }
});

/** The guest's way to a page from the top bar: a link at desktop width, the navigation menu on a phone. */
async function navigateTo(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  }
}

describe('a guest’s navigation', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`reaches the public leaderboard and the arena from the top bar at ${viewport.width} px, light and dark`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport });
      await page.getByTestId('query-input').waitFor();
      await page.getByTestId('guest-navigation').waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        expect(await seriousAccessibilityViolations(page), `home ${colorScheme}`).toEqual([]);
        await saveViewportScreenshot(page, `guest-navigation-home-${colorScheme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // Links beside the logo on a wide screen; on a phone, where the sign-in buttons need the room, a menu.
      const menu = page.getByRole('button', { name: 'Open navigation' });
      await expect.poll(() => menu.isVisible()).toBe(viewport.width < 992);
      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(viewport.width >= 992);
      if (await menu.isVisible()) {
        await menu.click();
        const items = page.getByRole('menuitem');
        await items.first().waitFor();
        await expect.poll(() => items.allInnerTexts()).toEqual(['Blind arena', 'Leaderboard', 'Models', 'Pricing', 'Help & Support']);
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await transitionsSettled(page);
          expect(await seriousAccessibilityViolations(page), `menu ${colorScheme}`).toEqual([]);
          await saveViewportScreenshot(page, `guest-navigation-menu-${colorScheme}`);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        await page.keyboard.press('Escape');
      }

      await navigateTo(page, 'Leaderboard');
      await page.getByTestId('leaderboard-page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/leaderboard');
      // The public board, not a sign-in wall.
      await page.getByTestId('leaderboard-category').waitFor();

      await navigateTo(page, 'Blind arena');
      const arena = page.getByTestId('arena-auth-required');
      await arena.waitFor();
      expect(new URL(page.url()).pathname).toBe('/arena');
      // Guests cannot play; the page says why, offers Sign In, and leads to the board they may read.
      await expect.poll(() => arena.textContent()).toContain('Sign in to play');
      await arena.getByTestId('signed-in-only-sign-in').waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        expect(await seriousAccessibilityViolations(page), `arena ${colorScheme}`).toEqual([]);
        await saveViewportScreenshot(page, `guest-navigation-arena-${colorScheme}`);
      }
      await arena.getByRole('link', { name: 'See the leaderboard' }).click();
      await page.getByTestId('leaderboard-page').waitFor();
      expect(problems).toEqual([]);
      await close();
    }, testLimit(90_000));
  }

  it('is not shown to signed-in people, whose sidebar has the same pages', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('sidebar').waitFor();
    await expect.poll(() => page.getByTestId('guest-navigation').count()).toBe(0);
    await close();
  });
});
