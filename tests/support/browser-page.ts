import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { underLoad } from './load-scaled-timeout.ts';

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1440, height: 900 };

/** Where the browser tests leave their screenshots (kept out of git). */
export const SCREENSHOT_DIRECTORY = fileURLToPath(new URL('../../test-artifacts/screenshots/', import.meta.url));

/**
 * Screenshots are for a person to look at, and assert nothing. `QUORUM_SCREENSHOTS=off` skips them: the whole test
 * run (`npm test`) sets it unless told otherwise, since nobody looks at a full run's hundreds of pictures and encoding
 * them cost the 2-core machine minutes of Chromium's time. A browser test run on its own takes them.
 */
export const SCREENSHOTS_WANTED = process.env.QUORUM_SCREENSHOTS !== 'off';

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions the page produced: a test expects none unless it provokes them. */
  problems: string[];
  close(): Promise<void>;
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /** A session cookie (`quorum_session=…`) to start signed in. */
  cookie?: string;
  /** Path to open; `/` by default. Waits for the start-up loader to go. */
  path?: string;
  /** Leave the cookie question unanswered, as on a first visit (by default the visitor has already answered it). */
  cookieQuestion?: boolean;
}

/**
 * Makes the context a visitor who already answered the cookie question (Reject), unless a page changes it: the
 * banner floats over the bottom of every page on a first visit, and tests about something else would otherwise have
 * to answer it first. `cookie-consent.e2e.test.ts` and the first-visit tests leave it pending.
 */
export async function answerCookieQuestion(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (localStorage.getItem('quorum.cookieConsent') === null) localStorage.setItem('quorum.cookieConsent', '"rejected"');
  });
}

/** A fresh browser context (own storage and cookies) on the stack's page, past the start-up session check. */
export async function openPage(browser: Browser, baseUrl: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP_VIEWPORT });
  // Playwright's own 30 s for an action or a wait, stretched by the machine's load like every other limit here.
  context.setDefaultTimeout(underLoad(30_000));
  if (!options.cookieQuestion) await answerCookieQuestion(context);
  if (options.cookie) {
    const [name, ...value] = options.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium's "Failed to load resource" names no address: the call that failed is added, so a failure says which.
    const text = message.text();
    const failedLoad = text.startsWith('Failed to load resource') && message.location().url;
    problems.push(failedLoad ? `${text} at ${new URL(failedLoad).pathname}` : text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(new URL(options.path ?? '/', baseUrl).toString());
  await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: underLoad(15_000) });
  return { page, context, problems, close: () => context.close() };
}

/** Saves a full-page screenshot as `test-artifacts/screenshots/<name>-<width>.png` and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIRECTORY, `${name}-${width}.png`);
  if (!SCREENSHOTS_WANTED) return file;
  await mkdir(SCREENSHOT_DIRECTORY, { recursive: true });
  // A smooth scroll still running would leave the fixed header mid-page in a full-page capture.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * Saves what the viewport shows as `test-artifacts/screenshots/<name>-<width>.png`: dialogs and open dropdowns live
 * in portals placed against the viewport, which a full-page capture would show out of place.
 */
export async function saveViewportScreenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIRECTORY, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  if (!SCREENSHOTS_WANTED) return file;
  await mkdir(SCREENSHOT_DIRECTORY, { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** Saves a picture of one part of the page as `test-artifacts/screenshots/<name>.png` (the caller names the width). */
export async function saveElementScreenshot(part: Locator, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  await mkdir(SCREENSHOT_DIRECTORY, { recursive: true });
  await part.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, `${name}.png`), animations: 'disabled' });
}
