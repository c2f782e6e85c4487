import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { pictureAndCheck } from '../support/tracking-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * GEO tracking in the browser on a real stack: a signed-in person saves a prompt set (seeing its cost first), its
 * first run starts at once through the real scheduler and worker, and the dashboard fills in with the run's answers.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

describe('tracking', () => {
  it('creates a prompt set with its cost shown first, runs it at once and shows the dashboard', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, path: '/tracking' });
    await page.getByTestId('tracking-empty').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByText('Tracking').waitFor({ state: 'attached' });
    await pictureAndCheck(page, 'tracking-empty');

    await page.getByTestId('tracking-new').click();
    const form = page.getByRole('dialog');
    await form.waitFor();
    await page.getByTestId('tracking-name').fill('Running shoes');
    await page.getByTestId('tracking-brand').fill('Acmeflux');
    await page.getByTestId('tracking-competitors').fill('Globexa');
    await page.getByTestId('tracking-competitors').press('Enter');
    await page.getByTestId('tracking-prompts').fill('Acmeflux\nWhich trail running shoes last longest');
    await page.getByTestId('tracking-models').click();
    await page.getByRole('option', { name: 'GPT-4o mini · 6' }).click();
    await page.getByRole('option', { name: 'DeepSeek Chat · 6' }).click();
    await page.keyboard.press('Escape');
    // 2 prompts × 3 samples per cell (the default) × (6 + 6) credits, weekly: once a week, 30/7 times a month.
    await expect.poll(() => page.getByTestId('tracking-cost').textContent()).toContain('At most 72 credits per run');
    await expect.poll(() => page.getByTestId('tracking-cost').textContent()).toContain('72 credits a week');
    await expect.poll(() => page.getByTestId('tracking-cost').textContent()).toContain('309 credits a month');
    // One sample per cell costs a third; the preview follows the field.
    await page.getByTestId('tracking-samples').fill('1');
    await expect.poll(() => page.getByTestId('tracking-cost').textContent()).toContain('At most 24 credits per run');
    await page.getByTestId('tracking-samples').fill('3');
    await expect.poll(() => page.getByTestId('tracking-cost').textContent()).toContain('At most 72 credits per run');
    // Canary prompts: switched on, three brand-free questions are offered, each asked once of each model per run.
    await page.getByRole('switch', { name: /Canary prompts/ }).click();
    expect((await page.getByTestId('tracking-canary-prompts').inputValue()).split('\n')).toHaveLength(3);
    await expect.poll(() => page.getByTestId('tracking-cost').textContent()).toContain('At most 108 credits per run');
    await expect.poll(() => page.getByTestId('tracking-cost').textContent()).toContain('of which 36 credits for 3 canary prompts asked once');
    await pictureAndCheck(page, 'tracking-form', { viewportOnly: true });

    await page.getByTestId('tracking-save').click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByTestId('tracking-set');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('tracking-set-status').textContent()).toBe('active');

    // The first run starts at once; the list polls while it answers, and the dashboard fills in when it ends.
    await expect.poll(() => card.textContent(), { timeout: underLoad(30_000) }).toContain('(completed)');
    await expect.poll(() => card.textContent()).toContain('50%');
    const dashboard = page.getByTestId('tracking-dashboard');
    for (const chart of ['chart-visibility', 'chart-position', 'chart-per-model']) {
      await expect.poll(() => dashboard.getByTestId(chart).locator('svg.recharts-surface').count(), { timeout: underLoad(15_000) }).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByTestId('tracking-runs').locator('tbody tr').count()).toBe(1);
    // The legend names each model in full, as every list of models does.
    const perModel = () => dashboard.getByTestId('chart-per-model').textContent();
    await expect.poll(perModel).toContain('OpenAI - GPT-4o mini');
    await expect.poll(perModel).toContain('DeepSeek - DeepSeek Chat');
    // One run has nothing to compare its canary answers with yet, and says so.
    await expect.poll(() => page.getByTestId('tracking-canary').textContent(), { timeout: underLoad(15_000) }).toContain('Two completed runs are needed');
    await pictureAndCheck(page, 'tracking-dashboard');

    await page.getByTestId('open-run').click();
    const answers = page.getByTestId('run-answer');
    // Each of the 2 prompts asked 3 times of each of the 2 models.
    await expect.poll(() => answers.count(), { timeout: underLoad(10_000) }).toBe(12);
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('mentioned #1');
    await pictureAndCheck(page, 'tracking-run-answers', { viewportOnly: true });
    await page.keyboard.press('Escape');

    // Pausing stops the schedule and says so.
    await card.getByTestId('tracking-toggle').click();
    await expect.poll(() => card.getByTestId('tracking-set-status').textContent()).toBe('paused');

    // The run's twelve questions are tracking, not chat: the history sidebar stays empty.
    await page.getByTestId('recent-requests-empty').waitFor({ timeout: underLoad(15_000) });

    // Editing starts from the set as saved; a prompt added on the page is saved with it.
    await card.getByTestId('tracking-edit').click();
    const editForm = page.getByRole('dialog');
    await editForm.waitFor({ timeout: underLoad(15_000) });
    await expect.poll(() => editForm.getByRole('heading').first().textContent()).toBe('Edit Running shoes');
    await expect.poll(() => page.getByTestId('tracking-prompts').inputValue()).toBe('Acmeflux\nWhich trail running shoes last longest');
    await expect.poll(() => page.getByTestId('tracking-brand').inputValue()).toBe('Acmeflux');
    await page.getByTestId('tracking-website').fill('https://acmeflux.example');
    await page.getByTestId('tracking-prompts').fill('Acmeflux\nWhich trail running shoes last longest\nBest running shoe brands');
    // Pictures only: axe already checks this form when it is new; here it would also grade the paused set's badge
    // dimmed behind the modal's overlay, which no one reads.
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await transitionsSettled(page);
        await saveViewportScreenshot(page, `tracking-edit-form-${colorScheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.getByTestId('tracking-save').click();
    await editForm.waitFor({ state: 'detached', timeout: underLoad(15_000) });
    await expect.poll(() => card.textContent(), { timeout: underLoad(15_000) }).toContain('3 prompts × 2 models');

    // A new set starts from the brand last asked with (the run's): its name and competitors filled in.
    await page.getByTestId('tracking-new').click();
    const newForm = page.getByRole('dialog');
    await newForm.waitFor({ timeout: underLoad(15_000) });
    await expect.poll(() => page.getByTestId('tracking-brand').inputValue()).toBe('Acmeflux');
    await expect.poll(() => newForm.textContent()).toContain('Globexa');
    await expect.poll(() => page.getByTestId('tracking-prompts').inputValue()).toBe('');
    await page.getByTestId('tracking-brand-prefilled').waitFor({ timeout: underLoad(15_000) });
    await page.keyboard.press('Escape');

    // Deleting asks first, then the list is empty again.
    await card.getByTestId('tracking-delete').click();
    await page.getByTestId('tracking-delete-confirm').click();
    await page.getByTestId('tracking-empty').waitFor();
    expect(problems).toEqual([]);
    await close();
    // Five screens at two widths and two schemes, each checked by axe, on a shared machine: more than the default minute.
  }, testLimit(180_000));
});
