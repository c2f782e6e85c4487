import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_BANNER_DELAY_MS } from '../../client/src/layout/registration-banner/registration-banner.tsx';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { answerCookieQuestion, DESKTOP_VIEWPORT, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile, stackForBlock } from '../support/browser-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * The guest home page holds still while it loads: nothing arriving late (the demo-mode banner, the registration
 * invitation after 1.5 s, the catalogue, the credits, the cookie question) pushes what is already on screen.
 * Measured as Chromium reports it (Cumulative Layout Shift, the sum of unexpected layout shifts; at most 0.05), with
 * provider keys and in demo mode, in a phone (touch, a dense screen), a plain 390-px window and a 1440-px one; the
 * Largest Contentful Paint is printed for the record, not asserted. The invitation comes 1.5 s after load whether
 * or not the cookie question has been answered, floats above it, and never over the Ask button.
 */

let browser: Browser;
let stack: TestStack;
let demoStack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));
// The same home page in demo mode comes from a second stack, started after the first and closed before it.
stackForBlock((started) => (demoStack = started), { environment: { DEMO_MODE: 'on' } });

/** The most the guest home page may shift while it loads (Cumulative Layout Shift). */
const CLS_BUDGET = 0.05;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes overlap. */
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const WINDOWS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'a phone', options: { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } },
  { name: 'a 390-px window', options: { viewport: PHONE_VIEWPORT } },
  { name: 'a 1440-px window', options: { viewport: DESKTOP_VIEWPORT } },
];

/** Records layout shifts, the largest paint and when the invitation first showed, from the page's first moment. */
function recordLoading() {
  const record = { cls: 0, lcp: 0, invitationAt: -1, cookieQuestionOpenThen: false, shifts: [] as string[] };
  (window as unknown as { layoutRecord: typeof record }).layoutRecord = record;
  // What moved, for the failure message: a shift seen once on a starved machine is otherwise a bare number.
  const named = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? 'a removed node';
    const testId = node.closest('[data-testid]')?.getAttribute('data-testid');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${testId ? ` in ${testId}` : ''}`;
  };
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      record.cls += entry.value;
      const moved = (entry.sources ?? []).map((source) => named(source.node)).join(', ');
      record.shifts.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    record.lcp = list.getEntries().at(-1)?.startTime ?? record.lcp;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="registration-banner"]')) return;
    record.invitationAt = performance.now();
    record.cookieQuestionOpenThen = document.querySelector('[data-testid="cookie-consent-banner"]') !== null;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

type LoadingRecord = { cls: number; lcp: number; invitationAt: number; cookieQuestionOpenThen: boolean; shifts: string[] };
const loadingRecord = (page: Page) => page.evaluate(() => (window as unknown as { layoutRecord: LoadingRecord }).layoutRecord);
const boxOf = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;

/** Screenshots and an axe check of what the first visit shows, light and dark. */
async function lookAt(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await saveViewportScreenshot(page, `${name}-${colorScheme}`);
    expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the guest home page on a first visit', () => {
  for (const mode of ['with provider keys', 'in demo mode'] as const) {
    for (const shape of WINDOWS) {
      it(`shifts at most ${CLS_BUDGET} (CLS) ${mode} in ${shape.name}, and invites 1.5 s after load, above the cookie question and clear of Ask`, async () => {
        const demo = mode === 'in demo mode';
        const context = await browser.newContext(shape.options);
        const page = await context.newPage();
        await page.addInitScript(recordLoading);
        await page.goto((demo ? demoStack : stack).baseUrl);
        await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: underLoad(15_000) });
        // The demo banner comes with the page, not after it.
        await expect.poll(() => page.getByTestId('demo-banner').count()).toBe(demo ? 1 : 0);

        // Everything that arrives late: the cookie question, the price and credits, the footer's status, the invitation.
        await page.getByTestId('cookie-consent-banner').waitFor({ timeout: underLoad(10_000) });
        await page.getByTestId('cost-badge').waitFor({ timeout: underLoad(10_000) });
        await expect.poll(() => page.getByTestId('system-status').textContent(), { timeout: underLoad(10_000) }).not.toContain('Checking');
        await page.getByTestId('registration-banner').waitFor({ timeout: underLoad(10_000) });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

        const { cls, lcp, invitationAt, cookieQuestionOpenThen, shifts } = await loadingRecord(page);
        console.log(`home page ${mode} in ${shape.name}: CLS ${cls.toFixed(3)}, LCP ${Math.round(lcp)} ms, invitation at ${Math.round(invitationAt)} ms`);
        expect(cls, `layout shifts: ${shifts.join('; ')}`).toBeLessThanOrEqual(CLS_BUDGET);

        // Spec: the invitation appears 1.5 s after load; the open cookie question does not hold it back.
        expect(invitationAt).toBeGreaterThanOrEqual(REGISTRATION_BANNER_DELAY_MS);
        expect(cookieQuestionOpenThen).toBe(true);
        await expect.poll(() => page.getByTestId('cookie-consent-banner').isVisible()).toBe(true);
        await lookAt(page, `home-first-visit-${demo ? 'demo' : 'keys'}-${shape.options.isMobile ? 'phone' : 'window'}`);
        const viewport = shape.options.viewport!;
        for (const scrolled of [0, 0.5, 1]) {
          await page.getByTestId('ask-button').scrollIntoViewIfNeeded();
          await page.evaluate((share) => globalThis.scrollBy({ top: (share - 0.5) * 200, behavior: 'instant' }), scrolled);
          // The invitation moves on the next frame after a scroll: it is never over Ask nor under the cookie question.
          await expect
            .poll(async () => {
              const invitation = await boxOf(page, 'registration-banner');
              const hidden = (await page.locator('[data-place="aside"]').count()) > 0;
              return {
                coversAsk: !hidden && overlaps(await boxOf(page, 'ask-button'), invitation),
                underCookieQuestion: !hidden && overlaps(await boxOf(page, 'cookie-consent-banner'), invitation),
                inWindow: invitation.y >= 0 && invitation.y + invitation.height <= viewport.height,
              };
            })
            .toEqual({ coversAsk: false, underCookieQuestion: false, inWindow: true });
        }
        await saveViewportScreenshot(page, `home-first-visit-ask-${demo ? 'demo' : 'keys'}-${shape.options.isMobile ? 'phone' : 'window'}`);

        // Once the question is answered, the invitation settles back at the bottom of the window, still clear of Ask.
        await page.getByTestId('cookie-reject').click();
        await page.getByTestId('cookie-consent-banner').waitFor({ state: 'detached' });
        await page.getByTestId('ask-button').scrollIntoViewIfNeeded();
        await expect
          .poll(async () => {
            const invitation = await boxOf(page, 'registration-banner');
            return overlaps(await boxOf(page, 'ask-button'), invitation) && (await page.locator('[data-place="aside"]').count()) === 0;
          })
          .toBe(false);
        await saveViewportScreenshot(page, `home-guest-invitation-${demo ? 'demo' : 'keys'}`);
        await context.close();
      }, testLimit(90_000));
    }
  }
});

describe('the home page', () => {
  it('switches between light and dark from the top bar, and keeps the choice after a reload', async () => {
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, colorScheme: 'light' });
    await answerCookieQuestion(context);
    const page = await context.newPage();
    await page.goto(stack.baseUrl);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await expect.poll(scheme).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(scheme).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await expect.poll(() => scheme()).toBe('dark');
    await context.close();
  }, testLimit(30_000));
});
