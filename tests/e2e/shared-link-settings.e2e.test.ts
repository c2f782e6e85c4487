import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_TEXTS } from '../../contract/shares.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { startBrowserStack, stopBrowserStack } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * A shared link's settings in Chromium: the owner sets an end, freezes the link and protects it with a passphrase
 * from the answer's Share panel; a reader with no account meets the passphrase form, is told when it is wrong, and
 * reads the answers once it is right; the owner's list shows each setting.
 */

let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  ({ browser, stack } = await startBrowserStack());
});
afterAll(() => stopBrowserStack(browser, stack));

async function pictured(page: Page, name: string): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreenshot(page, `${name}-${colorScheme}`);
      expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe("a shared link's settings", () => {
  // Eight pictures with an accessibility check each, on two pages: longer than the default.
  it('are set from the Share panel, and a reader needs the passphrase to read a protected link', { timeout: 180_000 }, async () => {
    const owner = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    const reader = await openPage(browser, stack.baseUrl);
    try {
      const { page } = owner;
      await page.getByTestId('query-input').fill('Where is the spare key kept?');
      await page.getByTestId('ask-button').click();
      await page.getByTestId('request-actions').waitFor({ timeout: 20_000 });
      await page.getByTestId('share-request').click();
      const url = await page.getByTestId('share-url').inputValue();
      const token = url.split('/').at(-1)!;

      await page.getByTestId('share-ends').click();
      await page.getByRole('option', { name: 'In 7 days', exact: true }).click();
      await expect.poll(() => page.getByTestId('share-summary').textContent(), { timeout: 10_000 }).toMatch(/^Ends /);
      await page.getByTestId('share-mode').getByText('Snapshot', { exact: true }).click();
      await expect.poll(() => page.getByTestId('share-summary').textContent(), { timeout: 10_000 }).toContain('frozen');
      await page.getByTestId('share-passphrase').fill('open sesame');
      await page.getByTestId('share-protect').click();
      await page.getByTestId('share-remove-passphrase').waitFor();
      const [row] = await stack.records().execute<{ expires_at: Date; protected: boolean; frozen: boolean }[]>(
        `select expires_at, passphrase_hash is not null as protected, snapshot is not null as frozen from shared_links where token = ?`,
        [token],
      );
      expect(row).toMatchObject({ protected: true, frozen: true });
      expect(new Date(row!.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      await pictured(page, 'share-settings');

      // The reader: no account, only the link.
      await reader.page.goto(new URL(`/share/${token}`, stack.baseUrl).toString());
      await reader.page.getByTestId('shared-passphrase').waitFor();
      expect(await reader.page.getByText('Where is the spare key kept?').count()).toBe(0);
      await reader.page.getByTestId('shared-passphrase-input').fill('open sarsaparilla');
      await reader.page.getByTestId('shared-passphrase-open').click();
      await reader.page.getByText(SHARE_TEXTS.wrongPassphrase).waitFor();
      await pictured(reader.page, 'shared-passphrase');
      await reader.page.getByTestId('shared-passphrase-input').fill('open sesame');
      await reader.page.getByTestId('shared-passphrase-open').click();
      await reader.page.getByTestId('shared-request').waitFor();
      expect(await reader.page.getByTestId('shared-question').textContent()).toBe('Where is the spare key kept?');
      expect(reader.problems.filter((problem) => !problem.includes('403'))).toEqual([]);

      await page.goto(new URL('/shared-links', stack.baseUrl).toString());
      const settings = page.getByTestId('shared-link-settings').first();
      await settings.waitFor();
      expect(await settings.textContent()).toMatch(/Ends .*Passphrase.*Snapshot/);
      expect(owner.problems).toEqual([]);
    } finally {
      await owner.close();
      await reader.close();
    }
  });
});
