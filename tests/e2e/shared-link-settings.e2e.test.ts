import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHARE_TEXTS } from '../../contract/shares.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * A shared link's settings in Chromium: Share asks first (when the link ends, 30 days unless chosen otherwise, and
 * an optional passphrase) and makes no link until confirmed; the owner then changes the end and freezes the link
 * from the answer's Share panel; a reader with no account meets the passphrase form, is told when it is wrong, and
 * reads the answers once it is right; the owner's list shows each setting.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

async function pictured(page: Page, name: string, what: 'page' | 'screen' = 'page'): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await (what === 'page' ? saveScreenshot : saveViewportScreenshot)(page, `${name}-${colorScheme}`);
      expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe("a shared link's settings", () => {
  // Eight pictures with an accessibility check each, on two pages: longer than the default.
  it('are set from the Share panel, and a reader needs the passphrase to read a protected link', { timeout: testLimit(180_000) }, async () => {
    const owner = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    const reader = await openPage(browser, stack.baseUrl);
    try {
      const { page } = owner;
      await page.getByTestId('query-input').fill('Where is the spare key kept?');
      await page.getByTestId('ask-button').click();
      await page.getByTestId('request-actions').waitFor({ timeout: underLoad(20_000) });
      const links = async () =>
        stack.records().execute<{ token: string; expires_at: Date | null; protected: boolean; frozen: boolean }[]>(
          `select link.token, link.expires_at, link.passphrase_hash is not null as protected, link.snapshot is not null as frozen
             from shared_links link join search_requests request on request.id = link.request_id
            where request.query = 'Where is the spare key kept?' and link.revoked_at is null`,
        );

      // Share asks first: nothing is public until the owner has chosen when the link ends and a passphrase.
      await page.getByTestId('share-request').click();
      const dialog = page.getByRole('dialog', { name: 'Share as a link' });
      await dialog.waitFor();
      expect(await links()).toEqual([]);
      await expect.poll(() => page.getByTestId('share-dialog-ends').inputValue()).toBe('In 30 days');
      await page.getByTestId('share-dialog-passphrase').fill('short');
      await page.getByText('At least 6 characters').waitFor();
      await expect.poll(() => page.getByTestId('share-dialog-create').isDisabled()).toBe(true);
      await pictured(page, 'share-dialog', 'screen');
      // Cancelled: still no link.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await links()).toEqual([]);

      await page.getByTestId('share-request').click();
      await dialog.waitFor();
      await page.getByTestId('share-dialog-ends').click();
      await page.getByRole('option', { name: 'In 7 days', exact: true }).click();
      await page.getByTestId('share-dialog-passphrase').fill('open sesame');
      await page.getByTestId('share-dialog-create').click();
      await dialog.waitFor({ state: 'detached' });
      const url = await page.getByTestId('share-url').inputValue();
      const token = url.split('/').at(-1)!;
      // Made with both at once.
      const [made] = await links();
      expect(made).toMatchObject({ token, protected: true, frozen: false });
      expect(new Date(made!.expires_at!).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      expect(new Date(made!.expires_at!).getTime() - Date.now()).toBeLessThan(7.1 * 86_400_000);
      await page.getByTestId('share-remove-passphrase').waitFor();
      await expect.poll(() => page.getByTestId('share-summary').textContent(), { timeout: underLoad(10_000) }).toMatch(/^Ends .*readers need the passphrase$/);

      // The link's settings stay editable: a longer end, and frozen as it is now.
      await page.getByTestId('share-ends').click();
      await page.getByRole('option', { name: 'In 30 days', exact: true }).click();
      await expect.poll(async () => new Date((await links())[0]!.expires_at!).getTime() - Date.now(), { timeout: underLoad(10_000) }).toBeGreaterThan(29.9 * 86_400_000);
      await page.getByTestId('share-mode').getByText('Snapshot', { exact: true }).click();
      await expect.poll(() => page.getByTestId('share-summary').textContent(), { timeout: underLoad(10_000) }).toContain('frozen');
      const [row] = await links();
      expect(row).toMatchObject({ token, protected: true, frozen: true });
      await pictured(page, 'share-settings');

      // Shared again later, from the history: the same link and its settings, no dialog.
      await page.reload();
      await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: underLoad(15_000) });
      await page.getByTestId('recent-request').filter({ has: page.getByTestId('request-query').getByText('Where is the spare key kept?') }).first().click();
      const details = page.getByTestId('request-details-modal');
      await details.getByTestId('share-request').click();
      await expect.poll(() => details.getByTestId('share-url').inputValue(), { timeout: underLoad(10_000) }).toBe(url);
      await expect.poll(() => page.getByRole('dialog', { name: 'Share as a link' }).count()).toBe(0);
      await expect.poll(() => details.getByTestId('share-summary').textContent()).toContain('frozen');
      await page.keyboard.press('Escape');
      await details.getByRole('dialog').waitFor({ state: 'detached' });

      // The reader: no account, only the link.
      await reader.page.goto(new URL(`/share/${token}`, stack.baseUrl).toString());
      await reader.page.getByTestId('shared-passphrase').waitFor();
      await expect.poll(() => reader.page.getByText('Where is the spare key kept?').count()).toBe(0);
      await reader.page.getByTestId('shared-passphrase-input').fill('open sarsaparilla');
      await reader.page.getByTestId('shared-passphrase-open').click();
      await reader.page.getByText(SHARE_TEXTS.wrongPassphrase).waitFor();
      await pictured(reader.page, 'shared-passphrase');
      await reader.page.getByTestId('shared-passphrase-input').fill('open sesame');
      await reader.page.getByTestId('shared-passphrase-open').click();
      await reader.page.getByTestId('shared-request').waitFor();
      await expect.poll(() => reader.page.getByTestId('shared-question').textContent()).toBe('Where is the spare key kept?');
      expect(reader.problems.filter((problem) => !problem.includes('403'))).toEqual([]);

      await page.goto(new URL('/shared-links', stack.baseUrl).toString());
      const settings = page.getByTestId('shared-link-settings').first();
      await settings.waitFor();
      await expect.poll(() => settings.textContent()).toMatch(/Ends .*Passphrase.*Snapshot/);
      expect(owner.problems).toEqual([]);
    } finally {
      await owner.close();
      await reader.close();
    }
  });
});
