import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TEXTS } from '../../contract/attachments.ts';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { picturePng, pdfDocument, receivedImage } from '../support/attachment-files.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * Attaching files in the ask box: an image and a document become chips with their names, the price includes them
 * before asking, a disguised file is refused with the server's words, and the answer says what the model received;
 * at 390 and 1440 px, light and dark, with axe.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

const png = picturePng();

async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  // The picker is loaded after the first paint; its button says it is there.
  await page.getByTestId('ask-attachments-button').waitFor({ timeout: underLoad(15_000) });
  await page.getByTestId('ask-attachments').locator('input[type="file"]').setInputFiles(files);
}

describe('attaching files to a question', () => {
  it('shows chips and the price, refuses a disguised file, and the model receives both files intact', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
    await page.getByTestId('query-input').fill('What do these show? [[simulate chunks=3]]');
    const before = await page.getByTestId('cost-badge').textContent();
    const price = Number(/(\d+)/.exec(before ?? '')![1]);

    await attach(page, [
      { name: 'diagram.png', mimeType: 'image/png', buffer: png },
      { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: pdfDocument('The budget was approved.') },
    ]);
    const chips = page.getByTestId('ask-attachments-chip');
    await expect.poll(() => chips.allInnerTexts(), { timeout: underLoad(15_000) }).toEqual([expect.stringContaining('diagram.png'), expect.stringContaining('minutes.pdf')]);
    // One credit for the image and one for the short document, per model: in the price shown before asking.
    await expect.poll(() => page.getByTestId('ask-attachments-price').textContent()).toBe('Files add 2 credits per model, included in the price.');
    await expect.poll(() => page.getByTestId('cost-badge').textContent()).toBe(`Cost: ${price + 2} credits`);

    await attach(page, [{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') }]);
    await expect
      .poll(() => page.getByTestId('ask-attachments-error').textContent(), { timeout: underLoad(15_000) })
      .toBe(ATTACHMENT_TEXTS.disguised('photo.jpg', 'an image'));
    await expect.poll(() => chips.count()).toBe(2);

    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveScreenshot(page, `attachments-${viewport.width}-${colorScheme}`);
      }
    }

    await page.getByTestId('ask-button').click();
    const answer = page.getByTestId('answer-panel');
    await expect.poll(() => answer.getAttribute('data-state'), { timeout: underLoad(30_000) }).toBe('done');
    // The last words are drawn a moment after the answer is marked done (the renderer arrives on demand).
    await expect.poll(() => answer.innerText()).toContain(receivedImage(1, 'image/png', 32, 24, png));
    await expect.poll(() => answer.innerText()).toContain('document 1 "minutes.pdf"');
    // Sent with the question, the chips are gone; the price held and charged included the files.
    await expect.poll(() => chips.count()).toBe(0);
    await expect.poll(() => accountLedger(stack.records(), payer.accountId), { timeout: underLoad(15_000) }).toEqual({ balance: 100 - price - 2, held: 0 });
    // The refused upload is the one failed call the browser saw.
    expect(problems).toEqual([expect.stringMatching(/^Failed to load resource: the server responded with a status of 415 \(Unsupported Media Type\) at \/api\//)]);
    await close();
  }, testLimit(120_000));
});
