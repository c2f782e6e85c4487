import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit } from '../support/load-scaled-timeout.ts';

/**
 * Controls that only exist once something is opened, which a sweep of the pages as they load never meets: the brand
 * panel's Hide brand (shown while the panel is open, under the pointer that opened it) and a picked model's settings
 * dialog with its close button. Each opened, at a phone's and a desktop's width, light and dark, with axe finding
 * nothing serious.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started), { withWorker: false });

/** Axe in both schemes, with a picture of each; returns what it found, each prefixed with the scheme. */
async function checkBothSchemes(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await transitionsSettled(page);
    for (const violation of await seriousAccessibilityViolations(page)) found.push(`${colorScheme}: ${violation}`);
    await saveViewportScreenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

describe('controls shown once opened', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`Hide brand and the model settings dialog pass axe at ${viewport.width} px, light and dark`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport, cookie: stack.fundedCookie });

      await page.getByRole('button', { name: 'Configure brand' }).click();
      const hide = page.getByRole('button', { name: 'Hide brand' });
      await hide.waitFor();
      await expect.poll(() => hide.getAttribute('aria-expanded')).toBe('true');
      // As after the click that opened the panel, the pointer rests on it: the label must read on its hover colour too.
      await hide.hover();
      expect(await checkBothSchemes(page, 'brand-panel-open')).toEqual([]);
      await hide.click();
      await page.getByRole('button', { name: 'Configure brand' }).waitFor();

      await page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
      await page.getByTestId('clear-all').click();
      await page.getByRole('checkbox', { name: 'OpenAI - GPT-4o mini', exact: true }).check();
      await page.getByTestId('picked-model-settings-button').first().click();
      const dialog = page.getByRole('dialog', { name: 'GPT-4o mini settings' });
      await dialog.getByTestId('column-system-prompt').waitFor();
      expect(await checkBothSchemes(page, 'model-settings-dialog')).toEqual([]);
      // The close button says what it does.
      const closeButton = dialog.getByRole('button', { name: 'Close', exact: true });
      await expect.poll(() => closeButton.count()).toBe(1);
      await closeButton.click();
      await dialog.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await close();
    }, testLimit(90_000));
  }
});
