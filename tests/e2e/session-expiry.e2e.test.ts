import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GUEST_GRANT } from '../../contract/limits.ts';
import { hashToken } from '../../core/secrets/secret-tokens.ts';
import { axeIn, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

/**
 * A session that ends under an open page (it expired, or was signed out elsewhere) signs the whole page out at once:
 * the top bar, the credit count and the sidebar switch to the guest's together, the live connection reopens as a
 * guest, and a notice says what happened. Real stack; the session is ended in Postgres, as expiry would.
 */

let browser: Browser;
let stack: TestStack;

// Sessions are expired straight in Postgres here, which a server's session cache would not hear of.
browserStackForFile((started) => ({ browser, stack } = started), { environment: { SESSION_CACHE_MS: '0' } });

/** What the chrome says about who is here, as one picture. */
interface ChromeState {
  userMenu: boolean;
  signIn: boolean;
  sidebar: boolean;
  /** The credit count's label ("1,000,000 credits remaining"), or null while none is shown. */
  credits: number | null;
}

/**
 * Records the chrome's state after every change to the page from now on, so a test can tell whether its parts
 * switched together or one lagged behind another.
 */
async function recordChrome(page: Page): Promise<void> {
  await page.evaluate(() => {
    const read = () => {
      const label = document.querySelector('[data-testid="credit-count"]')?.getAttribute('aria-label');
      return {
        userMenu: document.querySelector('[data-testid="user-menu"]') !== null,
        signIn: [...document.querySelectorAll('header button')].some((button) => button.textContent === 'Sign In'),
        sidebar: document.querySelector('[data-testid="sidebar"]') !== null,
        credits: label ? Number(label.split(' ')[0]!.replaceAll(',', '')) : null,
      };
    };
    const states: unknown[] = [read()];
    (window as unknown as { chromeStates: unknown[] }).chromeStates = states;
    new MutationObserver(() => states.push(read())).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const recordedChrome = (page: Page) => page.evaluate(() => (window as unknown as { chromeStates: ChromeState[] }).chromeStates);

/** Ends the cookie's session the way time would: its expiry moves into the past. */
async function expireSession(cookie: string): Promise<void> {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const updated = await stack
    .records()
    .getConnection()
    .execute<{ affectedRows: number }>("update user_sessions set expires_at = now() - interval '1 minute' where token_hash = ?", [hashToken(token)], 'run');
  expect(updated.affectedRows).toBe(1);
}

describe('a session that ends under the page', () => {
  it.each([
    ['desktop', DESKTOP_VIEWPORT],
    ['phone', PHONE_VIEWPORT],
  ])('signs the whole page out at once on the next call (%s)', async (_name, viewport) => {
    const cookie = await createFundedUser(stack.records(), stack.config, 'Expiring Tester');
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie, viewport });
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    // Again, now that the page's live connections are being counted.
    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });

    // Signed in: the menu, the sidebar (a drawer on a phone, still in the page) and the user's own count.
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('sidebar').waitFor({ state: 'attached' });
    // A million bought, plus the registration grant.
    await expect.poll(async () => (await page.getByTestId('credit-count').getAttribute('aria-label')) ?? '').toMatch(/^1,000,\d{3} credits/);
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const socketsBefore = sockets.length;
    await recordChrome(page);

    await expireSession(cookie);

    // The next call meets the ended session: the server answers as for a guest (who may not use the signed-in
    // default, GPT-4o mini, so the question is refused), and the page follows.
    await page.getByTestId('query-input').fill('What is a quorum?');
    await page.getByTestId('ask-button').click();
    await page.getByTestId('session-expired-notice').waitFor({ timeout: underLoad(20_000) });
    await expect.poll(() => page.getByTestId('session-expired-notice').textContent()).toContain('Session expired');
    await expect.poll(() => page.getByTestId('user-menu').count()).toBe(0);
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('sidebar').count()).toBe(0);
    // The count is the guest's now, read again from the server.
    await expect.poll(async () => Number(((await page.getByTestId('credit-count').getAttribute('aria-label')) ?? '').split(' ')[0]!.replaceAll(',', '')))
      .toBeLessThanOrEqual(GUEST_GRANT);

    // At no moment did one part show the signed-in person while another showed the guest.
    const states = await recordedChrome(page);
    expect(states.length).toBeGreaterThan(1);
    for (const state of states) {
      expect({ state, sidebarAgrees: state.sidebar === state.userMenu }).toEqual({ state, sidebarAgrees: true });
      expect({ state, signInAgrees: state.signIn === !state.userMenu }).toEqual({ state, signInAgrees: true });
      if (state.credits !== null) {
        const ownCount = state.credits > GUEST_GRANT;
        expect({ state, creditsAgree: ownCount === state.userMenu }).toEqual({ state, creditsAgree: true });
      }
    }
    expect(states.at(-1)).toMatchObject({ userMenu: false, signIn: true, sidebar: false });

    // The live connection opened again, as a guest's.
    await expect.poll(() => sockets.length).toBeGreaterThan(socketsBefore);

    // Its message reads at 4.5:1 or better in both schemes.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await transitionsSettled(page);
      const contrast = await axeIn(page).include('[data-testid="session-expired-notice"]').withRules(['color-contrast']).analyze();
      expect({ colorScheme, violations: contrast.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))) }).toEqual({ colorScheme, violations: [] });
      await saveScreenshot(page, `session-expired-${colorScheme}`);
    }
    // Dismissed, it stays gone; the page carries on as a guest.
    await page.getByTestId('session-expired-notice').getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByTestId('session-expired-notice').count()).toBe(0);
    // The refused question is logged as a 403; on a busy machine a background call (the balance, the history) can
    // meet the ended session first and be logged as a 401. Either way the page signed out whole, as checked above.
    expect(problems.filter((problem) => !/status of 40[13]/.test(problem))).toEqual([]);
    await close();
  });

  it('says nothing about an expiry when the person signs out themselves', async () => {
    const cookie = await createFundedUser(stack.records(), stack.config, 'Leaving Tester');
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    // A notice that must not appear: give it the moment it would take, then look.
    await page.waitForTimeout(500);
    await expect.poll(() => page.getByTestId('session-expired-notice').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});
