import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerCookieQuestion, DESKTOP_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { signedInAs } from '../support/operator-account.ts';
import { SEARCH_BODY } from '../support/search-stream-client.ts';
import { SESSION_COOKIE } from '../../server/auth/session-cookie.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

const ADMIN = 'queue-admin@example.com';

describe('the queue dashboard in Chromium', () => {
  let browser: Browser;
  let stack: TestStack;

  browserStackForFile((started) => ({ browser, stack } = started), { environment: { QUEUE_DASHBOARD_ADMINS: ADMIN } });

  it('renders for an admin under its own CSP, listing the app’s queues', async () => {
    // One answered question, so the answer queue has a completed job to show.
    expect((await stack.ask({ ...SEARCH_BODY, query: 'Something for the dashboard' })).events.at(-1)?.event).toBe('end');
    const { token } = await signedInAs(stack.records(), stack.config, ADMIN);
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
    await answerCookieQuestion(context);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: stack.baseUrl }]);
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) blocked.push(message.text());
    });
    try {
      await page.goto(`${stack.baseUrl}/admin/queues`);
      for (const queue of ['answers', 'tracking', 'leaderboards']) {
        await page.getByText(queue, { exact: true }).first().waitFor({ timeout: underLoad(15_000) });
      }
      await page.getByText('Quorum queues').first().waitFor();
      // The answer queue's page: its one finished job is listed under Completed.
      await page.getByText('answers', { exact: true }).first().click();
      await page.getByText(/completed/i).first().waitFor({ timeout: underLoad(15_000) });
      await page.getByText('answer-question').first().waitFor({ timeout: underLoad(15_000) });
      const file = await saveScreenshot(page, 'queue-dashboard');
      expect(file).toContain('queue-dashboard');
      expect(blocked).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is a 404 for a guest', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const response = await page.goto(`${stack.baseUrl}/admin/queues`);
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.textContent('body')).toContain('NOT_FOUND');
    } finally {
      await context.close();
    }
  });
});
