import type { Browser, Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, SCREENSHOTS_WANTED, type OpenedPage } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started), { withWorker: false });

const seriousViolations = seriousAccessibilityViolations;

/** Both widths in both colour schemes, into the test artefacts and, when asked, a folder of one's own. */
async function pictureAll(page: Page, name: string) {
  const extra = process.env.API_PAGE_SCREENSHOT_DIR;
  if (extra) await mkdir(extra, { recursive: true });
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const file = await saveScreenshot(page, `developer-api-${name}-${colorScheme}`);
      if (extra && SCREENSHOTS_WANTED) await page.screenshot({ path: path.join(extra, path.basename(file)), fullPage: true, animations: 'disabled' });
    }
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
}

const v1Models = (key: string) => fetch(`${stack.baseUrl}/v1/models`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.status);

describe('the API page', () => {
  let opened: OpenedPage;

  beforeAll(async () => {
    const payer = await createPayer(stack.records(), stack.config, 50);
    opened = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('is reached from the user menu and explains how to call Quorum', async () => {
    const { page } = opened;
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-api').click();
    await page.getByRole('heading', { level: 1, name: 'Developer API' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/developers');
    await expect.poll(() => page.title()).toBe('Developer API · Quorum');
    await page.getByTestId('api-keys-empty').waitFor();
    for (const tab of ['curl', 'Compare', 'Node', 'Python', 'MCP']) {
      await page.getByRole('tab', { name: tab }).click();
      const snippet = await page.locator('[role="tabpanel"] pre').first().textContent();
      expect(snippet).toContain(tab === 'MCP' ? `${stack.baseUrl}/mcp` : tab === 'Compare' ? `${stack.baseUrl}/v1/compare` : `${stack.baseUrl}/v1`);
    }
    await page.getByRole('tab', { name: 'curl' }).click();
    await pictureAll(page, 'empty');
  });

  it('creates a key, shows it once to copy, lists it by prefix, and revokes it', async () => {
    const { page, problems } = opened;
    await page.getByTestId('api-key-name').fill('Weekly report');
    await page.getByTestId('api-key-cap').fill('120');
    await page.getByTestId('create-api-key').click();

    const value = page.getByTestId('new-api-key-value');
    await value.waitFor();
    const key = (await value.textContent())!.trim();
    expect(key).toMatch(/^qrm_/);
    await page.getByTestId('copy-api-key').click();
    await expect.poll(() => page.getByTestId('copy-api-key').textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The snippets now carry the new key, ready to paste.
    await expect.poll(() => page.locator('[role="tabpanel"] pre').first().textContent()).toContain(key);

    const row = page.getByTestId('api-key-row');
    await expect.poll(() => row.count()).toBe(1);
    const prefix = (await row.getByTestId('api-key-prefix').textContent())!.replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    await expect.poll(() => row.textContent()).not.toContain(key);
    await expect.poll(() => row.textContent()).toContain('Cap 120 credits / month');
    expect(await v1Models(key)).toBe(200);

    await pictureAll(page, 'created');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    // Once dismissed, the key is gone from the page for good.
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect.poll(() => page.getByTestId('new-api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    await row.getByTestId('revoke-api-key').click();
    await page.getByTestId('confirm-revoke-api-key').click();
    await page.getByTestId('api-keys-empty').waitFor();
    expect(await v1Models(key)).toBe(401);
    expect(problems).toEqual([]);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const visitor = await openPage(browser, stack.baseUrl, { path: '/developers' });
    await visitor.page.getByTestId('developer-api-auth-required').waitFor();
    await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('Authentication Required');
    await visitor.close();
  });
});
